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
    /// Marseillais: after every full turn but one, the opponent has a turn that mates; none
    /// mates at once.
    Defend,
    /// Marseillais: exactly one full turn leaves the opponent no reply that escapes a mate at
    /// the player's next turn; none mates at once, and after each reply one turn mates.
    MateInTwoTurns,
    /// Marseillais: by the engine's search, exactly one full turn wins at least a minor piece
    /// net, by a margin over every other ([`WIN_MATERIAL_GAIN`], [`WIN_MATERIAL_DEPTH`]); none
    /// mates.
    WinMaterial,
    /// Marseillais: by the engine's search, exactly one full turn loses no piece: it loses less
    /// than [`WIN_MATERIAL_GAIN`] on how the position stood, and every other turn scores that
    /// much less; none mates.
    DefendMaterial,
}

impl Question {
    /// Every question, Sade's first.
    pub const ALL: [Question; 7] = [
        Question::WinNow,
        Question::Survive,
        Question::MateInOneTurn,
        Question::Defend,
        Question::MateInTwoTurns,
        Question::WinMaterial,
        Question::DefendMaterial,
    ];

    /// The question as the file and the API write it (`win-now`).
    pub fn slug(self) -> &'static str {
        match self {
            Question::WinNow => "win-now",
            Question::Survive => "survive",
            Question::MateInOneTurn => "mate-in-one-turn",
            Question::Defend => "defend",
            Question::MateInTwoTurns => "mate-in-two-turns",
            Question::WinMaterial => "win-material",
            Question::DefendMaterial => "defend-material",
        }
    }

    /// The question in words, as the page shows it.
    pub fn words(self) -> &'static str {
        match self {
            Question::WinNow => "win this turn",
            Question::Survive => "survive this turn: every other way to play it loses",
            Question::MateInOneTurn => "mate in one turn",
            Question::Defend => "find the one turn after which the opponent cannot mate",
            Question::MateInTwoTurns => {
                "find the turn after which every reply is mated at your next turn"
            }
            Question::WinMaterial => "find the one turn that wins the most, at least a piece",
            Question::DefendMaterial => "find the one turn that loses no piece",
        }
    }

    /// The variant the question belongs to.
    pub fn variant(self) -> Variant {
        match self {
            Question::WinNow | Question::Survive => Variant::Sade,
            Question::MateInOneTurn
            | Question::Defend
            | Question::MateInTwoTurns
            | Question::WinMaterial
            | Question::DefendMaterial => Variant::Marseillais,
        }
    }

    /// Whether the engine's search, not the referee's walk alone, decides the answer (win
    /// material, defend material).
    pub fn searched(self) -> bool {
        matches!(self, Question::WinMaterial | Question::DefendMaterial)
    }

    /// The fewest different answers a turn asked this question may have: [`MIN_ANSWERS`], or
    /// [`MIN_DEFENCE_ANSWERS`] for a defence (of the king or of material).
    pub fn min_answers(self) -> usize {
        match self {
            Question::Defend | Question::DefendMaterial => MIN_DEFENCE_ANSWERS,
            Question::WinNow
            | Question::Survive
            | Question::MateInOneTurn
            | Question::MateInTwoTurns
            | Question::WinMaterial => MIN_ANSWERS,
        }
    }
}

/// The fewest different answers a puzzle's turn may have: with fewer, a player who does not see
/// the idea finds the answer by trying the few ways (the face-6 survivals of two or three ways
/// a tester found worth nothing, docs/journal/testers/2026-12-04-puzzles-1.md).
pub const MIN_ANSWERS: usize = 5;

/// The fewest different answers a defence's turn may have: with fewer, the turn is most often
/// the king's few steps out of a check, found by looking at each (the first defences mined, of
/// 5 to 19 answers, were that).
pub const MIN_DEFENCE_ANSWERS: usize = 20;

/// What a win of material must gain (and a defence of it may lose less than), by the engine's search, on how the position stood before
/// the turn, and by how much it must beat every other turn, in centipawns: more than two pawns,
/// so a minor piece (320 or 330) less what the squares it stood on were worth.
pub const WIN_MATERIAL_GAIN: i32 = 250;

/// The plies the engine searches after each turn of a win of material before it looks at
/// captures alone: the opponent's full turn (two moves).
pub const WIN_MATERIAL_DEPTH: u8 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_writes_each_questions_slug() {
        for question in Question::ALL {
            assert_eq!(
                serde_json::to_string(&question).unwrap(),
                format!("\"{}\"", question.slug())
            );
        }
    }
}
