//! The accounts' routes: `POST /api/account/signup`, `/login` and `/logout`, `GET /api/session`
//! (who this browser is) and `POST /api/session/guest` (a session without an account). Each
//! session opened sets the `sade_ref_session` cookie; hashing and verifying a password run off
//! the runtime's threads. A route that needs no body reads it all the same (`_unread`): one
//! left unread would close the connection under the client's next request.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::answers::{LoginRequest, SessionAnswer, SignupRequest};
use super::cookie;
use super::password::{self, GUEST_PREFIX, check_name, check_password};
use super::sessions::{current, end, open, refused};
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::http::{App, Body, Shared, blocking};
use crate::serve::secret::token;
use crate::serve::store::{Account, Player};

/// What a wrong name and a wrong password are both answered with.
const WRONG: &str = "wrong name or password";

/// A session opened for `player`: `status`, its cookie, and who the browser now is.
fn opened(app: &App, headers: &HeaderMap, player: Player, status: StatusCode) -> Response {
    match open(app, headers, player.clone()) {
        Ok(token) => (
            status,
            [(header::SET_COOKIE, cookie::set(&token, app.secure()))],
            Json(SessionAnswer {
                player: Some(player),
            }),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

#[utoipa::path(
    post,
    tag = "super::accounts",
    path = "/api/account/signup",
    operation_id = "account_signup",
    description = "Makes an account (its password kept as its Argon2id hash) and opens its session: the `sade_ref_session` cookie.",
    request_body = SignupRequest,
    responses(
        (status = 201, description = "The account and its session.", body = SessionAnswer,
         headers(("Set-Cookie" = String, description = "The session's cookie."))),
        BodyErrors,
        (status = 403, description = "Sent by another site's page (`origin`).", body = ErrorBody),
        (status = 409, description = "The name is taken, in any case (`name`).", body = ErrorBody),
        (status = 429, description = "Too many sign-ups and logins from this address of late (`--login-limit`).", body = ErrorBody),
        (status = 503, description = "The store keeps no accounts (`storage`), or cannot keep this one.", body = ErrorBody),
    )
)]
pub(crate) async fn signup(
    State(app): State<Shared>,
    headers: HeaderMap,
    Body(request): Body<SignupRequest>,
) -> Result<Response, ApiError> {
    check_name(&request.name)
        .and_then(|()| check_password(&request.password))
        .map_err(|why| ApiError::bad(why.field(), why.to_string()))?;
    let password = request.password;
    let password_hash = blocking("hashing the password", move || {
        password::hash(&password).map_err(ApiError::internal)
    })
    .await?;
    let account = Account {
        name: request.name,
        password_hash,
    };
    app.store
        .add_account(&account)
        .map_err(|e| refused(e, "the account cannot be kept"))?;
    let player = Player {
        name: account.name,
        guest: false,
    };
    Ok(opened(&app, &headers, player, StatusCode::CREATED))
}

#[utoipa::path(
    post,
    tag = "super::accounts",
    path = "/api/account/login",
    operation_id = "account_login",
    description = "Opens a session for an account: the `sade_ref_session` cookie. A wrong name and a wrong password are one answer (401, `password`).",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "The account's session.", body = SessionAnswer,
         headers(("Set-Cookie" = String, description = "The session's cookie."))),
        BodyErrors,
        (status = 401, description = "Wrong name or password (`password`).", body = ErrorBody),
        (status = 403, description = "Sent by another site's page (`origin`).", body = ErrorBody),
        (status = 429, description = "Too many sign-ups and logins from this address of late (`--login-limit`).", body = ErrorBody),
        (status = 503, description = "The store keeps no accounts (`storage`), or cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn login(
    State(app): State<Shared>,
    headers: HeaderMap,
    Body(request): Body<LoginRequest>,
) -> Result<Response, ApiError> {
    let account = match check_name(&request.name) {
        Ok(()) => app
            .store
            .account(&request.name)
            .map_err(|e| refused(e, "the account cannot be read"))?,
        Err(_) => None,
    };
    let kept = account.as_ref().map(|a| a.password_hash.clone());
    let password = request.password;
    // Verified against a hash of no password when the name is no account's: the same cost.
    let verified = blocking("verifying the password", move || {
        Ok(password::verify(&password, kept.as_deref()))
    })
    .await?;
    match account {
        Some(account) if verified => {
            let player = Player {
                name: account.name,
                guest: false,
            };
            Ok(opened(&app, &headers, player, StatusCode::OK))
        }
        _ => Err(ApiError::unauthorized("password", WRONG.to_owned())),
    }
}

#[utoipa::path(
    post,
    tag = "super::accounts",
    path = "/api/account/logout",
    operation_id = "account_logout",
    description = "Ends this browser's session (none: nothing to end) and clears its cookie.",
    responses(
        (status = 204, description = "The session is ended.",
         headers(("Set-Cookie" = String, description = "The session's cookie, cleared."))),
        (status = 403, description = "Sent by another site's page (`origin`).", body = ErrorBody),
        (status = 503, description = "The store keeps no sessions (`storage`), or cannot be written.", body = ErrorBody),
    )
)]
pub(crate) async fn logout(
    State(app): State<Shared>,
    headers: HeaderMap,
    _unread: Bytes,
) -> Result<Response, ApiError> {
    end(&app, &headers)?;
    Ok((
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, cookie::cleared(app.secure()))],
    )
        .into_response())
}

#[utoipa::path(
    get,
    tag = "super::accounts",
    path = "/api/session",
    operation_id = "session",
    description = "Who this browser is: the player of its session (an account, or a guest), or null.",
    responses(
        (status = 200, description = "The player, or null.", body = SessionAnswer),
        (status = 503, description = "The store keeps no sessions (`storage`), or cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn session(
    State(app): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<SessionAnswer>, ApiError> {
    let player = current(&app, &headers)?;
    Ok(Json(SessionAnswer { player }))
}

#[utoipa::path(
    post,
    tag = "super::accounts",
    path = "/api/session/guest",
    operation_id = "session_guest",
    description = "Opens a session without an account, under a guest's name (`Guest-` and 6 random hex digits): the `sade_ref_session` cookie.",
    responses(
        (status = 201, description = "The guest's session.", body = SessionAnswer,
         headers(("Set-Cookie" = String, description = "The session's cookie."))),
        (status = 403, description = "Sent by another site's page (`origin`).", body = ErrorBody),
        (status = 429, description = "Too many sign-ups and logins from this address of late (`--login-limit`).", body = ErrorBody),
        (status = 503, description = "The store keeps no sessions (`storage`), or cannot keep this one.", body = ErrorBody),
    )
)]
pub(crate) async fn guest(
    State(app): State<Shared>,
    headers: HeaderMap,
    _unread: Bytes,
) -> Result<Response, ApiError> {
    let player = Player {
        name: format!("{GUEST_PREFIX}{}", &token()?[..6]),
        guest: true,
    };
    Ok(opened(&app, &headers, player, StatusCode::CREATED))
}
