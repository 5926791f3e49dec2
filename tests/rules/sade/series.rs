//! Faces 1-3: self-mate (R2), non-mating checks (R3), whose pieces (R4, Art. 12), promotion (Art. 16).

#[allow(unused_imports)]
use super::*;

// R1, R2: checkmate of oneself during one's own series (Art. 9.2, 13.1).

/// Black: rook a8. White's king g1 behind three pawns: Black's Ra1 mates it.
pub(super) const BACK_RANK: &str = "r5k1/7p/8/8/8/8/5PPP/6K1 w - - 0 1";

#[test]
fn self_mate_on_the_first_move_of_a_series_ends_it_early() {
    let r = replay(BACK_RANK, "1. 2: Ra1#");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SacrificeAccomplished,
            "Art. 9.2",
            at(0, 1)
        )
    );
    assert_eq!(r.resolved.len(), 1);
    assert_eq!(r.resolved[0].color, Color::Black);
    assert_eq!(r.resolved[0].role, Role::Rook);
}

#[test]
fn self_mate_on_the_second_move_of_a_series() {
    let r = replay(BACK_RANK, "1. 2: h6 Ra1#");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SacrificeAccomplished,
            "Art. 9.2",
            at(0, 2)
        )
    );
}

#[test]
fn a_check_suffix_that_the_board_contradicts_is_only_informative() {
    // `Ra1` without `#` is the same move; the board decides that it mates.
    let r = replay(BACK_RANK, "1. 2: Ra1");
    assert_eq!(finished(&r).1, Termination::SacrificeAccomplished);
    // `h6+` gives no check: still accepted, and the series goes on.
    let r = replay(BACK_RANK, "1. 2: h6+ Rb8");
    unfinished(&r);
}

#[test]
fn nothing_may_follow_a_self_mate() {
    // What follows the end is void, not illegal (R21): the verdict is the mate, and it says
    // where the void actions start.
    let verdict = referee::verify(&game(BACK_RANK, "1. 2: Ra1# h6"));
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(
        verdict.termination,
        Some(Termination::SacrificeAccomplished)
    );
    let void = verdict.void.expect("a void action");
    assert_eq!(
        (void.actions, void.from.turn_index, void.from.action),
        (1, Some(0), 2)
    );
}

// R3: a non-mating check inside a series loses; elsewhere it is an illegal action.

/// As BACK_RANK, but f2 is empty: Ra1+ is check, not mate.
pub(super) const OPEN_BACK_RANK: &str = "r5k1/7p/8/8/8/8/6PP/6K1 w - - 0 1";

#[test]
fn non_mating_check_inside_a_series_loses_the_game_for_the_roller() {
    let r = replay(OPEN_BACK_RANK, "1. 2: Ra1+");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::ForbiddenCheck,
            "Art. 4.1",
            at(0, 1)
        )
    );
    let r = replay("r5k1/1p5p/8/8/8/8/6PP/6K1 w - - 0 1", "1. 3: h6 Ra1+");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::ForbiddenCheck,
            "Art. 4.1",
            at(0, 2)
        )
    );
}

#[test]
fn non_mating_check_on_face_1_is_an_illegal_action() {
    let r = replay(OPEN_BACK_RANK, "1. 1: Ra1+");
    let v = invalid(&r);
    assert_eq!(
        (v.action, v.article, v.face),
        (1, Article::R1, Some(Face::One))
    );
    assert!(
        v.reason
            .contains("Ra1 gives check to White's king that is not mate"),
        "{}",
        v.reason
    );
}

// R4, Art. 12: the opponent's pieces when the count at the roll finds N of them that can move;
// one's own otherwise.

#[test]
fn own_pieces_while_the_enemy_pieces_are_due_is_invalid() {
    let r = replay(START, "1. 3: e4 d4 Nf3");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::Art12_2));
    assert_eq!(
        v.reason,
        "Black's pieces are due: Black's pawns a7, b7 and c7 can move at the roll, and face 3 \
         asks for 3, so White may not play his own: e4 would move White's pawn"
    );
}

