//! The lobby's routes: the seeks shown to a player, their changes as an event stream, a seek
//! made, read, withdrawn and accepted.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::matched::{game_of, may_take, seek_of};
use super::requests::{Accepted, Lobby, SeekRequest};
use crate::serve::accounts::CurrentPlayer;
use crate::serve::accounts::sessions::refused;
use crate::serve::clock::now;
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::events::{Burst, LOBBY, event_stream};
use crate::serve::http::{Body, Shared, admit, blocking};
use crate::serve::seek::Seek;
use crate::serve::store::Player;

/// The most seeks the lobby shows.
const SHOWN: usize = 500;

/// The player the request's session holds, or 401 (`session`).
fn signed(player: Option<Player>) -> Result<Player, ApiError> {
    player.ok_or_else(|| {
        ApiError::unauthorized(
            "session",
            "play as a guest or log in first: the lobby is for players with a name".to_owned(),
        )
    })
}

#[utoipa::path(
    get,
    path = "/api/lobby",
    operation_id = "lobby",
    tag = "lobby",
    description = "Who asks, and the seeks shown to them: the open ones, the challenges to them, their own; oldest first.",
    responses(
        (status = 200, description = "The lobby.", body = Lobby),
        (status = 503, description = "The seeks cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn lobby(
    State(app): State<Shared>,
    CurrentPlayer(player): CurrentPlayer,
) -> Result<Json<Lobby>, ApiError> {
    blocking("the lobby's task", move || {
        let seeks = app
            .store
            .open_seeks(now(), SHOWN)
            .map_err(|e| refused(e, "the seeks cannot be read"))?;
        let name = player.as_ref().map(|p| p.name.as_str());
        let seeks = seeks.into_iter().filter(|s| s.shown_to(name)).collect();
        Ok(Json(Lobby { player, seeks }))
    })
    .await
}

#[utoipa::path(
    get,
    path = "/api/lobby/events",
    operation_id = "lobby_events",
    tag = "lobby",
    description = "The lobby's changes (Server-Sent Events): an event `lobby` at once (data `open`), then one each time a seek is made, withdrawn or accepted, on this server or another of its database, its data the ids of the seeks changed, comma-separated (`*` when the stream fell behind: anything may have changed). A page reads the lobby again when it hears one. A comment every 15 seconds keeps the stream alive.",
    responses(
        (status = 200, description = "The stream of the lobby's changes.", content_type = "text/event-stream", body = String),
    )
)]
pub(crate) async fn lobby_events(State(app): State<Shared>) -> Response {
    // The seeks changed at once, by their ids; fallen behind, `*`: anything may have changed.
    event_stream(
        "lobby",
        "open".to_owned(),
        app.events.watch(LOBBY),
        Burst::Joined,
        Some("*"),
    )
}

#[utoipa::path(
    post,
    path = "/api/seeks",
    operation_id = "seek",
    tag = "lobby",
    description = "A seek: the game sought, open to everyone in the lobby, sent to one player (`to`), or reached by its link alone (`link`). It lapses after 30 minutes (7 days for correspondence).",
    request_body = SeekRequest,
    responses(
        (status = 201, description = "The seek, open.", body = Seek),
        BodyErrors,
        (status = 401, description = "No player: play as a guest or log in first.", body = ErrorBody),
        (status = 403, description = "A rated seek from a guest.", body = ErrorBody),
        (status = 404, description = "A challenge to no player.", body = ErrorBody),
        (status = 429, description = "Too many new games from this address of late.", body = ErrorBody),
    )
)]
pub(crate) async fn make_seek(
    State(app): State<Shared>,
    CurrentPlayer(player): CurrentPlayer,
    Body(request): Body<SeekRequest>,
) -> Result<Response, ApiError> {
    let player = signed(player)?;
    blocking("the lobby's task", move || {
        let seek = seek_of(&app, &request, &player, now())?;
        app.store
            .add_seek(&seek)
            .map_err(|e| refused(e, "the seek cannot be kept"))?;
        app.events.tell(LOBBY, &seek.id);
        Ok((StatusCode::CREATED, Json(seek)).into_response())
    })
    .await
}

