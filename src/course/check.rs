//! Checking a lesson with the referee: its position can be played, its solution is accepted
//! and reaches the goal, and each of its wrong answers is refused under the Article it expects,
//! one the lesson teaches, in the words it states; and a stage has a task whose answer is a
//! refusal or a loss. `sade-ref course check` and the tests run this.

use super::answer::{record_text, roller};
use super::judge::{Mark, judge_actions};
use super::lesson::{Lesson, Task};
use super::load::Course;
use super::stage::{SENTENCES, Stage, TASKS};
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
    // The position with the face rolled and nothing played: the game must not be refused, or
    // over before the lesson's player has anything to do (a roll that decides ends it, R15).
    match record_text(lesson, &[]).map(|t| crate::parse::parse_str(&t)) {
        Ok(games) => match games.into_iter().next() {
            Some(Ok(game)) => {
                let verdict = verify(&game);
                // A `why` task may show a game the roll already ended: its answer is why.
                let over = match lesson.task {
                    Task::Play => verdict.status != Status::Unfinished,
                    Task::Why => verdict.status == Status::Invalid,
                };
                if over {
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
        Ok(j) if j.outcome == Mark::Completed => {}
        Ok(j) => say(format!(
            "solution {} is judged {:?}: {}",
            lesson.solution.join(" "),
            j.outcome,
            j.message
        )),
        Err(e) => say(format!("solution: {e}")),
    }
    for wrong in &lesson.wrong {
        if !lesson.articles().any(|a| a == wrong.article) {
            say(format!(
                "the wrong answer {} expects {}, which is not an Article the lesson teaches",
                wrong.answer.join(" "),
                wrong.article
            ));
        }
        match judge_actions(lesson, &wrong.answer) {
            Ok(j) if j.outcome == Mark::Failed && j.article == Some(wrong.article) => {
                if let Some(says) = &wrong.says
                    && !j.message.contains(says.as_str())
                {
                    say(format!(
                        "wrong answer {} is refused, but its judgement does not say `{says}`: {}",
                        wrong.answer.join(" "),
                        j.message
                    ));
                }
            }
            Ok(j) => say(format!(
                "wrong answer {} is judged {:?} under {}, not failed under {}: {}",
                wrong.answer.join(" "),
                j.outcome,
                j.article
                    .map_or_else(|| "no Article".to_owned(), |a| a.to_string()),
                wrong.article,
                j.message
            )),
            Err(e) => say(format!("wrong answer {}: {e}", wrong.answer.join(" "))),
        }
    }
    problems
}

/// Every problem of a stage as a whole (each lesson is checked by [`check_lesson`]): among its
/// tasks, at least one whose answer is a refusal or a loss (a `why` task, or a goal that the
/// roller loses by), so that the idea is met from the side where it forbids.
pub fn check_stage(course: &Course, stage: &Stage) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut say = |message: String| {
        problems.push(Problem {
            lesson: stage.id.clone(),
            message,
        });
    };
    if !TASKS.contains(&stage.tasks.len()) {
        say(format!(
            "a stage has {} to {} tasks, not {}",
            TASKS.start(),
            TASKS.end(),
            stage.tasks.len()
        ));
    }
    if !SENTENCES.contains(&stage.teach.len()) || stage.teach.iter().any(|t| t.trim().is_empty()) {
        say(format!(
            "teach: a stage opens with {} to {} plain sentences, not {}",
            SENTENCES.start(),
            SENTENCES.end(),
            stage.teach.len()
        ));
    }
    if stage.wording.trim().is_empty() {
        say("wording: the rule's own words are missing".into());
    }
    let refused_or_lost = stage
        .tasks
        .iter()
        .filter_map(|t| course.lesson(t))
        .any(|l| {
            l.task == Task::Why
                || l.goal
                    .is_some_and(|g| g.winner.is_some_and(|w| w != roller(l)))
        });
    if !refused_or_lost {
        say(
            "no task of the stage is refused or lost: add a `why` task or one whose goal the \
             roller loses by"
                .into(),
        );
    }
    problems
}

/// Every Article the course cites (a stage's, a lesson's own, its others, its choices, its wrong
/// answers') without its words in `articles.json`: a learner who taps it would read nothing.
pub fn check_wordings(course: &Course) -> Vec<Problem> {
    let mut cited: Vec<(String, crate::rules::Article)> = Vec::new();
    for stage in &course.stages {
        cited.push((stage.id.clone(), stage.article));
    }
    for lesson in &course.lessons {
        let articles = lesson
            .articles()
            .chain(lesson.choices.iter().copied())
            .chain(lesson.wrong.iter().map(|w| w.article));
        cited.extend(articles.map(|a| (lesson.id.clone(), a)));
    }
    let mut problems: Vec<Problem> = Vec::new();
    for (place, article) in cited {
        if course.wording(article).is_none()
            && !problems
                .iter()
                .any(|p| p.message.starts_with(&format!("{article}:")))
        {
            problems.push(Problem {
                lesson: place,
                message: format!("{article}: cited, but articles.json does not say its words"),
            });
        }
    }
    problems
}
