//! The course's lessons as games of the server: the course read once, a lesson's game made
//! from its position, the lesson a game is, and the prompt the page shows.

use crate::course::{Course, Lesson, Task, record_text};
use crate::serve::error::ApiError;
use crate::serve::http::{App, GAME, find, held, seat};
use crate::serve::input::{ActRequest, Die, act_actions};
use crate::serve::kind::{Kind, LESSON_TAG};
use crate::serve::live::{Holder, Live};
use crate::serve::new_game::{NewGame, new_game};

use super::answers::{Cited, LessonPrompt};

/// The built-in course, read once.
pub(super) fn course() -> Result<&'static Course, ApiError> {
    static COURSE: std::sync::OnceLock<Result<Course, String>> = std::sync::OnceLock::new();
    COURSE
        .get_or_init(|| {
            Course::embedded().map_err(|errors| {
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            })
        })
        .as_ref()
        .map_err(|e| ApiError::internal(format!("the course's lessons do not read: {e}")))
}

/// The Article a lesson teaches, as the page may see it before the learner answers: none for a
/// `why` lesson, where it is the answer.
pub(super) fn taught(lesson: &Lesson) -> Option<Cited> {
    (lesson.task != Task::Why).then(|| lesson.article.into())
}

/// The lesson as the page shows it started.
pub(super) fn prompt(course: &Course, lesson: &Lesson) -> LessonPrompt {
    let stage = course.stage_of(&lesson.id);
    LessonPrompt {
        id: lesson.id.clone(),
        stage: stage.map(|s| s.id.clone()).unwrap_or_default(),
        number: stage
            .and_then(|s| s.tasks.iter().position(|t| *t == lesson.id))
            .map_or(1, |i| i + 1),
        of: stage.map_or(1, |s| s.tasks.len()),
        article: taught(lesson),
        title: lesson.title.clone(),
        prompt: lesson.prompt.clone(),
        task: lesson.task,
        series: lesson.series.clone(),
        choices: lesson.choices.iter().map(|&a| a.into()).collect(),
    }
}

/// The lesson's game: its position, in record mode with the die entered, the face rolled.
pub(super) fn lesson_game(lesson: &Lesson) -> Result<Live, ApiError> {
    let variant = lesson.variant;
    let die = lesson.face.map_or(Die::Server, |_| Die::Entered);
    let fen = (!lesson.start).then_some(lesson.fen.as_str());
    let start = if lesson.before.is_empty() {
        NewGame::recorded_from(variant, fen, die)?
    } else {
        // The earlier turns, as the lesson's record writes them.
        let text = record_text(lesson, &[]).map_err(|e| ApiError::internal(e.to_string()))?;
        let game = crate::parse::parse_str(&text)
            .into_iter()
            .next()
            .and_then(Result::ok)
            .ok_or_else(|| ApiError::internal("the lesson's earlier turns do not read".into()))?;
        NewGame::recorded_after(game, die)
    };
    let mut live = new_game(&start)?;
    live.game.set_tag("Event", "sade-ref course");
    live.game.set_tag(LESSON_TAG, &lesson.id);
    live.meta.kind = Kind::Lesson(lesson.id.clone());
    if let Some(face) = lesson.face {
        live.roll(Holder::Arbiter, Some(face.get()))?;
    }
    Ok(live)
}

/// The lesson a game is, with the game as it stands, for the seat holding `token`.
pub(super) fn lesson_of(
    app: &App,
    id: &str,
    token: Option<&str>,
) -> Result<(Live, Lesson), ApiError> {
    let game = find(app, id)?;
    let live = held(game.lock(), GAME)?.clone();
    seat(&live, token)?;
    let course = course()?;
    let lesson = match &live.meta.kind {
        Kind::Lesson(name) => course.lesson(name),
        _ => None,
    }
    .ok_or_else(|| ApiError::conflict("id", "this game is not a lesson of the course".to_owned()))?
    .clone();
    Ok((live, lesson))
}

/// The lesson's turn's actions as the record holds them, and the one tried after them.
pub(super) fn with_tried(
    live: &Live,
    lesson: &Lesson,
    tried: &ActRequest,
) -> Result<Vec<String>, ApiError> {
    let mut actions: Vec<String> = live
        .game
        .turns
        .get(lesson.before.len())
        .map(|t| t.actions().map(ToString::to_string).collect())
        .unwrap_or_default();
    for action in act_actions(tried, &live.verdict.final_fen)? {
        actions.push(action.to_string());
    }
    Ok(actions)
}
