//! The page: its HTML, script and styles are files of this folder, included in the binary;
//! nothing is loaded from the network. The script is a file of its own, so that the
//! Content-Security-Policy allows no inline script and the page has no inline event handler.

use std::io::Write as _;
use std::sync::Mutex;

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("assets/index.html");
const STYLE: &str = include_str!("assets/app.css");

/// The page's script: ES modules, one per part of the page (`main.js` loads the others), each
/// served from `/js/{file}`.
pub const SCRIPT_FILES: [(&str, &str); 25] = [
    ("account.js", include_str!("assets/js/account.js")),
    ("analysis.js", include_str!("assets/js/analysis.js")),
    ("api.js", include_str!("assets/js/api.js")),
    ("board.js", include_str!("assets/js/board.js")),
    ("chart.js", include_str!("assets/js/chart.js")),
    ("clocks.js", include_str!("assets/js/clocks.js")),
    ("control.js", include_str!("assets/js/control.js")),
    ("course.js", include_str!("assets/js/course.js")),
    ("dom.js", include_str!("assets/js/dom.js")),
    ("end.js", include_str!("assets/js/end.js")),
    ("leaderboard.js", include_str!("assets/js/leaderboard.js")),
    ("lobby.js", include_str!("assets/js/lobby.js")),
    ("main.js", include_str!("assets/js/main.js")),
    ("offers.js", include_str!("assets/js/offers.js")),
    ("moves.js", include_str!("assets/js/moves.js")),
    ("panels.js", include_str!("assets/js/panels.js")),
    ("player.js", include_str!("assets/js/player.js")),
    ("pools.js", include_str!("assets/js/pools.js")),
    ("puzzles.js", include_str!("assets/js/puzzles.js")),
    ("render.js", include_str!("assets/js/render.js")),
    ("sound.js", include_str!("assets/js/sound.js")),
    ("state.js", include_str!("assets/js/state.js")),
    ("status.js", include_str!("assets/js/status.js")),
    ("turn.js", include_str!("assets/js/turn.js")),
    ("words.js", include_str!("assets/js/words.js")),
];

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

/// `body`, one of the page's files, with its content type; compressed with gzip when the
/// request accepts it (`Accept-Encoding`), each file compressed once and kept.
pub(super) fn with_type(body: &'static str, kind: &'static str, request: &HeaderMap) -> Response {
    let mut response = if accepts_gzip(request) {
        let mut response = gzipped(body).into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        body.into_response()
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// Whether `Accept-Encoding` names gzip with a weight above zero.
fn accepts_gzip(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let weight = parts
                .find_map(|p| p.strip_prefix("q="))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            (name.eq_ignore_ascii_case("gzip") || name == "*") && weight > 0.0
        })
}

/// `body` compressed with gzip, made once per file (the files are in the binary and never
/// change).
fn gzipped(body: &'static str) -> Vec<u8> {
    static DONE: Mutex<Vec<(usize, Vec<u8>)>> = Mutex::new(Vec::new());
    let key = body.as_ptr() as usize;
    let mut done = DONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, bytes)) = done.iter().find(|(k, _)| *k == key) {
        return bytes.clone();
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let bytes = encoder
        .write_all(body.as_bytes())
        .and_then(|()| encoder.finish())
        .unwrap_or_default();
    done.push((key, bytes.clone()));
    bytes
}

#[utoipa::path(
    get,
    path = "/",
    operation_id = "index",
    responses((status = 200, description = "The page.", content((String = "text/html"))))
)]
pub async fn index(request: HeaderMap) -> Response {
    with_type(INDEX, "text/html; charset=utf-8", &request)
}

#[utoipa::path(
    get,
    path = "/js/{file}",
    operation_id = "script",
    params(("file" = String, Path, description = "A module of the page's script: `main.js` and the modules it imports.")),
    responses(
        (status = 200, description = "A module of the page's script.", content((String = "text/javascript"))),
        (status = 404, description = "No such module."),
    )
)]
pub async fn script(
    axum::extract::Path(file): axum::extract::Path<String>,
    request: HeaderMap,
) -> Response {
    match SCRIPT_FILES.iter().find(|(name, _)| *name == file) {
        Some((_, body)) => with_type(body, "text/javascript; charset=utf-8", &request),
        None => axum::http::StatusCode::NOT_FOUND.into_response(),
    }
}

#[utoipa::path(
    get,
    path = "/app.css",
    operation_id = "style",
    responses((status = 200, description = "The page's styles.", content((String = "text/css"))))
)]
pub async fn style(request: HeaderMap) -> Response {
    with_type(STYLE, "text/css; charset=utf-8", &request)
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
pub async fn board_file(
    axum::extract::Path(file): axum::extract::Path<String>,
    request: HeaderMap,
) -> Response {
    match BOARD_FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, body, kind)) => with_type(body, kind, &request),
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
