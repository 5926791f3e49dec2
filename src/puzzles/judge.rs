//! Judging an attempt: the first turn of a game played from a puzzle's position, read from the
//! game's record by the referee (never from what a page says was played).

use serde::Serialize;

use super::analyse::{Outcome, sade_state};
use super::error::PuzzleError;
use super::puzzle::Puzzle;
use super::question::Question;
use super::theme::Theme;
use crate::record::Game;
use crate::record::Variant;
use crate::rules::marseillais::{TurnStart, visit_full_turns};
use crate::rules::sade::{TurnOutcome, play_turn};
use shakmaty::Position;

/// The referee's judgement of an attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Judgement {
    pub solved: bool,
    /// The turn played, as SDN actions.
    pub played: String,
    /// How the turn played ended, in the referee's words (`The Sacrifice Accomplished
    /// (Art. 9.2)`, `the game goes on`).
    pub verdict: String,
    /// The puzzle's one answer.
    pub answer: String,
    /// What the puzzle is about, and the Article or rule it turns on (`Art. 9.2`).
    pub theme: Theme,
    pub article: String,
    pub explanation: String,
}

/// Judges the first turn of `game`, a game started from `puzzle`'s position (with its face
/// rolled, in Sade). `Ok(None)`: the turn is not complete yet.
///
/// # Errors
/// [`PuzzleError`] when the game does not start from the puzzle's position, or the referee cannot
/// replay it.
pub fn judge(puzzle: &Puzzle, game: &Game) -> Result<Option<Judgement>, PuzzleError> {
    if game.tag("FEN").map(str::trim) != Some(puzzle.fen.trim()) {
        return Err(PuzzleError::NotThePosition);
    }
    let Some(turn) = game.turns.first() else {
        return Ok(None);
    };
    let played: Vec<String> = turn.actions().map(|a| a.kind.to_string()).collect();
    let outcome = match puzzle.variant {
        Variant::Sade => {
            if turn.face.map(|f| f.value) != puzzle.face {
                return Err(PuzzleError::NotTheFace);
            }
            let state = sade_state(&puzzle.fen)?;
            let roller = state.roller();
            match play_turn(&state, turn).outcome {
                TurnOutcome::Complete => (Outcome::GoesOn, None),
                TurnOutcome::Finished { end, .. } => (
                    if end.winner == roller {
                        Outcome::Wins
                    } else {
                        Outcome::Loses
                    },
                    Some(format!(
                        "{} ({})",
                        end.termination.title(),
                        end.article.cite()
                    )),
                ),
                TurnOutcome::Stopped { .. } | TurnOutcome::Invalid { .. } => return Ok(None),
            }
        }
        Variant::Marseillais | Variant::MarseillaisClassical => {
            let start = TurnStart::from_fen(&puzzle.fen)?;
            let mover = start.pos.turn();
            let mut found = None;
            let _stopped = visit_full_turns(&start, |t| {
                if t.san
                    .iter()
                    .map(|s| s.trim_end_matches(['+', '#']))
                    .eq(played.iter().map(String::as_str))
                {
                    found = Some(t.end);
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            });
            match found {
                None => return Ok(None),
                Some(None) => (Outcome::GoesOn, None),
                Some(Some(end)) => (
                    match end.winner {
                        Some(w) if w == mover => Outcome::Wins,
                        Some(_) => Outcome::Loses,
                        None => Outcome::GoesOn,
                    },
                    Some(format!(
                        "{} ({})",
                        end.termination.title(),
                        end.article.cite()
                    )),
                ),
            }
        }
        Variant::Standard | Variant::Chess960 => {
            return Err(PuzzleError::NoPuzzles(puzzle.variant));
        }
    };
    let wanted = match puzzle.question {
        Question::WinNow | Question::MateInOneTurn => Outcome::Wins,
        Question::Survive => Outcome::GoesOn,
    };
    let (outcome, how) = outcome;
    Ok(Some(Judgement {
        solved: outcome == wanted,
        played: played.join(" "),
        verdict: match outcome {
            Outcome::Wins => format!("you win this turn: {}", how.unwrap_or_default()),
            Outcome::Loses => format!("you lose this turn: {}", how.unwrap_or_default()),
            Outcome::GoesOn => "the game goes on".to_owned(),
        },
        answer: puzzle.answer.clone(),
        theme: puzzle.theme,
        article: puzzle.article.cite().to_owned(),
        explanation: puzzle.explanation.clone(),
    }))
}
