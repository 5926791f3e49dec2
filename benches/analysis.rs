//! `sade-ref analyse`'s speed and figures (docs/analysis.md, docs/journal/performance.md).
//!
//! `cargo bench --bench analysis -- time` (or no argument): the club bots play one 60-turn game of each kind
//! (through [`play_game`]: standard seed 1 game 1, Marseillais seed 1 game 6, Sade seed 1
//! game 18, each at `max_turns` 60 and unfinished there, `*`), and each is analysed at the
//! default node budget on one thread; the figure is seconds a game (goals: standard 20 s,
//! Marseillais 30 s, Sade 30 s). The machine is shared: run it alone.
//!
//! `cargo bench --bench analysis -- luck GAMES.sdn [ANALYSIS.jsonl] [--jobs N]`: over the Sade
//! games of GAMES.sdn, each side's mean luck a turn and mean loss a turn, by colour and by the
//! level its White/Black tag names, with the number of turns, and the blunders a game of each
//! level. The games are analysed at the default budget (`--jobs`, default 2), or read from
//! ANALYSIS.jsonl, `sade-ref analyse GAMES.sdn --format json` of the same games in order.
//!
//! `cargo bench --bench analysis -- fit GAMES.sdn`: the scale S of the Sade curve
//! 1/(1+exp(-score/S)) fitted by maximum likelihood (one parameter, no intercept) on every
//! position before a roll of a finished game: the roller's evaluation and whether the roller
//! won. `evaluate` and `CHANCE_SCALE` are the engine's own (src/engine/sade_eval.rs),
//! with its constants, and must be kept the same by hand.

use std::collections::BTreeMap;
use std::time::Instant;

use sade_ref::analysis::{Analysis, Engine, Judgement, Settings, analyse};
use sade_ref::engine::sade_eval::{CHANCE_SCALE, evaluate};
use sade_ref::play::{Bot, Options, play_game};
use sade_ref::record::{Game, Variant};
use sade_ref::rules::Detail;
use sade_ref::rules::sade::{Memo, replay_with};
use sade_ref::{parse_str, verify};
use shakmaty::Color;

const USAGE: &str = "cargo bench --bench analysis -- time | luck GAMES.sdn [ANALYSIS.jsonl] \
                     [--jobs N] | fit GAMES.sdn";

fn main() {
    // `cargo bench` passes `--bench` to every bench binary.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        // `cargo bench` without arguments runs every bench: this one times.
        None | Some("time") => time(),
        Some("luck") if args.len() >= 2 => luck(&args[1..]),
        Some("fit") if args.len() == 2 => fit(&args[1]),
        _ => {
            eprintln!("usage: {USAGE}");
            std::process::exit(2);
        }
    }
}

/// The 60-turn games of `time`: the game, its seed and its number in the run.
const TIMED: [(Variant, u64, u64); 3] = [
    (Variant::Standard, 1, 1),
    (Variant::Marseillais, 1, 6),
    (Variant::Sade, 1, 18),
];

fn time() {
    println!("analysis at the default node budget, jobs 1 (club vs club, 60 turns a game)");
    for (variant, seed, number) in TIMED {
        let options = Options {
            variant,
            white: Bot::CLUB,
            black: Bot::CLUB,
            max_turns: 60,
            fen: None,
            seed,
        };
        let played = play_game(&options, number).expect("the bots play");
        let settings = Settings::default();
        let start = Instant::now();
        let analysis = analyse(&played.game, &settings).expect("the game is analysed");
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<12} seed {seed} game {number:>2}: {:>3} turns, {:>7} nodes a turn: {secs:>7.2} s \
             ({:.3} s a turn)",
            variant.name(),
            analysis.turns.len(),
            settings.nodes_for(variant),
            secs / analysis.turns.len() as f64,
        );
    }
}

/// The games of an SDN file.
fn read_games(path: &str) -> Vec<Game> {
    let text = std::fs::read_to_string(path).expect("the file reads");
    parse_str(&text)
        .into_iter()
        .map(|g| g.expect("the record reads"))
        .collect()
}

#[derive(Default)]
struct Tally {
    turns: u64,
    luck: f64,
    loss: f64,
    blunders: u64,
    games: u64,
}

impl Tally {
    fn print(&self, name: &str) {
        println!(
            "  {name:<8} {:>5} turns  mean luck a turn {:>+8.4}  mean loss a turn {:>7.4}  \
             blunders a game {:>5.2} ({} in {} games)",
            self.turns,
            self.luck / self.turns as f64,
            self.loss / self.turns as f64,
            self.blunders as f64 / self.games as f64,
            self.blunders,
            self.games,
        );
    }
}

