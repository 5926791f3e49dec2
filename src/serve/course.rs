//! The Course mode of the page (spec/COURSE.md): the lessons, a lesson played as an ordinary
//! game of the server, and the player's progress.
//!
//! A lesson is started as a game created from the lesson's position through [`new_game`]
//! (record mode, the die entered) and, in Sade, its face entered by the server through
//! [`Live::roll`]: every click is then judged by the referee as in play, and a refused action
//! comes back with its Article. `POST /api/course/{game}/judge` reads the game's record, never
//! what the browser says was played, and judges it with [`crate::course::judge_game`]. The
//! lessons completed are kept in `course-progress.json` in the data folder, written atomically.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::App;
use super::error::{ApiError, ErrorBody};
use super::input::{CreateGame, new_game};
use super::live::{Holder, Live, Mode};
use super::routes::{admit, body};
use super::store::{valid_id, write_atomic};
use crate::course::{Course, Judgement, Lesson, Outcome, Task, judge_game, judge_why};
use crate::record::Face;

type Shared = Arc<App>;

const SCRIPT: &str = include_str!("assets/course.js");

/// The progress file, beside the games.
pub const PROGRESS_FILE: &str = "course-progress.json";

/// The tag of a lesson's game that names its lesson.
const LESSON_TAG: &str = "Lesson";

/// One writer of the progress file at a time.
static PROGRESS: Mutex<()> = Mutex::new(());

/// The Course mode's routes; `routes::router` merges them.
pub fn router() -> Router<Shared> {
    Router::new()
        .route("/course.js", get(script))
        .route("/api/course", get(list))
        .route("/api/course/start", post(start))
        .route("/api/course/{id}/judge", post(judge))
}

#[utoipa::path(
    get,
    path = "/course.js",
    operation_id = "course_script",
    responses((status = 200, description = "The Course mode's script.", content((String = "text/javascript"))))
)]
pub(super) async fn script() -> Response {
    super::page::with_type(SCRIPT, "text/javascript; charset=utf-8")
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

/// What the page shows of a lesson before it is played.
#[derive(Serialize)]
struct LessonView<'a> {
    id: &'a str,
    variant: &'static str,
    article: String,
    title: &'a str,
    face: Option<u8>,
    prompt: &'a str,
    task: Task,
    /// The series to explain (task `why`).
    series: &'a [String],
    completed: bool,
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
    let _one = PROGRESS
        .lock()
        .map_err(|_| ApiError::internal("the progress lock is poisoned".to_owned()))?;
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
    responses((status = 200, description = "The lessons.", body = super::openapi_modes::CourseList))
)]
pub(super) async fn list(State(app): State<Shared>) -> Result<Json<serde_json::Value>, ApiError> {
    let course = course()?;
    let progress = read_progress(&app);
    let lessons: Vec<LessonView> = course
        .lessons
        .iter()
        .map(|l| LessonView {
            id: &l.id,
            variant: l.variant.tag(),
            article: l.article.to_string(),
            title: &l.title,
            face: l.face.map(Face::get),
            prompt: &l.prompt,
            task: l.task,
            series: &l.series,
            completed: progress.completed.contains(&l.id),
        })
        .collect();
    let done = lessons.iter().filter(|l| l.completed).count();
    Ok(Json(json!({ "lessons": lessons, "completed": done })))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"lesson": "sade/01-face-one"}))]
pub(super) struct StartRequest {
    lesson: String,
}

/// The lesson's game: its position, in record mode with the die entered, the face rolled.
fn lesson_game(lesson: &Lesson) -> Result<Live, ApiError> {
    let request = CreateGame {
        variant: Some(lesson.variant.tag().to_owned()),
        fen: Some(lesson.fen.clone()),
        mode: Some(Mode::Record),
        die: lesson.face.map(|_| "entered".to_owned()),
        white: None,
        black: None,
        record: None,
    };
    let mut live = new_game(&request)?;
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
        (status = 201, description = "The lesson's game.", body = super::openapi_modes::CourseStarted),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn start(State(app): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: StartRequest = body(&bytes)?;
    let course = course()?;
    let lesson = course
        .lesson(&request.lesson)
        .ok_or_else(|| ApiError::not_found("lesson", format!("no lesson {:?}", request.lesson)))?
        .clone();
    tokio::task::spawn_blocking(move || {
        let live = lesson_game(&lesson)?;
        let mut answer = serde_json::to_value(admit(&app, live)?)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        answer["lesson"] = json!({
            "id": lesson.id,
            "article": lesson.article.to_string(),
            "title": lesson.title,
            "prompt": lesson.prompt,
            "task": lesson.task,
            "series": lesson.series,
        });
        Ok((StatusCode::CREATED, Json(answer)).into_response())
    })
    .await
    .map_err(|e| ApiError::internal(format!("the referee's task failed: {e}")))?
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
        (status = 200, description = "Completed, failed or not complete yet, with the Article.", body = super::openapi_modes::CourseJudged),
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
    bytes: Bytes,
) -> Result<Json<serde_json::Value>, ApiError> {
    let request: JudgeRequest = body(&bytes)?;
    if !valid_id(&id) {
        return Err(ApiError::not_found("id", format!("no game {id:?}")));
    }
    let game = app
        .games
        .read()
        .map_err(|_| ApiError::internal("the games' table is poisoned".to_owned()))?
        .get(&id)
        .cloned()
        .ok_or_else(|| ApiError::not_found("id", format!("no game {id}")))?;
    let live = game
        .lock()
        .map_err(|_| ApiError::internal("the game's lock is poisoned".to_owned()))?
        .clone();
    if request
        .token
        .as_deref()
        .and_then(|t| live.holder(t))
        .is_none()
    {
        return Err(ApiError::forbidden(
            "no seat of this game holds that token".to_owned(),
        ));
    }
    let course = course()?;
    let lesson = live
        .game
        .tag(LESSON_TAG)
        .and_then(|name| course.lesson(name))
        .ok_or_else(|| {
            ApiError::conflict("id", "this game is not a lesson of the course".to_owned())
        })?
        .clone();
    tokio::task::spawn_blocking(move || {
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
        Ok(Json(json!({
            "lesson": lesson.id,
            "article": lesson.article.to_string(),
            "judgement": judgement,
            "explanation": (judgement.outcome == Outcome::Completed).then_some(&lesson.explanation),
            "completed": completed,
        })))
    })
    .await
    .map_err(|e| ApiError::internal(format!("the referee's task failed: {e}")))?
}
