//! The uniqueness proof: the referee lists every answer of the puzzle's turn ([`analyse`]) and
//! exactly one meets the question, the puzzle's own.

use super::analyse::{Analysis, Outcome, analyse};
use super::{Puzzle, Question, puzzle_id};

/// Re-proves `puzzle`: its question belongs to its variant, exactly one answer of the turn meets
/// the question, the puzzle's answer is that one (in any of its orders), at least one other
/// answer exists, the count of answers is the one written, and the id is the position's.
///
/// # Errors
/// The reason the proof fails, in words (`2 answers win this turn: ...`).
pub fn prove(puzzle: &Puzzle) -> Result<Analysis, String> {
    if puzzle.question.variant() != puzzle.variant {
        return Err(format!(
            "the question `{}` is not a {} question",
            serde_json::to_value(puzzle.question)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            puzzle.variant.name()
        ));
    }
    let analysis = analyse(puzzle.variant, &puzzle.fen, puzzle.face)?;
    let solving = check_question(&analysis, puzzle.question)?;
    if !solving.orders.iter().any(|o| *o == puzzle.answer.trim()) {
        return Err(format!(
            "the answer `{}` is not the one that {}: the referee's is `{}`",
            puzzle.answer,
            verb(puzzle.question),
            solving.text
        ));
    }
    if analysis.answers.len() != puzzle.candidates {
        return Err(format!(
            "the turn has {} different answers, the puzzle says {}",
            analysis.answers.len(),
            puzzle.candidates
        ));
    }
    let id = puzzle_id(puzzle.variant, &puzzle.fen, puzzle.face);
    if puzzle.id != id {
        return Err(format!(
            "the id `{}` is not the position's: `{id}`",
            puzzle.id
        ));
    }
    Ok(analysis)
}

/// Re-proves every puzzle; the errors name the puzzle's line (1-based) and id.
pub fn prove_all(puzzles: &[(usize, Puzzle)]) -> Vec<(usize, String, String)> {
    puzzles
        .iter()
        .filter_map(|(line, p)| prove(p).err().map(|e| (*line, p.id.clone(), e)))
        .collect()
}

fn verb(question: Question) -> &'static str {
    match question {
        Question::WinNow => "wins this turn",
        Question::Survive => "survives this turn",
        Question::MateInOneTurn => "mates in one turn",
    }
}

/// The one answer that meets `question`, with the reason when there is not exactly one or the
/// puzzle is no puzzle (no other answer; for survive, an answer that wins).
pub(crate) fn check_question(
    analysis: &Analysis,
    question: Question,
) -> Result<&super::Answer, String> {
    let solving = analysis.solving(question);
    let list = |answers: &[&super::Answer]| {
        answers
            .iter()
            .take(3)
            .map(|a| format!("`{}`", a.text))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if question == Question::Survive && analysis.count(Outcome::Wins) > 0 {
        let wins: Vec<_> = analysis.solving(Question::WinNow);
        return Err(format!(
            "{} answer(s) win this turn ({}): not a survival",
            wins.len(),
            list(&wins)
        ));
    }
    match solving.as_slice() {
        [] => Err(format!("no answer {}", verb(question))),
        [one] if analysis.answers.len() < 2 => Err(format!(
            "`{}` is the only answer of the turn: nothing to find",
            one.text
        )),
        [one] => Ok(one),
        many => Err(format!(
            "{} answers {}: {}",
            many.len(),
            verb(question)
                .replace("wins", "win")
                .replace("survives", "survive")
                .replace("mates", "mate"),
            list(many)
        )),
    }
}