/// Black has a king and a pawn blocked by White's: no Black piece can move for White.
pub(super) const BLOCKED_ENEMY: &str = "7k/8/8/p7/P7/8/8/R3K3 w - - 0 1";

#[test]
fn own_pieces_when_no_enemy_series_exists() {
    let r = replay(BLOCKED_ENEMY, "1. 1: Kd2");
    unfinished(&r);
    assert_eq!(r.resolved[0].color, Color::White);
    assert!(r.final_fen.contains(" b "), "{}", r.final_fen);
}

#[test]
fn enemy_pieces_when_no_enemy_series_exists_is_invalid() {
    let r = replay(BLOCKED_ENEMY, "1. 1: Kg7");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::Art12_1));
    assert!(
        v.reason.contains("Kg7 would move Black's king"),
        "{}",
        v.reason
    );
}

#[test]
fn own_series_may_not_check_the_opponent() {
    // Ra1-h1 is check to Black's king on h8, not mate.
    let r = replay(BLOCKED_ENEMY, "1. 1: Rh1");
    assert_eq!(invalid(&r).article, Article::R1);
}

#[test]
fn the_same_enemy_piece_may_not_move_twice() {
    let r = replay(START, "1. 2: Nc6 Nb4");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (2, Article::Art2));
    assert!(v.reason.contains("has already moved"), "{}", v.reason);
}

#[test]
fn a_piece_that_already_moved_does_not_make_a_san_ambiguous() {
    // Black's knights on c3 and h3. After Nd5, both knights reach f4, but the one on d5 has
    // moved: `Nf4` names the h3 knight.
    let fen = "4k3/p7/8/8/8/2n4n/P7/4K3 w - - 0 1";
    let r = replay(fen, "1. 2: Nd5 Nf4");
    unfinished(&r);
    assert_eq!(r.resolved[1].from, Some(Square::H3));
    // Before either has moved, `Nf4`... is the h3 knight's alone; `Ne2` the c3 knight's.
    unfinished(&replay(fen, "1. 2: Ne2 Nf4"));
}

#[test]
fn the_enemy_king_is_never_moved_for_him() {
    let fen = "4k3/4p3/8/8/8/8/P7/4K3 w - - 0 1";
    let r = replay(fen, "1. 1: Kd7");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::Art4_2));
    // The enemy king never counts (R4): with nothing else that can move, White plays his own.
    let fen = "4k3/8/8/p7/P7/8/7P/4K3 w - - 0 1";
    let r = replay(fen, "1. 1: h3");
    unfinished(&r);
}

#[test]
fn castling_is_not_part_of_a_series() {
    // Black's king and rook could castle, but not when White plays them (R5).
    let fen = "4k2r/p7/8/8/8/8/P7/4K3 w k - 0 1";
    let r = replay(fen, "1. 1: O-O");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::R5));
}

// Art. 16: the player who moves a pawn chooses its promotion; the colour stays.

#[test]
fn promoting_an_enemy_pawn_then_being_mated_by_it() {
    let fen = "6k1/8/8/8/8/8/2p3PP/7K w - - 0 1";
    let r = replay(fen, "1. 1: c1=Q#");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SacrificeAccomplished,
            "Art. 9.2",
            at(0, 1)
        )
    );
    assert_eq!(r.resolved[0].color, Color::Black);
    assert_eq!(r.resolved[0].promotion, Some(Role::Queen));
    // Promoting to a knight is the roller's choice too: no check, the game goes on.
    unfinished(&replay(fen, "1. 1: c1=N"));
}

#[test]
fn promoting_an_enemy_pawn_with_a_check_that_is_not_mate() {
    let fen = "6k1/8/8/8/8/8/2p4P/7K w - - 0 1";
    let r = replay(fen, "1. 1: c1=Q+");
    assert_eq!(invalid(&r).article, Article::R1);
}
