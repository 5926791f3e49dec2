//! The position before a record turn of a Standard game, with its past, from the referee's own
//! replay of the turns before it (`options`, the bots, the web application).

use shakmaty::fen::Fen;

use super::ends::Standing;
use super::replay::replay_with_history;
use super::start::{position_from_setup, start_position};
use crate::record::Game;
use crate::rules::{Detail, PositionError, ReplayStatus};

impl Standing {
    /// The position before record turn `index` (0-based) of a Standard game, with its past:
    /// the record's turns before it are replayed by the referee.
    ///
    /// # Errors
    /// [`PositionError`] when the start position cannot be read, or the turns before are not a legal
    /// game that goes on.
    pub fn before_turn(game: &Game, index: usize) -> Result<Standing, PositionError> {
        let start = start_position(game).map_err(|e| PositionError::Start(Box::new(e)))?;
        let (replay, history) = replay_with_history(&game.before_turn(index), Detail::Verdict);
        match replay.outcome {
            ReplayStatus::Unfinished => {}
            ReplayStatus::Invalid(error) => {
                return Err(PositionError::Invalid(Box::new(error)));
            }
            ReplayStatus::Finished { termination, .. } => {
                return Err(PositionError::Ended(termination));
            }
        }
        let setup = Fen::from_ascii(replay.final_fen.as_bytes())
            .map_err(|e| PositionError::Internal(e.to_string()))?
            .into_setup();
        let pos = position_from_setup(setup, start.mode).map_err(|kinds| {
            PositionError::Internal(format!("not a playable position ({kinds:?})"))
        })?;
        Ok(Standing { pos, history })
    }
}
