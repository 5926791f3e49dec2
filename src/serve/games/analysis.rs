//! The analysis of a finished game through the API: asked for once, made in the background
//! (one at a time), its progress told on the game's event stream, kept in memory by what
//! makes it the same ([`crate::serve::analyses`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::analysis::{Analysis, Settings, analyse, review};
use crate::record::Game;
use crate::render::model::Shape;
use crate::serve::analyses::{AnalysisKey, Asking, Stage};
use crate::serve::error::{ApiError, ErrorBody};
use crate::serve::events::version_of;
use crate::serve::http::{GAME, Shared, find, held};

/// How often the progress of a running analysis is told on the game's event stream, at most.
const TELL_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Where a game's analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnalysisStatus {
    /// Waiting for the analysis before it, or under way.
    Running,
    Done,
    /// The engine could not analyse the record (`error` says why).
    Failed,
}

/// `GET` and `POST /api/games/{id}/analysis`'s answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AnalysisAnswer {
    pub status: AnalysisStatus,
    /// Running: the turns analysed so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub done: Option<usize>,
    /// Running: the turns to analyse.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<usize>,
    /// Done: the analysis, as `sade-ref analyse --format json` writes it
    /// (spec/analysis.schema.json).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::serve::schema::analysis)]
    pub analysis: Option<Analysis>,
    /// Done: for each of the analysis's turns, the engine's best turn as the board draws it
    /// (each action's squares, as the referee resolves it in the position before the turn);
    /// empty when the turn played was the best, or forced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_arrows: Option<Vec<Vec<Arrow>>>,
    /// Failed: why, in an arbiter's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One action of a best turn on the board: a move (`from` and `to`), a sacrifice (`from`
/// alone) or a resurrection (`to` alone).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Arrow {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// The best turns of `analysis` (of `game`) as arrows.
fn arrows(game: &Game, analysis: &Analysis) -> Vec<Vec<Arrow>> {
    review(game, analysis)
        .turns
        .iter()
        .map(|t| {
            t.best
                .iter()
                .filter_map(|a| match a.shape {
                    Shape::Move { from, to } => Some((Some(from), Some(to))),
                    Shape::Sacrifice { square } => Some((Some(square), None)),
                    Shape::Resurrection { square } => Some((None, Some(square))),
                    Shape::Nothing | Shape::Unplayed { .. } => None,
                })
                .map(|(from, to)| Arrow {
                    from: from.map(|s| s.to_string()),
                    to: to.map(|s| s.to_string()),
                })
                .collect()
        })
        .collect()
}

impl AnalysisAnswer {
    fn of(stage: Stage, game: &Game) -> AnalysisAnswer {
        let mut answer = AnalysisAnswer {
            status: AnalysisStatus::Running,
            done: None,
            total: None,
            analysis: None,
            best_arrows: None,
            error: None,
        };
        match stage {
            Stage::Running { done, total } => {
                answer.done = Some(done);
                answer.total = Some(total);
            }
            Stage::Done(analysis) => {
                answer.status = AnalysisStatus::Done;
                answer.best_arrows = Some(arrows(game, &analysis));
                answer.analysis = Some((*analysis).clone());
            }
            Stage::Failed(reason) => {
                answer.status = AnalysisStatus::Failed;
                answer.error = Some(reason);
            }
        }
        answer
    }
}

/// Game `id`'s record, whether it is over, and the key its analysis is kept by.
fn record_of(app: &Shared, id: &str) -> Result<(Game, bool, AnalysisKey), ApiError> {
    let game = find(app, id)?;
    let live = held(game.lock(), GAME)?;
    let sdn = crate::write::sdn::to_sdn(&live.game);
    let key = AnalysisKey::new(&version_of(&sdn), Settings::default().nodes);
    Ok((live.game.clone(), !live.going(), key))
}

#[utoipa::path(
    post,
    path = "/api/games/{id}/analysis",
    operation_id = "analyse",
    tag = "analysis",
    description = "Asks for the analysis of a finished game (spec/ANALYSIS.md): made in the background, one game at a time, by the server's engine under its default budget; its progress is told on the game's event stream (events `analysis`). An analysis already made of the same record by the same engine and budget is answered at once.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    responses(
        (status = 202, description = "The analysis is started (or waits for the one before it).", body = AnalysisAnswer),
        (status = 200, description = "The analysis was asked for before: where it stands, or the analysis itself.", body = AnalysisAnswer),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "The game is not over.", body = ErrorBody),
    )
)]
pub(crate) async fn start(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (record, over, key) = record_of(&app, &id)?;
    if !over {
        return Err(ApiError::conflict(
            "id",
            format!("game {id} is not over: a game is analysed once it is finished"),
        ));
    }
    let total = record.turns.len();
    match app.analyses.ask(&key, total) {
        Asking::Known(stage) => Ok(Json(AnalysisAnswer::of(stage, &record)).into_response()),
        Asking::New(progress) => {
            let answer = AnalysisAnswer::of(Stage::Running { done: 0, total }, &record);
            tokio::spawn(run(app.clone(), id, record, key, progress));
            Ok((StatusCode::ACCEPTED, Json(answer)).into_response())
        }
    }
}

/// Runs the analysis of `record` once no other runs, telling game `id`'s watchers its progress
/// (`analysis DONE TOTAL`, then `analysis done` or `analysis failed`), and keeps it.
async fn run(app: Shared, id: String, record: Game, key: AnalysisKey, progress: Arc<AtomicUsize>) {
    let total = record.turns.len();
    let gate = app.analyses.gate.clone();
    let permit = gate.acquire_owned().await;
    let teller = {
        let (app, id, progress) = (app.clone(), id.clone(), progress.clone());
        tokio::spawn(async move {
            let mut told = usize::MAX;
            loop {
                let done = progress.load(Ordering::Relaxed);
                if done != told {
                    app.events.tell(&id, &format!("analysis {done} {total}"));
                    told = done;
                }
                tokio::time::sleep(TELL_EVERY).await;
            }
        })
    };
    let settings = Settings {
        progress: Some(progress),
        ..Settings::default()
    };
    let result = tokio::task::spawn_blocking(move || analyse(&record, &settings))
        .await
        .map_err(|e| format!("the analysis's task failed: {e}"))
        .and_then(|r| r.map_err(|e| e.to_string()));
    teller.abort();
    let word = if result.is_ok() { "done" } else { "failed" };
    app.analyses.finish(&key, result);
    app.events.tell(&id, &format!("analysis {word}"));
    drop(permit);
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/analysis",
    operation_id = "analysis",
    tag = "analysis",
    description = "Where the game's analysis stands: `running` with the turns analysed (`done` of `total`), `done` with the analysis (spec/analysis.schema.json), or `failed` with the reason.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    responses(
        (status = 200, description = "The analysis, or where it stands.", body = AnalysisAnswer),
        (status = 404, description = "No such game, or its analysis was never asked for (or is forgotten: ask again).", body = ErrorBody),
    )
)]
pub(crate) async fn analysis(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<AnalysisAnswer>, ApiError> {
    let (record, _, key) = record_of(&app, &id)?;
    let stage = app.analyses.stage(&key).ok_or_else(|| {
        ApiError::not_found(
            "analysis",
            format!("game {id} was never analysed: POST /api/games/{id}/analysis asks for it"),
        )
    })?;
    Ok(Json(AnalysisAnswer::of(stage, &record)))
}
