//! Marquis de Sade chess: each ruling (R1–R14) and Article, accepted and rejected, from positions
//! set up so that the situation arises at once.

use sade_ref::rules::Article;
use std::ops::ControlFlow;

use sade_ref::parse::parse_str;
use sade_ref::record::{Action, ActionKind, DieFace, Game, Item, MoveNumber, Side, Span, Turn};
use sade_ref::referee::{self, Status};
use sade_ref::rules::sade::{self, State, TurnOutcome};
use sade_ref::rules::{ActionRef, Outcome, Replay, Termination, Violation};
use shakmaty::{Color, Role, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn game(fen: &str, movetext: &str) -> Game {
    let text = format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n{movetext} *\n");
    let mut games = parse_str(&text);
    assert_eq!(games.len(), 1, "{text}");
    match games.remove(0) {
        Ok(game) => game,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn replay(fen: &str, movetext: &str) -> Replay {
    sade::replay(&game(fen, movetext), sade_ref::rules::Detail::Annotated)
}

#[track_caller]
fn finished(replay: &Replay) -> (Color, Termination, &'static str, ActionRef) {
    match &replay.outcome {
        Outcome::Finished {
            winner: Some(winner),
            termination,
            article,
            at,
        } => (
            *winner,
            *termination,
            article.cite(),
            at.unwrap_or(ActionRef {
                turn_index: 0,
                action: 0,
            }),
        ),
        other => panic!("expected a finished game, got {other:?}"),
    }
}

#[track_caller]
fn invalid(replay: &Replay) -> &Violation {
    match &replay.outcome {
        Outcome::Invalid(violation) => violation,
        other => panic!("expected an invalid record, got {other:?}"),
    }
}

#[track_caller]
fn unfinished(replay: &Replay) {
    assert_eq!(replay.outcome, Outcome::Unfinished, "{replay:#?}");
}

fn at(turn_index: usize, action: usize) -> ActionRef {
    ActionRef { turn_index, action }
}

// R1, R2: checkmate of oneself during one's own series (Art. 9.2, 13.1).

/// Black: rook a8. White's king g1 behind three pawns: Black's Ra1 mates it.
const BACK_RANK: &str = "r5k1/7p/8/8/8/8/5PPP/6K1 w - - 0 1";

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
const OPEN_BACK_RANK: &str = "r5k1/7p/8/8/8/8/6PP/6K1 w - - 0 1";

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
    assert_eq!((v.action, v.article, v.face), (1, Article::R1, Some(1)));
    assert!(
        v.reason
            .contains("Ra1 gives check to White's king that is not mate"),
        "{}",
        v.reason
    );
}

// R4, Art. 12: the opponent's pieces first; one's own only when theirs cannot.

#[test]
fn own_pieces_while_the_enemy_series_was_possible_is_invalid() {
    let r = replay(START, "1. 3: e4 d4 Nf3");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::Art12_2));
    assert!(
        v.reason
            .starts_with("Black's pieces could be played (e.g. ")
            && v.reason.contains("so White may not play his own"),
        "{}",
        v.reason
    );
}

/// Black has a king and a pawn blocked by White's: no Black piece can move for White.
const BLOCKED_ENEMY: &str = "7k/8/8/p7/P7/8/8/R3K3 w - - 0 1";

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
    // The enemy king alone does not make an enemy series possible: White plays his own.
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
const STALEMATE_AFTER_SACRIFICE: &str = "7N/8/8/8/8/p1k5/P2n4/K7 w - - 0 1";

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
const TWO_BESIDE: &str = "7k/7p/8/8/8/8/P2N4/4KB2 w - - 0 1";

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
const KNIGHT_AND_PAWN: &str = "7k/7p/8/8/8/8/P7/KN6 w - - 0 1";

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
    assert_eq!(r.resolved[0].uci.as_deref(), Some("e1g1"));
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

// R12: no draws.

#[test]
fn a_drawn_result_is_invalid_in_sade() {
    let text = format!("[Variant \"Sade\"]\n[FEN \"{START}\"]\n\n1. 1: e5 1/2-1/2\n");
    let game = parse_str(&text).remove(0).expect("a game");
    let verdict = referee::verify(&game);
    assert_eq!(verdict.status, Status::Invalid);
    assert_eq!(verdict.error.map(|e| e.article), Some(Article::Art17));
}

// R10: nakedness, whoever caused it.

