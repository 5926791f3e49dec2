//! R4 (2026-12-03) on the second referee alone: on faces 1–3 the pieces due are chosen once,
//! at the roll, by a count of the opponent's pieces that can move there.

use shakmaty::Color;

use super::judge;
use super::position::Pos;
use super::turn::{Node, Stage};

/// The second referee's verdict on a one-turn record from `fen`, as `known_cases.txt` writes
/// it (`finished black poverty-of-the-flesh`, `invalid 0 1`, `unfinished`).
fn verdict(fen: &str, movetext: &str) -> String {
    let record = format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n{movetext}\n");
    let game = sade_ref::parse::parse_str(&record)
        .into_iter()
        .next()
        .expect("a game")
        .expect("a readable game");
    super::verdict_text(&super::second(&judge::judge(&game)))
}

/// Whose pieces are due after the roll: `true` for the roller's own.
fn own_due(fen: &str, face: u8) -> bool {
    let (pos, roller) = Pos::start(Some(fen)).expect("a start position");
    match Node::roll(&pos, roller, face).stage {
        Stage::Series { own, .. } => own,
        _ => unreachable!("faces 1–3 are series"),
    }
}

/// Black's knight and bishop can each move, so Black's pieces are due; whichever moves first
/// pins the other against Black's king (Rh8), so no complete series exists.
const PINNED_PAIR: &str = "k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1";

#[test]
fn two_pieces_that_can_move_at_the_roll_are_due_though_they_cannot_both_move() {
    assert!(!own_due(PINNED_PAIR, 2));
    assert_eq!(
        verdict(PINNED_PAIR, "1. 2: -- 0-1"),
        "finished black poverty-of-the-flesh"
    );
    // The order chosen leaves no continuation (or none existed): lost, `--` written or not.
    assert_eq!(
        verdict(PINNED_PAIR, "1. 2: Nd6 -- 0-1"),
        "finished black poverty-of-the-flesh"
    );
    assert_eq!(
        verdict(PINNED_PAIR, "1. 2: Bd7 0-1"),
        "finished black poverty-of-the-flesh"
    );
    // The other side's pieces are never used instead.
    assert_eq!(verdict(PINNED_PAIR, "1. 2: a3 Kg1 *"), "invalid 0 1");
    assert_eq!(verdict(PINNED_PAIR, "1. 2: a3 *"), "invalid 0 1");
    // `--` is a true claim: Black wins whatever the result token says.
    assert_eq!(
        verdict(PINNED_PAIR, "1. 2: -- 1-0"),
        "finished black poverty-of-the-flesh"
    );
    // Face 1 needs one piece: Black's, and it completes.
    assert!(!own_due(PINNED_PAIR, 1));
    assert_eq!(verdict(PINNED_PAIR, "1. 1: Nd6 *"), "unfinished");
    assert_eq!(verdict(PINNED_PAIR, "1. 1: a3 *"), "invalid 0 1");
}

#[test]
fn a_bare_face_whose_pieces_due_cannot_complete_is_poverty() {
    let (pos, roller) = Pos::start(Some(PINNED_PAIR)).expect("a start position");
    assert_eq!(roller, Color::White);
    assert!(!Node::roll(&pos, roller, 2).completes());
    // R15: the roll decides, as the last turn or before another one (read as `--`).
    for movetext in ["1. 2: -- *", "1. 2: -- 1... 1: Nd6 *"] {
        let record = format!("[Variant \"Sade\"]\n[FEN \"{PINNED_PAIR}\"]\n\n{movetext}\n");
        let mut game = sade_ref::parse::parse_str(&record)
            .into_iter()
            .next()
            .expect("a game")
            .expect("a readable game");
        game.turns[0].items.clear();
        assert_eq!(
            super::verdict_text(&super::second(&judge::judge(&game))),
            "finished black poverty-of-the-flesh",
            "{movetext} with the first face bare"
        );
    }
}

/// Only Black's rook can move (never Black's king): White's own pieces are due.
const LONE_ROOK: &str = "r3k3/8/8/8/8/8/1P4PP/7K w - - 0 1";

#[test]
fn one_piece_that_can_move_is_too_few_for_face_2() {
    assert!(own_due(LONE_ROOK, 2));
    // Black's rook would mate, but Black's pieces are not due.
    assert_eq!(verdict(LONE_ROOK, "1. 2: Ra1# 1-0"), "invalid 0 1");
    assert_eq!(verdict(LONE_ROOK, "1. 2: b3 Kg1 *"), "unfinished");
    // Two different own pieces: the b-pawn may not move twice.
    assert_eq!(verdict(LONE_ROOK, "1. 2: b3 b4 *"), "invalid 0 2");
    // Face 1: the rook alone is enough.
    assert!(!own_due(LONE_ROOK, 1));
    assert_eq!(
        verdict(LONE_ROOK, "1. 1: Ra1# 1-0"),
        "finished white sacrifice-accomplished"
    );
}

