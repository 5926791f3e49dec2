//! What the board says after an action, before anything else is judged: a check, a mate, a
//! king left alone (R1, R2, R10).

use shakmaty::{Color, Position};

use super::ends::{End, mate_end, naked_end};
use super::fault::Refused;
use super::reach;
use super::state::State;

/// What the board says after an action (checked before anything else happens).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aftermath {
    /// No king in check, nobody naked.
    Quiet,
    /// The board alone ended the game, whatever the face.
    Ends(BoardEnd),
    /// This colour's king is in check, not mate.
    Check(Color),
    /// Both kings are in check (only a face-4 removal can do that).
    BothInCheck,
}

/// How the board alone ends the game after an action, on every face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoardEnd {
    /// This colour's king is checkmated.
    Mate(Color),
    /// This colour has nothing but the king (Art. 9.3).
    Naked(Color),
}

impl BoardEnd {
    /// The end it is in `next`, the state after the action of the turn `roller` rolled for: a
    /// mate, or Nakedness when the mated player is the roller's opponent and bare too (R22).
    pub(crate) fn end(self, next: &State, roller: Color) -> End {
        match self {
            BoardEnd::Mate(mated) => mate_end(mated, roller, next.is_naked(mated)),
            BoardEnd::Naked(naked) => naked_end(naked),
        }
    }
}

impl Aftermath {
    /// Checks, mates and nakedness in `state`, reached by an action (R1, R2, R10).
    ///
    /// # Errors
    /// [`Refused`] when the position of a checked king cannot be built.
    pub(crate) fn of(state: &State) -> Result<Aftermath, Refused> {
        let white = state.in_check(Color::White);
        let black = state.in_check(Color::Black);
        let checked = match (white, black) {
            (true, true) => return Ok(Aftermath::BothInCheck),
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            (false, false) => None,
        };
        Aftermath::with_check(state, checked)
    }

    /// [`Aftermath::of`] a state reached by a legal move of `mover`'s piece: his own king is not
    /// in check (the move was legal for him), so only the other king is looked at.
    ///
    /// # Errors
    /// [`Refused`] when the position of a checked king cannot be built.
    pub(crate) fn of_move(state: &State, mover: Color) -> Result<Aftermath, Refused> {
        debug_assert!(
            !state.in_check(mover),
            "a legal move left its own king in check"
        );
        let checked = state.in_check(!mover).then_some(!mover);
        Aftermath::with_check(state, checked)
    }

    /// The aftermath where `checked`'s king alone is in check (or none is).
    fn with_check(state: &State, checked: Option<Color>) -> Result<Aftermath, Refused> {
        if let Some(color) = checked {
            // No mate when the king can step out of check (most checks), seen without a position.
            return Ok(if reach::can_step_away(state, color) {
                debug_assert!(!state.chess(color)?.is_checkmate());
                Aftermath::Check(color)
            } else if state.chess(color)?.is_checkmate() {
                Aftermath::Ends(BoardEnd::Mate(color))
            } else {
                Aftermath::Check(color)
            });
        }
        for color in Color::ALL {
            if state.is_naked(color) {
                return Ok(Aftermath::Ends(BoardEnd::Naked(color)));
            }
        }
        Ok(Aftermath::Quiet)
    }
}
