//! The Marseillais full-turn enumerator against the referee: every listed turn, written into the
//! record, is accepted; and on sample positions every turn the referee accepts is listed.

use std::collections::BTreeSet;

use sade_ref::parse::parse_str;
use sade_ref::record::{Game, Side};
use sade_ref::referee::verify;
use sade_ref::rules::marseillais::{FullTurn, TurnStart, full_turns};
use sade_ref::rules::{Detail, marseillais};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position};

use crate::support::{corpus_files, display};

fn game(text: &str) -> Game {
    parse_str(text)
        .into_iter()
        .next()
        .expect("one game")
        .expect("a readable game")
}

/// The record `prefix` (already written SDN text, tags and the turns before) with `turn` written
/// after it as one record turn, and, when `follow` is set, the opponent's next turn as `--` (an
/// error of that later turn: whatever the referee says about the candidate comes first).
fn with_turn(prefix: &Game, label: &str, moves: &[String], follow: bool) -> Game {
    let mut text = String::new();
    for tag in &prefix.tags {
        text.push_str(&format!("[{} \"{}\"]\n", tag.name, tag.value));
    }
    text.push('\n');
    for turn in &prefix.turns {
        text.push_str(&format!("{} ", turn.number));
        for action in turn.actions() {
            text.push_str(&format!("{} ", action.kind));
        }
    }
    text.push_str(&format!("{label} {} ", moves.join(" ")));
    if follow {
        text.push_str(&format!("{} -- ", next_label(label)));
    }
    text.push('*');
    game(&text)
}

fn next_label(label: &str) -> String {
    match label.strip_suffix("...") {
        Some(n) => format!("{}.", n.parse::<u32>().expect("a number") + 1),
        None => format!("{}...", label.trim_end_matches('.')),
    }
}

/// Whether the referee accepts the candidate turn (record turn `index`): no error in it, and
/// none of it void (written after an end of the game inside it, R21).
fn accepted(prefix: &Game, label: &str, moves: &[String]) -> bool {
    let index = prefix.turns.len();
    let verdict = verify(&with_turn(prefix, label, moves, true));
    verdict.error.is_none_or(|e| e.turn_index > index)
        && verdict
            .void
            .is_none_or(|v| v.from.turn_index.is_none_or(|t| t > index))
}

/// Checks every listed turn of the position before `prefix`'s end; returns how many.
fn check_listed(prefix: &Game, label: &str, turns: &[FullTurn], at: &str) -> usize {
    for turn in turns {
        assert!(
            accepted(prefix, label, &turn.san),
            "{at}: the listed turn {label} {} is refused: {:?}",
            turn.san.join(" "),
            verify(&with_turn(prefix, label, &turn.san, true)).error
        );
        if let Some(end) = turn.end {
            let verdict = verify(&with_turn(prefix, label, &turn.san, false));
            assert_eq!(
                (verdict.winner, verdict.termination),
                (end.winner, Some(end.termination)),
                "{at}: {label} {} should end the game",
                turn.san.join(" ")
            );
        }
    }
    turns.len()
}

/// Every turn of one or two legal moves written in UCI (so that a move cannot be read as the
/// opponent's), judged by the referee; the accepted ones.
fn accepted_by_referee(prefix: &Game, label: &str, pos: &Chess) -> BTreeSet<Vec<String>> {
    let mode = CastlingMode::Standard;
    let mut accepted_turns = BTreeSet::new();
    for first in pos.legal_moves() {
        let uci_first = UciMove::from_move(first, mode).to_string();
        let mut after = pos.clone();
        after.play_unchecked(first);
        let mut setup = after.to_setup(EnPassantMode::Legal);
        setup.turn = pos.turn();
        setup.ep_square = None;
        let mut candidates = vec![vec![uci_first.clone()]];
        if let Ok(mid) = Chess::from_setup(setup, mode) {
            for second in mid.legal_moves() {
                let uci_second = UciMove::from_move(second, mode).to_string();
                candidates.push(vec![uci_first.clone(), uci_second]);
            }
        }
        for moves in candidates {
            if accepted(prefix, label, &moves) {
                accepted_turns.insert(moves);
            }
        }
    }
    accepted_turns
}

fn as_uci(turns: &[FullTurn]) -> BTreeSet<Vec<String>> {
    turns
        .iter()
        .map(|t| {
            t.moves
                .iter()
                .map(|&m| UciMove::from_move(m, CastlingMode::Standard).to_string())
                .collect()
        })
        .collect()
}

/// The label of record turn `index` of a game, or the one after the last.
fn label_of(game: &Game, index: usize, start: &TurnStart) -> String {
    match game.turns.get(index) {
        Some(turn) => turn.number.to_string(),
        None => {
            let number = start.pos.fullmoves().get();
            match start.pos.turn().fold_wb(Side::White, Side::Black) {
                Side::White => format!("{number}."),
                Side::Black => format!("{number}..."),
            }
        }
    }
}

/// The same position as a one-turn record from a FEN tag (cheap to replay), when a FEN can say
/// it: two moves a turn, at most one en passant square.
fn fen_record(start: &TurnStart) -> Option<(Game, Chess)> {
    if start.moves != 2 || start.ep.len() > 1 {
        return None;
    }
    let mut setup = start.pos.to_setup(EnPassantMode::Always);
    setup.ep_square = start.ep.first().copied();
    let mut fields: Vec<String> = sade_ref::rules::standard::fen(&start.pos)
        .split(' ')
        .map(str::to_owned)
        .collect();
    if let Some(square) = start.ep.first() {
        fields[3] = square.to_string();
    }
    let fen = fields.join(" ");
    let pos = Chess::from_setup(setup, start.mode)
        .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
        .ok()?;
    Some((
        game(&format!("[Variant \"Marseillais\"]\n[FEN \"{fen}\"]\n\n*")),
        pos,
    ))
}