/// Black's knight and bishop can move at the roll; Black's b-pawn only once the bishop has left
/// b6. A whole series of three Black pieces exists (`Bc5 b5 Nf6`), but two pieces that can move
/// at the roll are too few for face 3: White's own pieces are due.
const FREED_LATER: &str = "4n2k/1p6/1b6/8/8/8/PPP5/K7 w - - 0 1";

#[test]
fn a_piece_freed_only_by_another_move_does_not_count() {
    assert!(own_due(FREED_LATER, 3));
    assert_eq!(verdict(FREED_LATER, "1. 3: Bc5 b5 Nf6 *"), "invalid 0 1");
    assert_eq!(verdict(FREED_LATER, "1. 3: a3 b3 c3 *"), "unfinished");
    assert_eq!(verdict(FREED_LATER, "1. 3: a3 b3 Kb1 *"), "unfinished");
    // The own series can go on: `--` is a false claim.
    assert_eq!(verdict(FREED_LATER, "1. 3: a3 b3 -- *"), "invalid 0 3");
    // Face 2: the knight and the bishop are enough.
    assert!(!own_due(FREED_LATER, 2));
    assert_eq!(verdict(FREED_LATER, "1. 2: Bc5 Nf6 *"), "unfinished");
    assert_eq!(verdict(FREED_LATER, "1. 2: a3 b3 *"), "invalid 0 1");
}

/// Black's bishop b7 is pinned by White's bishop c6 against Black's king: its only move is
/// `Bxc6#`, mate of White's king (g1 and h2 are White's own, and a dark-squared bishop cannot
/// cover the light diagonal). With Black's knight, two pieces can move: Black's are due.
const MATE_COUNTS: &str = "k3n3/1b6/2B5/8/8/8/7P/6BK w - - 0 1";
/// The same without White's bishop g1: `Bxc6+` is a check White's king escapes (Kg1), which
/// does not count; the knight alone is too few for face 2, so White's own pieces are due.
const CHECK_DOES_NOT_COUNT: &str = "k3n3/1b6/2B5/8/8/8/7P/7K w - - 0 1";

#[test]
fn a_mating_move_counts_and_a_check_that_does_not_mate_does_not() {
    assert!(!own_due(MATE_COUNTS, 2));
    assert_eq!(
        verdict(MATE_COUNTS, "1. 2: Bxc6# 1-0"),
        "finished white sacrifice-accomplished"
    );
    assert_eq!(
        verdict(MATE_COUNTS, "1. 2: Nf6 Bxc6# 1-0"),
        "finished white sacrifice-accomplished"
    );
    assert_eq!(verdict(MATE_COUNTS, "1. 2: h3 Kg2 *"), "invalid 0 1");

    assert!(own_due(CHECK_DOES_NOT_COUNT, 2));
    assert_eq!(
        verdict(CHECK_DOES_NOT_COUNT, "1. 2: Nf6 Bxc6 *"),
        "invalid 0 1"
    );
    assert_eq!(
        verdict(CHECK_DOES_NOT_COUNT, "1. 2: h3 Kg1 *"),
        "unfinished"
    );
}

/// Black's bishop f7 and pawn b4 can move: Black's pieces are due, and a whole series exists
/// (`b3 Bc4`), but `Bb3` first blocks the pawn.
const ORDER_BLOCKS: &str = "7N/5b2/k7/8/1p6/8/8/4K3 w - - 0 1";

#[test]
fn what_follows_a_series_lost_to_poverty_is_void() {
    // The order chosen leaves no continuation: lost there (R16), the rest void (R21), a move
    // of White's own included.
    assert!(!own_due(ORDER_BLOCKS, 2));
    for movetext in ["1. 2: Bb3 Kd2 *", "1. 2: Bb3 b3 *", "1. 2: Bb3 -- 0-1"] {
        assert_eq!(
            verdict(ORDER_BLOCKS, movetext),
            "finished black poverty-of-the-flesh",
            "{movetext}"
        );
    }
    assert_eq!(verdict(ORDER_BLOCKS, "1. 2: Kd2 *"), "invalid 0 1");
    // No complete series at the roll: the game ends there, and only a move of the side not due
    // is judged (invalid); a move of the pieces due, even one that gives a check that does not
    // mate, or an action that is no move, is void.
    let check = "k1n1b2R/8/8/5K2/8/8/P7/8 w - - 0 1";
    assert!(!own_due(check, 2));
    for movetext in ["1. 2: Nd6+ *", "1. 2: Bd7+ -- *", "1. 2: Q@d4 *"] {
        assert_eq!(
            verdict(check, movetext),
            "finished black poverty-of-the-flesh",
            "{movetext}"
        );
    }
    assert_eq!(verdict(check, "1. 2: Ke5 *"), "invalid 0 1");
}
