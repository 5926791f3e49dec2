//! Standard chess (S1, S2, FIDE Laws): mate, stalemate, dead positions, repetition and the
//! move-count rules, Chess960 castling, null moves, and the reasons given for illegal moves.

use sade_ref::record::{
    Action, ActionKind, Check, DieFace, Face, Game, GameResult, Item, MoveNumber, SanMove, Side,
    Span, Tag, Turn, UciMove,
};
use sade_ref::referee::{Status, verify};
use sade_ref::rules::Article;
use sade_ref::rules::{Replay, ReplayStatus, Termination, Violation, standard};
use shakmaty::Color;

// --- Building records by hand (the parser is not used here) ---------------------------------

/// One action from its text: SAN or UCI with an optional `+`/`#`, or `--`.
pub fn action(text: &str) -> Action {
    let (body, check) = if let Some(body) = text.strip_suffix('#') {
        (body, Some(Check::Mate))
    } else if let Some(body) = text.strip_suffix('+') {
        (body, Some(Check::Check))
    } else {
        (text, None)
    };
    let kind = if body == "--" || body == "Z0" {
        ActionKind::Nothing {}
    } else if let Ok(uci) = UciMove::from_ascii(body.as_bytes()) {
        ActionKind::Uci(uci)
    } else if let Ok(san) = SanMove::from_ascii(body.as_bytes()) {
        ActionKind::San(san)
    } else {
        panic!("test helper: {text:?} is not a move");
    };
    Action {
        check,
        ..Action::new(kind)
    }
}

fn result_token(text: &str) -> Option<GameResult> {
    GameResult::from_ascii(text.as_bytes())
}

fn move_number(text: &str) -> Option<MoveNumber> {
    let (digits, side) = if let Some(d) = text.strip_suffix("...") {
        (d, Side::Black)
    } else {
        (text.strip_suffix('.')?, Side::White)
    };
    Some(MoveNumber {
        number: digits.parse().ok()?,
        side,
    })
}

fn tags(list: &[(&str, &str)]) -> Vec<Tag> {
    list.iter()
        .map(|(name, value)| Tag {
            name: (*name).to_owned(),
            value: (*value).to_owned(),
            span: Span::default(),
        })
        .collect()
}

fn new_turn(number: MoveNumber) -> Turn {
    Turn {
        unnumbered: false,
        number,
        face: None,
        items: Vec::new(),
        span: Span::default(),
    }
}

/// A record as the parser gives Standard games: one move a turn, numbers counted on.
pub fn standard_game(tag_list: &[(&str, &str)], movetext: &str) -> Game {
    let mut game = Game {
        tags: tags(tag_list),
        ..Game::default()
    };
    let mut number = MoveNumber {
        number: 1,
        side: Side::White,
    };
    for token in movetext.split_whitespace() {
        if let Some(result) = result_token(token) {
            game.result = Some(result);
        } else if let Some(n) = move_number(token) {
            number = n;
        } else if let Some(face) = token.strip_suffix(':') {
            let mut turn = new_turn(number);
            turn.face = Some(DieFace {
                value: face
                    .parse::<u8>()
                    .ok()
                    .and_then(|n| Face::try_from(n).ok())
                    .expect("a die face"),
                span: Span::default(),
            });
            game.turns.push(turn);
        } else {
            match game.turns.last_mut() {
                Some(turn) if turn.face.is_some() && turn.items.is_empty() => {
                    turn.items.push(Item::Action(action(token)));
                }
                _ => {
                    let mut turn = new_turn(number);
                    turn.items.push(Item::Action(action(token)));
                    game.turns.push(turn);
                }
            }
            number = number.next();
        }
    }
    game
}

