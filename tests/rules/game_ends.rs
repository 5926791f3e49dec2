//! One judgement of the end of a game (issue 33), checked three ways over positions of
//! self-play in the three games: for every option that `options` lists before a turn of the
//! record (as `options --game FILE --turn T` asks it), the record with that option written as
//! the turn gets from `verify` the end the option states, kind and winner both (or none, when
//! the option says the game goes on); and the engine's terminal test on the position after the
//! turn agrees.
//!
//! The games are short and start from endgames, where options are few and the ends many:
//! mates, stalemates (in Marseillais the M3 stalemate of a king with one step and no second
//! move), dead positions, repetitions in blocked positions, and FEN half-move clocks near the
//! fifty-turn (M6) and seventy-five-move (FIDE 9.6.2) counts.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::time::Instant;

use sade_ref::arbiter::locate::{TurnName, query_before};
use sade_ref::arbiter::options::{Limits, Line, Query, answer};
use sade_ref::engine;
use sade_ref::parse::parse_str;
use sade_ref::play::{Bot, Options, play_game};
use sade_ref::record::Variant;
use sade_ref::record::{Game, GameResult, Side, Turn};
use sade_ref::referee::{Status, Verdict, verify};
use sade_ref::rules::marseillais::{FullTurn, full_turns};
use sade_ref::rules::sade::{Fulfilment, visit_fulfilments};
use shakmaty::Color;
use shakmaty::san::San;

/// The games played: the variant, the start, the players, how many games of how many turns.
struct Source {
    variant: Variant,
    fen: Option<&'static str>,
    white: Bot,
    black: Bot,
    games: u64,
    turns: usize,
}

const fn source(
    variant: Variant,
    fen: Option<&'static str>,
    white: Bot,
    black: Bot,
    games: u64,
    turns: usize,
) -> Source {
    Source {
        variant,
        fen,
        white,
        black,
        games,
        turns,
    }
}