#[test]
fn nakedness_caused_by_the_roller_with_the_opponents_piece() {
    let fen = "4k3/8/8/8/8/r7/4K3/N7 w - - 0 1";
    let r = replay(fen, "1. 1: Rxa1");
    assert_eq!(
        finished(&r),
        (Color::White, Termination::Nakedness, "Art. 9.3", at(0, 1))
    );
}

#[test]
fn nakedness_caused_by_the_opponent() {
    let fen = "4k3/7p/8/8/8/r7/4K3/N7 b - - 0 1";
    let r = replay(fen, "1... 4: -h7 Rxa1");
    assert_eq!(
        finished(&r),
        (Color::White, Termination::Nakedness, "Art. 9.3", at(0, 2))
    );
}

// R11: en passant and castling rights, whoever moves.

const EN_PASSANT: &str = "4k3/3p3p/8/4P3/8/8/P7/4K3[] w - - 0 1";

#[test]
fn en_passant_as_the_very_next_action_by_the_other_player() {
    // White plays Black's d-pawn two squares; Black, next, plays White's e5 pawn: exd6 e.p.
    let r = replay(EN_PASSANT, "1. 1: d5 1... 1: exd6");
    unfinished(&r);
    assert_eq!(r.resolved[1].color, Color::White);
    assert_eq!(r.resolved[1].captured, Some(Role::Pawn));
    assert!(r.final_fen.contains("[p]"), "{}", r.final_fen);
}

#[test]
fn en_passant_one_action_late() {
    let r = replay(EN_PASSANT, "1. 2: d5 h6 1... 1: exd6");
    let v = invalid(&r);
    assert_eq!((v.turn_index, v.action, v.article), (1, 1, Article::R11));
    assert!(
        v.reason.contains("only the very next action"),
        "{}",
        v.reason
    );
}

/// White: Ke1, Rh1 with the king-side right, pawns b2 c2 d2. Black rolls first.
const CASTLING: &str = "k7/p7/8/8/8/8/1PPP4/4K2R b K - 0 1";

#[test]
fn castling_right_lost_to_a_rook_the_opponent_moved() {
    let r = replay(
        CASTLING,
        "1... 1: Rg1 2. 4: -Pb2 Rh1 2... 1: c3 3. 4: -Pd2 O-O",
    );
    let v = invalid(&r);
    assert_eq!((v.turn_index, v.action), (3, 2));
}

#[test]
fn castling_right_lost_is_named_in_the_reason() {
    let r = replay(
        CASTLING,
        "1... 1: Rg1 2. 4: -Pb2 Rh1 2... 1: c3 3. 4: -Pd2 O-O",
    );
    let v = invalid(&r);
    assert_eq!(v.article, Article::R11);
    assert!(
        v.reason.contains("White may no longer castle king-side"),
        "{}",
        v.reason
    );
}

#[test]
fn castling_right_kept_when_nobody_moved_king_or_rook() {
    let r = replay(CASTLING, "1... 1: c3 2. 4: -Pd2 O-O");
    unfinished(&r);
}

// R14, Art. 5, 13.2: `--` is a claim.

#[test]
fn poverty_of_the_flesh_when_no_series_exists() {
    // Black has one piece besides the king, White two pieces including the king: face 3 is
    // impossible both ways.
    let fen = "7k/p7/8/8/8/8/7P/4K3 w - - 0 1";
    let r = replay(fen, "1. 3: --");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::PovertyOfTheFlesh,
            "Art. 5",
            at(0, 1)
        )
    );
}

#[test]
fn a_false_claim_of_impossibility_is_invalid() {
    let r = replay(START, "1. 1: --");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (1, Article::R14));
}

/// White: Kh1, Nb1, Pa2; Black: Kh8, Pa7. Face 3 with White's own pieces.
const OWN_THREE: &str = "7k/p7/8/8/8/8/P7/1N5K w - - 0 1";