/// A record as the parser gives Marseillais games: a new turn only at a written move number;
/// moves before the first number are one turn marked unnumbered (the referee splits them, M1).
pub fn grouped_game(tag_list: &[(&str, &str)], movetext: &str) -> Game {
    let mut game = Game {
        tags: tags(tag_list),
        ..Game::default()
    };
    for token in movetext.split_whitespace() {
        if let Some(result) = result_token(token) {
            game.result = Some(result);
        } else if let Some(n) = move_number(token) {
            game.turns.push(new_turn(n));
        } else {
            if game.turns.is_empty() {
                let mut first = new_turn(MoveNumber {
                    number: 1,
                    side: Side::White,
                });
                first.unnumbered = true;
                game.turns.push(first);
            }
            if let Some(turn) = game.turns.last_mut() {
                turn.items.push(Item::Action(action(token)));
            }
        }
    }
    game
}

pub fn finished(replay: &Replay) -> Option<(Option<Color>, Termination)> {
    match &replay.outcome {
        ReplayStatus::Finished {
            winner,
            termination,
            ..
        } => Some((*winner, *termination)),
        _ => None,
    }
}

pub fn violation(replay: &Replay) -> &Violation {
    match &replay.outcome {
        ReplayStatus::Invalid(v) => v,
        other => panic!("expected an invalid record, got {other:?}"),
    }
}

fn fen(fen: &str) -> [(&str, &str); 2] {
    [("SetUp", "1"), ("FEN", fen)]
}

// --- Checkmate, stalemate, dead position (FIDE 5) ------------------------------------------

