//! Faces 4-6: the sacrifice (Art. 6, R6, R7, R19), the resurrection (Art. 7, R8), the exposure (Art. 8, R9).

#[allow(unused_imports)]
use super::*;

// Art. 6, R6, R7: face 4.

#[test]
fn face_4_sacrificing_the_last_piece_is_nakedness() {
    let fen = "4k3/pppp4/8/8/8/8/8/N3K3 w - - 0 1";
    let r = replay(fen, "1. 4: -Na1");
    assert_eq!(
        finished(&r),
        (Color::White, Termination::Nakedness, "Art. 9.3", at(0, 1))
    );
    // No regular move follows nakedness: one written after it is void (R21).
    let verdict = referee::verify(&game(fen, "1. 4: -Na1 Kd2"));
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(verdict.winner, Some(Color::White));
    assert_eq!(verdict.void.map(|v| v.actions), Some(1));
}

/// White: Ka1, Pa2, Nh8. After the knight is gone, White has no legal move.
pub(super) const STALEMATE_AFTER_SACRIFICE: &str = "7N/8/8/8/8/p1k5/P2n4/K7 w - - 0 1";

#[test]
fn face_4_stalemate_after_the_sacrifice_wins() {
    let r = replay(STALEMATE_AFTER_SACRIFICE, "1. 4: -Nh8");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SweetStalemate,
            "Art. 9.1",
            at(0, 1)
        )
    );
}

#[test]
fn face_4_sacrificing_another_piece_leaves_a_move() {
    let r = replay(STALEMATE_AFTER_SACRIFICE, "1. 4: -a2 Ka2");
    unfinished(&r);
    // The regular move is missing: invalid when another turn follows (R16) ...
    let r = replay(STALEMATE_AFTER_SACRIFICE, "1. 4: -Pa2 1... 5: --");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (0, Article::Art6));
    // ... and the record stops there when it is the last turn.
    let r = replay(STALEMATE_AFTER_SACRIFICE, "1. 4: -Pa2");
    unfinished(&r);
    assert!(r.stopped.is_some(), "{r:?}");
}

#[test]
fn face_4_removal_exposing_ones_own_king() {
    let fen = "4r1k1/7p/8/8/8/8/3PB3/4K3 w - - 0 1";
    let r = replay(fen, "1. 4: -Be2");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::R6));
    // The same removal is allowed when it is mate: White mated in his own turn wins.
    let fen = "6k1/7p/8/8/8/8/6PP/rB5K w - - 0 1";
    let r = replay(fen, "1. 4: -Bb1#");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SacrificeAccomplished,
            "Art. 9.2",
            at(0, 1)
        )
    );
}

#[test]
fn face_4_the_last_pinned_piece_is_divine_nakedness() {
    // White's only piece besides the king is pinned: taking it off uncovers a check, but it
    // leaves White's king alone, and nakedness comes before the check rule (R19).
    let fen = "4r1k1/7p/8/8/8/8/4B3/4K3 w - - 0 1";
    assert_eq!(
        finished(&replay(fen, "1. 4: -Be2")),
        (Color::White, Termination::Nakedness, "Art. 9.3", at(0, 1))
    );
    // So a removal exists, and `--` is a false claim.
    assert_eq!(invalid(&replay(fen, "1. 4: --")).article, Article::R14);
    // With another piece on the board, removing the pinned one is the check rule's (R6).
    let fen = "4r1k1/p7/8/8/8/8/P3B3/4K3 w - - 0 1";
    assert_eq!(invalid(&replay(fen, "1. 4: -Be2")).article, Article::R6);
    // With another piece to give, the claim is false.
    let fen = "4r1k1/7p/8/8/8/8/P3B3/4K3 w - - 0 1";
    assert_eq!(invalid(&replay(fen, "1. 4: --")).article, Article::R14);
}

#[test]
fn face_4_wrong_letter_and_enemy_piece() {
    let r = replay(START, "1. 4: -Nc1 e4");
    assert_eq!(invalid(&r).article, Article::Art6);
    let r = replay(START, "1. 4: -Nb8 e4");
    assert!(invalid(&r).reason.contains("is Black"), "{:?}", r.outcome);
    let r = replay(START, "1. 4: -Ke1 e4");
    assert_eq!(invalid(&r).action, 1);
    let r = replay(START, "1. 4: -Nb1 Nf3");
    unfinished(&r);
    assert!(r.final_fen.contains("[N]"), "{}", r.final_fen);
}

