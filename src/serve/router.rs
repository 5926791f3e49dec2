//! The router: every route of the server, the JSON API (spec/SERVE.md) and the page, with the
//! body limits and the middleware: the rates of new games and of logins per address, requests
//! from other sites refused, errors as JSON, the security headers.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};

use super::accounts::routes as accounts;
use super::course::routes as course;
use super::error::{ApiError, json_errors};
use super::games::{analysis, changes, export, review, routes as games};
use super::http::Shared;
use super::lobby::routes as lobby;
use super::page;
use super::puzzles::routes as puzzles;
use super::ratings::routes as ratings;

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
        .route("/api/games/{id}/offer", post(changes::offer))
        .route("/api/games/{id}/answer", post(changes::answer))
        .route("/api/games/{id}/abort", post(changes::abort))
        .route("/api/games/{id}/claim", post(changes::claim))
        .route("/api/games/{id}/analysis", get(analysis::analysis))
        .route("/api/games/{id}/analysis", post(analysis::start))
        .route("/api/games/{id}/export/{format}", get(export::export))
        .route("/api/players/{name}/games.sdn", get(export::player_games))
        .route("/api/library", get(review::library))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let upload = Router::new()
        .route("/api/review", post(review::upload))
        .route("/review/library/{name}", get(review::library_page))
        .route("/review/upload/{id}", get(review::upload_page))
        .layer(DefaultBodyLimit::max(UPLOAD_LIMIT));
    // The Puzzles and Course modes, under axum's default body limit.
    let accounts = Router::new()
        .route("/api/account/signup", post(accounts::signup))
        .route("/api/account/login", post(accounts::login))
        .route("/api/account/logout", post(accounts::logout))
        .route("/api/session", get(accounts::session))
        .route("/api/session/guest", post(accounts::guest))
        .route("/api/leaderboard/{game}", get(ratings::leaderboard))
        .route("/api/players/{name}", get(ratings::player))
        .route("/api/players/{name}/ratings/{game}", get(ratings::history))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let modes = Router::new()
        .route("/api/puzzles/next", post(puzzles::next))
        .route("/api/puzzles/themes", get(puzzles::themes))
        .route("/api/puzzles/{game}/judge", post(puzzles::judge_attempt))
        .route("/api/lobby", get(lobby::lobby))
        .route("/api/lobby/events", get(lobby::lobby_events))
        .route("/api/seeks", post(lobby::make_seek))
        .route("/api/seeks/{id}", get(lobby::seek_state))
        .route("/api/seeks/{id}", delete(lobby::withdraw))
        .route("/api/seeks/{id}/accept", post(lobby::accept))
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
        .merge(accounts)
        .fallback(|| async { ApiError::not_found("path", "no such page or API route".to_owned()) })
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            limit_new_games,
        ))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            same_origin,
        ))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::map_response(page::security_headers))
        .with_state(app)
}

/// The routes that make a game (or a seek, which becomes one), held to the rate of new games
/// per address.
const NEW_GAMES: [&str; 4] = [
    "/api/games",
    "/api/puzzles/next",
    "/api/course/start",
    "/api/seeks",
];

/// Whether `path` makes a game: one of [`NEW_GAMES`], or a seek's acceptance.
fn makes_a_game(path: &str) -> bool {
    NEW_GAMES.contains(&path) || (path.starts_with("/api/seeks/") && path.ends_with("/accept"))
}

/// The routes that open a session, held to the rate of logins per address.
const NEW_SESSIONS: [&str; 3] = [
    "/api/account/signup",
    "/api/account/login",
    "/api/session/guest",
];

/// Refuses a new game (429, with `Retry-After`) to an address that made too many of late
/// (`--create-limit`), and a new session to one that opened too many (`--login-limit`: a
/// password is not guessed faster).
async fn limit_new_games(State(app): State<Shared>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let (rate, what, option) = if makes_a_game(path) {
        (&app.rate, "new games", "--create-limit")
    } else if NEW_SESSIONS.contains(&path) {
        (&app.login_rate, "sign-ups and logins", "--login-limit")
    } else {
        return next.run(request).await;
    };
    if request.method() == Method::POST
        && let Some(address) = client_address(&app, &request)
        && let Err(wait) = rate.take(address, Instant::now())
    {
        let seconds = wait.as_secs() + 1;
        let too_many = ApiError::too_many(format!(
            "too many {what} from {address} of late ({option}): the next one in {seconds} s"
        ));
        let mut refused = refuse(request, too_many).await;
        if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
            refused.headers_mut().insert(header::RETRY_AFTER, value);
        }
        return refused;
    }
    next.run(request).await
}

/// Refuses (403, `origin`) a request that may change something (any method but GET, HEAD and
/// OPTIONS) when a browser says another site's page sent it: its `Origin` is not the server's
/// own (the `--public-url`'s origin when one is given, else the request's `Host`), or its
/// `Sec-Fetch-Site` is `cross-site`. A request with neither header (a command, a tool) passes.
async fn same_origin(State(app): State<Shared>, request: Request, next: Next) -> Response {
    if matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        return next.run(request).await;
    }
    let headers = request.headers();
    let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    if text("sec-fetch-site").is_some_and(|site| site.eq_ignore_ascii_case("cross-site")) {
        let cross = ApiError::cross_site(
            "a request sent by another site's page is refused (Sec-Fetch-Site: cross-site)"
                .to_owned(),
        );
        return refuse(request, cross).await;
    }
    if let Some(origin) = text(header::ORIGIN.as_str()) {
        let ours = match &app.public_origin {
            Some(public) => origin.eq_ignore_ascii_case(public),
            None => origin
                .split_once("://")
                .zip(text(header::HOST.as_str()))
                .is_some_and(|((_, host), own)| host.eq_ignore_ascii_case(own)),
        };
        if !ours {
            let cross = ApiError::cross_site(format!(
                "a request sent by another site's page is refused (Origin: {origin}): only \
                 this server's own pages may send it changes"
            ));
            return refuse(request, cross).await;
        }
    }
    next.run(request).await
}

/// `error`, once the request's body is read (up to [`BODY_LIMIT`]): a body left unread would
/// make the server close the connection, which a client may be about to send its next request
/// on.
async fn refuse(request: Request, error: ApiError) -> Response {
    let _ = axum::body::to_bytes(request.into_body(), BODY_LIMIT).await;
    error.into_response()
}

/// The client's address: the connection's, or with `--forwarded-for` the last address of the
/// `X-Forwarded-For` header (the one the reverse proxy in front of the server added).
fn client_address(app: &crate::serve::http::App, request: &Request) -> Option<IpAddr> {
    if app.forwarded_for {
        let forwarded = request
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .next_back()?;
        let last = forwarded.to_str().ok()?.rsplit(',').next()?.trim();
        return last.parse().ok();
    }
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0.ip())
}
