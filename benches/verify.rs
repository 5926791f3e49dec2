//! Referee throughput, every figure of issue 10 measured in one run (compare the ratios: the
//! machines are shared and noisy).
//!
//! `cargo bench --bench verify` prints:
//! - Standard, in process, on the lichess sample of `tests/data`: parse + referee, the
//!   reader alone and the referee alone, each against a pgn-reader + shakmaty replay of the
//!   same text (the baseline every PGN tool can reach), as the time ratio (target ≤ 1.25);
//! - Standard, the `sade-ref verify --format json` command on that sample repeated
//!   (`SADE_BENCH_COPIES`, default 20) in a temporary file, `--jobs 1` and `--jobs 2`
//!   (target: `--jobs 2` at least 1.6 times as fast), against the baseline and against
//!   `pgn-extract -r` when it is installed;
//! - Sade: the whole games `corpus/games/sade_*.sdn`, games/s, actions/s and the cost of an
//!   action against the baseline's cost of a move (target ≤ 6), and the slowest single turns
//!   known (face 3, the roller's own pieces: every fulfilment looked for; target < 1 ms).
//!
//! Each figure is the best of five runs (the command's `--jobs 1` and `--jobs 2` runs in turn).
//! The in-process figures, ours and the baseline's, run with the allocator the command runs
//! with.

use std::ops::ControlFlow;
mod support;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::best_of;

use pgn_reader::Reader;
use sade_ref::parse::parse_str;
use sade_ref::record::Face;
use sade_ref::referee::{Status, verify};
use sade_ref::rules::sade::{self as sade_rules, State};
use support::pgn::{Keep, Replay};

/// The baseline on `text`: its time and the plies it played.
fn baseline(text: &str) -> (Duration, usize) {
    best_of(5, || {
        let mut reader = Reader::new(text.as_bytes());
        let mut plies = 0;
        while let Ok(Some(n)) = reader.read_game(&mut Replay) {
            plies += n;
        }
        plies
    })
}

fn ratio(name: &str, ours: Duration, theirs: Duration, target: &str) {
    println!(
        "  ratio {name:<40} {:>8.2}  {target}",
        ours.as_secs_f64() / theirs.as_secs_f64()
    );
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample = root.join("tests/data/pgn/lichess/lichess_db_1000k.pgn");
    let per_move = match std::fs::read_to_string(&sample) {
        Ok(text) => Some(standard(&text)),
        Err(e) => {
            println!("standard: {} not found ({e}); skipped", sample.display());
            None
        }
    };
    sade(root, per_move);
}

/// The Standard figures; returns the baseline's time per move.
fn standard(text: &str) -> Duration {
    let (ours, valid) = best_of(5, || {
        parse_str(text)
            .iter()
            .filter_map(|g| g.as_ref().ok())
            .filter(|g| verify(g).status != Status::Invalid)
            .count()
    });
    let (read, _) = best_of(5, || parse_str(text).len());
    let games: Vec<_> = parse_str(text).into_iter().filter_map(Result::ok).collect();
    let (referee, _) = best_of(5, || {
        games
            .iter()
            .filter(|g| verify(g).status != Status::Invalid)
            .count()
    });
    let (theirs, plies) = baseline(text);
    // What the baseline costs when it keeps what our record keeps (tags, moves, comments).
    let (keeping, _) = best_of(5, || {
        let mut reader = Reader::new(text.as_bytes());
        let mut plies = 0;
        while let Ok(Some(kept)) = reader.read_game(&mut Keep { play: true }) {
            plies += kept.plies;
        }
        plies
    });
    let n = games.len() as f64;
    println!(
        "standard: lichess_db_1000k.pgn, {n} games, {plies} plies ({valid} valid), in process"
    );
    for (name, time) in [
        ("sade-ref parse + referee", ours),
        ("sade-ref reader alone", read),
        ("sade-ref referee alone", referee),
        ("pgn-reader + shakmaty replay", theirs),
        ("the same, keeping the record", keeping),
    ] {
        println!(
            "  {name:<34} {:>10.0} games/s {:>10.0} plies/s",
            n / time.as_secs_f64(),
            plies as f64 / time.as_secs_f64()
        );
    }
    ratio(
        "parse + referee / baseline",
        ours,
        theirs,
        "(target <= 1.25)",
    );
    ratio("reader alone / baseline", read, theirs, "");
    ratio(
        "baseline keeping the record / baseline",
        keeping,
        theirs,
        "",
    );
    ratio("parse + referee / baseline keeping", ours, keeping, "");
    ratio("referee alone / baseline", referee, theirs, "");
    command(text);
    theirs / u32::try_from(plies.max(1)).unwrap_or(u32::MAX)
}

