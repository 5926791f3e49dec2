//! Why a puzzle cannot be analysed, proved, judged or made.

use std::fmt;

use shakmaty::Color;

use super::question::Question;
use crate::play::PlayError;
use crate::record::Variant;
use crate::rules::PositionError;
use crate::rules::names::color_name;
use crate::rules::sade::{BadStart, Refused};

/// Why [`analyse`](super::analyse), [`prove`](super::prove), [`judge`](super::judge) or
/// [`generate`](super::generate) fails.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The FEN cannot be read (`problem`: what is wrong with it).
    #[error("the FEN is not a position: {problem}")]
    NotAPosition { problem: String },
    /// A Sade puzzle without the face rolled.
    #[error("a Sade puzzle needs the face rolled (1 to 6)")]
    NoFace,
    /// A face given for a Marseillais puzzle.
    #[error("a Marseillais puzzle has no die face")]
    FaceGiven,
    /// A variant that has no puzzles (Standard, Chess960).
    #[error("sade-ref has no {0} puzzles")]
    NoPuzzles(Variant),
    /// A variant [`generate`](super::generate) makes no puzzles of.
    #[error("sade-ref makes no {0} puzzles")]
    NotMade(Variant),
    /// Sade: the FEN cannot start a game.
    #[error(transparent)]
    SadeStart(#[from] BadStart),
    /// Sade: `0` has the king alone, so the game is over (Art. 9.3).
    #[error(
        "{} has the king alone: the game is already over (Art. 9.3)",
        color_name(*.0)
    )]
    Over(Color),
    /// Marseillais: the FEN cannot start a game.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The referee cannot analyse the position.
    #[error(transparent)]
    Refused(#[from] Refused),
    /// The walk over every answer stopped before the end (a bug in sade-ref).
    #[error("the walk stopped short")]
    StoppedShort,
    /// The puzzle's question is not one of its variant's.
    #[error(
        "the question `{}` is not a {} question",
        question.slug(),
        variant.name()
    )]
    WrongQuestion {
        question: Question,
        variant: Variant,
    },
    /// The puzzle's answer is not the one that meets the question (`expected`: the referee's).
    #[error(
        "the answer `{answer}` is not the one that {}: the referee's is `{expected}`",
        question.verb()
    )]
    WrongAnswer {
        answer: String,
        question: Question,
        expected: String,
    },
    /// The puzzle counts `written` answers; the turn has `found`.
    #[error("the turn has {found} different answers, the puzzle says {written}")]
    WrongCount { found: usize, written: usize },
    /// What the file says of the puzzle (`field`: its theme, Article, explanation or rating)
    /// is not what the referee's verdict gives (`expected`).
    #[error("the {field} `{written}` is not the one the referee's verdict gives: `{expected}`")]
    WrongWords {
        field: &'static str,
        written: String,
        expected: String,
    },
    /// The puzzle is too near an earlier one of its file (`other`: that one's id).
    #[error("too near the puzzle `{other}` of line {line}: {why}")]
    Near {
        other: String,
        line: usize,
        why: Nearby,
    },
    /// The puzzle's id is not its position's (`expected`).
    #[error("the id `{id}` is not the position's: `{expected}`")]
    WrongId { id: String, expected: String },
    /// A survival or a defence where `count` answers win (`listed`: the first three, quoted).
    #[error("{count} answer(s) win this turn ({listed}): not a {}", question.noun())]
    NotSurvival {
        question: Question,
        count: usize,
        listed: String,
    },
    /// No answer meets the question.
    #[error("no answer {}", .0.verb())]
    NoAnswer(Question),
    /// The turn has fewer than [`Question::min_answers`] different answers (`least`): the
    /// answer is a guess among a few, not something to find.
    #[error(
        "`{answer}` is one of only {found} answers of the turn: a guess, not a puzzle (a puzzle \
         offers at least {least} ways to play its turn)"
    )]
    TooFewAnswers {
        answer: String,
        found: usize,
        least: usize,
    },
    /// `count` answers meet the question (`listed`: the first three, quoted).
    #[error("{count} answers {}: {listed}", question.plural_verb())]
    Ambiguous {
        question: Question,
        count: usize,
        listed: String,
    },
    /// A mate in two turns, or a win of material, where `count` answers mate at once
    /// (`listed`: the first three).
    #[error("{count} answer(s) mate in one turn ({listed}): not a {}", .question.noun())]
    MatesSooner {
        question: Question,
        count: usize,
        listed: String,
    },
    /// A mate in two turns where, after `reply`, more than one turn mates (two of them,
    /// `mates`): the second turn has no one answer.
    #[error("after the reply `{reply}`, more than one turn mates: `{}` and `{}`", .mates[0], .mates[1])]
    SecondTurnAmbiguous { reply: String, mates: [String; 2] },
    /// The reply and mate written after a mate in two turns' answer are not the referee's
    /// (`expected`), or are written for another question.
    #[error("the reply and mate written, {written}, are not the referee's: {expected}")]
    WrongContinuation { written: String, expected: String },
    /// The engine's scores written beside a win of material's answer are not the search's
    /// (`expected`), or are written for another question.
    #[error("the engine's scores written, {written}, are not the search's: {expected}")]
    WrongSearch { written: String, expected: String },
    /// The game judged does not start from the puzzle's position.
    #[error("the game does not start from the puzzle's position")]
    NotThePosition,
    /// Sade: the game judged rolled another face than the puzzle's.
    #[error("the face rolled is not the puzzle's")]
    NotTheFace,
    /// A game of the self-play that mines puzzles cannot be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A puzzle's source names a level that is none.
    #[error("the source does not lead to the puzzle: no level `{0}`")]
    NoSuchLevel(String),
    /// A puzzle's source names a turn its game does not have.
    #[error("the source does not lead to the puzzle: game {game} has no turn {turn}")]
    NoSuchTurn { game: u64, turn: String },
    /// A puzzle's sideline is not a turn that goes on from the position before its turn.
    #[error(
        "the source does not lead to the puzzle: `{sideline}` is not a turn that goes on before {turn}"
    )]
    NotASideline { sideline: String, turn: String },
}

