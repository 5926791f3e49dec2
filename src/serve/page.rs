//! The page: its HTML, script and styles are files of this folder, included in the binary;
//! nothing is loaded from the network. The script is a file of its own, so that the
//! Content-Security-Policy allows no inline script and the page has no inline event handler.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/app.css");

/// The board, chessground (lichess's, GPL-3.0-or-later like this program), vendored pinned by
/// `scripts/vendor-chessground.sh`: each file with its content type. `VERSION` and
/// `SHA256SUMS` say which package it is; a test holds the files to their sums.
pub const BOARD_FILES: [(&str, &str, &str); 7] = [
    (
        "chessground.min.js",
        include_str!("assets/chessground/chessground.min.js"),
        "text/javascript; charset=utf-8",
    ),
    (
        "chessground.base.css",
        include_str!("assets/chessground/chessground.base.css"),
        "text/css; charset=utf-8",
    ),
    (
        "chessground.brown.css",
        include_str!("assets/chessground/chessground.brown.css"),
        "text/css; charset=utf-8",
    ),
    (
        "chessground.cburnett.css",
        include_str!("assets/chessground/chessground.cburnett.css"),
        "text/css; charset=utf-8",
    ),
    (
        "LICENSE",
        include_str!("assets/chessground/LICENSE"),
        "text/plain; charset=utf-8",
    ),
    (
        "VERSION",
        include_str!("assets/chessground/VERSION"),
        "text/plain; charset=utf-8",
    ),
    (
        "SHA256SUMS",
        include_str!("assets/chessground/SHA256SUMS"),
        "text/plain; charset=utf-8",
    ),
];

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

#[utoipa::path(
    get,
    path = "/chessground/{file}",
    operation_id = "board",
    params(("file" = String, Path, description = "`chessground.min.js`, `chessground.base.css`, `chessground.brown.css`, `chessground.cburnett.css`, `LICENSE`, `VERSION` or `SHA256SUMS`.")),
    responses(
        (status = 200, description = "A file of the board (chessground, vendored).", content((String = "text/javascript"), (String = "text/css"), (String = "text/plain"))),
        (status = 404, description = "No such file."),
    )
)]
pub async fn board_file(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    match BOARD_FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, body, kind)) => with_type(body, kind),
        None => axum::http::StatusCode::NOT_FOUND.into_response(),
    }
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
