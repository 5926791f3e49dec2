//! The notation of steps: a move in SAN from whoever's piece it is, a list of steps as a move
//! list ("Nc6 a6 h5"), steps as written actions.

use shakmaty::san::San;
use shakmaty::{Bitboard, Move, Role};

use super::state::State;
use super::step::Step;
use crate::record::ActionKind;
use crate::rules::resolve::written_move;

/// The SAN of a move of whoever's piece it is, in `state`.
pub(crate) fn san(state: &State, m: Move) -> String {
    let color = m
        .from()
        .and_then(|sq| state.board().color_at(sq))
        .unwrap_or(state.roller());
    match state.chess(color) {
        Ok(pos) => San::from_move(pos, m).to_string(),
        Err(_) => m.to_uci(state.castling_mode()).to_string(),
    }
}

/// A list of steps as a move list: "Nc6 a6 h5".
pub(crate) fn steps_san(state: &State, steps: &[Step]) -> String {
    let mut state = state.clone();
    let mut words = Vec::new();
    for step in steps {
        let (word, next) = step_word(&state, *step);
        words.push(word);
        state = next;
    }
    words.join(" ")
}

fn step_word(state: &State, step: Step) -> (String, State) {
    match step {
        Step::Move(m) => {
            let color = m
                .from()
                .and_then(|sq| state.board().color_at(sq))
                .unwrap_or(state.roller());
            match state.chess(color) {
                Ok(pos) => (San::from_move(pos, m).to_string(), state.after_move(pos, m)),
                Err(_) => (m.to_uci(state.castling_mode()).to_string(), state.clone()),
            }
        }
        // A pawn's sacrifice names no piece, as SAN names no pawn and the record writes it
        // (`-a2`, spec/SDN.md): the square says which piece it is.
        Step::Sacrifice { role, square } => (
            match role {
                Role::Pawn => format!("-{square}"),
                _ => format!("-{}{square}", role.upper_char()),
            },
            state.after_removal(square),
        ),
        Step::Resurrection { role, square } => (
            format!("{}@{square}", role.upper_char()),
            state.after_placement(role.of(!state.roller()), square),
        ),
        Step::Nothing => ("--".to_owned(), state.after_nothing()),
    }
}

/// Steps as written actions (moves in SAN).
pub(crate) fn actions_of(state: &State, steps: &[Step]) -> Vec<ActionKind> {
    let mut state = state.clone();
    let mut actions = Vec::new();
    for step in steps {
        let action = match *step {
            Step::Move(m) => {
                let color = m
                    .from()
                    .and_then(|sq| state.board().color_at(sq))
                    .unwrap_or(state.roller());
                let mode = state.castling_mode();
                match state.chess(color) {
                    Ok(pos) => {
                        let san = San::from_move(pos, m);
                        let next = state.after_move(pos, m);
                        state = next;
                        written_move(Some(san), m, mode)
                    }
                    Err(_) => written_move(None, m, mode),
                }
            }
            Step::Sacrifice { role, square } => {
                state = state.after_removal(square);
                ActionKind::Sacrifice {
                    role: (role != Role::Pawn).then_some(role),
                    square,
                }
            }
            Step::Resurrection { role, square } => {
                state = state.after_placement(role.of(!state.roller()), square);
                ActionKind::Resurrection { role, square }
            }
            Step::Nothing => {
                state = state.after_nothing();
                ActionKind::Nothing {}
            }
        };
        actions.push(action);
    }
    actions
}

/// Squares of a bitboard as "e1, g2".
pub(crate) fn squares_text(squares: Bitboard) -> String {
    squares
        .into_iter()
        .map(|sq| sq.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