#[test]
fn the_first_turns_of_a_balanced_and_a_classical_game() {
    let balanced = full_turns(&TurnStart::initial(true));
    assert_eq!(balanced.len(), 20);
    assert!(
        balanced
            .iter()
            .all(|t| t.moves.len() == 1 && t.end.is_none())
    );
    // Classical: two moves; the second of 20 first moves has 20 to 30 replies of the same side.
    let classical = full_turns(&TurnStart::initial(false));
    let by_perft: u64 = sade_ref::rules::standard::legal_moves(&Chess::default())
        .iter()
        .map(|&m| {
            let mut after = Chess::default();
            after.play_unchecked(m);
            let mut setup = after.to_setup(EnPassantMode::Legal);
            setup.turn = shakmaty::Color::White;
            setup.ep_square = None;
            Chess::from_setup(setup, CastlingMode::Standard)
                .map(|p| p.legal_moves().len() as u64)
                .unwrap_or(0)
        })
        .sum();
    assert_eq!(classical.len() as u64, by_perft);
    let empty = game("[Variant \"Marseillais\"]\n\n*");
    check_listed(&empty, "1.", &balanced, "initial position");
}

#[test]
fn a_check_with_the_first_move_is_a_whole_turn_and_a_stranded_move_only_without_another() {
    // White: Qh5 would give check (one move); Black's king has moves.
    let start = TurnStart::from_fen("4k3/8/8/8/8/8/8/4K2Q w - - 0 1").unwrap();
    let turns = full_turns(&start);
    assert!(turns.iter().any(|t| t.san == ["Qh5+"] || t.san == ["Qh5"]));
    assert!(
        turns
            .iter()
            .all(|t| t.san.len() == 2 || t.san[0].starts_with('Q'))
    );
    // M3: White's king on a1 is boxed in (the knight holds b1, the pawn b2); g4-g5 is the only move, and
    // after it there is none.
    let stranded = TurnStart::from_fen("7k/8/6p1/8/6P1/p7/P2n4/K7 w - - 0 1").unwrap();
    let only = full_turns(&stranded);
    assert_eq!(only.len(), 1);
    assert!(only.iter().all(|t| {
        t.moves.len() == 1
            && t.end
                .is_some_and(|e| e.termination == sade_ref::rules::Termination::Stalemate)
    }));
}

#[test]
fn every_listed_turn_is_accepted_and_every_accepted_turn_is_listed() {
    let mut files = corpus_files("corpus/games", &["sdn"]);
    files.retain(|f| display(f).contains("marseillais"));
    files.extend(corpus_files("corpus/rules/marseillais", &["sdn"]));
    let (mut positions, mut listed, mut exact) = (0, 0, 0);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(Ok(whole)) = parse_str(&text).into_iter().next() else {
            continue;
        };
        let step = if whole.turns.len() > 20 { 9 } else { 1 };
        for index in (0..=whole.turns.len()).step_by(step) {
            let Ok(start) = TurnStart::before_turn(&whole, index) else {
                continue;
            };
            let at = format!("{} before record turn {index}", display(&file));
            let turns = full_turns(&start);
            let label = label_of(&whole, index, &start);
            positions += 1;
            match fen_record(&start) {
                Some((record, pos)) => {
                    let label = label_of(&record, 0, &start);
                    // The FEN record has no past: the turns' ends as it sees them (M6 looks
                    // back on its half-move clock only).
                    let turns = full_turns(
                        &TurnStart::before_turn(&record, 0).expect("the FEN record's start"),
                    );
                    listed += check_listed(&record, &label, &turns, &at);
                    let referee = accepted_by_referee(&record, &label, &pos);
                    assert_eq!(as_uci(&turns), referee, "{at}: listed vs accepted");
                    exact += 1;
                }
                None => {
                    let mut prefix = whole.clone();
                    prefix.turns.truncate(index);
                    listed += check_listed(&prefix, &label, &turns, &at);
                }
            }
        }
    }
    eprintln!("{positions} positions, {listed} listed turns accepted, {exact} lists exact");
    assert!(
        positions >= 60 && exact >= 50,
        "{positions} positions, {exact} exact"
    );
}

#[test]
fn before_turn_replays_the_record_and_keeps_both_double_steps() {
    // M4: Black's two double steps; White may take either en passant with the first move.
    let record =
        game("[Variant \"Marseillais Classical\"]\n\n1. e4 e5 1... a6 h6 2. g4 g5 2... d5 f5 *");
    let start = TurnStart::before_turn(&record, 4).unwrap();
    assert_eq!(start.ep.len(), 2);
    let turns = full_turns(&start);
    assert!(turns.iter().any(|t| t.san[0] == "exd6"));
    assert!(turns.iter().any(|t| t.san[0] == "exf6"));
    // The second en passant capture right after the first (M4).
    assert!(turns.iter().any(|t| t.san == ["exd6", "gxf6"]));
    let replay = marseillais::replay(&record, Detail::Verdict);
    assert_eq!(replay.outcome, sade_ref::rules::ReplayStatus::Unfinished);
}