#[test]
fn a_series_started_that_cannot_be_finished_loses() {
    // Na3 blocks the pawn: after it, two different pieces can no longer move. The record says
    // so with `--` ...
    let r = replay(OWN_THREE, "1. 3: Na3 --");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::PovertyOfTheFlesh,
            "Art. 13.2",
            at(0, 2)
        )
    );
    // ... and White lost at that moment whatever is written after it (R16): Kg2 is void.
    let r = replay(OWN_THREE, "1. 3: Na3 Kg2 --");
    assert_eq!(
        finished(&r),
        (
            Color::Black,
            Termination::PovertyOfTheFlesh,
            "Art. 13.2",
            at(0, 1)
        )
    );
    let verdict = referee::verify(&game(OWN_THREE, "1. 3: Na3 Kg2 --"));
    assert_eq!(verdict.void.map(|v| v.actions), Some(2));
    // A record that stops there, as its last turn, is the same loss (R16).
    let r = replay(OWN_THREE, "1. 3: Na3");
    assert_eq!(finished(&r).3, at(0, 1));
}

#[test]
fn a_series_that_can_go_on_may_not_be_abandoned() {
    let r = replay(OWN_THREE, "1. 3: Nc3 --");
    let v = invalid(&r);
    assert_eq!((v.action, v.article), (2, Article::R14));
    let r = replay(OWN_THREE, "1. 3: Nc3 a4 1... 5: --");
    let v = invalid(&r);
    assert_eq!(v.action, 0, "the series stops after two moves");
}

// Art. 2: every turn has a die face; players alternate.

#[test]
fn a_turn_without_a_die_face_is_invalid() {
    let mut g = game(START, "1. 1: e5");
    g.turns.push(Turn {
        number: MoveNumber {
            number: 1,
            side: Side::Black,
        },
        face: None,
        items: vec![Item::Action(Action::new(ActionKind::San(
            "e4".parse().expect("SAN"),
        )))],
        span: Span::default(),
    });
    let r = sade::replay(&g, sade_ref::rules::Detail::Annotated);
    let v = invalid(&r);
    assert_eq!((v.turn_index, v.action, v.article), (1, 0, Article::Art2));
}

#[test]
fn a_label_for_the_wrong_player_is_a_note() {
    let mut g = game(START, "1. 1: e5");
    g.turns.push(Turn {
        number: MoveNumber {
            number: 2,
            side: Side::White,
        },
        face: Some(DieFace {
            value: 1,
            span: Span::default(),
        }),
        items: vec![Item::Action(Action::new(ActionKind::San(
            "e4".parse().expect("SAN"),
        )))],
        span: Span::default(),
    });
    // The turn is Black's, whatever its label says (R13, R18): judged as 1..., with a note.
    let r = sade::replay(&g, sade_ref::rules::Detail::Annotated);
    unfinished(&r);
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("2.") && n.contains("1...")),
        "{:?}",
        r.notes
    );
}

// R2: the Libertine's Mercy, mate by the opponent's hand.

#[test]
fn mated_by_the_opponent_in_his_regular_move_wins() {
    // Black rolls 4, sacrifices a pawn, and mates White with Ra1: White wins (Art. 10).
    let fen = "r5k1/7p/8/8/8/8/5PPP/6K1 b - - 0 1";
    let r = replay(fen, "1... 4: -h7 Ra1#");
    assert_eq!(
        finished(&r),
        (
            Color::White,
            Termination::LibertinesMercy,
            "Art. 10",
            at(0, 2)
        )
    );
}

// The replay's by-products.

#[test]
fn resolved_actions_and_fens_carry_the_pocket() {
    let r = replay(START, "1. 2: e5 Nc6 1... 4: -Ng8 Nd4");
    unfinished(&r);
    assert_eq!(r.resolved.len(), 4);
    assert_eq!(r.resolved[0].color, Color::Black);
    assert_eq!(r.resolved[0].uci.as_deref(), Some("e7e5"));
    assert_eq!(r.resolved[2].from, Some(Square::G8));
    assert_eq!(r.resolved[2].to, None);
    assert_eq!(r.resolved[3].color, Color::Black, "Black's regular move");
    assert_eq!(
        r.final_fen,
        "r1bqkb1r/pppp1ppp/8/4p3/3n4/8/PPPPPPPP/RNBQKBNR[n] w KQkq - 1 2"
    );
    // Within a turn the FEN names the player still acting; after it, the next one.
    assert!(r.resolved[0].fen_after.contains(" w "));
    assert!(r.resolved[1].fen_after.contains(" b "));
}

// The search and the referee agree.

