//! The Course mode of the page (spec/COURSE.md): the stages and their lessons, a lesson played
//! as an ordinary game of the server, help in its order (a hint, then the solution after two
//! tries), and each learner's progress and stars.
//!
//! A lesson is started as a game created from the lesson's position through [`new_game`]
//! (record mode, the die entered) and, in Sade, its face entered by the server through
//! [`Live::roll`]: every click is then judged by the referee as in play, and a refused action
//! comes back with its Article. `POST /api/course/{game}/judge` reads the game's record, never
//! what the browser says was played, and judges it with [`crate::course::judge_game`]; an action
//! the board refused is played again by the server on a copy of the game, so that the referee
//! says why, in the lesson's panel. A learner is an id the browser keeps; each learner's tries,
//! help and stars are kept in `course-progress.json` in the data folder, written atomically.
//! Lesson games are not listed among the server's games.

use std::collections::BTreeMap;
use std::sync::Mutex;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, ErrorBody};
use super::http::{App, Body, GAME, Shared, admit, blocking, find, held, seat, sorted};
use super::input::{ActRequest, Die, act_actions};
use super::kind::{Kind, LESSON_TAG};
use super::live::{Holder, Live};
use super::new_game::{NewGame, new_game};
use super::store::write_atomic;
use super::view::Created;
use crate::course::{
    Course, Judgement, Lesson, Outcome, Stage, Task, judge_actions, judge_game, judge_why,
    record_text, roller,
};
use crate::record::Face;
use crate::rules::Article;

/// The progress file, beside the games.
pub const PROGRESS_FILE: &str = "course-progress.json";

/// One writer of the progress file at a time.
static PROGRESS: Mutex<()> = Mutex::new(());

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

/// An Article cited by the course, with what it is about (shown where it is cited).
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Cited {
    /// As the referee cites it: `Art. 12.1`, `R4`, `M2`.
    cite: String,
    title: &'static str,
}

impl From<Article> for Cited {
    fn from(a: Article) -> Cited {
        Cited {
            cite: a.to_string(),
            title: a.title(),
        }
    }
}

/// An Article the referee cites, what it is about and, where the course has them, its own words.
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Said {
    #[serde(flatten)]
    cited: Cited,
    /// Where the words stand (`Article 12.1 (Section IV)`, `Ruling R4`).
    #[schema(required = true)]
    source: Option<String>,
    /// The Article's own words (a paraphrase where `quoted` is false).
    #[schema(required = true)]
    words: Option<String>,
    quoted: bool,
}

/// A lesson (a stage's task) of the course (spec/COURSE.md), as the list shows it before it is
/// played.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Lesson)]
pub struct LessonView {
    id: String,
    /// The stage it belongs to.
    stage: String,
    variant: &'static str,
    /// The Article the lesson teaches; none for a `why` lesson, whose answer it is (sent with
    /// its judgement only).
    #[schema(required = true)]
    article: Option<Cited>,
    title: String,
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6, required = true)]
    face: Option<Face>,
    prompt: String,
    #[schema(schema_with = super::schema::task)]
    task: Task,
    /// The series to explain (task `why`).
    series: Vec<String>,
    /// The Articles to choose from (task `why`).
    choices: Vec<Cited>,
    /// The side the lesson's player plays (the side to move in its position): the board is
    /// seen from it.
    #[schema(schema_with = super::schema::side)]
    side: &'static str,
    /// Completed by this learner (with or without stars).
    completed: bool,
    /// 3: at the first try; 2: after one failure or the hint; 1: after more; 0: after the
    /// solution was shown, or not completed.
    #[schema(minimum = 0, maximum = 3)]
    stars: u8,
}

/// A stage: what is taught before its tasks, and the tasks in order.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StageView {
    id: String,
    variant: &'static str,
    title: String,
    article: Cited,
    /// Two to four plain sentences, said before the first task.
    teach: Vec<String>,
    /// The rule's own words.
    wording: String,
    /// The stage's lessons, by id, in order.
    tasks: Vec<String>,
}

impl From<&Stage> for StageView {
    fn from(s: &Stage) -> StageView {
        StageView {
            id: s.id.clone(),
            variant: s.variant.tag(),
            title: s.title.clone(),
            article: s.article.into(),
            teach: s.teach.clone(),
            wording: s.wording.clone(),
            tasks: s.tasks.clone(),
        }
    }
}

