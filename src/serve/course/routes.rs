//! The Course mode's routes: the stages and lessons, a lesson started, its turn judged, and
//! help in its order (a hint, then the solution after two tries).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::course::{AnswerJudgement, Mark, Task, judge_actions, judge_game, judge_why, roller};
use crate::rules::Article;
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::http::{Body, Shared, admit, blocking, sorted};
use crate::serve::input::ActRequest;

use super::answers::*;
use super::learners::{TRIES_BEFORE_SOLUTION, learner_id, read_learners, record};
use super::lessons::{course, lesson_game, lesson_of, prompt, taught, with_tried};

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub(crate) struct LearnerQuery {
    /// The learner whose progress to mark (an id the browser keeps).
    learner: Option<String>,
}

/// `GET /api/course?learner=…`: the stages and lessons in order, each lesson marked completed
/// (and its stars) for the learner.
#[utoipa::path(
    get,
    tag = "super::course",
    path = "/api/course",
    operation_id = "course_list",
    params(LearnerQuery),
    responses(
        (status = 200, description = "The stages and their lessons.", body = CourseList),
        (status = 400, description = "The learner is not an id: `field` names it.", body = ErrorBody),
    )
)]
pub(crate) async fn list(
    State(app): State<Shared>,
    Query(query): Query<LearnerQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let course = course()?;
    let learner = learner_id(query.learner.as_deref())?;
    let progress = read_learners(&app);
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
pub(crate) struct StartRequest {
    lesson: String,
}

/// `POST /api/course/start` `{"lesson": "sade/01-face-one"}`: a new game of the lesson, answered
/// as `POST /api/games` answers, with the lesson's prompt.
#[utoipa::path(
    post,
    tag = "super::course",
    path = "/api/course/start",
    operation_id = "course_start",
    request_body = StartRequest,
    responses(
        (status = 201, description = "The lesson's game.", body = CourseStarted),
        BodyErrors,
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(crate) async fn start(
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
pub(crate) struct JudgeRequest {
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

/// `POST /api/course/{game}/judge` `{"token": …, "learner": …}`: the judgement of the lesson's
/// turn as the game's record holds it (or of an action the board refused, `tried`); a failure
/// is counted for the learner, a completion earns the lesson's stars.
#[utoipa::path(
    post,
    tag = "super::course",
    path = "/api/course/{id}/judge",
    operation_id = "course_judge",
    params(("id" = String, Path, description = "The lesson's game: 16 hex digits.")),
    request_body = JudgeRequest,
    responses(
        (status = 200, description = "Completed, failed or not complete yet, with the Article.", body = CourseJudged),
        BodyErrors,
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The request does not fit the game's state (the turn is not complete yet, or the game is not of this kind).", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(crate) async fn judge(
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
                if judged.outcome != Mark::Failed {
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
            (Task::Why, None, _) => AnswerJudgement {
                outcome: Mark::Incomplete,
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
            Mark::Completed if !t.completed => {
                t.stars = t.earned();
                t.completed = true;
            }
            Mark::Completed => t.stars = t.stars.max(t.earned()),
            Mark::Failed => t.failures = t.failures.saturating_add(1),
            Mark::Incomplete => {}
        })?;
        let done = judgement.outcome == Mark::Completed;
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
pub(crate) enum Want {
    /// The lesson's hint: a nudge, never the answer.
    Hint,
    /// The lesson's solution, after two tries that failed.
    Solution,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct HelpRequest {
    token: Option<String>,
    /// The learner asking (an id the browser keeps): the help is counted against the stars.
    #[serde(default)]
    learner: Option<String>,
    want: Want,
}

/// `POST /api/course/{game}/help` `{"token": …, "learner": …, "want": "hint"}`: the lesson's
/// hint, or its solution once the learner has failed it twice. Either is counted against the
/// stars the lesson can still earn.
#[utoipa::path(
    post,
    tag = "super::course",
    path = "/api/course/{id}/help",
    operation_id = "course_help",
    params(("id" = String, Path, description = "The lesson's game: 16 hex digits.")),
    request_body = HelpRequest,
    responses(
        (status = 200, description = "The hint or the solution.", body = Help),
        BodyErrors,
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The solution before two tries, or a game that is not a lesson.", body = ErrorBody),
        (status = 503, description = "The progress could not be saved.", body = ErrorBody),
    )
)]
pub(crate) async fn help(
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