// Art. 7, R8: face 5.

#[test]
fn face_5_the_highest_piece_must_come_back() {
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1";
    let r = replay(fen, "1. 5: R@d4");
    let v = invalid(&r);
    assert_eq!(v.article, Article::Art7);
    assert!(
        v.reason
            .contains("the pool holds a queen, so a queen must be resurrected"),
        "{}",
        v.reason
    );
    let r = replay(fen, "1. 5: Q@d4");
    unfinished(&r);
    assert_eq!(r.resolved[0].color, Color::Black);
    assert!(
        r.final_fen.starts_with("4k3/pppppppp/8/8/3q4/"),
        "{}",
        r.final_fen
    );
}

#[test]
fn face_5_no_check_to_the_rollers_king() {
    let fen = "4k3/p7/8/8/8/8/P7/4K2R[q] w - - 0 1";
    let r = replay(fen, "1. 5: Q@e4");
    let v = invalid(&r);
    assert_eq!(v.article, Article::Art7);
    assert!(v.reason.contains("would give check"), "{}", v.reason);
    unfinished(&replay(fen, "1. 5: Q@a8"));
}

#[test]
fn face_5_nothing_to_resurrect_passes_the_turn() {
    let r = replay("4k3/p7/8/8/8/8/P7/4K2R[] w - - 0 1", "1. 5: -- 1... 5: --");
    unfinished(&r);
    // Pawns are never resurrected.
    let r = replay("4k3/p7/8/8/8/8/P7/4K2R[pP] w - - 0 1", "1. 5: --");
    unfinished(&r);
    let r = replay("4k3/p7/8/8/8/8/P7/4K2R[pP] w - - 0 1", "1. 5: P@d4");
    assert_eq!(invalid(&r).article, Article::Art7);
}

#[test]
fn face_5_a_false_claim_of_nothing_is_invalid() {
    let r = replay("4k3/p7/8/8/8/8/P7/4K2R[q] w - - 0 1", "1. 5: --");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::R14));
}

#[test]
fn face_5_a_captured_promoted_queen_comes_back_as_a_queen() {
    // White sacrifices the a1 rook and promotes b8=Q; Black sacrifices h2 and takes the new
    // queen; White has only pawns of Black's to bring back; Black must bring back the queen.
    let fen = "8/1P5k/8/8/8/8/1r4Pp/R3K3[] w - - 0 1";
    let moves = "1. 4: -Ra1 b8=Q 1... 4: -h2 Rxb8 2. 5: --";
    let r = replay(fen, &format!("{moves} 2... 5: Q@a8"));
    unfinished(&r);
    let r = replay(fen, &format!("{moves} 2... 5: R@a8"));
    let v = invalid(&r);
    assert!(v.reason.contains("holds a queen"), "{}", v.reason);
}

// Art. 8, R9: face 6.

/// White: Ke1 with a knight on d2 and a bishop on f1 beside it.
pub(super) const TWO_BESIDE: &str = "7k/7p/8/8/8/8/P2N4/4KB2 w - - 0 1";

#[test]
fn face_6_in_either_order() {
    unfinished(&replay(TWO_BESIDE, "1. 6: Nb3 Bd3"));
    unfinished(&replay(TWO_BESIDE, "1. 6: Bd3 Nb3"));
    unfinished(&replay(TWO_BESIDE, "1. 6: Bh3 Nf3"));
}

#[test]
fn face_6_stopping_early_is_invalid() {
    // The record's last turn may stop early: unfinished there (R16).
    unfinished(&replay(TWO_BESIDE, "1. 6: Nb3"));
    let r = replay(TWO_BESIDE, "1. 6: Nb3 1... 5: --");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (0, Article::R9));
    assert!(
        v.reason.contains("the bishop on f1 can still leave"),
        "{}",
        v.reason
    );
}

