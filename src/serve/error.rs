//! The API's errors: an HTTP status and a JSON body that names the field at fault, or gives the
//! referee's reason and Article for a refused action.

use axum::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::referee::Verdict;

/// An error answer.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: StatusCode,
    /// Boxed: an error travels through every `Result` of the server, and is rare.
    pub body: Box<ErrorBody>,
}

/// The JSON body of every error.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in an arbiter's words.
    pub error: String,
    /// The request field at fault (`face`, `tags.Event`, `token`), when one is.
    pub field: Option<String>,
    /// A refused action: the Article, ruling or law that forbids it (`Art. 12.2`).
    pub article: Option<String>,
    /// A refused action: the referee's stable fault code (`own-pieces-while-enemy-possible`).
    pub code: Option<String>,
    /// A refused action: the turn (`5...`) and the 1-based action in it.
    pub turn: Option<String>,
    /// A refused action: which action of the turn (1-based).
    pub action: Option<usize>,
}

/// The answers every route that reads a JSON body may give besides its own, for the OpenAPI
/// document (never built: the handlers answer with an [`ApiError`]).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub(crate) enum BodyErrors {
    #[response(
        status = 400,
        description = "The body does not fit: `field` names the field at fault."
    )]
    Bad(ErrorBody),
    #[response(status = 413, description = "The body is above 64 KiB.")]
    TooLarge(ErrorBody),
}

impl ApiError {
    fn new(status: StatusCode, field: Option<&str>, error: String) -> ApiError {
        ApiError {
            status,
            body: Box::new(ErrorBody {
                error,
                field: field.map(str::to_owned),
                article: None,
                code: None,
                turn: None,
                action: None,
            }),
        }
    }

    /// 400: the request is malformed at `field`.
    pub fn bad(field: &str, error: String) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, Some(field), error)
    }

    /// 403: the token does not hold the right seat.
    pub fn forbidden(error: String) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, Some("token"), error)
    }

    /// 403 at `field`: the request is not this player's to make.
    pub fn forbidden_at(field: &str, error: String) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, Some(field), error)
    }

    /// 401: the request names no one this server knows (a wrong name or password), at `field`.
    pub fn unauthorized(field: &str, error: String) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, Some(field), error)
    }

    /// 403: a request another site's page sent (`field`: `origin`).
    pub fn cross_site(error: String) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, Some("origin"), error)
    }

    /// 404: no such game or file.
    pub fn not_found(field: &str, error: String) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, Some(field), error)
    }

    /// 409: the request does not fit the game's state.
    pub fn conflict(field: &str, error: String) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, Some(field), error)
    }

    /// 422: the referee refused the action; its reason and Article.
    pub fn refused(verdict: &Verdict) -> ApiError {
        let mut e = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("action"),
            "the referee refused the action".to_owned(),
        );
        if let Some(v) = &verdict.error {
            e.body.error = v.reason.clone();
            e.body.article = Some(v.article.cite().to_owned());
            e.body.code = Some(v.code.to_string());
            e.body.turn = v.label.map(|l| l.to_string());
            e.body.action = Some(v.action);
        }
        e
    }

    /// 429: too many live games.
    pub fn too_many(error: String) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, None, error)
    }

    /// 503: the game could not be saved; nothing was accepted.
    pub fn unsaved(error: String) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, None, error)
    }

    /// 503: what the request needs is not kept by this server's store (`field`: `storage`).
    pub fn not_kept_here(error: String) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, Some("storage"), error)
    }

    /// 500: a fault of sade-ref, never of the request.
    pub fn internal(error: String) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, None, error)
    }
}

/// axum's own refusals (a body above the limit, a query or path it cannot read, a method the
/// route does not have) are plain text or empty; the API answers every error as JSON.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let field = match status {
        StatusCode::PAYLOAD_TOO_LARGE => Some("body"),
        StatusCode::METHOD_NOT_ALLOWED => Some("method"),
        _ => None,
    };
    let error = if text.is_empty() {
        status.canonical_reason().unwrap_or("refused").to_owned()
    } else {
        text
    };
    let mut answer = ApiError::new(status, field, error).into_response();
    if let Some(allow) = parts.headers.get(header::ALLOW) {
        answer.headers_mut().insert(header::ALLOW, allow.clone());
    }
    answer
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(*self.body)).into_response()
    }
}