/// The stages and their lessons in order, each lesson marked completed (and its stars) for the
/// learner asked about.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseList {
    stages: Vec<StageView>,
    lessons: Vec<LessonView>,
    /// The lessons the learner completed.
    completed: usize,
    /// The learner's stars, all lessons together.
    stars: u32,
    /// Every Article, ruling and law the referee cites, with what it is about and (those the
    /// course cites) its own words: shown where a lesson or a judgement cites one.
    articles: Vec<Said>,
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
    stage: String,
    /// 1-based place of the lesson in its stage, and the stage's number of tasks.
    number: usize,
    of: usize,
    /// The Article the lesson teaches; none for a `why` lesson, whose answer it is (sent with
    /// its judgement only).
    #[schema(required = true)]
    article: Option<Cited>,
    title: String,
    prompt: String,
    #[schema(schema_with = super::schema::task)]
    task: Task,
    series: Vec<String>,
    choices: Vec<Cited>,
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
    /// The lesson's own solution, once it is completed (the explanation speaks of it; the turn
    /// played may be another that does what was asked).
    #[schema(required = true)]
    solution: Option<Vec<String>>,
    /// The lesson's turn as the game's record holds it (SDN actions).
    played: Vec<String>,
    /// The learner's tries that failed on this lesson so far.
    failures: u32,
    /// The stars of this lesson (0 to 3: see `Lesson.stars`), once it is completed.
    #[schema(minimum = 0, maximum = 3)]
    stars: u8,
    /// The lessons the learner completed.
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
}

impl From<Judgement> for LessonJudgement {
    fn from(j: Judgement) -> LessonJudgement {
        LessonJudgement {
            outcome: j.outcome,
            article: j.article.map(|a| a.to_string()),
            message: j.message,
            action: j.action,
        }
    }
}

/// How many failed tries open the solution.
pub const TRIES_BEFORE_SOLUTION: u32 = 2;

/// One learner's way through one lesson.
#[derive(Clone, Copy, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Tries {
    failures: u32,
    hint: bool,
    solution: bool,
    completed: bool,
    stars: u8,
}

impl Tries {
    /// The stars a completion now earns: 3 at the first try without help, 2 after one failure
    /// or the hint, 1 after more, 0 once the solution was shown.
    fn earned(&self) -> u8 {
        match (self.solution, self.failures, self.hint) {
            (true, _, _) => 0,
            (false, 0, false) => 3,
            (false, 0 | 1, _) => 2,
            _ => 1,
        }
    }
}

/// Every learner's progress, as stored: learner id → lesson id → tries.
#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Progress {
    learners: BTreeMap<String, BTreeMap<String, Tries>>,
}

/// A learner's id as the browser keeps it: 8 to 64 letters, digits or `-`.
fn learner_id(id: Option<&str>) -> Result<Option<String>, ApiError> {
    match id {
        None => Ok(None),
        Some(id)
            if (8..=64).contains(&id.len())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
        {
            Ok(Some(id.to_owned()))
        }
        Some(_) => Err(ApiError::bad(
            "learner",
            "a learner is 8 to 64 letters, digits or `-`".to_owned(),
        )),
    }
}

