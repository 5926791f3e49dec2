//! Checking a lesson with the referee: its position can be played, its solution is accepted
//! and reaches the goal, and its wrong answer is refused under the Article it expects, which is
//! one the lesson teaches. `sade-ref course check` and the tests run this.

use super::judge::{Outcome, judge_actions, record_text};
use super::lesson::Lesson;
use crate::referee::{Status, verify};

/// What is wrong with a lesson, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub lesson: String,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lesson {}: {}", self.lesson, self.message)
    }
}

/// Every problem of one lesson; empty when the referee agrees with it.
pub fn check_lesson(lesson: &Lesson) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut say = |message: String| {
        problems.push(Problem {
            lesson: lesson.id.clone(),
            message,
        });
    };
    // The position alone: the game must not be refused or over before the turn.
    match record_text(lesson, &[]).map(|t| crate::parse::parse_str(&t)) {
        Ok(games) => match games.into_iter().next() {
            Some(Ok(game)) => {
                let verdict = verify(&game);
                if verdict.status != Status::Unfinished {
                    say(format!(
                        "the position cannot start the lesson: the referee finds it {:?}{}",
                        verdict.status,
                        verdict
                            .error
                            .map(|e| format!(" ({}: {})", e.article, e.reason))
                            .unwrap_or_default()
                    ));
                }
            }
            _ => say("the lesson's record does not read".into()),
        },
        Err(e) => say(format!("the lesson's record: {e}")),
    }
    match judge_actions(lesson, &lesson.solution) {
        Ok(j) if j.outcome == Outcome::Completed => {}
        Ok(j) => say(format!(
            "solution {} is judged {:?}: {}",
            lesson.solution.join(" "),
            j.outcome,
            j.message
        )),
        Err(e) => say(format!("solution: {e}")),
    }
    if !lesson.articles().any(|a| a == lesson.wrong.article) {
        say(format!(
            "the wrong answer expects {}, which is not an Article the lesson teaches",
            lesson.wrong.article
        ));
    }
    match judge_actions(lesson, &lesson.wrong.answer) {
        Ok(j) if j.outcome == Outcome::Failed && j.article == Some(lesson.wrong.article) => {}
        Ok(j) => say(format!(
            "wrong answer {} is judged {:?} under {}, not failed under {}: {}",
            lesson.wrong.answer.join(" "),
            j.outcome,
            j.article
                .map_or_else(|| "no Article".to_owned(), |a| a.to_string()),
            lesson.wrong.article,
            j.message
        )),
        Err(e) => say(format!("wrong answer: {e}")),
    }
    problems
}