/// Every fulfilment the search lists is a turn the referee accepts with the same ending.
fn listed_turns_are_accepted(fen: &str, face: u8) -> usize {
    let state = State::from_game(&game(fen, "")).expect("a playable start");
    let all = sade::fulfilments(&state, face).expect("analysable");
    for f in &all {
        let items = f
            .actions(&state)
            .into_iter()
            .map(|kind| Item::Action(Action::new(kind)))
            .collect();
        let turn = Turn {
            number: MoveNumber {
                number: 1,
                side: if state.roller() == Color::White {
                    Side::White
                } else {
                    Side::Black
                },
            },
            face: Some(DieFace {
                value: face,
                span: Span::default(),
            }),
            items,
            span: Span::default(),
        };
        let played = sade::play_turn(&state, &turn);
        match (&played.outcome, f.end) {
            (TurnOutcome::Complete, None) => {}
            (TurnOutcome::Finished { end, action }, Some(expected)) => {
                assert_eq!(*end, expected);
                assert_eq!(*action, f.steps.len());
            }
            (other, _) => panic!("{fen} face {face}: {f:?} was listed but played as {other:?}"),
        }
    }
    all.len()
}

#[test]
fn search_lists_only_turns_the_referee_accepts() {
    for (fen, face) in [
        (BACK_RANK, 2),
        (OPEN_BACK_RANK, 2),
        (BLOCKED_ENEMY, 1),
        (STALEMATE_AFTER_SACRIFICE, 4),
        (TWO_BESIDE, 6),
        (KNIGHT_AND_PAWN, 6),
        (EN_PASSANT, 3),
        (OWN_THREE, 3),
        ("4k3/p7/8/8/8/8/P7/4K2R[q] w - - 0 1", 5),
        ("4k3/p7/8/8/8/8/P7/4K2R[] w - - 0 1", 5),
        ("8/8/8/8/8/p1k5/P2n4/K7 w - - 0 1", 6),
        ("k7/p7/8/8/8/8/8/4K2R w K - 0 1", 6),
    ] {
        assert!(
            listed_turns_are_accepted(fen, face) > 0,
            "{fen} face {face}"
        );
    }
}

fn turn_of(state: &State, face: u8, actions: &[ActionKind]) -> Turn {
    Turn {
        number: MoveNumber {
            number: 1,
            side: if state.roller() == Color::White {
                Side::White
            } else {
                Side::Black
            },
        },
        face: Some(DieFace {
            value: face,
            span: Span::default(),
        }),
        items: actions
            .iter()
            .cloned()
            .map(|kind| Item::Action(Action::new(kind)))
            .collect(),
        span: Span::default(),
    }
}

/// Whether the referee accepts a turn as a fulfilment, or (`None`) accepts its actions so far
/// but wants more, with the state reached.
fn judge(state: &State, face: u8, actions: &[ActionKind]) -> (Option<bool>, State) {
    let played = sade::play_turn(state, &turn_of(state, face, actions));
    let verdict = match played.outcome {
        TurnOutcome::Complete => Some(true),
        TurnOutcome::Finished { end, action } => {
            Some(end.is_fulfilment() && action == actions.len())
        }
        TurnOutcome::Invalid { action: 0, .. } | TurnOutcome::Stopped { .. } => None,
        TurnOutcome::Invalid { .. } => Some(false),
    };
    (verdict, played.state)
}