/// The command on a file of `SADE_BENCH_COPIES` copies of `text`.
fn command(text: &str) {
    let copies: u32 = std::env::var("SADE_BENCH_COPIES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(20);
    let path = std::env::temp_dir().join(format!("sade-ref-bench-{}.pgn", std::process::id()));
    let mut big = String::with_capacity(text.len() * copies as usize + 2);
    for _ in 0..copies {
        big.push_str(text.trim_end());
        big.push_str("\n\n");
    }
    if std::fs::write(&path, &big).is_err() {
        println!(
            "  (cannot write {}; the command is not timed)",
            path.display()
        );
        return;
    }
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_sade-ref"));
    let run = |args: &[&str]| {
        Command::new(&exe)
            .arg("verify")
            .args(args)
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    };
    // The two runs alternate, so that both meet the same load of a shared machine.
    let [jobs1, jobs2] = best_of_alternating([
        &mut || run(&["--format", "json", "--jobs", "1"]),
        &mut || run(&["--format", "json", "--jobs", "2"]),
    ]);
    // The baseline on the same file, in process (it reads the text from memory).
    let (theirs, _) = baseline(&big);
    let mb = big.len() as f64 / 1e6;
    println!(
        "standard: `sade-ref verify --format json` on {copies} copies ({mb:.0} MB, cores: {})",
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    let mut shown = vec![
        ("sade-ref verify --jobs 1", jobs1),
        ("sade-ref verify --jobs 2", jobs2),
        ("pgn-reader + shakmaty replay", Some(theirs)),
    ];
    let extract = pgn_extract().and_then(|pe| {
        time_command(|| {
            Command::new(&pe)
                .arg("-r")
                .arg(&path)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok()
        })
    });
    shown.push(("pgn-extract -r", extract));
    for (name, time) in &shown {
        match time {
            Some(t) => println!("  {name:<34} {:>8.3} s", t.as_secs_f64()),
            None => println!("  {name:<34} not run (not installed?)"),
        }
    }
    if let Some(j2) = jobs2 {
        ratio("verify --jobs 2 / baseline", j2, theirs, "(target <= 1.25)");
    }
    if let Some(j1) = jobs1 {
        ratio("verify --jobs 1 / baseline", j1, theirs, "");
        if let Some(j2) = jobs2 {
            println!(
                "  speed-up --jobs 2 over --jobs 1             {:>8.2}  (target >= 1.6 on 2 cores)",
                j1.as_secs_f64() / j2.as_secs_f64()
            );
        }
        if let Some(pe) = extract {
            ratio("verify --jobs 1 / pgn-extract -r", j1, pe, "");
        }
    }
    let _ = std::fs::remove_file(&path);
}

/// The best of five runs of a command; `None` when it cannot run.
fn time_command(mut run: impl FnMut() -> bool) -> Option<Duration> {
    let [best] = best_of_alternating([&mut run]);
    best
}

/// The best of five runs of each command, run in turn (one, two, one, two, ...); `None` for a
/// command that cannot run.
fn best_of_alternating<const N: usize>(
    mut runs: [&mut dyn FnMut() -> bool; N],
) -> [Option<Duration>; N] {
    let mut best = [Some(Duration::MAX); N];
    for _ in 0..5 {
        for (run, best) in runs.iter_mut().zip(&mut best) {
            let Some(so_far) = *best else { continue };
            let start = Instant::now();
            *best = run().then(|| so_far.min(start.elapsed()));
        }
    }
    best
}

/// `pgn-extract` on the path, or where Debian puts it.
fn pgn_extract() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join("pgn-extract"));
    on_path
        .chain([PathBuf::from("/usr/games/pgn-extract")])
        .find(|p| p.is_file())
}

