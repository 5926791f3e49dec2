//! What a stored game is: a game played or recorded, a puzzle attempt, a lesson of the course,
//! and the tags its record names them by.

use serde::{Deserialize, Serialize};

use crate::record::Game;

/// The tag of a lesson's game that names its lesson (the record says so; the server keeps the
/// game's [`Kind`]).
pub const LESSON_TAG: &str = "Lesson";

/// How the `Event` tag of a puzzle attempt's game begins; the puzzle's id follows (the record
/// says so; the server keeps the game's [`Kind`]).
pub const PUZZLE_EVENT: &str = "sade-ref puzzle ";

/// What a stored game is, with the id of what it is an attempt of.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A game played or recorded.
    #[default]
    Game,
    /// An attempt at the shipped puzzle of this id.
    Puzzle(String),
    /// The course's lesson of this id.
    Lesson(String),
}

impl Kind {
    pub fn is_game(&self) -> bool {
        *self == Kind::Game
    }

    /// The kind of a game saved before the server kept it, from the tags it was then told by:
    /// a `Lesson` tag naming the lesson, or an `Event` tag naming the puzzle.
    pub fn of_legacy(game: &Game) -> Kind {
        if let Some(lesson) = game.tag(LESSON_TAG) {
            return Kind::Lesson(lesson.to_owned());
        }
        match game.tag("Event").and_then(|e| e.strip_prefix(PUZZLE_EVENT)) {
            Some(puzzle) => Kind::Puzzle(puzzle.to_owned()),
            None => Kind::Game,
        }
    }
}
