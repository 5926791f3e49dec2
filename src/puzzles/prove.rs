//! The uniqueness proof: the referee lists every answer of the puzzle's turn ([`analyse`]) and
//! exactly one meets the question, the puzzle's own.

use super::analyse::{Analysis, Answer, Outcome, analyse};
use super::error::PuzzleError;
use super::puzzle::{Puzzle, puzzle_id};
use super::question::Question;

/// Re-proves `puzzle`: its question belongs to its variant, exactly one answer of the turn meets
/// the question, the puzzle's answer is that one (in any of its orders), at least one other
/// answer exists, the count of answers is the one written, and the id is the position's.
///
/// # Errors
/// [`PuzzleError`]: why the proof fails (`2 answers win this turn: ...`).
pub fn prove(puzzle: &Puzzle) -> Result<Analysis, PuzzleError> {
    if puzzle.question.variant() != puzzle.variant {
        return Err(PuzzleError::WrongQuestion {
            question: puzzle.question,
            variant: puzzle.variant,
        });
    }
    let analysis = analyse(puzzle.variant, &puzzle.fen, puzzle.face)?;
    let solving = check_question(&analysis, puzzle.question)?;
    if !solving.orders.iter().any(|o| *o == puzzle.answer.trim()) {
        return Err(PuzzleError::WrongAnswer {
            answer: puzzle.answer.clone(),
            question: puzzle.question,
            expected: solving.text.clone(),
        });
    }
    if analysis.answers.len() != puzzle.candidates {
        return Err(PuzzleError::WrongCount {
            found: analysis.answers.len(),
            written: puzzle.candidates,
        });
    }
    let id = puzzle_id(puzzle.variant, &puzzle.fen, puzzle.face);
    if puzzle.id != id {
        return Err(PuzzleError::WrongId {
            id: puzzle.id.clone(),
            expected: id,
        });
    }
    Ok(analysis)
}

/// Re-proves every puzzle; the errors name the puzzle's line (1-based) and id.
pub fn prove_all(puzzles: &[(usize, Puzzle)]) -> Vec<(usize, String, PuzzleError)> {
    puzzles
        .iter()
        .filter_map(|(line, p)| prove(p).err().map(|e| (*line, p.id.clone(), e)))
        .collect()
}

/// The one answer that meets `question`, with the reason when there is not exactly one or the
/// puzzle is no puzzle (no other answer; for survive, an answer that wins).
pub(crate) fn check_question(
    analysis: &Analysis,
    question: Question,
) -> Result<&Answer, PuzzleError> {
    let solving = analysis.solving(question);
    let list = |answers: &[&Answer]| {
        answers
            .iter()
            .take(3)
            .map(|a| format!("`{}`", a.text))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if question == Question::Survive && analysis.count(Outcome::Wins) > 0 {
        let wins: Vec<_> = analysis.solving(Question::WinNow);
        return Err(PuzzleError::NotSurvival {
            count: wins.len(),
            listed: list(&wins),
        });
    }
    match solving.as_slice() {
        [] => Err(PuzzleError::NoAnswer(question)),
        [one] if analysis.answers.len() < 2 => Err(PuzzleError::OnlyAnswer(one.text.clone())),
        [one] => Ok(one),
        many => Err(PuzzleError::Ambiguous {
            question,
            count: many.len(),
            listed: list(many),
        }),
    }
}
