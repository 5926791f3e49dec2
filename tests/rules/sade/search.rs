//! The fulfilment search and the referee agree.

use super::faces_4_to_6::{KNIGHT_AND_PAWN, STALEMATE_AFTER_SACRIFICE, TWO_BESIDE};
use super::game_rules::{EN_PASSANT, OWN_THREE};
use super::series::{BACK_RANK, BLOCKED_ENEMY, OPEN_BACK_RANK};
#[allow(unused_imports)]
use super::*;

// The search and the referee agree.

/// Every fulfilment the search lists is a turn the referee accepts with the same ending.
fn listed_turns_are_accepted(fen: &str, face: Face) -> usize {
    let state = State::from_game(&game(fen, "")).expect("a playable start");
    let all = sade::fulfilments(&state, face).expect("analysable");
    for f in &all {
        let items = f
            .actions(&state)
            .into_iter()
            .map(|kind| Item::Action(Action::new(kind)))
            .collect();
        let turn = Turn {
            unnumbered: false,
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
        let face = Face::new(face).expect("a die face");
        assert!(
            listed_turns_are_accepted(fen, face) > 0,
            "{fen} face {face}"
        );
    }
}

fn turn_of(state: &State, face: Face, actions: &[ActionKind]) -> Turn {
    Turn {
        unnumbered: false,
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
fn judge(state: &State, face: Face, actions: &[ActionKind]) -> (Option<bool>, State) {
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
        let face = Face::new(face).expect("a die face");
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
            // As the record writes it: a pawn's sacrifice names no piece (`-a2`).
            push(ActionKind::Sacrifice {
                role: (piece.role != Role::Pawn).then_some(piece.role),
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
    let flow = sade::visit_fulfilments(&state, Face::Three, |_| {
        seen += 1;
        ControlFlow::Break(())
    })
    .expect("analysable");
    assert!(flow.is_break());
    assert_eq!(seen, 1);
    assert!(sade::has_fulfilment(&state, Face::Three).expect("analysable"));
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
        let exists = sade::has_fulfilment(&state, Face::Three).expect("analysable");
        let first = t.elapsed();
        let t = std::time::Instant::now();
        let mut count = 0u64;
        let _ = sade::visit_fulfilments(&state, Face::Three, |_| {
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
