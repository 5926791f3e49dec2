//! What a puzzle asks the player, and the game each question belongs to.

use serde::{Deserialize, Serialize};

use crate::record::Variant;

/// What the player is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Sade: exactly one answer ends the game in the roller's favour this turn.
    WinNow,
    /// Sade: every answer but one loses this turn; none wins.
    Survive,
    /// Marseillais: exactly one full turn mates.
    MateInOneTurn,
}

impl Question {
    /// The question in words, as the page shows it.
    pub fn words(self) -> &'static str {
        match self {
            Question::WinNow => "win this turn",
            Question::Survive => "survive this turn: every other way to play it loses",
            Question::MateInOneTurn => "mate in one turn",
        }
    }

    /// The variant the question belongs to.
    pub fn variant(self) -> Variant {
        match self {
            Question::WinNow | Question::Survive => Variant::Sade,
            Question::MateInOneTurn => Variant::Marseillais,
        }
    }
}

/// The fewest different answers a puzzle's turn may have: with fewer, a player who does not see
/// the idea finds the answer by trying the few ways (the face-6 survivals of two or three ways
/// a tester found worth nothing, docs/puzzles.md).
pub const MIN_ANSWERS: usize = 5;
