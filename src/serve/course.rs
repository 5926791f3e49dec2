//! The Course mode of the page (spec/COURSE.md): the lessons, a lesson played as an ordinary
//! game of the server, and the player's progress.
//!
//! A lesson is started as a game created from the lesson's position through [`new_game`]
//! (record mode, the die entered) and, in Sade, its face entered by the server through
//! [`Live::roll`]: every click is then judged by the referee as in play, and a refused action
//! comes back with its Article. `POST /api/course/{game}/judge` reads the game's record, never
//! what the browser says was played, and judges it with [`crate::course::judge_game`]. The
//! lessons completed are kept in `course-progress.json` in the data folder, written atomically.

use std::sync::Mutex;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, ErrorBody};
use super::http::{App, Body, GAME, Shared, admit, blocking, find, held, seat, sorted};
use super::input::Die;
use super::live::{Holder, LESSON_TAG, Live};
use super::new_game::{NewGame, new_game};
use super::store::write_atomic;
use super::view::Created;
use crate::course::{Course, Judgement, Lesson, Outcome, Task, judge_game, judge_why};
use crate::record::Face;

const SCRIPT: &str = include_str!("assets/course.js");

/// The progress file, beside the games.
pub const PROGRESS_FILE: &str = "course-progress.json";

/// One writer of the progress file at a time.
static PROGRESS: Mutex<()> = Mutex::new(());

#[utoipa::path(
    get,
    path = "/course.js",
    operation_id = "course_script",
    responses((status = 200, description = "The Course mode's script.", content((String = "text/javascript"))))
)]
pub(super) async fn script(request: axum::http::HeaderMap) -> Response {
    super::page::with_type(SCRIPT, "text/javascript; charset=utf-8", &request)
}

/// The built-in course, read once.
fn course() -> Result<&'static Course, ApiError> {
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

/// A lesson of the course (spec/COURSE.md), as the list shows it before it is played.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Lesson)]
pub struct LessonView {
    id: String,
    variant: &'static str,
    article: String,
    title: String,
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6, required = true)]
    face: Option<Face>,
    prompt: String,
    #[schema(schema_with = super::schema::task)]
    task: Task,
    /// The series to explain (task `why`).
    series: Vec<String>,
    completed: bool,
}

/// The lessons in order, each marked completed or not.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseList {
    lessons: Vec<LessonView>,
    /// The lessons completed.
    completed: usize,
}

/// A new game of the lesson (as `POST /api/games` answers), with its prompt.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseStarted {
    #[serde(flatten)]
    game: Created,
    lesson: LessonPrompt,
}

/// What the page shows of a lesson started.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LessonPrompt {
    id: String,
    article: String,
    title: String,
    prompt: String,
    #[schema(schema_with = super::schema::task)]
    task: Task,
    series: Vec<String>,
}

/// The judgement of the lesson's turn as the game's record holds it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseJudged {
    lesson: String,
    article: String,
    judgement: LessonJudgement,
    /// The lesson's explanation, once it is completed.
    #[schema(required = true)]
    explanation: Option<String>,
    /// The lessons completed.
    completed: Vec<String>,
}

/// The judgement of one answer to a lesson (the library's course `Judgement`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct LessonJudgement {
    #[schema(schema_with = super::schema::outcome)]
    outcome: Outcome,
    /// The Article behind the judgement: the refusal's, the ending's, or the lesson's.
    #[schema(required = true)]
    article: Option<String>,
    /// In the referee's words where the referee refused the answer.
    message: String,
    /// The 1-based action the referee refused (0: the turn as a whole), when it refused one.
    #[schema(required = true)]
    action: Option<usize>,
    /// The lesson's solution, shown when the answer failed.
    #[schema(required = true)]
    solution: Option<Vec<String>>,
}

impl From<Judgement> for LessonJudgement {
    fn from(j: Judgement) -> LessonJudgement {
        LessonJudgement {
            outcome: j.outcome,
            article: j.article.map(|a| a.to_string()),
            message: j.message,
            action: j.action,
            solution: j.solution,
        }
    }
}

/// The lessons completed, as stored.
#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Progress {
    completed: Vec<String>,
}

fn read_progress(app: &App) -> Progress {
    std::fs::read_to_string(app.store.dir.join(PROGRESS_FILE))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn complete(app: &App, lesson: &str) -> Result<Vec<String>, ApiError> {
    let _one = held(PROGRESS.lock(), "the progress lock is poisoned")?;
    let mut progress = read_progress(app);
    if !progress.completed.iter().any(|l| l == lesson) {
        progress.completed.push(lesson.to_owned());
        let text = serde_json::to_string_pretty(&progress)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        write_atomic(&app.store.dir.join(PROGRESS_FILE), text.as_bytes()).map_err(|e| {
            ApiError::unsaved(format!("the lesson is completed, but not saved: {e}"))
        })?;
    }
    Ok(progress.completed)
}

/// `GET /api/course`: the lessons in order, each marked completed or not.
#[utoipa::path(
    get,
    path = "/api/course",
    operation_id = "course_list",
    responses((status = 200, description = "The lessons.", body = CourseList))
)]
pub(super) async fn list(State(app): State<Shared>) -> Result<Json<serde_json::Value>, ApiError> {
    let course = course()?;
    let progress = read_progress(&app);
    let lessons: Vec<LessonView> = course
        .lessons
        .iter()
        .map(|l| LessonView {
            id: l.id.clone(),
            variant: l.variant.tag(),
            article: l.article.to_string(),
            title: l.title.clone(),
            face: l.face,
            prompt: l.prompt.clone(),
            task: l.task,
            series: l.series.clone(),
            completed: progress.completed.contains(&l.id),
        })
        .collect();
    let completed = lessons.iter().filter(|l| l.completed).count();
    Ok(Json(sorted(&CourseList { lessons, completed })?))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"lesson": "sade/01-face-one"}))]
