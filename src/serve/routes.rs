//! The JSON API (spec/SERVE.md) and the page. Every body is read with `serde_path_to_error`, so
//! that a bad one is answered with the field at fault; every change to a game is made on a copy
//! under the game's lock, saved, and only then kept.

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use super::App;
use super::error::ApiError;
use super::input::{CreateGame, act_actions, new_game};
use super::live::{Declared, Holder, Live, Mode, Phase};
use super::store::valid_id;
use super::view::{GameState, Summary, options};
use super::{page, review};
use crate::record::Side;

type Shared = Arc<App>;

/// Request bodies above this many bytes are refused (413); a review upload may be larger.
pub const BODY_LIMIT: usize = 64 * 1024;
pub const UPLOAD_LIMIT: usize = 4 * 1024 * 1024;

pub fn router(app: Shared) -> Router {
    let api = Router::new()
        .route("/api/levels", get(levels))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/options", get(game_options))
        .route("/api/games/{id}/roll", post(roll))
        .route("/api/games/{id}/act", post(act))
        .route("/api/games/{id}/bot", post(bot))
        .route("/api/games/{id}/takeback", post(take_back))
        .route("/api/games/{id}/end", post(end))
        .route("/api/games/{id}/tags", put(tags))
        .route("/api/games/{id}/export/{format}", get(export))
        .route("/api/library", get(review::library))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let upload = Router::new()
        .route("/api/review", post(review::upload))
        .route("/review/library/{name}", get(review::library_page))
        .route("/review/upload/{id}", get(review::upload_page))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT));
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/app.css", get(page::style))
        .merge(api)
        .merge(upload)
        .merge(super::course::router())
        .merge(super::puzzles::router())
        .fallback(|| async { ApiError::not_found("path", "no such page or API route".to_owned()) })
        .layer(axum::middleware::map_response(page::security_headers))
        .with_state(app)
}

/// Reads a JSON body, naming the field at fault when it does not fit.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body" } else { path.as_str() };
        ApiError::bad(field, e.inner().to_string())
    })
}

/// The game `id`, or 404.
fn find(app: &App, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found("id", format!("no game {id:?}")));
    }
    let games = app
        .games
        .read()
        .map_err(|_| ApiError::internal("the games' table is poisoned".to_owned()))?;
    games
        .get(id)
        .cloned()
        .ok_or_else(|| ApiError::not_found("id", format!("no game {id}")))
}

