//! The routes of the games themselves: what a new game may be, the list, a new game, a game's
//! state, the options and next actions of its turn, and the stream of its changes. The changes to a game are in [`super::changes`]. Their
//! OpenAPI tag stays `routes`, the module they were written in first, so that spec/openapi.json
//! did not change with the move.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::moves::{Moves, moves};
use super::options::{NextActions, next_actions, options};
use crate::serve::accounts::{CurrentPlayer, sessions};
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::events::{Burst, event_stream};
use crate::serve::http::{Body, GAME, Shared, admit, blocking, find, flag_fall, held};
use crate::serve::input::{CreateGame, Limit, Since, TokenRequest};
use crate::serve::live::Live;
use crate::serve::new_game::{NewGame, new_game};
use crate::serve::schema::OptionsAnswer;
use crate::serve::store::ListFilter;
use crate::serve::view::{Created, GameState, Held, Levels, SeatAnswer, Summary};

#[utoipa::path(
    get,
    path = "/api/levels",
    operation_id = "levels",
    tag = "routes",
    description = "The variants, players (human and the bot levels of `play`), modes and declared ends a game may have.",
    responses((status = 200, description = "What a new game may be.", body = Levels))
)]
pub(crate) async fn levels() -> Json<Levels> {
    Json(Levels::offered())
}

/// `GET /api/games`'s query: a page of the list, and what its games are.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only games of this status.
    #[param(value_type = Option<String>, pattern = "^(finished|unfinished|invalid)$")]
    pub status: Option<crate::referee::Status>,
    /// Only games of this variant (`Sade`, `Standard`, `Marseillais`).
    pub variant: Option<String>,
    /// Only games of this kind (`game` or `puzzle`: lessons are never listed).
    #[param(value_type = Option<String>, pattern = "^(game|puzzle|lesson)$")]
    pub kind: Option<crate::serve::summary::GameKind>,
    /// Only games with a player of this name (its `White` or `Black` tag).
    pub player: Option<String>,
    /// Only games whose seat this player holds (a player's own games, made in the lobby).
    pub owner: Option<String>,
    /// Games skipped before the page (default 0).
    #[param(minimum = 0)]
    pub offset: Option<usize>,
    /// Games in the page at most (default 100, at most 1000).
    #[param(minimum = 0, maximum = 1000)]
    pub limit: Option<usize>,
}