fn luck(args: &[String]) {
    let mut jobs = 2;
    let mut files = Vec::new();
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        if a == "--jobs" {
            jobs = rest.next().and_then(|n| n.parse().ok()).expect("--jobs N");
        } else {
            files.push(a.as_str());
        }
    }
    let games: Vec<Game> = read_games(files[0])
        .into_iter()
        .filter(|g| g.variant().ok() == Some(Variant::Sade))
        .collect();
    let analyses: Vec<Analysis> = match files.get(1) {
        Some(path) => std::fs::read_to_string(path)
            .expect("the analysis reads")
            .lines()
            .map(|l| serde_json::from_str(l).expect("an analysis"))
            .collect(),
        None => {
            let settings = Settings {
                engine: Engine::Own,
                nodes: None,
                jobs,
                progress: None,
            };
            games
                .iter()
                .map(|g| analyse(g, &settings).expect("the game is analysed"))
                .collect()
        }
    };
    assert_eq!(games.len(), analyses.len(), "one analysis a game");
    let mut by_side: BTreeMap<String, Tally> = BTreeMap::new();
    let mut by_level: BTreeMap<String, Tally> = BTreeMap::new();
    for (game, analysis) in games.iter().zip(&analyses) {
        assert_eq!(game.turns.len(), analysis.turns.len(), "the same game");
        for (side, tag) in [("white", "White"), ("black", "Black")] {
            let level = game.tag(tag).unwrap_or("?").to_owned();
            for tally in [
                by_side.entry(side.into()).or_default(),
                by_level.entry(level).or_default(),
            ] {
                tally.games += 1;
                for t in analysis.turns.iter().filter(|t| t.side == side) {
                    tally.turns += 1;
                    tally.luck += t.luck.unwrap_or(0.0);
                    tally.loss += t.loss;
                    tally.blunders += u64::from(t.judgement == Some(Judgement::Blunder));
                }
            }
        }
    }
    println!(
        "{} Sade games, {} turns ({})",
        games.len(),
        analyses.iter().map(|a| a.turns.len()).sum::<usize>(),
        match files.get(1) {
            Some(p) => format!("analysis read from {p}"),
            None => format!("analysed at the default budget, jobs {jobs}"),
        }
    );
    println!("by colour:");
    for (name, tally) in &by_side {
        tally.print(name);
    }
    println!("by level (the White/Black tags):");
    for (name, tally) in &by_level {
        tally.print(name);
    }
}

/// The mean log-loss of the curve of scale `s` on (score, won) pairs, and its first and
/// second derivatives in `s`.
fn log_loss(points: &[(f64, bool)], s: f64) -> (f64, f64, f64) {
    let (mut l, mut d1, mut d2) = (0.0, 0.0, 0.0);
    for &(x, won) in points {
        let y = if won { 1.0 } else { 0.0 };
        let p = 1.0 / (1.0 + (-x / s).exp());
        // -log-likelihood of one point, written stably.
        let z = x / s;
        l += if won {
            (-z).exp().ln_1p()
        } else {
            z.exp().ln_1p()
        };
        // d/ds of the loss: (p - y) * dz/ds, dz/ds = -x/s².
        let dz = -x / (s * s);
        d1 += (p - y) * dz;
        d2 += p * (1.0 - p) * dz * dz + (p - y) * (2.0 * x / (s * s * s));
    }
    let n = points.len() as f64;
    (l / n, d1 / n, d2 / n)
}

fn fit(path: &str) {
    let mut points = Vec::new();
    let mut games = 0;
    let mut skipped = 0;
    for game in read_games(path) {
        if game.variant().ok() != Some(Variant::Sade) {
            continue;
        }
        let winner = match verify(&game).result.as_str() {
            "1-0" => Color::White,
            "0-1" => Color::Black,
            _ => {
                skipped += 1;
                continue;
            }
        };
        games += 1;
        let mut memo = Memo::default();
        replay_with(&game, Detail::Verdict, Some(&mut memo));
        for index in 0..game.turns.len() {
            let state = memo
                .state_before(&game, index)
                .expect("the memo holds the state before every turn");
            let roller = state.roller();
            points.push((f64::from(evaluate(state, roller)), roller == winner));
        }
    }
    println!(
        "{games} finished Sade games ({skipped} without a winner left out), {} positions before \
         a roll",
        points.len()
    );
    // The log-loss is not convex in s everywhere; scan, then polish the best with Newton.
    let mut best = (f64::INFINITY, CHANCE_SCALE);
    let mut s = 10.0;
    while s <= 5000.0 {
        let (l, _, _) = log_loss(&points, s);
        if l < best.0 {
            best = (l, s);
        }
        s *= 1.01;
    }
    let mut s = best.1;
    for _ in 0..50 {
        let (_, d1, d2) = log_loss(&points, s);
        if d2 <= 0.0 {
            break;
        }
        let next = s - d1 / d2;
        if (next - s).abs() < 1e-9 {
            break;
        }
        s = next;
    }
    let base = std::f64::consts::LN_2;
    println!("log-loss (nats a position; a coin's is {base:.4}):");
    println!(
        "  S = {CHANCE_SCALE:>7.1} (now)    {:.4}",
        log_loss(&points, CHANCE_SCALE).0
    );
    println!("  S = {s:>7.1} (fitted) {:.4}", log_loss(&points, s).0);
    let won = points.iter().filter(|p| p.1).count();
    println!(
        "  the roller won {won} of {} positions ({:.3}); mean score {:+.1}",
        points.len(),
        won as f64 / points.len() as f64,
        points.iter().map(|p| p.0).sum::<f64>() / points.len() as f64
    );
}
