//! The JSON API (spec/SERVE.md) and the page. Every body is read with `serde_path_to_error`, so
//! that a bad one is answered with the field at fault; the changes to a game are in
//! [`super::changes`].

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::de::DeserializeOwned;

use super::App;
use super::error::ApiError;
use super::error::ErrorBody;
pub(super) use super::export::export;
use super::input::{CreateGame, Limit, Since, new_game};
use super::live::{Live, Phase};
use super::openapi::OptionsAnswer;
use super::store::valid_id;
use super::view::{Created, GameState, Levels, Summary, options};
use super::{changes, page, review};

pub(super) type Shared = Arc<App>;

/// Request bodies above this many bytes are refused (413); a review upload may be larger.
pub const BODY_LIMIT: usize = 64 * 1024;
pub const UPLOAD_LIMIT: usize = 4 * 1024 * 1024;

pub fn router(app: Shared) -> Router {
    let api = Router::new()
        .route("/api/levels", get(levels))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/options", get(game_options))
        .route("/api/games/{id}/roll", post(changes::roll))
        .route("/api/games/{id}/act", post(changes::act))
        .route("/api/games/{id}/bot", post(changes::bot))
        .route("/api/games/{id}/takeback", post(changes::take_back))
        .route("/api/games/{id}/end", post(changes::end))
        .route("/api/games/{id}/tags", put(changes::tags))
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
        .layer(axum::middleware::map_response(super::error::json_errors))
        .layer(axum::middleware::map_response(page::security_headers))
        .with_state(app)
}

/// Reads a JSON body, naming the field at fault when it does not fit.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Every body is a JSON object: serde would also read a struct from an array of its fields.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::bad(
            "body",
            "the body is a JSON object".to_owned(),
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body" } else { path.as_str() };
        ApiError::bad(field, e.inner().to_string())
    })
}

/// The game `id`, or 404.
pub(super) fn find(app: &App, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
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

#[utoipa::path(
    get,
    path = "/api/levels",
    operation_id = "levels",
    description = "The variants, players (human and the bot levels of `play`), modes and declared ends a game may have.",
    responses((status = 200, description = "What a new game may be.", body = Levels))
)]
pub(super) async fn levels() -> Json<Levels> {
    Json(Levels::offered())
}

#[utoipa::path(
    get,
    path = "/api/games",
    operation_id = "list",
    description = "Every game of the server, by id.",
    responses((status = 200, description = "The games.", body = Vec<Summary>))
)]
pub(super) async fn list(State(app): State<Shared>) -> Result<Json<Vec<Summary>>, ApiError> {
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

#[utoipa::path(
    post,
    path = "/api/games",
    operation_id = "create",
    description = "A new game, or an unfinished record to continue; the answer holds the three tokens (arbiter, white, black).",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game is created and saved.", body = Created, links(
            ("state" = (operation_id = "state", parameters(("id" = "$response.body#/id")))),
            ("options" = (operation_id = "options", parameters(("id" = "$response.body#/id")))),
            ("roll" = (operation_id = "roll", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter"}))),
            ("act" = (operation_id = "act", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter", "text": "e4"}))),
            ("bot" = (operation_id = "bot", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter"}))),
            ("takeback" = (operation_id = "takeback", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter"}))),
            ("end" = (operation_id = "end", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter", "end": "resignation", "winner": "black"}))),
            ("tags" = (operation_id = "tags", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter", "tags": {"Event": "fuzz"}}))),
            ("export" = (operation_id = "export", parameters(("id" = "$response.body#/id"), ("format" = "sdn"))))
        )),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 409, description = "The start position or the record is already over.", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 422, description = "The referee refuses the start position or the record: its reason and Article.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game could not be saved: it is not created.", body = ErrorBody),
    )
)]
pub(super) async fn create(State(app): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let request: CreateGame = body(&bytes)?;
    tokio::task::spawn_blocking(move || {
        let mut live = new_game(&request)?;
        if live.meta.players.iter().filter(|p| *p != "human").count() == 1 {
            live.play_bots(1)?;
        }
        let answer = admit(&app, live)?;
        Ok((StatusCode::CREATED, Json(answer)).into_response())
    })
    .await
    .map_err(|e| ApiError::internal(format!("the referee's task failed: {e}")))?
}

/// Takes a new game in: refused (429) when `--max-games` games are in progress, saved to the
/// data folder (503 when it cannot be: the game is not created), then kept. Every route that
/// makes a game (`POST /api/games`, a puzzle, a lesson) goes through here.
pub(super) fn admit(app: &App, live: Live) -> Result<Created, ApiError> {
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
    let answer = Created::of(&live)?;
    games.insert(live.id.clone(), Arc::new(Mutex::new(live)));
    Ok(answer)
}

/// The state of game `id`; `304 Not Modified` with no body while its version is `since`.
#[utoipa::path(
    get,
    path = "/api/games/{id}",
    operation_id = "state",
    description = "The game's state: phase, side, turn, face, position, verdict, record and board.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits."), Since),
    responses(
        (status = 200, description = "The game.", body = GameState),
        (status = 304, description = "The game's `version` is still `since`: nothing changed (no body)."),
        (status = 404, description = "No such game.", body = ErrorBody),
    )
)]
pub(super) async fn state(
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

#[utoipa::path(
    get,
    path = "/api/games/{id}/options",
    operation_id = "options",
    description = "The options of the turn to play, from its start, from the same search as `sade-ref options`.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits."), Limit),
    responses(
        (status = 200, description = "The options (spec/options.schema.json).", body = OptionsAnswer),
        (status = 400, description = "`limit` is not a number.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "The die is to be rolled first.", body = ErrorBody),
    )
)]
pub(super) async fn game_options(
    State(app): State<Shared>,
    Path(id): Path<String>,
    query: Result<axum::extract::Query<Limit>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let axum::extract::Query(query) = query.map_err(|e| ApiError::bad("limit", e.body_text()))?;
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
