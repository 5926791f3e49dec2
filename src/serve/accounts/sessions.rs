//! A session opened for a player (its token in the browser's cookie, the token's hash in the
//! store) or ended, and the player of a request: what any route uses to know who sent it.

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;

use super::cookie;
use crate::serve::clock::now;
use crate::serve::error::ApiError;
use crate::serve::http::{App, Shared};
use crate::serve::live::{Holder, Live};
use crate::serve::secret::{kept, token};
use crate::serve::store::{Player, Session, StoreError};

/// What a store's refusal is answered with: 503 (`storage`) from a store that keeps no
/// accounts, 409 (`name`) for a name taken, else 503 with `what` and the store's reason.
pub fn refused(error: StoreError, what: &str) -> ApiError {
    match error {
        StoreError::NoAccounts => ApiError::not_kept_here(StoreError::NoAccounts.to_string()),
        StoreError::NameTaken(name) => {
            ApiError::conflict("name", format!("the name {name} is taken: choose another"))
        }
        other => ApiError::unsaved(format!("{what}: {other}")),
    }
}

/// Opens a session for `player` and ends the one the request held, if any; the new session's
/// token, for the cookie.
///
/// # Errors
/// 503 when the store keeps no sessions or cannot keep this one; 500 when no token can be made.
pub fn open(app: &App, headers: &HeaderMap, player: Player) -> Result<String, ApiError> {
    let token = token()?;
    let lifetime = u64::try_from(cookie::LIFETIME.as_millis()).unwrap_or(u64::MAX);
    let session = Session {
        token_hash: kept(&token),
        player,
        expires: now().saturating_add(lifetime),
    };
    app.store
        .add_session(&session)
        .map_err(|e| refused(e, "the session cannot be kept"))?;
    end(app, headers)?;
    Ok(token)
}

/// Ends the session the request holds (none: nothing to do).
///
/// # Errors
/// 503 when the store keeps no sessions or cannot be written.
pub fn end(app: &App, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(token) = cookie::token_in(headers) else {
        return Ok(());
    };
    app.store
        .end_session(&kept(&token))
        .map_err(|e| refused(e, "the session cannot be ended"))
}

/// The player of the session the request holds: an account's or a guest's name, or `None`
/// (no cookie, or a session ended or expired).
///
/// # Errors
/// 503 when the request holds a session's cookie and the store keeps no sessions or cannot be
/// read.
pub fn current(app: &App, headers: &HeaderMap) -> Result<Option<Player>, ApiError> {
    let Some(token) = cookie::token_in(headers) else {
        return Ok(None);
    };
    app.store
        .session(&kept(&token), now())
        .map_err(|e| refused(e, "the session cannot be read"))
}

/// The player of the request, for a handler's arguments: `CurrentPlayer(player)`.
pub struct CurrentPlayer(pub Option<Player>);

impl FromRequestParts<Shared> for CurrentPlayer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &Shared) -> Result<Self, Self::Rejection> {
        current(app, &parts.headers).map(CurrentPlayer)
    }
}

/// Who asks in `live`: the holder of `token`, or else, in a game whose seats belong to players
/// (made in the lobby), the seat of the player whose session the request holds. `None`: nobody
/// of the game (the store is asked only when the token holds nothing and the game has
/// players).
///
/// # Errors
/// 503 when the session cannot be read.
pub fn holder(
    app: &App,
    headers: &HeaderMap,
    live: &Live,
    token: Option<&str>,
) -> Result<Option<Holder>, ApiError> {
    if let Some(holder) = token.filter(|t| !t.is_empty()).and_then(|t| live.holder(t)) {
        return Ok(Some(holder));
    }
    if live.meta.owners.iter().all(Option::is_none) {
        return Ok(None);
    }
    Ok(current(app, headers)?
        .and_then(|player| live.meta.seat_of(&player.name))
        .map(Holder::Seat))
}