/// Why a puzzle is too near an earlier one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nearby {
    /// The same position (the face aside).
    SamePosition,
    /// From the same game, `turns` turns apart, with the same answer.
    SameAnswer { turns: u64 },
    /// From the same game, `turns` turns apart, with the same theme.
    SameTheme { turns: u64 },
}

impl fmt::Display for Nearby {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nearby::SamePosition => f.write_str("the same position"),
            Nearby::SameAnswer { turns } => {
                write!(f, "the same answer, {turns} turns away in the same game")
            }
            Nearby::SameTheme { turns } => {
                write!(f, "the same theme, {turns} turns away in the same game")
            }
        }
    }
}

impl Question {
    /// What the answer does: "wins this turn", "survives this turn", "mates in one turn".
    pub(crate) fn verb(self) -> &'static str {
        match self {
            Question::WinNow => "wins this turn",
            Question::Survive => "survives this turn",
            Question::MateInOneTurn => "mates in one turn",
            Question::Defend => "is not mated at the next turn",
            Question::MateInTwoTurns => "mates in two turns",
            Question::WinMaterial => "wins material",
            Question::DefendMaterial => "loses no piece",
        }
    }

    /// What a puzzle that asks it is, in a word: "survival", "defence", ...
    fn noun(self) -> &'static str {
        match self {
            Question::WinNow => "win",
            Question::Survive => "survival",
            Question::MateInOneTurn => "mate",
            Question::Defend => "defence",
            Question::MateInTwoTurns => "mate in two turns",
            Question::WinMaterial => "win of material",
            Question::DefendMaterial => "defence of material",
        }
    }

    /// [`Question::verb`] for several answers: "win this turn", ...
    fn plural_verb(self) -> &'static str {
        match self {
            Question::WinNow => "win this turn",
            Question::Survive => "survive this turn",
            Question::MateInOneTurn => "mate in one turn",
            Question::Defend => "are not mated at the next turn",
            Question::MateInTwoTurns => "mate in two turns",
            Question::WinMaterial => "win material",
            Question::DefendMaterial => "lose no piece",
        }
    }
}
