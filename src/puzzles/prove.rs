//! The uniqueness proof: the referee lists every answer of the puzzle's turn ([`analyse`]) and
//! exactly one meets the question, the puzzle's own.

use super::analyse::{analyse, analyse_defence, analyse_mate_in_two, analyse_material};
use super::answers::{Analysis, Answer, Consequence};
use super::error::PuzzleError;
use super::explain::explain;
use super::nearby::nearby;
use super::puzzle::{Continuation, Puzzle, Search, puzzle_id};
use super::question::Question;
use super::rating::initial;

/// Re-proves `puzzle`: its question belongs to its variant, exactly one answer of the turn meets
/// the question, the puzzle's answer is that one (in any of its orders), the turn has at least
/// [`Question::min_answers`] answers, the count of answers is the one written, the theme, Article, explanation and
/// rating are those the referee's verdict gives, and the id is the position's.
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
    let analysis = match puzzle.question {
        Question::Defend => analyse_defence(&puzzle.fen)?,
        Question::MateInTwoTurns => analyse_mate_in_two(&puzzle.fen)?,
        Question::WinMaterial | Question::DefendMaterial => analyse_material(&puzzle.fen)?,
        _ => analyse(puzzle.variant, &puzzle.fen, puzzle.face)?,
    };
    let solving = check_question(&analysis, puzzle.question)?;
    check_continuation(puzzle, &analysis)?;
    check_search(puzzle, &analysis)?;
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
    let explained = explain(&analysis, puzzle.question, solving);
    let derived = [
        (
            "theme",
            puzzle.theme.to_string(),
            explained.theme.to_string(),
        ),
        (
            "Article",
            puzzle.article.to_string(),
            explained.article.to_string(),
        ),
        ("explanation", puzzle.explanation.clone(), explained.text),
        (
            "rating",
            puzzle.rating.to_string(),
            initial(&analysis, solving).to_string(),
        ),
    ];
    if let Some((field, written, expected)) = derived.into_iter().find(|(_, w, e)| w != e) {
        return Err(PuzzleError::WrongWords {
            field,
            written,
            expected,
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

/// A mate in two turns: after every reply one turn mates, and the reply and mate the file
/// writes are the referee's ([`super::mates::Line`]). Any other puzzle writes none.
fn check_continuation(puzzle: &Puzzle, analysis: &Analysis) -> Result<(), PuzzleError> {
    if let Some((reply, mates)) = analysis.line.as_ref().and_then(|l| l.ambiguous.clone()) {
        return Err(PuzzleError::SecondTurnAmbiguous { reply, mates });
    }
    let expected = analysis.line.as_ref().map(|l| Continuation {
        reply: l.reply.clone(),
        mate: l.mate.clone(),
    });
    if puzzle.then == expected {
        return Ok(());
    }
    let words = |c: &Option<Continuation>| match c {
        Some(c) => format!("the reply `{}` and the mate `{}`", c.reply, c.mate),
        None => "none".to_owned(),
    };
    Err(PuzzleError::WrongContinuation {
        written: words(&puzzle.then),
        expected: words(&expected),
    })
}

/// A win of material, or a defence of it: the engine's scores the file writes are the search's
/// ([`super::puzzle::Search`]). Any other puzzle writes none.
fn check_search(puzzle: &Puzzle, analysis: &Analysis) -> Result<(), PuzzleError> {
    let expected = analysis
        .search
        .clone()
        .filter(|_| puzzle.question.searched());
    if puzzle.search == expected {
        return Ok(());
    }
    let words = |s: &Option<Search>| match s {
        Some(s) => format!(
            "depth {}, before {}, the answer {}, the next `{}` {}",
            s.depth, s.before, s.score, s.next, s.next_score
        ),
        None => "none".to_owned(),
    };
    Err(PuzzleError::WrongSearch {
        written: words(&puzzle.search),
        expected: words(&expected),
    })
}

/// Re-proves every puzzle, and holds each to be far enough from the earlier ones ([`nearby`]);
/// the errors name the puzzle's line (1-based) and id, in the order of the lines.
pub fn prove_all(puzzles: &[(usize, Puzzle)]) -> Vec<(usize, String, PuzzleError)> {
    let list: Vec<Puzzle> = puzzles.iter().map(|(_, p)| p.clone()).collect();
    let mut near = nearby(&list).into_iter().peekable();
    let mut out = Vec::new();
    for (i, (line, p)) in puzzles.iter().enumerate() {
        if let Err(e) = prove(p) {
            out.push((*line, p.id.clone(), e));
        } else if let Some((_, j, why)) = near.next_if(|(k, _, _)| *k == i) {
            let (other_line, other) = &puzzles[j];
            let e = PuzzleError::Near {
                other: other.id.clone(),
                line: *other_line,
                why,
            };
            out.push((*line, p.id.clone(), e));
        }
        while near.next_if(|(k, _, _)| *k == i).is_some() {}
    }
    out
}

/// The one answer that meets `question`, with the reason when there is not exactly one or the
/// puzzle is no puzzle (fewer than [`Question::min_answers`] answers; for survive and defend,
/// an answer that wins).
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
    // A question whose answer does not win this turn has none when a turn wins: a mate in two
    // turns or a search is no puzzle then (a mate sooner), a survival or a defence none at all.
    let wins: Vec<_> = analysis
        .answers
        .iter()
        .filter(|a| a.outcome == Consequence::Wins)
        .collect();
    if !wins.is_empty() {
        let (count, listed) = (wins.len(), list(&wins));
        if question == Question::MateInTwoTurns || question.searched() {
            return Err(PuzzleError::MatesSooner {
                question,
                count,
                listed,
            });
        }
        if Consequence::wanted_by(question) == Consequence::GoesOn {
            return Err(PuzzleError::NotSurvival {
                question,
                count,
                listed,
            });
        }
    }
    match solving.as_slice() {
        [] => Err(PuzzleError::NoAnswer(question)),
        [one] if analysis.answers.len() < question.min_answers() => {
            Err(PuzzleError::TooFewAnswers {
                answer: one.text.clone(),
                found: analysis.answers.len(),
                least: question.min_answers(),
            })
        }
        [one] => Ok(one),
        many => Err(PuzzleError::Ambiguous {
            question,
            count: many.len(),
            listed: list(many),
        }),
    }
}