#[utoipa::path(
    get,
    path = "/api/seeks/{id}",
    operation_id = "seek_state",
    tag = "lobby",
    description = "A seek, open or not: once accepted, `game` is the game it became (its seeker's page goes there).",
    params(("id" = String, Path, description = "The seek's id: 16 hex digits.")),
    responses(
        (status = 200, description = "The seek.", body = Seek),
        (status = 404, description = "No such seek.", body = ErrorBody),
    )
)]
pub(crate) async fn seek_state(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Seek>, ApiError> {
    blocking("the lobby's task", move || {
        app.store
            .seek(&id)
            .map_err(|e| refused(e, "the seek cannot be read"))?
            .map(Json)
            .ok_or_else(|| ApiError::not_found("id", format!("no seek {id}")))
    })
    .await
}

#[utoipa::path(
    delete,
    path = "/api/seeks/{id}",
    operation_id = "withdraw",
    tag = "lobby",
    description = "The seeker withdraws an open seek.",
    params(("id" = String, Path, description = "The seek's id: 16 hex digits.")),
    responses(
        (status = 204, description = "Withdrawn."),
        (status = 401, description = "No player.", body = ErrorBody),
        (status = 404, description = "No open seek of this player's of that id.", body = ErrorBody),
    )
)]
pub(crate) async fn withdraw(
    State(app): State<Shared>,
    Path(id): Path<String>,
    CurrentPlayer(player): CurrentPlayer,
    _body: Bytes,
) -> Result<StatusCode, ApiError> {
    let player = signed(player)?;
    blocking("the lobby's task", move || {
        let dropped = app
            .store
            .drop_seek(&id, &player.name)
            .map_err(|e| refused(e, "the seek cannot be withdrawn"))?;
        if !dropped {
            return Err(ApiError::not_found(
                "id",
                format!("you have no open seek {id}"),
            ));
        }
        app.events.tell(LOBBY, &id);
        Ok(StatusCode::NO_CONTENT)
    })
    .await
}

#[utoipa::path(
    post,
    path = "/api/seeks/{id}/accept",
    operation_id = "accept",
    tag = "lobby",
    description = "Accepts a seek: the game starts for both players, each holding their own seat through their session (no token), the colours as the seek asked.",
    params(("id" = String, Path, description = "The seek's id: 16 hex digits.")),
    responses(
        (status = 201, description = "The game the seek became, and the accepting player's seat.", body = Accepted),
        (status = 401, description = "No player.", body = ErrorBody),
        (status = 403, description = "A challenge to another player, or a rated seek taken by a guest.", body = ErrorBody),
        (status = 404, description = "No such seek, or it lapsed.", body = ErrorBody),
        (status = 409, description = "One's own seek, or one accepted already.", body = ErrorBody),
        (status = 429, description = "Too many new games from this address of late.", body = ErrorBody),
    )
)]
pub(crate) async fn accept(
    State(app): State<Shared>,
    Path(id): Path<String>,
    CurrentPlayer(player): CurrentPlayer,
    _body: Bytes,
) -> Result<Response, ApiError> {
    let taker = signed(player)?;
    blocking("the lobby's task", move || {
        let now = now();
        let seek = app
            .store
            .seek(&id)
            .map_err(|e| refused(e, "the seek cannot be read"))?
            .filter(|s| s.game.is_some() || s.expires > now)
            .ok_or_else(|| ApiError::not_found("id", format!("no open seek {id}")))?;
        may_take(&seek, &taker)?;
        let live = game_of(&seek, &taker)?;
        let game = live.id.clone();
        let seat = live
            .meta
            .seat_of(&taker.name)
            .ok_or_else(|| ApiError::internal("the taker holds no seat".to_owned()))?;
        let taken = app
            .store
            .take_seek(&id, Some((&game, &taker.name)), now)
            .map_err(|e| refused(e, "the seek cannot be taken"))?;
        if !taken {
            return Err(ApiError::conflict(
                "seek",
                "another player accepted this seek first".to_owned(),
            ));
        }
        if let Err(e) = admit(&app, live) {
            // The game was not made: the seek is open again.
            let _ = app.store.take_seek(&id, None, now);
            return Err(e);
        }
        app.events.tell(LOBBY, &id);
        let link = format!("/#game={game}");
        Ok((StatusCode::CREATED, Json(Accepted { game, seat, link })).into_response())
    })
    .await
}
