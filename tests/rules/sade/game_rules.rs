//! What holds across faces: no draws (R12), nakedness (R10), en passant and castling (R11), `--` claims (R14, R16), die faces and labels (Art. 2, R13, R18), mate by the opponent (R2).

#[allow(unused_imports)]
use super::*;

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

pub(super) const EN_PASSANT: &str = "4k3/3p3p/8/4P3/8/8/P7/4K3[] w - - 0 1";

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
pub(super) const CASTLING: &str = "k7/p7/8/8/8/8/1PPP4/4K2R b K - 0 1";

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
pub(super) const OWN_THREE: &str = "7k/p7/8/8/8/8/P7/1N5K w - - 0 1";

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
        unnumbered: false,
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
        unnumbered: false,
        number: MoveNumber {
            number: 2,
            side: Side::White,
        },
        face: Some(DieFace {
            value: Face::One,
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
    assert_eq!(
        r.resolved[0].uci.map(|u| u.to_string()).as_deref(),
        Some("e7e5")
    );
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
