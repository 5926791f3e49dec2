//! The real Marseillais turn being played: whose it is, how many moves it has and has had, and
//! what the rules look back on within it (the board at its start, its pawns' double steps).

use shakmaty::{Color, Square};

use super::board::Board;
use crate::rules::ActionRef;

/// The real turn being played.
#[derive(Clone, Debug)]
pub(super) struct TurnState {
    pub(super) mover: Color,
    /// Moves the turn has: 1 (Balanced first turn) or 2.
    pub(super) len: usize,
    /// Moves played so far.
    pub(super) played: usize,
    /// The board at the start of the turn.
    pub(super) start: Board,
    /// Squares the mover's pawns passed with double steps this turn (M4).
    pub(super) double_steps: Vec<Square>,
    /// Whether a capture or pawn move was made this turn (M6).
    pub(super) zeroing: bool,
    /// Where the turn's first move stands in the record.
    pub(super) began_at: Option<ActionRef>,
    /// The first move as written, for messages.
    pub(super) first_written: Option<String>,
}

impl TurnState {
    pub(super) fn new(mover: Color, len: usize, start: &Board) -> TurnState {
        TurnState {
            mover,
            len,
            played: 0,
            start: start.clone(),
            double_steps: Vec::new(),
            zeroing: false,
            began_at: None,
            first_written: None,
        }
    }
}