/// Every action a face could be written with (every legal move of either colour, every
/// sacrifice, every resurrection, `--`), one or two deep: the referee accepts a turn (without
/// the roller losing by it) exactly when the search lists it.
#[test]
fn the_referee_accepts_exactly_what_the_search_lists() {
    for (fen, face) in [
        (BACK_RANK, 1),
        (BACK_RANK, 2),
        (OPEN_BACK_RANK, 2),
        (BLOCKED_ENEMY, 1),
        (BLOCKED_ENEMY, 2),
        ("6k1/8/8/8/8/8/2p3PP/7K w - - 0 1", 1),
        (EN_PASSANT, 2),
        (STALEMATE_AFTER_SACRIFICE, 4),
        ("4r1k1/7p/8/8/8/8/3PB3/4K3 w - - 0 1", 4),
        ("4k3/p7/8/8/8/8/P7/4K2R[q] w - - 0 1", 5),
        ("4k3/p7/8/8/8/8/P7/4K2R[R] b - - 0 1", 5),
        (TWO_BESIDE, 6),
        (KNIGHT_AND_PAWN, 6),
        ("k7/p7/8/8/8/8/3N4/4K2R w K - 0 1", 6),
        ("8/8/8/8/8/p1k5/P2n4/K7 w - - 0 1", 6),
    ] {
        let state = State::from_game(&game(fen, "")).expect("a playable start");
        let listed: Vec<Vec<ActionKind>> = sade::fulfilments(&state, face)
            .expect("analysable")
            .iter()
            .map(|f| f.actions(&state))
            .collect();
        let mut accepted = Vec::new();
        for first in candidate_actions(&state) {
            let (verdict, after) = judge(&state, face, std::slice::from_ref(&first));
            match verdict {
                Some(true) => accepted.push(vec![first]),
                Some(false) => {}
                None => {
                    for second in candidate_actions(&after) {
                        let pair = vec![first.clone(), second];
                        if judge(&state, face, &pair).0 == Some(true) {
                            accepted.push(pair);
                        }
                    }
                }
            }
        }
        for actions in &accepted {
            assert!(
                listed.contains(actions),
                "{fen} face {face}: {actions:?} accepted but not listed"
            );
        }
        let short: Vec<&Vec<ActionKind>> = listed.iter().filter(|l| l.len() <= 2).collect();
        for l in &short {
            assert!(
                accepted.contains(l),
                "{fen} face {face}: {l:?} listed but not accepted"
            );
        }
        assert_eq!(short.len(), accepted.len(), "{fen} face {face}");
        assert!(!accepted.is_empty(), "{fen} face {face}");
    }
}

/// Any legal move of either colour (in SAN, as that colour's move), every piece of the
/// roller's to sacrifice, every resurrection of every role on every empty square, and `--`;
/// each once.
fn candidate_actions(state: &State) -> Vec<ActionKind> {
    use shakmaty::Position;
    let mut actions = vec![ActionKind::Nothing {}];
    let mut push = |a: ActionKind| {
        if !actions.contains(&a) {
            actions.push(a);
        }
    };
    for color in Color::ALL {
        if let Ok(pos) = state.position(color) {
            for m in pos.legal_moves() {
                let san = shakmaty::san::San::from_move(&pos, m).to_string();
                push(ActionKind::San(san.parse().expect("SAN")));
            }
        }
    }
    for (square, piece) in state.board().clone() {
        if piece.color == state.roller() {
            push(ActionKind::Sacrifice {
                role: Some(piece.role),
                square,
            });
        }
    }
    for square in !state.board().occupied() {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            push(ActionKind::Resurrection { role, square });
        }
    }
    actions
}

#[test]
fn has_fulfilment_stops_at_the_first() {
    let state = State::from_game(&game(START, "")).expect("start");
    let mut seen = 0;
    let flow = sade::visit_fulfilments(&state, 3, |_| {
        seen += 1;
        ControlFlow::Break(())
    })
    .expect("analysable");
    assert!(flow.is_break());
    assert_eq!(seen, 1);
    assert!(sade::has_fulfilment(&state, 3).expect("analysable"));
}

/// Timing of the heaviest face-3 searches with the roller's own pieces (run with
/// `cargo test --release -- --ignored slowest_face_3 --nocapture`).
#[test]
#[ignore = "a measurement, not a check"]
fn slowest_face_3_own_mode_searches() {
    // Black: king a8 and a pawn a7 blocked by White's a6: no Black piece can move, so White
    // plays his own. White: about a hundred moves over eight pieces.
    let open = "k7/p7/P7/8/2BQ1B2/2N2N2/8/2R1K2R w - - 0 1";
    // White: two queens, a king with no square, blocked pawns: only the queens can move (unless
    // one takes h3 and frees g2), so most pairs of queen moves are tried.
    let two_queens = "k7/p7/P3Q3/2b5/8/7p/1Q5P/7K w - - 0 1";
    for (name, fen) in [("open", open), ("two queens", two_queens)] {
        let state = State::from_game(&game(fen, "")).expect("a playable start");
        let t = std::time::Instant::now();
        let exists = sade::has_fulfilment(&state, 3).expect("analysable");
        let first = t.elapsed();
        let t = std::time::Instant::now();
        let mut count = 0u64;
        let _ = sade::visit_fulfilments(&state, 3, |_| {
            count += 1;
            ControlFlow::Continue(())
        })
        .expect("analysable");
        println!(
            "{name}: exists {exists} in {first:?}; all {count} fulfilments in {:?}",
            t.elapsed()
        );
    }
}
