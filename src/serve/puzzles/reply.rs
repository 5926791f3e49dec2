//! The opponent's reply in a mate in two turns: once the attempt's first turn plays the
//! puzzle's answer, the server plays the puzzle's reply, as a bot answers a human's turn.

use crate::serve::error::ApiError;
use crate::serve::input::parse_actions;
use crate::serve::kind::Kind;
use crate::serve::live::{Holder, Live};

/// Plays the reply of `live`'s puzzle when it is due ([`crate::puzzles::reply_due`]); `true`
/// when it was played. A game that is no puzzle attempt, or whose reply is not due, is left as
/// it is.
///
/// # Errors
/// 500 when the puzzle's reply cannot be read or played (the puzzle's proof rules it out).
pub fn play_reply(live: &mut Live) -> Result<bool, ApiError> {
    let Kind::Puzzle(id) = &live.meta.kind else {
        return Ok(false);
    };
    let Some(puzzle) = crate::puzzles::shipped().iter().find(|p| p.id == *id) else {
        return Ok(false);
    };
    let Some(reply) = crate::puzzles::reply_due(puzzle, &live.game) else {
        return Ok(false);
    };
    let actions = parse_actions(reply).map_err(|e| {
        ApiError::internal(format!("the puzzle's reply {reply:?} cannot be read: {e}"))
    })?;
    live.act(Holder::Arbiter, actions)?;
    Ok(true)
}
