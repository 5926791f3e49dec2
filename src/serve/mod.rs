//! `sade-ref serve`: a local web application to play, record and review games, on the same
//! library and the same referee as `verify`. The browser never decides what is legal: every
//! action is written into the record and kept only if the referee accepts the record so far.
//!
//! - [`live`]: a game in progress and what may be done next;
//! - [`store`]: the data folder, one canonical SDN file a game, written atomically;
//! - [`routes`]: the JSON API and the page (spec/SERVE.md);
//! - [`view`]: what the API answers about a game.

pub mod arbiter;
mod changes;
pub mod course;
pub mod error;
mod export;
pub mod input;
pub mod live;
pub mod openapi;
mod openapi_modes;
mod page;
pub mod puzzles;
mod review;
pub mod routes;
pub mod secret;
pub mod store;
pub mod view;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, RwLock};

use live::Live;
use store::Store;

/// How the server is started.
#[derive(Clone, Debug)]
pub struct Config {
    pub host: String,
    /// 0: any free port.
    pub port: u16,
    /// Where the games are kept.
    pub data: PathBuf,
    /// A folder of SDN and PGN files to review (read only).
    pub games: Option<PathBuf>,
    /// Games not yet over, at most.
    pub max_games: usize,
}

/// What every request shares: the games, each under its own lock.
pub struct App {
    pub games: RwLock<HashMap<String, Arc<Mutex<Live>>>>,
    pub store: Store,
    pub review: Option<PathBuf>,
    pub max_games: usize,
    /// Records uploaded for review, newest last.
    pub uploads: Mutex<Vec<(String, Vec<crate::record::Game>)>>,
}

impl App {
    /// Opens the data folder and loads every game in it.
    ///
    /// # Errors
    /// When the data folder cannot be created.
    pub fn open(config: &Config) -> Result<(App, Vec<String>), String> {
        let store = Store::open(&config.data)?;
        let (loaded, problems) = store.load();
        let games = loaded
            .into_iter()
            .map(|live| (live.id.clone(), Arc::new(Mutex::new(live))))
            .collect();
        let review = match &config.games {
            Some(dir) => Some(
                dir.canonicalize()
                    .map_err(|e| format!("--games {}: {e}", dir.display()))?,
            ),
            None => None,
        };
        Ok((
            App {
                games: RwLock::new(games),
                store,
                review,
                max_games: config.max_games,
                uploads: Mutex::new(Vec::new()),
            },
            problems,
        ))
    }
}

/// Runs the server until the process is stopped; `ready` is told the address it listens on.
///
/// # Errors
/// When the data folder cannot be opened or the address cannot be bound.
pub fn run(config: &Config, ready: impl FnOnce(SocketAddr, &App, &[String])) -> Result<(), String> {
    let (app, problems) = App::open(config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        ready(addr, &app, &problems);
        let router = routes::router(Arc::new(app));
        axum::serve(listener, router)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}
