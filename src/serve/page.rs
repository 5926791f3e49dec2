//! The page: its HTML, script and styles are files of this folder, included in the binary;
//! nothing is loaded from the network. The script is a file of its own, so that the
//! Content-Security-Policy allows no inline script and the page has no inline event handler.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/app.css");

/// The policy of the page and the API: its own script and styles, pictures inline (SVG), and
/// requests to itself only.
pub const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// `body` with its content type (the page's assets and the modes' scripts).
pub(super) fn with_type(body: &'static str, kind: &'static str) -> Response {
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    response
}

#[utoipa::path(
    get,
    path = "/",
    operation_id = "index",
    responses((status = 200, description = "The page.", content((String = "text/html"))))
)]
pub async fn index() -> Response {
    with_type(INDEX, "text/html; charset=utf-8")
}

#[utoipa::path(
    get,
    path = "/app.js",
    operation_id = "script",
    responses((status = 200, description = "The page's script.", content((String = "text/javascript"))))
)]
pub async fn script() -> Response {
    with_type(SCRIPT, "text/javascript; charset=utf-8")
}

#[utoipa::path(
    get,
    path = "/app.css",
    operation_id = "style",
    responses((status = 200, description = "The page's styles.", content((String = "text/css"))))
)]
pub async fn style() -> Response {
    with_type(STYLE, "text/css; charset=utf-8")
}

/// Adds the security headers to every answer that has none of its own.
pub async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(POLICY),
        );
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
