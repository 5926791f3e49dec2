//! Marseillais chess, ruling by ruling (M1–M7): for each, a record the referee accepts and one
//! it rejects (or a game it ends).

use sade_ref::record::GameResult;
use sade_ref::referee::{Status, verify};
use sade_ref::rules::Article;
use sade_ref::rules::{Replay, ReplayStatus, Termination, marseillais};
use shakmaty::Color;

use crate::rules::standard::rulings::{finished, grouped_game, violation};

const BALANCED: (&str, &str) = ("Variant", "Marseillais");
const CLASSICAL: (&str, &str) = ("Variant", "Marseillais Classical");

fn balanced(movetext: &str) -> Replay {
    marseillais::replay(
        &grouped_game(&[BALANCED], movetext),
        sade_ref::rules::Detail::Annotated,
    )
}

fn from_fen(fen: &str, movetext: &str) -> Replay {
    marseillais::replay(
        &grouped_game(&[BALANCED, ("FEN", fen)], movetext),
        sade_ref::rules::Detail::Annotated,
    )
}

fn colors(replay: &Replay) -> Vec<Color> {
    replay.resolved.iter().map(|r| r.color).collect()
}

fn ended_at(replay: &Replay) -> (usize, usize) {
    match &replay.outcome {
        ReplayStatus::Finished { at, .. } => at.map_or((0, 0), |at| (at.turn_index, at.action)),
        other => panic!("expected a finished game, got {other:?}"),
    }
}

use Color::{Black as B, White as W};

// --- M1: turns and their moves ---------------------------------------------------------------