#[test]
fn face_6_a_move_to_another_square_beside_the_king() {
    let r = replay(TWO_BESIDE, "1. 6: Be2 Nb3");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::Art8_2));
    assert_eq!(
        v.reason,
        "the bishop on f1 cannot leave the king's side: e2 is adjacent to e1"
    );
}

#[test]
fn face_6_a_piece_not_beside_the_king_or_moving_twice() {
    let r = replay(TWO_BESIDE, "1. 6: a3 Nb3 Bd3");
    assert_eq!(invalid(&r).article, Article::Art8);
    let r = replay(TWO_BESIDE, "1. 6: Nb3 Nd4 Bd3");
    assert_eq!((invalid(&r).action, invalid(&r).article), (2, Article::R9));
    assert!(
        invalid(&r).reason.contains("has already left"),
        "{:?}",
        r.outcome
    );
}

/// White: Ka1, a pawn on a2 and a knight on b1 beside it.
pub(super) const KNIGHT_AND_PAWN: &str = "7k/7p/8/8/8/8/P7/KN6 w - - 0 1";

#[test]
fn face_6_an_order_that_blocks_a_later_piece_is_complete() {
    // Na3 leaves the a2 pawn no move: the exposure is complete after one move (Art. 8.6).
    let r = replay(KNIGHT_AND_PAWN, "1. 6: Na3");
    unfinished(&r);
    // Nc3 leaves the pawn free: it must move too.
    let r = replay(KNIGHT_AND_PAWN, "1. 6: Nc3 1... 5: --");
    assert_eq!(invalid(&r).article, Article::R9);
    unfinished(&replay(KNIGHT_AND_PAWN, "1. 6: Nc3 a4"));
}

#[test]
fn face_6_castling_in_the_exposure_is_invalid() {
    let fen = "k7/p7/8/8/8/8/3N4/4K2R w K - 0 1";
    let r = replay(fen, "1. 6: O-O");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::R5));
}

#[test]
fn face_6_castling_in_the_fallback_move_is_allowed() {
    let fen = "k7/p7/8/8/8/8/8/4K2R w K - 0 1";
    let r = replay(fen, "1. 6: O-O");
    unfinished(&r);
    assert_eq!(
        r.resolved[0].uci.map(|u| u.to_string()).as_deref(),
        Some("e1g1")
    );
    assert_eq!(r.resolved[0].to, Some(Square::G1));
    // The fallback is one move only.
    let r = replay(fen, "1. 6: O-O Kh1");
    assert_eq!(invalid(&r).action, 2);
}

#[test]
fn face_6_with_no_move_at_all_is_a_stalemate_that_wins() {
    // White: Ka1 and a blocked a2 pawn; b1 and b2 are covered.
    let fen = "8/8/8/8/8/p1k5/P2n4/K7 w - - 0 1";
    let r = replay(fen, "1. 6: --");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::SweetStalemate,
            "Art. 9.1",
            at(0, 1)
        )
    );
    // A face 4 in the same position: the a2 pawn is the only piece to sacrifice, and leaves
    // the king naked.
    let r = replay(fen, "1. 4: -a2");
    assert_eq!(finished(&r).1, Termination::Nakedness);
}

#[test]
fn face_6_a_false_claim_of_nothing() {
    let r = replay(TWO_BESIDE, "1. 6: --");
    assert_eq!(invalid(&r).article, Article::R14);
}

#[test]
fn face_6_a_check_that_is_not_mate_during_the_exposure_loses() {
    // Black's king on e8: Bb5 gives check, Kd8 or Kf8... escapes.
    let fen = "4k3/7p/8/8/8/8/P2N4/4KB2 w - - 0 1";
    let r = replay(fen, "1. 6: Bb5+");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::ForbiddenCheck,
            "Art. 4.1",
            at(0, 1)
        )
    );
    unfinished(&replay(fen, "1. 6: Bd3 Nb3"));
}

#[test]
fn own_series_mating_the_opponent_ends_it_and_the_opponent_wins() {
    // Black cannot be played (king and a blocked pawn), so White plays his own: Rh8 mates.
    let fen = "k7/p7/P7/8/8/8/8/4K2R w - - 0 1";
    let r = replay(fen, "1. 2: Rh8#");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::LibertinesMercy,
            "Art. 10",
            at(0, 1)
        )
    );
}
