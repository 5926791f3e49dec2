//! Who sits at a side: a human, or a bot of one of `play`'s levels. The API and the stored
//! seats say it as a word (`human`, `novice`, …); the server reads the word here, once.

use crate::play::{Bot, LEVELS, bot_named};

use super::error::ApiError;

/// The word of a human seat.
pub const HUMAN: &str = "human";

/// A seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    /// A bot; `name` is the word the request gave (a level's name, or an old one: `random`).
    Bot {
        level: Bot,
        name: String,
    },
}

impl Seat {
    /// The seat a word names: `human`, or a bot level (as `play` reads it); `None` for another
    /// word.
    pub fn of(name: &str) -> Option<Seat> {
        if name == HUMAN {
            return Some(Seat::Human);
        }
        bot_named(name).map(|level| Seat::Bot {
            level,
            name: name.to_owned(),
        })
    }

    /// The refusal of `name`, which names no seat, in the request's `field` (400).
    pub fn refused(field: &str, name: &str) -> ApiError {
        ApiError::bad(
            field,
            format!(
                "{name:?} is no player: human or one of {}",
                LEVELS
                    .iter()
                    .map(|b| b.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    }

    /// The word of the seat, as the game's state and the stored seats say it.
    pub fn name(&self) -> &str {
        match self {
            Seat::Human => HUMAN,
            Seat::Bot { name, .. } => name,
        }
    }

    pub fn is_human(&self) -> bool {
        *self == Seat::Human
    }

    /// Every word a new game's seat may be: `human`, then the bot levels, weakest first.
    pub fn names() -> Vec<&'static str> {
        std::iter::once(HUMAN)
            .chain(LEVELS.iter().map(|b| b.name()))
            .collect()
    }
}