fn read_progress(app: &App) -> Progress {
    std::fs::read_to_string(app.store.dir.join(PROGRESS_FILE))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// The learner's tries on a lesson, changed by `edit` and saved; without a learner, nothing is
/// kept and the tries start from nothing.
fn record(
    app: &App,
    learner: Option<&str>,
    lesson: &str,
    edit: impl FnOnce(&mut Tries),
) -> Result<(Tries, Vec<String>), ApiError> {
    let Some(learner) = learner else {
        let mut tries = Tries::default();
        edit(&mut tries);
        let completed = if tries.completed {
            vec![lesson.to_owned()]
        } else {
            Vec::new()
        };
        return Ok((tries, completed));
    };
    let _one = held(PROGRESS.lock(), "the progress lock is poisoned")?;
    let mut progress = read_progress(app);
    let lessons = progress.learners.entry(learner.to_owned()).or_default();
    let tries = lessons.entry(lesson.to_owned()).or_default();
    edit(tries);
    let tries = *tries;
    let completed = lessons
        .iter()
        .filter(|(_, t)| t.completed)
        .map(|(id, _)| id.clone())
        .collect();
    let text =
        serde_json::to_string_pretty(&progress).map_err(|e| ApiError::internal(e.to_string()))?;
    write_atomic(&app.store.dir.join(PROGRESS_FILE), text.as_bytes())
        .map_err(|e| ApiError::unsaved(format!("the lesson's progress is not saved: {e}")))?;
    Ok((tries, completed))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub(super) struct LearnerQuery {
    /// The learner whose progress to mark (an id the browser keeps).
    learner: Option<String>,
}

/// `GET /api/course?learner=…`: the stages and lessons in order, each lesson marked completed
/// (and its stars) for the learner.
#[utoipa::path(
    get,
    path = "/api/course",
    operation_id = "course_list",
    params(LearnerQuery),
    responses(
        (status = 200, description = "The stages and their lessons.", body = CourseList),
        (status = 400, description = "The learner is not an id: `field` names it.", body = ErrorBody),
    )
)]
pub(super) async fn list(
    State(app): State<Shared>,
    Query(query): Query<LearnerQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let course = course()?;
    let learner = learner_id(query.learner.as_deref())?;
    let progress = read_progress(&app);
    let mine = learner
        .as_ref()
        .and_then(|l| progress.learners.get(l))
        .cloned()
        .unwrap_or_default();
    let lessons: Vec<LessonView> = course
        .lessons
        .iter()
        .map(|l| {
            let tries = mine.get(&l.id).copied().unwrap_or_default();
            LessonView {
                id: l.id.clone(),
                stage: course
                    .stage_of(&l.id)
                    .map(|s| s.id.clone())
                    .unwrap_or_default(),
                variant: l.variant.tag(),
                article: taught(l),
                title: l.title.clone(),
                face: l.face,
                prompt: l.prompt.clone(),
                task: l.task,
                series: l.series.clone(),
                choices: l.choices.iter().map(|&a| a.into()).collect(),
                side: roller(l).fold_wb("white", "black"),
                completed: tries.completed,
                stars: tries.stars,
            }
        })
        .collect();
    let completed = lessons.iter().filter(|l| l.completed).count();
    let stars = lessons.iter().map(|l| u32::from(l.stars)).sum();
    let stages = course.stages.iter().map(StageView::from).collect();
    Ok(Json(sorted(&CourseList {
        stages,
        lessons,
        completed,
        stars,
        articles: Article::ALL
            .iter()
            .map(|&a| {
                let wording = course.wording(a);
                Said {
                    cited: a.into(),
                    source: wording.map(|w| w.source.clone()),
                    words: wording.map(|w| w.words.clone()),
                    quoted: wording.is_some_and(|w| w.quoted),
                }
            })
            .collect(),
    })?))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"lesson": "sade/01-face-one"}))]
pub(super) struct StartRequest {
    lesson: String,
}

/// The Article a lesson teaches, as the page may see it before the learner answers: none for a
/// `why` lesson, where it is the answer.
fn taught(lesson: &Lesson) -> Option<Cited> {
    (lesson.task != Task::Why).then(|| lesson.article.into())
}

/// The lesson as the page shows it started.
fn prompt(course: &Course, lesson: &Lesson) -> LessonPrompt {
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
fn lesson_game(lesson: &Lesson) -> Result<Live, ApiError> {
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
            lesson: prompt(course, &lesson),
        };
        Ok((StatusCode::CREATED, Json(sorted(&answer)?)).into_response())
    })
    .await
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct JudgeRequest {
    token: Option<String>,
    /// The learner whose tries to count (an id the browser keeps).
    #[serde(default)]
    learner: Option<String>,
    /// The answer to a `why` lesson: the Article that refuses its series.
    #[serde(default)]
    article: Option<String>,
    /// An action the board sent and the server refused, as it was sent (`POST
    /// /api/games/{id}/act`'s body without the token): judged as the turn's next action.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    tried: Option<ActRequest>,
}