const SOURCES: &[Source] = &[
    // Standard: a queen or a rook against the king (mates, stalemates), the initial position, a
    // rook ending, blocked pawns (repetitions), a clock near the seventy-five-move rule, a knight
    // and a pawn against a pawn (a dead position once a pawn falls).
    source(
        Variant::Standard,
        Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        6,
        50,
    ),
    source(
        Variant::Standard,
        Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        Bot::BEGINNER,
        Bot::NOVICE,
        6,
        50,
    ),
    source(
        Variant::Standard,
        Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"),
        Bot::BEGINNER,
        Bot::NOVICE,
        3,
        50,
    ),
    source(Variant::Standard, None, Bot::BEGINNER, Bot::NOVICE, 5, 40),
    source(
        Variant::Standard,
        Some("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
        Bot::BEGINNER,
        Bot::NOVICE,
        3,
        40,
    ),
    source(
        Variant::Standard,
        Some("8/2k5/8/1p1p4/1P1P4/8/2K5/8 w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        3,
        60,
    ),
    source(
        Variant::Standard,
        Some("8/8/4k3/3p4/3P4/4K3/8/8 w - - 140 80"),
        Bot::NOVICE,
        Bot::NOVICE,
        3,
        20,
    ),
    source(
        Variant::Standard,
        Some("8/8/4k3/3p4/3P4/4KN2/8/8 w - - 0 1"),
        Bot::BEGINNER,
        Bot::NOVICE,
        3,
        40,
    ),
    // Marseillais: a queen against the king, a rook against the king (checks that leave one
    // step), blocked pawns (the third repetition of a turn's start), a clock near the fifty-turn
    // count, the position of issue 33 before White's turn 16, the Balanced start.
    source(
        Variant::Marseillais,
        Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        8,
        16,
    ),
    source(
        Variant::Marseillais,
        Some("k7/8/1K6/8/8/8/8/7R w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        10,
        16,
    ),
    source(
        Variant::Marseillais,
        Some("8/2k5/8/1p1p4/1P1P4/8/2K5/8 w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        8,
        40,
    ),
    source(
        Variant::Marseillais,
        Some("8/8/4k3/3p4/3P4/4K3/8/8 w - - 190 80"),
        Bot::NOVICE,
        Bot::NOVICE,
        4,
        10,
    ),
    source(
        Variant::Marseillais,
        Some("3k4/8/P7/8/2P1Q1p1/2P3P1/4P3/R3K1N1 w Q - 2 16"),
        Bot::BEGINNER,
        Bot::NOVICE,
        3,
        10,
    ),
    source(
        Variant::Marseillais,
        None,
        Bot::BEGINNER,
        Bot::NOVICE,
        2,
        12,
    ),
    // Sade: pawn endings, rook endings and a queen against a rook, where faces are often
    // impossible, kings often naked and mates near.
    source(
        Variant::Sade,
        Some("4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1"),
        Bot::NOVICE,
        Bot::NOVICE,
        12,
        24,
    ),
    source(
        Variant::Sade,
        Some("7k/1p6/8/8/8/8/P7/7K[] w - - 0 1"),
        Bot::NOVICE,
        Bot::BEGINNER,
        12,
        24,
    ),
    source(
        Variant::Sade,
        Some("2k5/pp3p2/8/8/8/8/P7/6RK[] w - - 0 1"),
        Bot::BEGINNER,
        Bot::NOVICE,
        12,
        24,
    ),
    source(
        Variant::Sade,
        Some("4k3/8/8/3q4/8/8/3P4/4K2R b K - 0 1"),
        Bot::BEGINNER,
        Bot::BEGINNER,
        12,
        24,
    ),
    source(
        Variant::Sade,
        Some("2kr4/ppp5/8/8/8/8/5PPP/4RK2[QRBNqbn] w - - 0 20"),
        Bot::NOVICE,
        Bot::BEGINNER,
        12,
        24,
    ),
];

/// What the check found, per game.
#[derive(Default)]
struct Tally {
    positions: usize,
    time: std::time::Duration,
    verify: std::time::Duration,
    options: usize,
    /// Options that end the game, by termination.
    ends: HashMap<&'static str, usize>,
    failures: Vec<String>,
}

/// The positions checked have this many options at most: all of them, but in Sade, where a
/// record takes the longest to verify, those with 30 fulfilments or fewer (faces 2 and 3 of
/// the middle game list thousands).
fn most_options(game: &Game) -> usize {
    match game.tag("Variant") {
        Some("Sade") => 30,
        _ => usize::MAX,
    }
}

/// The record before turn `index` with `actions` written as that turn, and no result: what
/// `verify` is asked about.
fn with_turn(game: &Game, index: usize, actions: &[String]) -> Game {
    let turn = &game.turns[index];
    let face = turn
        .face
        .map_or(String::new(), |f| format!("{}: ", f.value));
    // The Variant tag: the reader groups a Marseillais turn's two moves by it.
    let variant = game.tag("Variant").unwrap_or("Standard");
    let text = format!(
        "[Variant \"{variant}\"]\n\n{} {face}{} *\n",
        turn.number,
        actions.join(" ")
    );
    let written: Turn = parse_str(&text)
        .remove(0)
        .unwrap_or_else(|e| panic!("`{text}` cannot be read: {e}"))
        .turns
        .remove(0);
    let mut record = game.clone();
    record.turns.truncate(index);
    record.turns.push(written);
    record.result = Some(GameResult::Unknown);
    record
        .tags
        .retain(|t| !matches!(t.name.as_str(), "Result" | "Termination"));
    record
}

/// The end a verdict gives, as `options` writes one: winner and termination.
fn verdict_end(verdict: &Verdict) -> Option<(Option<Side>, &'static str)> {
    (verdict.status == Status::Finished).then(|| {
        (
            verdict.winner.map(|c| c.fold_wb(Side::White, Side::Black)),
            verdict.termination.map_or("?", |t| t.name()),
        )
    })
}

fn side(color: Color) -> Side {
    color.fold_wb(Side::White, Side::Black)
}

/// Checks every option before turn `index` of `game`.
fn check_position(game: &Game, index: usize, tally: &mut Tally) {
    let turn = &game.turns[index];
    let name = TurnName(turn.number);
    let at = format!("{} before {name}", game.tag("Event").unwrap_or("?"));
    let face = turn.face.map(|f| f.value);
    let query = match query_before(game, index, name, face) {
        Ok(query) => query,
        Err(e) => {
            tally.failures.push(format!("{at}: {e}"));
            return;
        }
    };
    if matches!(query, Query::Over(_)) {
        tally
            .failures
            .push(format!("{at}: the game is over, yet it was played on"));
        return;
    }
    let found = match answer(&query, Limits::default()) {
        Ok(found) => found,
        Err(e) => {
            tally.failures.push(format!("{at}: options: {e}"));
            return;
        }
    };
    if found.count > most_options(game) {
        return;
    }
    tally.positions += 1;
    // The engine's own view of the position after each option.
    let terminal = EngineView::new(&query);
    for line in &found.options {
        tally.options += 1;
        let record = with_turn(game, index, &line.actions);
        let clock = Instant::now();
        let verdict = verify(&record);
        tally.verify += clock.elapsed();
        let what = format!("{at}: `{}`", line.text());
        if verdict.status == Status::Invalid {
            tally.failures.push(format!(
                "{what} is refused: {:?}",
                verdict.error.map(|e| e.reason)
            ));
            continue;
        }
        let referee = verdict_end(&verdict);
        let listed = line.ends.as_ref().map(|e| (e.winner, e.termination));
        if referee != listed {
            tally
                .failures
                .push(format!("{what}: verify ends it {referee:?}"));
        }
        match terminal.end(line) {
            Ok(engine) if engine != referee => tally.failures.push(format!(
                "{what}: the engine's terminal test says {engine:?}"
            )),
            Ok(_) => {}
            Err(e) => tally.failures.push(format!("{what}: {e}")),
        }
        if let Some((_, termination)) = referee {
            *tally.ends.entry(termination).or_default() += 1;
        }
    }
}

/// The engine's terminal test, for the options of one position.
enum EngineView {
    Standard(sade_ref::rules::standard::Standing),
    Marseillais(
        sade_ref::rules::marseillais::TurnStart,
        HashMap<Vec<String>, FullTurn>,
    ),
    Sade(Color, HashMap<Vec<String>, Fulfilment>),
    None,
}

impl EngineView {
    fn new(query: &Query) -> EngineView {
        match query {
            Query::Standard(standing) => EngineView::Standard(standing.clone()),
            Query::Marseillais(start) => {
                let turns = full_turns(start)
                    .into_iter()
                    .map(|t| (t.san.clone(), t))
                    .collect();
                EngineView::Marseillais(start.clone(), turns)
            }
            Query::Sade { state, face } => {
                let mut all = HashMap::new();
                let _complete = visit_fulfilments(state, *face, |f| {
                    let actions = f.actions(state).iter().map(ToString::to_string).collect();
                    all.insert(actions, f.clone());
                    ControlFlow::Continue(())
                })
                .expect("the referee's search");
                EngineView::Sade(state.roller(), all)
            }
            Query::Over(_) => EngineView::None,
        }
    }

    /// The end the engine sees after the option `line`: winner and termination (for Sade,
    /// the winner only, as the engine scores no more: a win or a loss).
    fn end(&self, line: &Line) -> Result<Option<(Option<Side>, &'static str)>, String> {
        match self {
            EngineView::Standard(standing) => {
                let san: San = line.actions[0]
                    .trim_end_matches(['+', '#'])
                    .parse()
                    .map_err(|e| format!("{e}"))?;
                let m = san
                    .to_move(&standing.pos)
                    .map_err(|e| format!("the engine cannot play it: {e}"))?;
                Ok(engine::standard::terminal(&standing.after(m))
                    .map(|end| (end.winner.map(side), end.termination.name())))
            }
            EngineView::Marseillais(start, turns) => {
                let t = turns
                    .get(&line.actions)
                    .ok_or("not among the referee's full turns")?;
                let next = start.after(t).ok_or("no position after it")?;
                Ok(engine::marseillais::terminal(&next)
                    .map(|end| (end.winner.map(side), end.termination.name())))
            }
            EngineView::Sade(roller, all) => {
                let f = all
                    .get(&line.actions)
                    .ok_or("not among the referee's fulfilments")?;
                let winner = engine::sade::terminal_score(f, *roller).map(|score| {
                    if score > 0 {
                        side(*roller)
                    } else {
                        side(!*roller)
                    }
                });
                // The termination is the fulfilment's own: the engine keeps it.
                Ok(winner.map(|w| (Some(w), f.end.map_or("?", |e| e.termination.name()))))
            }
            EngineView::None => Err("no position".to_owned()),
        }
    }
}

#[test]
fn every_option_ends_the_game_as_verify_and_the_engine_say() {
    let started = Instant::now();
    let mut by_variant: HashMap<&'static str, Tally> = HashMap::new();
    for (i, source) in SOURCES.iter().enumerate() {
        let tally = by_variant.entry(source.variant.tag()).or_default();
        for number in 1..=source.games {
            let options = Options {
                variant: source.variant,
                white: source.white,
                black: source.black,
                max_turns: source.turns,
                fen: source.fen.map(str::to_owned),
                seed: i as u64,
            };
            let mut game = play_game(&options, number)
                .unwrap_or_else(|e| panic!("source {i}, game {number}: {e}"))
                .game;
            game.set_tag("Event", format!("source {i}, game {number}"));
            let clock = Instant::now();
            for index in 0..game.turns.len() {
                check_position(&game, index, tally);
            }
            tally.time += clock.elapsed();
        }
    }
    let mut failures = Vec::new();
    let mut positions = 0;
    for (variant, tally) in &by_variant {
        let mut ends: Vec<_> = tally.ends.iter().collect();
        ends.sort();
        eprintln!(
            "{variant}: {} positions, {} options in {:.1?} ({:.1?} verifying), ending the \
             game: {ends:?}",
            tally.positions, tally.options, tally.time, tally.verify
        );
        positions += tally.positions;
        failures.extend(tally.failures.iter().cloned());
    }
    eprintln!("{positions} positions in {:.1?}", started.elapsed());
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(positions >= 2000, "{positions} positions");
    for variant in ["Standard", "Marseillais", "Sade"] {
        let tally = &by_variant[variant];
        assert!(tally.positions >= 300, "{variant}: {}", tally.positions);
    }
    let marseillais = &by_variant["Marseillais"].ends;
    for termination in ["checkmate", "stalemate", "insufficient-material"] {
        assert!(
            marseillais.contains_key(termination),
            "Marseillais: no option ends in {termination}: {marseillais:?}"
        );
    }
}