/// Runs `change` on a copy of game `id` under its lock; saves the copy; keeps it only when it
/// is saved. The answer is the game after the change.
async fn change(
    app: Shared,
    id: String,
    token: Option<String>,
    change: impl FnOnce(&mut Live, Holder) -> Result<(), ApiError> + Send + 'static,
) -> Result<Json<GameState>, ApiError> {
    let game = find(&app, &id)?;
    tokio::task::spawn_blocking(move || {
        let mut live = game
            .lock()
            .map_err(|_| ApiError::internal("the game's lock is poisoned".to_owned()))?;
        let holder = token
            .as_deref()
            .and_then(|t| live.holder(t))
            .ok_or_else(|| {
                ApiError::forbidden("no seat of this game holds that token".to_owned())
            })?;
        let mut next = live.clone();
        change(&mut next, holder)?;
        if next.meta.players.iter().filter(|p| *p != "human").count() == 1 {
            next.play_bots(1)?;
        }
        app.store.save(&next, false).map_err(|e| {
            ApiError::unsaved(format!(
                "the game could not be saved, nothing was accepted: {e}"
            ))
        })?;
        *live = next;
        GameState::of(&live).map(Json)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the referee's task failed: {e}")))?
}

async fn levels() -> Json<serde_json::Value> {
    Json(json!({
        "variants": ["Sade", "Marseillais", "Marseillais Classical", "Standard"],
        "players": std::iter::once("human")
            .chain(crate::play::LEVELS.iter().map(|b| b.name()))
            .collect::<Vec<_>>(),
        "modes": ["play", "record"],
        "ends": ["resignation", "agreement", "time-forfeit", "adjudication"],
    }))
}

async fn list(State(app): State<Shared>) -> Result<Json<Vec<Summary>>, ApiError> {
    let games: Vec<Arc<Mutex<Live>>> = app
        .games
        .read()
        .map_err(|_| ApiError::internal("the games' table is poisoned".to_owned()))?
        .values()
        .cloned()
        .collect();
    let mut out = Vec::new();
    for game in games {
        if let Ok(live) = game.lock() {
            out.push(Summary::of(&live));
        }
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(Json(out))
}

async fn create(State(app): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: CreateGame = body(&bytes)?;
    tokio::task::spawn_blocking(move || {
        let mut live = new_game(&request)?;
        if live.meta.players.iter().filter(|p| *p != "human").count() == 1 {
            live.play_bots(1)?;
        }
        let mut games = app
            .games
            .write()
            .map_err(|_| ApiError::internal("the games' table is poisoned".to_owned()))?;
        let going = games
            .values()
            .filter(|g| g.lock().is_ok_and(|l| l.phase() != Phase::Over))
            .count();
        if going >= app.max_games {
            return Err(ApiError::too_many(format!(
                "{going} games are in progress, the most this server keeps (--max-games); \
                 finish one first"
            )));
        }
        app.store.save(&live, true).map_err(|e| {
            ApiError::unsaved(format!(
                "the game could not be saved, it is not created: {e}"
            ))
        })?;
        let answer = json!({
            "id": live.id,
            "arbiter": live.meta.arbiter,
            "white": live.meta.tokens[0],
            "black": live.meta.tokens[1],
            "links": {
                "arbiter": format!("/#game={}&token={}", live.id, live.meta.arbiter),
                "white": format!("/#game={}&token={}", live.id, live.meta.tokens[0]),
                "black": format!("/#game={}&token={}", live.id, live.meta.tokens[1]),
            },
            "state": GameState::of(&live)?,
        });
        games.insert(live.id.clone(), Arc::new(Mutex::new(live)));
        Ok((StatusCode::CREATED, Json(answer)).into_response())
    })
    .await
    .map_err(|e| ApiError::internal(format!("the referee's task failed: {e}")))?
}

#[derive(Deserialize)]
struct Since {
    since: Option<String>,
}

/// The state of game `id`; `304 Not Modified` with no body while its version is `since`.
async fn state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<Since>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    let live = game
        .lock()
        .map_err(|_| ApiError::internal("the game's lock is poisoned".to_owned()))?;
    if let Some(since) = query.since {
        let sdn = crate::write::sdn::to_sdn(&live.game);
        if super::view::version_of(&sdn) == since {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
    }
    GameState::of(&live).map(|s| Json(s).into_response())
}

#[derive(Deserialize)]
struct Limit {
    limit: Option<usize>,
}

async fn game_options(
    State(app): State<Shared>,
    Path(id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<Limit>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    let limit = query.limit.unwrap_or(200).min(5000);
    let live = game
        .lock()
        .map_err(|_| ApiError::internal("the game's lock is poisoned".to_owned()))?
        .clone();
    let answer = tokio::task::spawn_blocking(move || options(&live, limit))
        .await
        .map_err(|e| ApiError::internal(format!("the search's task failed: {e}")))??;
    Ok(Json(answer).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollRequest {
    token: Option<String>,
    face: Option<u8>,
}

async fn roll(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: RollRequest = body(&bytes)?;
    change(app, id, request.token, move |live, holder| {
        if live.meta.mode == Mode::Play && request.face.is_some() {
            return Err(ApiError::bad(
                "face",
                "in play mode the server rolls: no face may be entered".to_owned(),
            ));
        }
        live.roll(holder, request.face).map(drop)
    })
    .await
}

async fn act(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: super::input::ActRequest = body(&bytes)?;
    let token = request.token.clone();
    change(app, id, token, move |live, holder| {
        let actions = act_actions(&request, &live.verdict.final_fen)?;
        live.act(holder, actions)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenRequest {
    token: Option<String>,
}

async fn bot(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: TokenRequest = body(&bytes)?;
    change(app, id, request.token, |live, _holder| {
        let played = live.play_bots(1)?;
        if played == 0 {
            return Err(ApiError::conflict("turn", "no bot has the turn".to_owned()));
        }
        Ok(())
    })
    .await
}

async fn take_back(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: TokenRequest = body(&bytes)?;
    change(app, id, request.token, |live, holder| {
        live.take_back(holder).map(drop)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndRequest {
    token: Option<String>,
    end: Declared,
    #[serde(default)]
    winner: Option<Side>,
}

async fn end(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: EndRequest = body(&bytes)?;
    change(app, id, request.token, move |live, holder| {
        live.declare(holder, request.end, request.winner)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TagsRequest {
    token: Option<String>,
    tags: std::collections::BTreeMap<String, String>,
}

async fn tags(
    State(app): State<Shared>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Json<GameState>, ApiError> {
    let request: TagsRequest = body(&bytes)?;
    let tags: Vec<(String, String)> = request.tags.into_iter().collect();
    change(app, id, request.token, move |live, holder| {
        live.set_tags(holder, &tags)
    })
    .await
}

async fn export(
    State(app): State<Shared>,
    Path((id, format)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    let live = game
        .lock()
        .map_err(|_| ApiError::internal("the game's lock is poisoned".to_owned()))?
        .clone();
    let (body, kind, ext) = match format.as_str() {
        "sdn" => (
            crate::write::sdn::to_sdn(&live.game),
            "text/plain; charset=utf-8",
            "sdn",
        ),
        "pgn" if live.game.variant() == crate::record::VariantName::Standard => (
            super::view::pgn(&live.game),
            "application/x-chess-pgn",
            "pgn",
        ),
        "pgn" => {
            return Err(ApiError::conflict(
                "format",
                "PGN is for standard chess; this game's record is SDN".to_owned(),
            ));
        }
        "record" => (
            crate::write::json::to_json_value(&live.game),
            "application/json",
            "json",
        ),
        "verdict" => {
            let name = format!("{id}.sdn");
            let sdn = crate::write::sdn::to_sdn(&live.game);
            let report = crate::report::Report::of_verdict(
                &name,
                1,
                sdn.as_bytes(),
                &live.game,
                &live.verdict,
            );
            (
                serde_json::to_string(&report).map_err(|e| ApiError::internal(e.to_string()))?,
                "application/json",
                "verdict.json",
            )
        }
        "report" => {
            return review::report_of(std::slice::from_ref(&live.game), &format!("game {id}"));
        }
        other => {
            return Err(ApiError::not_found(
                "format",
                format!("no export {other:?}: sdn, pgn, record, verdict or report"),
            ));
        }
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{id}.{ext}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