pub(super) struct StartRequest {
    lesson: String,
}

/// The lesson's game: its position, in record mode with the die entered, the face rolled.
fn lesson_game(lesson: &Lesson) -> Result<Live, ApiError> {
    let variant = lesson.variant;
    let die = lesson.face.map_or(Die::Server, |_| Die::Entered);
    let mut live = new_game(&NewGame::recorded(variant, &lesson.fen, die)?)?;
    live.game.set_tag("Event", "sade-ref course");
    live.game.set_tag(LESSON_TAG, &lesson.id);
    if let Some(face) = lesson.face {
        live.roll(Holder::Arbiter, Some(face.get()))?;
    }
    Ok(live)
}

/// `POST /api/course/start` `{"lesson": "sade/01-face-one"}`: a new game of the lesson, answered
/// as `POST /api/games` answers, with the lesson's prompt.
#[utoipa::path(
    post,
    path = "/api/course/start",
    operation_id = "course_start",
    request_body = StartRequest,
    responses(
        (status = 201, description = "The lesson's game.", body = CourseStarted),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn start(
    State(app): State<Shared>,
    Body(request): Body<StartRequest>,
) -> Result<Response, ApiError> {
    let course = course()?;
    let lesson = course
        .lesson(&request.lesson)
        .ok_or_else(|| ApiError::not_found("lesson", format!("no lesson {:?}", request.lesson)))?
        .clone();
    blocking("the referee's task", move || {
        let live = lesson_game(&lesson)?;
        let answer = CourseStarted {
            game: admit(&app, live)?,
            lesson: LessonPrompt {
                article: lesson.article.to_string(),
                id: lesson.id,
                title: lesson.title,
                prompt: lesson.prompt,
                task: lesson.task,
                series: lesson.series,
            },
        };
        Ok((StatusCode::CREATED, Json(sorted(&answer)?)).into_response())
    })
    .await
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct JudgeRequest {
    token: Option<String>,
    /// The answer to a `why` lesson: the Article that refuses its series.
    article: Option<String>,
}

/// `POST /api/course/{game}/judge` `{"token": …}`: the judgement of the lesson's turn as the
/// game's record holds it; a completed lesson is added to the progress.
#[utoipa::path(
    post,
    path = "/api/course/{id}/judge",
    operation_id = "course_judge",
    params(("id" = String, Path, description = "The lesson's game: 16 hex digits.")),
    request_body = JudgeRequest,
    responses(
        (status = 200, description = "Completed, failed or not complete yet, with the Article.", body = CourseJudged),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The request does not fit the game's state (the turn is not complete yet, or the game is not of this kind).", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn judge(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Body(request): Body<JudgeRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let game = find(&app, &id)?;
    let live = held(game.lock(), GAME)?.clone();
    seat(&live, request.token.as_deref())?;
    let course = course()?;
    let lesson = live
        .game
        .tag(LESSON_TAG)
        .and_then(|name| course.lesson(name))
        .ok_or_else(|| {
            ApiError::conflict("id", "this game is not a lesson of the course".to_owned())
        })?
        .clone();
    blocking("the referee's task", move || {
        let judgement = match (lesson.task, &request.article) {
            (Task::Play, None) => judge_game(&lesson, &live.game),
            (Task::Play, Some(_)) => {
                return Err(ApiError::bad(
                    "article",
                    "this lesson is played on the board: its answer is the game's turn".to_owned(),
                ));
            }
            (Task::Why, None) => Judgement {
                outcome: Outcome::Incomplete,
                article: None,
                message: "name the Article under which the referee refuses the series".to_owned(),
                action: None,
                solution: None,
            },
            (Task::Why, Some(article)) => {
                judge_why(&lesson, article).map_err(|e| ApiError::bad("article", e.message))?
            }
        };
        let completed = if judgement.outcome == Outcome::Completed {
            complete(&app, &lesson.id)?
        } else {
            read_progress(&app).completed
        };
        let answer = CourseJudged {
            explanation: (judgement.outcome == Outcome::Completed).then_some(lesson.explanation),
            lesson: lesson.id,
            article: lesson.article.to_string(),
            judgement: judgement.into(),
            completed,
        };
        Ok(Json(sorted(&answer)?))
    })
    .await
}