/// The lesson a game is, with the game as it stands, for the seat holding `token`.
fn lesson_of(app: &App, id: &str, token: Option<&str>) -> Result<(Live, Lesson), ApiError> {
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
fn with_tried(live: &Live, lesson: &Lesson, tried: &ActRequest) -> Result<Vec<String>, ApiError> {
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

/// `POST /api/course/{game}/judge` `{"token": …, "learner": …}`: the judgement of the lesson's
/// turn as the game's record holds it (or of an action the board refused, `tried`); a failure
/// is counted for the learner, a completion earns the lesson's stars.
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
    let learner = learner_id(request.learner.as_deref())?;
    let (live, lesson) = lesson_of(&app, &id, request.token.as_deref())?;
    blocking("the referee's task", move || {
        let judgement = match (lesson.task, &request.article, &request.tried) {
            (_, Some(_), Some(_)) => {
                return Err(ApiError::bad(
                    "tried",
                    "an answer is an Article or an action, not both".to_owned(),
                ));
            }
            (Task::Play, None, None) => judge_game(&lesson, &live.game),
            (Task::Play, None, Some(tried)) => {
                let actions = with_tried(&live, &lesson, tried)?;
                let judged = judge_actions(&lesson, &actions)
                    .map_err(|e| ApiError::bad("tried", e.message))?;
                if judged.outcome != Outcome::Failed {
                    return Err(ApiError::conflict(
                        "tried",
                        "the referee does not refuse this action: play it on the board".to_owned(),
                    ));
                }
                judged
            }
            (Task::Play, Some(_), None) => {
                return Err(ApiError::bad(
                    "article",
                    "this lesson is played on the board: its answer is the game's turn".to_owned(),
                ));
            }
            (Task::Why, None, _) => Judgement {
                outcome: Outcome::Incomplete,
                article: None,
                message: "choose the Article under which the referee refuses the series".to_owned(),
                action: None,
                solution: None,
            },
            (Task::Why, Some(article), None) => {
                judge_why(&lesson, article).map_err(|e| ApiError::bad("article", e.message))?
            }
        };
        let (tries, completed) = record(&app, learner.as_deref(), &lesson.id, |t| match judgement
            .outcome
        {
            Outcome::Completed if !t.completed => {
                t.stars = t.earned();
                t.completed = true;
            }
            Outcome::Completed => t.stars = t.stars.max(t.earned()),
            Outcome::Failed => t.failures = t.failures.saturating_add(1),
            Outcome::Incomplete => {}
        })?;
        let done = judgement.outcome == Outcome::Completed;
        let played = live
            .game
            .turns
            .get(lesson.before.len())
            .map(|t| t.actions().map(ToString::to_string).collect())
            .unwrap_or_default();
        let answer = CourseJudged {
            explanation: done.then(|| lesson.explanation.clone()),
            solution: done.then(|| lesson.solution.clone()),
            played,
            lesson: lesson.id,
            article: lesson.article.to_string(),
            judgement: judgement.into(),
            failures: tries.failures,
            stars: tries.stars,
            completed,
        };
        Ok(Json(sorted(&answer)?))
    })
    .await
}

/// What help is asked for.
#[derive(Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum Want {
    /// The lesson's hint: a nudge, never the answer.
    Hint,
    /// The lesson's solution, after two tries that failed.
    Solution,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct HelpRequest {
    token: Option<String>,
    /// The learner asking (an id the browser keeps): the help is counted against the stars.
    #[serde(default)]
    learner: Option<String>,
    want: Want,
}

/// The help given.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Help {
    lesson: String,
    /// The hint, when it was asked.
    #[schema(required = true)]
    hint: Option<String>,
    /// The solution's actions (or the Article of a `why` lesson), when it was asked.
    #[schema(required = true)]
    solution: Option<Vec<String>>,
    /// Why the solution works, with it.
    #[schema(required = true)]
    explanation: Option<String>,
}

/// `POST /api/course/{game}/help` `{"token": …, "learner": …, "want": "hint"}`: the lesson's
/// hint, or its solution once the learner has failed it twice. Either is counted against the
/// stars the lesson can still earn.
#[utoipa::path(
    post,
    path = "/api/course/{id}/help",
    operation_id = "course_help",
    params(("id" = String, Path, description = "The lesson's game: 16 hex digits.")),
    request_body = HelpRequest,
    responses(
        (status = 200, description = "The hint or the solution.", body = Help),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The solution before two tries, or a game that is not a lesson.", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 503, description = "The progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn help(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Body(request): Body<HelpRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let learner = learner_id(request.learner.as_deref())?;
    let (_, lesson) = lesson_of(&app, &id, request.token.as_deref())?;
    blocking("the progress", move || {
        let mut refused = false;
        record(&app, learner.as_deref(), &lesson.id, |t| {
            match request.want {
                Want::Hint => t.hint = true,
                Want::Solution if t.failures >= TRIES_BEFORE_SOLUTION || t.completed => {
                    t.solution = true;
                }
                Want::Solution => refused = true,
            }
        })?;
        if refused {
            return Err(ApiError::conflict(
                "want",
                format!(
                    "try again first: the solution is shown after {TRIES_BEFORE_SOLUTION} tries \
                     that failed (the hint is there before)"
                ),
            ));
        }
        let answer = match request.want {
            Want::Hint => Help {
                lesson: lesson.id,
                hint: Some(lesson.hint),
                solution: None,
                explanation: None,
            },
            Want::Solution => Help {
                lesson: lesson.id,
                hint: None,
                solution: Some(lesson.solution),
                explanation: Some(lesson.explanation),
            },
        };
        Ok(Json(sorted(&answer)?))
    })
    .await
}
