//! `sade-ref serve`: a local web application to play, record and review games, on the same
//! library and the same referee as `verify`. The browser never decides what is legal: every
//! action is written into the record and kept only if the referee accepts the record so far.
//!
//! - [`live`]: a game in progress and what may be done next;
//! - [`store`]: what is kept between runs, behind one interface (the data folder today);
//! - [`http`]: what every route stands on: the shared state, the body, the game, the seat;
//! - [`games`], [`puzzles`], [`course`], [`accounts`], [`ratings`]: the areas, each with its
//!   routes, its answers and what it keeps;
//! - [`router`]: the JSON API and the page (spec/SERVE.md);
//! - [`view`]: what the API answers about a game.

// The floors of serve/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it; an
// area's folder has floors of its own).
// 0. `error`: the API's errors.
// 1. `secret`, `seat`, `clicked`, `events`, `clock`, `kind`, `limit`, `glicko`, `analyses`:
//    tokens and seeds; who sits at a side; a clicked move in SAN; the watchers of each game's changes; the
//    clocks; what a stored game is; the rate of new games (and of logins) per address; the
//    players' Glicko-2 ratings and one game's update (below the store, which rates a game in
//    one transaction); the finished games' analyses, kept, one made at a time.
// 2. `schema`, `seek`: the schemas the handlers' types name; a seek of the lobby.
// 3. `meta`: what a game keeps beside its record (its seats, die, clocks, a standing offer).
// 4. `live`: a game in progress.
// 5. `arbiter`, `offers`, `summary`, `board`, `input`: the arbiter's changes; the seats'
//    offers, their answers, an abort and the claim of a game the opponent left; what the list
//    shows of a game; the board of a game's state; the requests.
// 6. `store`, `view`, `new_game`: what is kept between runs; what the API answers about a
//    game; a new game from its request.
// 7. `http`: the shared state, the body extractor, the lock, the game lookup, the seat check,
//    the modes' hooks.
// 8. `page`, `accounts`: the page; the accounts and sessions (who a browser is).
// 9. `games`, `puzzles`, `course`, `lobby`, `ratings`: the areas: the games themselves (their
//    routes, changes, move list, export and review), the Puzzles mode, the Course mode, the
//    lobby where players meet, the players' ratings (the leaderboards, a player's ratings and
//    their history).
// 10. `router`, `openapi`: every route and the middleware (rates, other sites' requests
//    refused); the OpenAPI document naming every handler.
// 11. `mod.rs`: the table of contents, and the server's run.

pub mod accounts;
pub mod analyses;
pub mod arbiter;
pub mod board;
pub mod clicked;
pub mod clock;
pub mod course;
pub mod error;
pub mod events;
pub mod games;
pub mod glicko;
pub mod http;
pub mod input;
pub mod kind;
pub mod limit;
pub mod live;
pub mod lobby;
pub mod meta;
pub mod new_game;
pub mod offers;
pub mod openapi;
mod page;
pub mod puzzles;
pub mod ratings;
pub mod router;
pub mod schema;
pub mod seat;
pub mod secret;
pub mod seek;
pub mod store;
pub mod summary;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;

pub use http::{App, Config, ServeError};

/// Runs the server until the process is stopped; `ready` is told the address it listens on.
///
/// # Errors
/// [`ServeError`] when the data folder cannot be opened or the address cannot be bound.
pub fn run(
    config: &Config,
    ready: impl FnOnce(SocketAddr, &App, &[String]),
) -> Result<(), ServeError> {
    let (app, problems) = App::open(config, vec![puzzles::AFTER_CHANGE])?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port))
            .await
            .map_err(|source| ServeError::Listen {
                host: config.host.clone(),
                port: config.port,
                source,
            })?;
        let addr = listener.local_addr().map_err(ServeError::Address)?;
        ready(addr, &app, &problems);
        let app = Arc::new(app);
        games::abandoned::watch(&app);
        games::elsewhere::listen(&app);
        let router = router::router(app);
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
        .map_err(ServeError::Stopped)
    })
}