fn sade(root: &Path, baseline_per_move: Option<Duration>) {
    let mut texts = Vec::new();
    if let Ok(entries) = std::fs::read_dir(root.join("corpus/games")) {
        for entry in entries.flatten() {
            let sade = entry.file_name().to_string_lossy().starts_with("sade_");
            if sade && entry.path().extension().is_some_and(|e| e == "sdn") {
                texts.push(std::fs::read_to_string(entry.path()).unwrap_or_default());
            }
        }
    }
    let games: Vec<_> = texts
        .iter()
        .flat_map(|t| parse_str(t))
        .filter_map(Result::ok)
        .collect();
    let (time, actions) = referee_time(&games);
    let (parse, _) = best_of(5, || texts.iter().map(|t| parse_str(t).len()).sum());
    println!(
        "sade: corpus/games/sade_*.sdn, {} games, {actions} actions",
        games.len()
    );
    referee_rates(games.len(), actions, time);
    println!(
        "  reader alone       {:>10.0} games/s  (reader / referee time = {:.3})",
        games.len() as f64 / parse.as_secs_f64(),
        parse.as_secs_f64() / time.as_secs_f64()
    );
    per_action_ratio(time, actions, baseline_per_move);
    self_play(baseline_per_move);
    slowest_turns();
}

/// Sade games as the bots play them (random against random, seed 1, games 1 to 200, each with
/// its auditable die): the workload of the issue's own figure (the oracle's 200 self-play
/// games), where the corpus games above are mostly the rulings' special cases.
fn self_play(baseline_per_move: Option<Duration>) {
    let options = sade_ref::play::Options {
        seed: 1,
        ..sade_ref::play::Options::default()
    };
    let games: Vec<_> = (1..=200)
        .filter_map(|n| sade_ref::play::play_game(&options, n).ok())
        .map(|played| played.game)
        .collect();
    let (time, actions) = referee_time(&games);
    println!(
        "sade: self-play, random bots, seed 1, {} games, {actions} actions (the die audited)",
        games.len()
    );
    referee_rates(games.len(), actions, time);
    per_action_ratio(time, actions, baseline_per_move);
}

/// The referee's games and actions a second.
fn referee_rates(games: usize, actions: usize, time: Duration) {
    println!(
        "  referee alone      {:>10.0} games/s  {:>10.0} actions/s",
        games as f64 / time.as_secs_f64(),
        actions as f64 / time.as_secs_f64()
    );
}

/// The referee's time on `games` (the best of five) and the actions they hold.
fn referee_time(games: &[sade_ref::record::Game]) -> (Duration, usize) {
    let actions = games
        .iter()
        .flat_map(|g| &g.turns)
        .map(|t| t.actions().count())
        .sum();
    let (time, _) = best_of(5, || {
        games
            .iter()
            .filter(|g| verify(g).status != Status::Invalid)
            .count()
    });
    (time, actions)
}

/// The cost of an action against the baseline's cost of a move.
fn per_action_ratio(time: Duration, actions: usize, baseline_per_move: Option<Duration>) {
    let per_action = time / u32::try_from(actions.max(1)).unwrap_or(u32::MAX);
    if let Some(per_move) = baseline_per_move {
        println!(
            "  per action {:.2} µs, the baseline per move {:.3} µs",
            per_action.as_secs_f64() * 1e6,
            per_move.as_secs_f64() * 1e6
        );
        ratio(
            "Sade action / baseline move",
            per_action,
            per_move,
            "(target <= 6)",
        );
    }
}

/// The slowest single turns known: face 3 where the roller plays his own pieces and the
/// search looks for a fulfilment among about a hundred moves over eight pieces (`open`), and
/// where two queens give most pairs of moves to try (`two queens`).
fn slowest_turns() {
    let positions = [
        ("open", "k7/p7/P7/8/2BQ1B2/2N2N2/8/2R1K2R w - - 0 1"),
        ("two queens", "k7/p7/P3Q3/2b5/8/7p/1Q5P/7K w - - 0 1"),
    ];
    println!("sade: slowest single turns known (face 3), best of five");
    for (name, fen) in positions {
        let text = format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n*\n");
        let Some(Ok(game)) = parse_str(&text).into_iter().next() else {
            println!("  {name}: does not parse; skipped");
            continue;
        };
        let Ok(state) = State::from_game(&game) else {
            println!("  {name}: not a playable start; skipped");
            continue;
        };
        let (exists, _) = best_of(5, || {
            usize::from(sade_rules::has_fulfilment(&state, Face::Three).unwrap_or(false))
        });
        let (all, count) = best_of(5, || {
            let mut count = 0;
            let _ = sade_rules::visit_fulfilments(&state, Face::Three, |_| {
                count += 1;
                ControlFlow::<()>::Continue(())
            });
            count
        });
        println!(
            "  {name:<12} {fen}: a fulfilment found in {:>8.1} µs; all {count} listed in {:>8.1} µs  (target < 1000 µs)",
            exists.as_secs_f64() * 1e6,
            all.as_secs_f64() * 1e6
        );
    }
}
