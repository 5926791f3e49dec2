//! `sade-ref serve`: a local web application to play, record and review games, on the same
//! library and the same referee as `verify`. The browser never decides what is legal: every
//! action is written into the record and kept only if the referee accepts the record so far.
//!
//! - [`live`]: a game in progress and what may be done next;
//! - [`store`]: the data folder, one canonical SDN file a game, written atomically;
//! - [`http`]: what every route stands on: the shared state, the body, the game, the seat;
//! - [`router`]: the JSON API and the page (spec/SERVE.md);
//! - [`view`]: what the API answers about a game.

// The floors of serve/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `error`: the API's errors.
// 1. `secret`, `seat`, `clicked`, `events`, `clock`, `kind`: tokens and seeds; who sits at a
//    side; a clicked move in SAN; the watchers of each game's changes; the clocks; what a
//    stored game is.
// 2. `live`, `schema`: a game in progress; the schemas the handlers' types name.
// 3. `arbiter`, `store`, `board`, `options`, `input`, `told`: the arbiter's changes; the data
//    folder; the board of a game's state; the options of its turn; the requests; a turn and an
//    end in a player's words.
// 4. `view`, `new_game`, `reply`, `moves`: what the API answers about a game; a new game from
//    its request; the reply the server plays in a mate in two turns; the move list.
// 5. `http`: the shared state, the body extractor, the lock, the game lookup, the seat check.
// 6. `page`, `review`: the page; review.
// 7. `games`, `changes`, `export`, `puzzles`, `course`: the routes' handlers.
// 8. `router`, `openapi`: every route; the OpenAPI document naming every handler.
// 9. `mod.rs`: the table of contents, and the server's run.

pub mod arbiter;
pub mod board;
mod changes;
pub mod clicked;
pub mod clock;
pub mod course;
pub mod error;
pub mod events;
mod export;
mod games;
pub mod http;
pub mod input;
pub mod kind;
pub mod live;
pub mod moves;
pub mod new_game;
pub mod openapi;
pub mod options;
mod page;
pub mod puzzles;
mod reply;
mod review;
pub mod router;
pub mod schema;
pub mod seat;
pub mod secret;
pub mod store;
pub mod told;
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
    let (app, problems) = App::open(config)?;
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
        let router = router::router(Arc::new(app));
        axum::serve(listener, router)
            .await
            .map_err(ServeError::Stopped)
    })
}