#[test]
fn fools_mate_is_checkmate_fide_5_1_1() {
    let replay = standard::replay(
        &standard_game(&[], "1. f3 e5 2. g4 Qh4# 0-1"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(
        finished(&replay),
        Some((Some(Color::Black), Termination::Checkmate))
    );
    match replay.outcome {
        ReplayStatus::Finished { at, article, .. } => {
            let at = at.expect("not the start position");
            assert_eq!((at.turn_index, at.action), (3, 1));
            assert_eq!(article, Article::Fide5_1_1);
        }
        _ => unreachable!(),
    }
    assert_eq!(replay.resolved.len(), 4);
    assert_eq!(replay.turns, 4);
}

#[test]
fn a_move_after_mate_is_void() {
    // R21: the mate ended the game; 3. e4 is not judged, and the verdict says where it starts.
    let verdict = verify(&standard_game(&[], "1. f3 e5 2. g4 Qh4# 3. e4 0-1"));
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(verdict.termination, Some(Termination::Checkmate));
    let void = verdict.void.expect("void actions");
    assert_eq!((void.actions, void.from.turn_index), (1, Some(4)));
}

#[test]
fn mate_sign_on_a_move_that_does_not_mate_is_not_checked() {
    // Policy: `#` and `+` are the writer's; the board decides (as python-chess does).
    let replay = standard::replay(
        &standard_game(&[], "1. e4 e5 2. Qh5# Nc6+ *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
}

#[test]
fn stalemate_is_a_draw_fide_5_2_1() {
    let game = standard_game(&fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "1. Qf7 1/2-1/2");
    let replay = standard::replay(&game, sade_ref::rules::Detail::Annotated);
    assert_eq!(finished(&replay), Some((None, Termination::Stalemate)));
    let verdict = verify(&game);
    assert_eq!(verdict.result, GameResult::Draw);
    assert_eq!(verdict.dispute, None);
}

#[test]
fn king_against_king_is_a_dead_position_fide_5_2_2() {
    let game = standard_game(&fen("4k3/8/8/8/8/8/2r5/1K6 w - - 0 1"), "1. Kxc2 1-0");
    let verdict = verify(&game);
    assert_eq!(
        verdict.termination,
        Some(Termination::InsufficientMaterial),
        "{verdict:?}"
    );
    // The token 1-0 contradicts the automatic draw: a dispute.
    assert!(verdict.dispute.is_some());
}

#[test]
fn king_and_rook_against_king_is_not_a_dead_position() {
    let game = standard_game(&fen("4k3/8/8/8/8/8/2n5/1K5R w - - 0 1"), "1. Kxc2 *");
    assert_eq!(
        standard::replay(&game, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
}

// --- Repetition (FIDE 9.2, 9.6.1) ------------------------------------------------------------

const KNIGHTS_BACK_AND_FORTH: &str = "Nf3 Nf6 Ng1 Ng8";

fn repeated(times: usize, result: &str) -> Game {
    let moves = vec![KNIGHTS_BACK_AND_FORTH; times].join(" ");
    standard_game(&[], &format!("{moves} {result}"))
}

#[test]
fn threefold_repetition_justifies_a_claimed_draw() {
    // The initial position stands for the third time after 8 plies.
    let replay = standard::replay(&repeated(2, "1/2-1/2"), sade_ref::rules::Detail::Annotated);
    assert_eq!(
        finished(&replay),
        Some((None, Termination::ThreefoldRepetition))
    );
}

#[test]
fn threefold_repetition_without_a_claim_does_not_end_the_game() {
    let replay = standard::replay(&repeated(2, "*"), sade_ref::rules::Detail::Annotated);
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
}

#[test]
fn a_draw_claimed_after_the_repetition_was_played_past_is_an_agreement() {
    let game = standard_game(
        &[],
        &format!("{KNIGHTS_BACK_AND_FORTH} {KNIGHTS_BACK_AND_FORTH} e4 1/2-1/2"),
    );
    assert_eq!(
        standard::replay(&game, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
    assert_eq!(verify(&game).termination, Some(Termination::Agreement));
}

#[test]
fn fivefold_repetition_ends_the_game_at_once_fide_9_6_1() {
    let replay = standard::replay(&repeated(4, "*"), sade_ref::rules::Detail::Annotated);
    assert_eq!(
        finished(&replay),
        Some((None, Termination::FivefoldRepetition))
    );
    // One repetition short: the game goes on.
    let mut short = repeated(4, "*");
    short.turns.pop();
    assert_eq!(
        standard::replay(&short, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn repetition_counts_en_passant_only_when_a_capture_is_possible() {
    // After 1. e4 the FEN names e3, but no black pawn can take: the position after the knights
    // return counts as the same one.
    let moves = "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 1/2-1/2";
    let replay = standard::replay(
        &standard_game(&[], moves),
        sade_ref::rules::Detail::Annotated,
    );
    // Positions after 1. e4 (Black to move): plies 1, 5, 9 => the third time at the end.
    assert_eq!(
        finished(&replay),
        Some((None, Termination::ThreefoldRepetition))
    );
}

// --- Move-count rules (FIDE 9.3, 9.6.2) -----------------------------------------------------

#[test]
fn fifty_moves_justify_a_claimed_draw() {
    let game = standard_game(&fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"), "80. Ra2 1/2-1/2");
    assert_eq!(
        finished(&standard::replay(&game, sade_ref::rules::Detail::Annotated)),
        Some((None, Termination::FiftyMoveRule))
    );
    let unclaimed = standard_game(&fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"), "80. Ra2 *");
    assert_eq!(
        standard::replay(&unclaimed, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
    let too_early = standard_game(&fen("8/8/8/4k3/8/8/8/R3K3 w - - 98 80"), "80. Ra2 1/2-1/2");
    assert_eq!(
        standard::replay(&too_early, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn seventy_five_moves_end_the_game_at_once() {
    let game = standard_game(&fen("8/8/8/4k3/8/8/8/R3K3 w - - 149 80"), "80. Ra2 *");
    assert_eq!(
        finished(&standard::replay(&game, sade_ref::rules::Detail::Annotated)),
        Some((None, Termination::SeventyFiveMoveRule))
    );
    let before = standard_game(&fen("8/8/8/4k3/8/8/8/R3K3 w - - 148 80"), "80. Ra2 *");
    assert_eq!(
        standard::replay(&before, sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn mate_on_the_seventy_fifth_move_takes_precedence() {
    let game = standard_game(&fen("k7/8/1K6/8/8/8/8/7R w - - 149 80"), "80. Rh8# *");
    assert_eq!(
        finished(&standard::replay(&game, sade_ref::rules::Detail::Annotated)),
        Some((Some(Color::White), Termination::Checkmate))
    );
}

// --- Chess960 ------------------------------------------------------------------------------

#[test]
fn chess960_castling_from_an_x_fen() {
    let tags = [
        ("Variant", "Chess960"),
        ("FEN", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"),
    ];
    let replay = standard::replay(
        &standard_game(&tags, "1. O-O O-O-O *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(
        replay.final_fen,
        "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2"
    );
    assert_eq!(
        replay.resolved[0].uci.map(|u| u.to_string()).as_deref(),
        Some("b1h1")
    );
}

#[test]
fn chess960_castling_from_a_shredder_fen_in_uci() {
    let tags = [("FEN", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1")];
    let replay = standard::replay(
        &standard_game(&tags, "1. b1a1 b8h8 *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(
        replay.final_fen,
        "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"
    );
}

#[test]
fn chess960_castling_through_an_attacked_square_is_illegal() {
    // The black rook on f8 attacks f1, which the king crosses going to g1.
    let tags = [("FEN", "1k3r2/8/8/8/8/8/8/RK5R w KQ - 0 1")];
    let v = violation(&standard::replay(
        &standard_game(&tags, "1. O-O *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(v.article, Article::Fide3_8_2);
    assert!(v.reason.contains("attacked"), "{}", v.reason);
}

// --- Null moves ----------------------------------------------------------------------------

#[test]
fn a_null_move_in_the_main_line_is_illegal() {
    // R20: FIDE has no null move.
    let v = violation(&standard::replay(
        &standard_game(&[], "1. e4 -- 2. d4 Z0 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!((v.turn_index, v.action, v.article), (1, 1, Article::R20));
    // Inside a variation it is kept: variations are not refereed.
    let games = sade_ref::parse::parse_str("1. e4 ( 1. d4 -- ) 1... e5 *\n");
    let verdict = verify(games[0].as_ref().expect("a record"));
    assert_eq!(verdict.status, Status::Unfinished);
}

#[test]
fn a_null_move_in_check_is_illegal() {
    let v = violation(&standard::replay(
        &standard_game(&[], "1. e4 f5 2. Qh5+ -- *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(
        (v.turn, v.side, v.turn_index, v.action),
        (2, Color::Black, 3, 1)
    );
    assert_eq!(v.article, Article::R20);
}

// --- Illegal and ambiguous moves -----------------------------------------------------------

#[test]
fn a_knight_that_cannot_reach_its_square() {
    let v = violation(&standard::replay(
        &standard_game(&[], "1. e4 e5 2. Nf6 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(v.reason, "Nf6 is not legal: no white knight can reach f6");
    assert_eq!(
        (v.turn, v.side, v.turn_index, v.action),
        (2, Color::White, 2, 1)
    );
    assert_eq!(v.article, Article::Fide3);
}

#[test]
fn an_ambiguous_knight_move_names_both_knights() {
    let tags = fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let v = violation(&standard::replay(
        &standard_game(&tags, "1. Nd2 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(v.reason, "Nd2 is ambiguous: it could be Nbd2 or Nfd2");
    // The disambiguated move is fine.
    let ok = standard::replay(
        &standard_game(&tags, "1. Nbd2 *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(ok.outcome, ReplayStatus::Unfinished);
}

#[test]
fn castling_after_the_king_moved() {
    let moves = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. Ke2 Ke7 5. Ke1 Ke8 6. O-O *";
    let v = violation(&standard::replay(
        &standard_game(&[], moves),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(
        v.reason,
        "O-O is not legal: White has lost the right to castle king-side"
    );
    let ok = "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O *";
    assert_eq!(
        standard::replay(&standard_game(&[], ok), sade_ref::rules::Detail::Annotated).outcome,
        ReplayStatus::Unfinished
    );
}

#[test]
fn a_pinned_piece_may_not_move() {
    let tags = fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    let v = violation(&standard::replay(
        &standard_game(&tags, "1. Nc3 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(v.article, Article::Fide3_9);
    assert!(v.reason.contains("pinned"), "{}", v.reason);
}

#[test]
fn a_pawn_on_the_last_rank_must_promote() {
    let tags = fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let v = violation(&standard::replay(
        &standard_game(&tags, "1. a8 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(v.article, Article::Fide3_7_5);
    let ok = standard::replay(
        &standard_game(&tags, "1. a8=Q+ *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(ok.outcome, ReplayStatus::Unfinished);
}

#[test]
fn uci_moves_are_read() {
    let replay = standard::replay(
        &standard_game(&[], "1. e2e4 e7e5 2. g1f3 *"),
        sade_ref::rules::Detail::Annotated,
    );
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(replay.resolved.len(), 3);
    let v = violation(&standard::replay(
        &standard_game(&[], "1. e2e5 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!(
        v.reason,
        "e2e5 is not legal: the pawn on e2 cannot reach e5"
    );
}

#[test]
fn a_turn_holding_two_moves_is_read_as_two_turns() {
    let mut game = standard_game(&[], "1. e4 *");
    let turn = game.turns.first_mut().expect("a turn");
    turn.items.push(Item::Action(action("e5")));
    let replay = standard::replay(&game, sade_ref::rules::Detail::Annotated);
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(replay.resolved[1].color, Color::Black);
    assert_eq!(
        (replay.resolved[1].turn_index, replay.resolved[1].action),
        (0, 2)
    );
}

#[test]
fn a_die_face_has_no_place_in_standard_chess() {
    let v = violation(&standard::replay(
        &standard_game(&[], "1. 3: e4 *"),
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert_eq!((v.action, v.article), (0, Article::S1));
}

// --- FEN setups ----------------------------------------------------------------------------

#[test]
fn castling_rights_without_their_rooks_are_dropped() {
    let game = standard_game(&fen("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"), "1. Kf1 *");
    let start = standard::start_position(&game).expect("a playable position");
    assert_eq!(start.dropped_castling, vec!['Q', 'q', 'k']);
    let replay = standard::replay(&game, sade_ref::rules::Detail::Annotated);
    assert_eq!(replay.outcome, ReplayStatus::Unfinished);
    assert_eq!(replay.final_fen, "4k3/8/8/8/8/8/8/5K1R b - - 1 1");
    // The dropped right cannot be used.
    let castle = standard_game(&fen("4k3/8/8/8/8/8/8/R3K3 w KQkq - 0 1"), "1. O-O *");
    let v = violation(&standard::replay(
        &castle,
        sade_ref::rules::Detail::Annotated,
    ))
    .clone();
    assert!(v.reason.contains("lost the right"), "{}", v.reason);
}

#[test]
fn a_fen_without_a_king_is_invalid() {
    let game = standard_game(&fen("8/8/8/8/8/8/8/4K3 w - - 0 1"), "1. Kf1 *");
    let v = violation(&standard::replay(&game, sade_ref::rules::Detail::Annotated)).clone();
    assert_eq!((v.article, v.action), (Article::FenTag, 0));
    assert!(v.reason.contains("king is missing"), "{}", v.reason);
}

#[test]
fn a_position_given_as_mate_is_over_before_the_first_move() {
    let game = standard_game(&fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), "1... Kh8 *");
    // R21: the game ended in the start position; the move written after it is void.
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished);
    assert!(verdict.ended_at.is_some_and(|at| at.start_position));
    assert_eq!(verdict.void.map(|v| v.actions), Some(1));
}