#[utoipa::path(
    get,
    path = "/api/games",
    operation_id = "list",
    tag = "routes",
    description = "A page of the server's games listed to everyone, and the asking player's own (their session's), newest first (games kept before the server kept their time last, by id), read from the store's indexes; the course's lessons are not games of the list. The next page is asked with `offset` one page further; a page shorter than `limit` is the last.",
    params(ListQuery),
    responses(
        (status = 200, description = "The games.", body = Vec<Summary>),
        (status = 400, description = "A query parameter does not fit.", body = ErrorBody),
        (status = 503, description = "The store cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn list(
    State(app): State<Shared>,
    CurrentPlayer(viewer): CurrentPlayer,
    query: Result<axum::extract::Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<Summary>>, ApiError> {
    let axum::extract::Query(query) = query.map_err(|e| ApiError::bad("query", e.body_text()))?;
    if query.limit.is_some_and(|limit| limit > 1000) {
        return Err(ApiError::bad(
            "limit",
            "a page holds 1000 games at most".to_owned(),
        ));
    }
    let filter = ListFilter {
        status: query.status,
        variant: query.variant,
        kind: query.kind,
        player: query.player,
        owner: query.owner,
        viewer: viewer.map(|p| p.name),
        offset: query.offset.unwrap_or(0),
        limit: query.limit.unwrap_or(100),
    };
    let page = blocking("the list's task", move || {
        app.store
            .list(&filter)
            .map_err(|e| ApiError::unsaved(format!("the games cannot be read: {e}")))
    })
    .await?;
    Ok(Json(page))
}

#[utoipa::path(
    post,
    path = "/api/games",
    operation_id = "create",
    tag = "routes",
    description = "A new game, or an unfinished record to continue; the answer holds the seats' tokens (white, black), and the arbiter's where the game has one.",
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game is created and saved.", body = Created, links(
            ("state" = (operation_id = "state", parameters(("id" = "$response.body#/id")))),
            ("options" = (operation_id = "options", parameters(("id" = "$response.body#/id")))),
            ("roll" = (operation_id = "roll", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white"}))),
            ("act" = (operation_id = "act", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white", "text": "e4"}))),
            ("bot" = (operation_id = "bot", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white"}))),
            ("takeback" = (operation_id = "takeback", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter"}))),
            ("end" = (operation_id = "end", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white", "end": "resignation", "winner": "black"}))),
            ("tags" = (operation_id = "tags", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/arbiter", "tags": {"Event": "fuzz"}}))),
            ("export" = (operation_id = "export", parameters(("id" = "$response.body#/id"), ("format" = "sdn")))),
            ("offer" = (operation_id = "offer", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white", "offer": "takeback"}))),
            ("abort" = (operation_id = "abort", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white"}))),
            ("seat" = (operation_id = "seat", parameters(("id" = "$response.body#/id")), request_body = json!({"token": "$response.body#/white"})))
        )),
        BodyErrors,
        (status = 409, description = "The start position or the record is already over.", body = ErrorBody),
        (status = 422, description = "The referee refuses the start position or the record: its reason and Article.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game could not be saved: it is not created.", body = ErrorBody),
    )
)]
pub(crate) async fn create(
    State(app): State<Shared>,
    Body(request): Body<CreateGame>,
) -> Result<Response, ApiError> {
    blocking("the referee's task", move || {
        let mut live = new_game(&NewGame::read(&request)?)?;
        if live.against_a_bot() {
            live.play_bots(1)?;
        }
        let answer = admit(&app, live)?;
        Ok((StatusCode::CREATED, Json(answer)).into_response())
    })
    .await
}

/// The state of game `id`; `304 Not Modified` with no body while its version is `since`.
#[utoipa::path(
    get,
    path = "/api/games/{id}",
    operation_id = "state",
    tag = "routes",
    description = "The game's state: phase, side, turn, face, position, verdict, record and board.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits."), Since),
    responses(
        (status = 200, description = "The game.", body = GameState),
        (status = 304, description = "The game's `version` is still `since`: nothing changed (no body)."),
        (status = 404, description = "No such game.", body = ErrorBody),
    )
)]
pub(crate) async fn state(
    State(app): State<Shared>,
    Path(id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<Since>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    let mut live = held(game.lock(), GAME)?;
    // The server's clock is the authority: a flag that fell since the last change ends the
    // game now (a page asks when the clock it shows runs out).
    flag_fall(&app, &id, &mut live, crate::serve::clock::now())?;
    if let Some(since) = query.since {
        let sdn = crate::write::sdn::to_sdn(&live.game);
        if live.version(&sdn) == since {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
    }
    let mut state = GameState::of(&live)?;
    state.claimable_at = app.claim_after.and_then(|after| live.claimable_from(after));
    Ok(Json(state).into_response())
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/options",
    operation_id = "options",
    tag = "routes",
    description = "The options of the turn to play, from its start, from the same search as `sade-ref options`.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits."), Limit),
    responses(
        (status = 200, description = "The options (spec/options.schema.json).", body = OptionsAnswer),
        (status = 400, description = "`limit` is not a number.", body = ErrorBody),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "The die is to be rolled first.", body = ErrorBody),
    )
)]
pub(crate) async fn game_options(
    State(app): State<Shared>,
    Path(id): Path<String>,
    query: Result<axum::extract::Query<Limit>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let axum::extract::Query(query) = query.map_err(|e| ApiError::bad("limit", e.body_text()))?;
    let game = find(&app, &id)?;
    let limit = query.limit.unwrap_or(200).min(5000);
    let live = {
        let mut live = held(game.lock(), GAME)?;
        // A look at the options is help during a puzzle attempt: kept with the game.
        if live.is_puzzle() && !live.meta.aided {
            live.meta.aided = true;
            app.store
                .save(&mut live, true)
                .map_err(|e| app.not_kept(&id, e, "the game could not be saved"))?;
        }
        live.clone()
    };
    let answer = blocking("the search's task", move || options(&live, limit)).await?;
    Ok(Json(answer).into_response())
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/next",
    operation_id = "next",
    tag = "routes",
    description = "The actions that may come next in the turn to play, each with the squares it touches (a board offers only these), whose pieces are due and why, and what follows when none can come.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    responses(
        (status = 200, description = "The next actions.", body = NextActions),
        (status = 404, description = "No such game.", body = ErrorBody),
        (status = 409, description = "The die is to be rolled first.", body = ErrorBody),
    )
)]
pub(crate) async fn game_next(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    answer_of(&app, &id, "the search's task", next_actions).await
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/moves",
    operation_id = "moves",
    tag = "routes",
    description = "The game as a move list a player steps through: each turn with its face and its actions as the referee resolved them, the board and the pools after each action, what a turn did that its actions do not show (nothing to bring back, no piece could leave the king, a check that ended the turn), and how the game ended, in a player's words.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    responses(
        (status = 200, description = "The move list.", body = Moves),
        (status = 404, description = "No such game.", body = ErrorBody),
    )
)]
pub(crate) async fn game_moves(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    answer_of(&app, &id, "the move list's task", moves).await
}

/// What `read` makes of a copy of game `id`, worked out off the server's async threads (`task`
/// names the work in the error of a task that failed), as JSON.
async fn answer_of<T: serde::Serialize + Send + 'static>(
    app: &Shared,
    id: &str,
    task: &'static str,
    read: fn(&Live) -> Result<T, ApiError>,
) -> Result<Response, ApiError> {
    let game = find(app, id)?;
    let live = held(game.lock(), GAME)?.clone();
    let answer = blocking(task, move || read(&live)).await?;
    Ok(Json(answer).into_response())
}

#[utoipa::path(
    get,
    path = "/api/games/{id}/events",
    operation_id = "events",
    tag = "routes",
    description = "The game's changes as they are saved (Server-Sent Events): first the version the game has, then each new version, as events `version` whose data is the version (the state's `version`). A page that hears a version it does not show reads the state again. While the game's analysis runs, events `analysis` tell its progress (data `DONE TOTAL`, then `done` or `failed`). The stream stays open; a comment every 15 seconds keeps it alive.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    responses(
        (status = 200, description = "The stream of the game's versions.", content_type = "text/event-stream", body = String),
        (status = 404, description = "No such game.", body = ErrorBody),
    )
)]
pub(crate) async fn game_events(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    // Watch first, then read the version: a change saved in between is heard, never lost.
    let watcher = app.events.watch(&id);
    let version = {
        let live = held(game.lock(), GAME)?;
        live.version(&crate::write::sdn::to_sdn(&live.game))
    };
    // A watcher that fell behind hears the next version, which is all it needs.
    Ok(event_stream("version", version, watcher, Burst::Last, None))
}

/// Which seat the request's token holds in game `id`.
#[utoipa::path(
    post,
    path = "/api/games/{id}/seat",
    operation_id = "seat",
    tag = "routes",
    description = "Which seat a token holds (or, in a game whose seats belong to players, the request's session): `white`, `black`, `arbiter` (both seats), or `watching` (none, or no token).",
    params(("id" = String, Path, description = "The game's id: 16 hex digits.")),
    request_body = TokenRequest,
    responses(
        (status = 200, description = "The seat.", body = SeatAnswer),
        BodyErrors,
        (status = 404, description = "No such game.", body = ErrorBody),
    )
)]
pub(crate) async fn seat(
    State(app): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<TokenRequest>,
) -> Result<Json<SeatAnswer>, ApiError> {
    let game = find(&app, &id)?;
    let live = held(game.lock(), GAME)?.clone();
    let holder = sessions::holder(&app, &headers, &live, request.token.as_deref())?;
    Ok(Json(SeatAnswer {
        seat: Held::of(holder),
    }))
}
