//! The router: every route of the server, the JSON API (spec/SERVE.md) and the page, with the
//! body limits and the answers' middleware (errors as JSON, the security headers).

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post, put};

use super::course::routes as course;
use super::error::{ApiError, json_errors};
use super::games::{changes, export, review, routes as games};
use super::http::Shared;
use super::page;
use super::puzzles::routes as puzzles;

/// Request bodies above this many bytes are refused (413); a review upload may be larger.
pub const BODY_LIMIT: usize = 64 * 1024;
pub const UPLOAD_LIMIT: usize = 4 * 1024 * 1024;

pub fn router(app: Shared) -> Router {
    let api = Router::new()
        .route("/api/levels", get(games::levels))
        .route("/api/games", get(games::list).post(games::create))
        .route("/api/games/{id}", get(games::state))
        .route("/api/games/{id}/options", get(games::game_options))
        .route("/api/games/{id}/next", get(games::game_next))
        .route("/api/games/{id}/moves", get(games::game_moves))
        .route("/api/games/{id}/events", get(games::game_events))
        .route("/api/games/{id}/seat", post(games::seat))
        .route("/api/games/{id}/roll", post(changes::roll))
        .route("/api/games/{id}/act", post(changes::act))
        .route("/api/games/{id}/bot", post(changes::bot))
        .route("/api/games/{id}/takeback", post(changes::take_back))
        .route("/api/games/{id}/end", post(changes::end))
        .route("/api/games/{id}/tags", put(changes::tags))
        .route("/api/games/{id}/export/{format}", get(export::export))
        .route("/api/library", get(review::library))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let upload = Router::new()
        .route("/api/review", post(review::upload))
        .route("/review/library/{name}", get(review::library_page))
        .route("/review/upload/{id}", get(review::upload_page))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT));
    // The Puzzles and Course modes, under axum's default body limit.
    let modes = Router::new()
        .route("/api/puzzles/next", post(puzzles::next))
        .route("/api/puzzles/themes", get(puzzles::themes))
        .route("/api/puzzles/{game}/judge", post(puzzles::judge_attempt))
        .route("/api/course", get(course::list))
        .route("/api/course/start", post(course::start))
        .route("/api/course/{id}/judge", post(course::judge))
        .route("/api/course/{id}/help", post(course::help));
    Router::new()
        .route("/", get(page::index))
        .route("/js/{file}", get(page::script))
        .route("/app.css", get(page::style))
        .route("/chessground/{file}", get(page::board_file))
        .merge(api)
        .merge(upload)
        .merge(modes)
        .fallback(|| async { ApiError::not_found("path", "no such page or API route".to_owned()) })
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::map_response(page::security_headers))
        .with_state(app)
}