#[test]
fn m1_moves_without_numbers_are_split_by_the_rules() {
    // `e4 e5 d5 2. exd5 Nf3`: White [e4], Black [e5 d5], White [exd5 Nf3].
    let replay = balanced("e4 e5 d5 2. exd5 Nf3 *");
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(colors(&replay), vec![W, B, B, W, W]);
    let numbered = balanced("1. e4 1... e5 d5 2. exd5 Nf3 *");
    assert_eq!(numbered.final_fen, replay.final_fen);
    assert_eq!(
        replay.final_fen,
        "rnbqkbnr/ppp2ppp/8/3Pp3/8/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn m8_the_first_turn_labelled_1_is_one_turn_without_spans_too() {
    // The record says the number was written (no `unnumbered` mark): the group `1.` is
    // White's turn, whatever its spans (none here, as in JSON), and e5 is a move too many.
    let v = violation(&balanced("1. e4 e5 d5 2. exd5 Nf3 *")).clone();
    assert_eq!(
        (v.turn_index, v.action, v.side, v.article),
        (0, 2, W, Article::M1)
    );
    assert!(v.reason.contains("has one move"), "{}", v.reason);
}

#[test]
fn m1_a_turn_cut_short_by_a_move_number_is_invalid() {
    let replay = balanced("1. e4 1... e5 2. Nf3 Nc3 *");
    let v = violation(&replay);
    assert_eq!(
        (v.turn_index, v.action, v.side, v.article),
        (1, 0, B, Article::M1)
    );
    assert!(v.reason.contains("one move (e5)"), "{}", v.reason);
}

#[test]
fn m8_a_move_number_for_the_wrong_side_is_a_note() {
    // After Black's full turn it is White's: the group labelled 2... is judged as White's turn
    // (M8, R18), with a note, and Nf6 is not a move of White's.
    let replay = balanced("1. e4 1... e5 d5 2... Nf6 *");
    let v = violation(&replay);
    assert_eq!(
        (v.turn_index, v.action, v.side, v.article),
        (2, 1, W, Article::Fide3)
    );
    assert!(
        replay
            .notes
            .iter()
            .any(|n| n.contains("2...") && n.contains("White")),
        "{:?}",
        replay.notes
    );
}

#[test]
fn m1_the_balanced_first_turn_has_one_move_the_classical_two() {
    let classical = marseillais::replay(
        &grouped_game(&[CLASSICAL], "1. e4 d4 1... e5 d5 *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(classical.outcome, ReplayStatus::Unfinished);
    assert_eq!(colors(&classical), vec![W, W, B, B]);
    // Balanced, without numbers: d4 is read as Black's first move, which no black pawn can
    // make.
    let v = violation(&balanced("e4 d4 1... e5 d5 *")).clone();
    assert_eq!((v.turn_index, v.action, v.side), (0, 2, B));
    assert!(v.reason.starts_with("d4 is not legal"), "{}", v.reason);
    // In the group `1.` it is a second move of White's first turn, which has one (M1, M8).
    let v = violation(&balanced("1. e4 d4 1... e5 d5 *")).clone();
    assert_eq!((v.turn_index, v.action, v.side), (0, 2, W));
    assert!(v.reason.contains("has one move"), "{}", v.reason);
}

// --- M2: check ends the turn; escape with the first move ------------------------------------

const ROOK_AND_KING: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

#[test]
fn m2_a_check_with_the_first_move_ends_the_turn() {
    let replay = from_fen(ROOK_AND_KING, "Ra8+ Kd7 Kd6 2. Ra6+ *");
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(colors(&replay), vec![W, B, B, W]);
}

#[test]
fn m2_a_second_move_after_a_checking_first_move_is_invalid() {
    // Without numbers, Ra7 is Black's first move, and the reason says why the turn changed.
    let v = violation(&from_fen(ROOK_AND_KING, "Ra8+ Ra7 *")).clone();
    assert_eq!(
        (v.turn_index, v.action, v.side, v.article),
        (0, 2, B, Article::M2)
    );
    assert!(
        v.reason.contains("ended with the check Ra8"),
        "{}",
        v.reason
    );
}

#[test]
fn m2_a_player_in_check_must_escape_with_the_first_move() {
    let in_check = "4k3/p7/8/8/8/8/8/4RK2 b - - 0 1";
    let ok = from_fen(in_check, "1... Kd7 a6 *");
    assert_eq!(ok.outcome, ReplayStatus::Unfinished);
    let v = violation(&from_fen(in_check, "1... a6 Kd7 *")).clone();
    assert_eq!((v.action, v.side, v.article), (1, B, Article::M2));
}

#[test]
fn m2_the_king_may_not_step_into_check_and_out_again() {
    // Kd1 walks into the d2 rook's attack; Kc1 would leave it, too late.
    let v = violation(&from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "1. Kd1 Kc1 *")).clone();
    assert_eq!((v.action, v.article), (1, Article::M2));
    assert!(v.reason.contains("into check"), "{}", v.reason);
}

// --- M3: no second move, mate and stalemate -------------------------------------------------

/// White's king on b1 is in check from the d2 knight; Ka1 escapes into a box (a2: bishop,
/// b1: knight, b2: king), Kc1 escapes with Kd1 to follow.
const BOXED: &str = "8/8/8/8/2b5/2k5/3n4/1K6 w - - 0 1";
/// As BOXED, with a knight on d3 that covers c1: Ka1 is the only move, and no full turn exists.
const NO_FULL_TURN: &str = "8/8/8/8/2b5/2kn4/3n4/1K6 w - - 0 1";

#[test]
fn m3_a_first_move_without_a_second_is_invalid_when_a_full_turn_exists() {
    let v = violation(&from_fen(BOXED, "1. Ka1 *")).clone();
    assert_eq!((v.action, v.side, v.article), (1, W, Article::M3));
    assert!(v.reason.contains("e.g. Kc1 Kd1"), "{}", v.reason);
    assert_eq!(
        from_fen(BOXED, "1. Kc1 Kd1 *").outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn m3_no_full_turn_is_stalemate() {
    let replay = from_fen(NO_FULL_TURN, "1. Ka1 1/2-1/2");
    assert_eq!(finished(&replay), Some((None, Termination::Stalemate)));
    assert_eq!(ended_at(&replay), (0, 1));
    // The record may also stop before the first move.
    let replay = from_fen(NO_FULL_TURN, "1/2-1/2");
    assert_eq!(finished(&replay), Some((None, Termination::Stalemate)));
}

#[test]
fn m3_in_check_without_a_legal_first_move_is_mate() {
    let replay = balanced("1. e4 1... f6 g5 2. Qh5# 1-0");
    assert_eq!(finished(&replay), Some((Some(W), Termination::Checkmate)));
    assert_eq!(ended_at(&replay), (2, 1));
    let verdict = verify(&grouped_game(&[BALANCED], "1. e4 1... f6 g5 2. Qh5# 1-0"));
    assert_eq!((verdict.status, verdict.dispute), (Status::Finished, None));
}

// --- M4: en passant across a two-move turn --------------------------------------------------

/// Black double-steps twice (e7-e5, h7-h5) past White's pawns on d5 and g5.
const TWO_DOUBLE_STEPS: &str = "4k3/4p2p/8/3P2P1/8/8/8/4K3 b - - 0 1";

#[test]
fn m4_both_double_steps_may_be_taken_the_second_right_after_the_first() {
    let replay = from_fen(TWO_DOUBLE_STEPS, "1... e5 h5 2. dxe6 gxh6 *");
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(replay.final_fen, "4k3/8/4P2P/8/8/8/8/4K3 b - - 0 2");
    // Either pawn first.
    let other_order = from_fen(TWO_DOUBLE_STEPS, "1... e5 h5 2. gxh6 dxe6 *");
    assert_eq!(other_order.final_fen, replay.final_fen);
    // The first double step, with the first move only.
    let first = from_fen(TWO_DOUBLE_STEPS, "1... e5 h5 2. dxe6 Kd2 *");
    assert_eq!(first.outcome, ReplayStatus::Unfinished);
}

#[test]
fn m4_en_passant_with_the_second_move_needs_a_first_en_passant_capture() {
    let v = violation(&from_fen(TWO_DOUBLE_STEPS, "1... e5 h5 2. Kd2 gxh6 *")).clone();
    assert_eq!(
        (v.turn_index, v.action, v.side, v.article),
        (1, 2, W, Article::M4)
    );
}

#[test]
fn m4_en_passant_only_at_once() {
    let late = "1... e5 h5 2. Kd2 Kd1 2... Kd8 Ke8 3. dxe6 *";
    let v = violation(&from_fen(TWO_DOUBLE_STEPS, late)).clone();
    assert_eq!((v.turn_index, v.action, v.article), (3, 1, Article::M4));
}

// --- M5: castling ---------------------------------------------------------------------------

const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn m5_castling_is_one_move_of_the_turn() {
    let replay = from_fen(CASTLES, "1. O-O Rf2 1... O-O-O Rd2 *");
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(replay.final_fen, "2k4r/8/8/8/8/8/3r1R2/R5K1 w - - 4 2");
    // The other rook moved: king-side castling is still allowed.
    assert_eq!(
        from_fen(CASTLES, "1. Rb1 O-O *").outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn m5_a_rook_that_moved_earlier_in_the_turn_lost_the_right() {
    let v = violation(&from_fen(CASTLES, "1. Rg1 O-O *")).clone();
    assert_eq!((v.action, v.article), (2, Article::M5));
    assert_eq!(
        v.reason,
        "O-O is not legal: White's king or rook moved earlier in this turn"
    );
}

// --- M6: draws at once ------------------------------------------------------------------------

#[test]
fn m6_the_same_position_at_the_start_of_a_turn_for_the_third_time() {
    let cycle = "Ra2 Ra1 Kd8 Ke8";
    let _ = cycle;
    let cycle = |n: u32| format!("{n}. Ra2 Ra1 {n}... Kd8 Ke8");
    let twice = format!("{} {} *", cycle(1), cycle(2));
    let replay = from_fen(ROOK_AND_KING, &twice);
    // The draw comes after Black's second Ke8.
    assert_eq!(
        finished(&replay),
        Some((None, Termination::ThreefoldRepetition))
    );
    assert_eq!(ended_at(&replay), (3, 2));
    let once = from_fen(ROOK_AND_KING, &format!("{} 2. Ra2 Ra1 *", cycle(1)));
    assert_eq!(once.outcome, ReplayStatus::Unfinished);
    // What follows the draw is void (R21).
    let game = grouped_game(
        &[BALANCED, ("FEN", ROOK_AND_KING)],
        &format!("{} {} 3. Ra2 *", cycle(1), cycle(2)),
    );
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(verdict.void.map(|v| v.actions), Some(1));
}

#[test]
fn m6_fifty_turns_each_without_capture_or_pawn_move() {
    // The FEN's clock, 196 single moves, is 98 turns; two more quiet turns make 100.
    let fen = "4k3/8/8/8/8/8/P7/R3K3 w - - 196 80";
    let replay = from_fen(fen, "80. Rb1 Rc1 80... Kd8 Kd7 *");
    assert_eq!(finished(&replay), Some((None, Termination::FiftyMoveRule)));
    assert_eq!(ended_at(&replay), (1, 2));
    let pawn_move = from_fen(fen, "80. Rb1 a3 80... Kd8 Kd7 *");
    assert_eq!(pawn_move.outcome, ReplayStatus::Unfinished);
}

#[test]
fn m6_king_and_bishop_against_king_is_a_draw() {
    let replay = from_fen("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "1. Bxd2 Ke2 *");
    assert_eq!(
        finished(&replay),
        Some((None, Termination::InsufficientMaterial))
    );
    // Two knights are not in the list: the game goes on.
    let knights = from_fen("4k3/8/8/8/8/8/3r4/1NN1K3 w - - 0 1", "1. Nxd2 Ke2 *");
    assert_eq!(knights.outcome, ReplayStatus::Unfinished);
}

// --- M7: FEN setups and mid-turn insufficient material --------------------------------------

#[test]
fn m7_from_a_fen_white_has_two_moves_in_the_first_turn() {
    let initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let replay = from_fen(initial, "1. e4 d4 1... e5 d5 *");
    assert_eq!(colors(&replay), vec![W, W, B, B]);
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    // Without the FEN tag, the Balanced first turn has one move.
    assert!(matches!(
        balanced("1. e4 d4 *").outcome,
        ReplayStatus::Invalid(_)
    ));
}

#[test]
fn m7_insufficient_material_ends_the_game_in_the_middle_of_a_turn() {
    let fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    let replay = from_fen(fen, "1. Kxd2 1/2-1/2");
    assert_eq!(
        finished(&replay),
        Some((None, Termination::InsufficientMaterial))
    );
    assert_eq!(ended_at(&replay), (0, 1));
    // The second move written after it is void (R21).
    let game = grouped_game(&[BALANCED, ("FEN", fen)], "1. Kxd2 Ke2 1/2-1/2");
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(
        verdict.void.map(|v| (v.actions, v.from.action)),
        Some((1, 2))
    );
}

#[test]
fn a_draw_token_no_rule_explains_is_an_agreement() {
    let verdict = verify(&grouped_game(&[BALANCED], "1. e4 1... e5 d5 1/2-1/2"));
    assert_eq!(verdict.termination, Some(Termination::Agreement));
    assert_eq!(verdict.result, GameResult::Draw);
}

#[test]
fn null_moves_and_die_faces_have_no_place() {
    let v = violation(&balanced("1. e4 1... -- *")).clone();
    assert_eq!(v.article, Article::R20);
}

#[test]
fn m1_a_parsed_record_with_comma_pairs_is_split_by_the_rules() {
    // The reader opens a Marseillais turn at each move number and at each comma pair: the pair
    // is one turn (M1, M8).
    let text = "[Variant \"Marseillais\"]\n\n1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5 *\n";
    let games = sade_ref::parse::parse_str(text);
    let game = games[0].as_ref().expect("a record");
    assert_eq!(game.turns.len(), 4);
    let replay = marseillais::replay(game, sade_ref::rules::Detail::Annotated);
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(colors(&replay), vec![W, B, B, W, W, B, B]);
    assert_eq!(
        replay.final_fen,
        "r1bqkbnr/pppp1p1p/2n5/4p2p/4P3/5N2/PPPP1PPP/RNB1KB1R w KQkq - 0 3"
    );
    let verdict = verify(game);
    assert_eq!(verdict.status, Status::Unfinished);
}

// --- R13: places inside moves written without numbers ---------------------------------------

#[test]
fn r13_places_inside_unnumbered_moves_name_the_turn_the_rules_split_them_into() {
    use sade_ref::rules::ActionRef;
    let label = |l: Option<sade_ref::record::MoveNumber>| l.map(|l| l.to_string());
    // Qh5+ ends White's turn 2 (M2); Nf3 is Black's first move of 2..., record action 5.
    let verdict = verify(&grouped_game(&[BALANCED], "e4 f5 a6 Qh5+ Nf3 *"));
    let e = verdict.error.as_ref().expect("an illegal move");
    assert_eq!(
        (label(e.label), e.side, e.action, e.turn_index),
        (Some("2...".to_owned()), B, 1, 0)
    );
    assert_eq!(
        verdict.error_at,
        Some(ActionRef {
            turn_index: 0,
            action: 5
        })
    );
    // Qh5# mates with the first move of turn 2.; a6 a5 after it are void, from 2..., action 1.
    let verdict = verify(&grouped_game(&[BALANCED], "e4 f6 g5 Qh5# a6 a5 1-0"));
    let ended = verdict.ended_at.expect("a mate");
    assert_eq!(
        (
            ended.turn.map(|t| t.to_string()),
            ended.side,
            ended.action,
            ended.record_action
        ),
        (Some("2.".to_owned()), Some(W), 1, 4)
    );
    let void = verdict.void.expect("void moves");
    assert_eq!(
        (
            void.actions,
            void.from.turn.map(|t| t.to_string()),
            void.from.side,
            void.from.action,
            void.from.record_action
        ),
        (2, Some("2...".to_owned()), Some(B), 1, 5)
    );
    // A number that cuts Black's turn short: the fault is Black's turn 1... as a whole.
    let verdict = verify(&grouped_game(&[BALANCED], "e4 e5 2. Nf3 *"));
    let e = verdict.error.as_ref().expect("a turn cut short");
    assert_eq!(
        (label(e.label), e.side, e.action, e.article),
        (Some("1...".to_owned()), B, 0, Article::M1)
    );
    // Turns replayed are the turns the rules count, not the one record turn.
    let verdict = verify(&grouped_game(&[BALANCED], "e4 e5 Nc6 Nf3 Bc4 Nf6 Bc5 *"));
    assert_eq!((verdict.status, verdict.turns), (Status::Unfinished, 4));
}
