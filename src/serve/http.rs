//! The floor every route stands on: the state the requests share ([`App`]), the JSON body
//! extractor ([`Body`]) that answers a bad body with the field at fault, the one lock helper
//! ([`held`]), the game lookup ([`find`]), the seat check ([`seat`]) and the admission of a new
//! game ([`admit`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, LockResult, Mutex, RwLock};

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::glicko::Rated;
use super::live::{Holder, Live};
use super::store::import::{Imported, import_once};
use super::store::{Database, Folder, Storage, StoreError, valid_id};
use super::view::Created;

/// How the server is started.
#[derive(Clone, Debug)]
pub struct Config {
    pub host: String,
    /// 0: any free port.
    pub port: u16,
    /// The data folder: the SQLite database's when no `database` is given, and the folder of
    /// sade-ref 0.2's games, imported into the database at the first start.
    pub data: PathBuf,
    /// Where the games are kept: `sqlite:PATH`, `postgres://…`, or `folder:PATH` (a data folder
    /// of one file a game, as sade-ref 0.2 kept them); `None`: `sqlite:DATA/sade-ref.db`.
    pub database: Option<String>,
    /// A folder of SDN and PGN files to review (read only).
    pub games: Option<PathBuf>,
    /// Games not yet over, at most.
    pub max_games: usize,
    /// A game without a clock that has seen no action for this long is closed as abandoned;
    /// `None`: never.
    pub abandon_after: Option<std::time::Duration>,
    /// New games per client address and minute (0: no limit).
    pub create_per_minute: u32,
    /// The client's address is the last of the `X-Forwarded-For` header (set by a reverse
    /// proxy in front of the server), not the connection's.
    pub forwarded_for: bool,
    /// Sign-ups, logins and guest sessions per client address and minute (0: no limit).
    pub login_per_minute: u32,
    /// The address the players reach the server at (`https://sade.example.org`), when it is
    /// not the one it listens on: its origin is the only one whose pages may send it changes,
    /// and with `https://` the session's cookie is `Secure`.
    pub public_url: Option<String>,
    /// In a game between two humans without clocks, the side not to act may claim the win once
    /// the other has left its turn standing this long; `None`: never.
    pub claim_after: Option<std::time::Duration>,
}

/// The origin of a public URL: its scheme and its host (and port), lower-cased, without a path
/// (`https://sade.example.org`).
///
/// # Errors
/// In words, for a URL that is not `http://` or `https://` with a host.
pub fn origin_of(url: &str) -> Result<String, String> {
    let lower = url.to_ascii_lowercase();
    let (scheme, rest) = lower
        .split_once("://")
        .filter(|(scheme, _)| matches!(*scheme, "http" | "https"))
        .ok_or_else(|| format!("{url:?} is no http:// or https:// URL"))?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains(['@', ' ']) {
        return Err(format!("{url:?} names no host (https://sade.example.org)"));
    }
    Ok(format!("{scheme}://{host}"))
}

/// Why the server cannot start, or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeError {
    /// The data folder cannot be opened.
    #[error(transparent)]
    Store(#[from] super::store::StoreError),
    /// The `--games` folder cannot be found.
    #[error("--games {}: {source}", dir.display())]
    Games {
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The `--public-url` is no URL the server can take its origin from.
    #[error("--public-url: {0}")]
    PublicUrl(String),
    /// The async runtime cannot be built.
    #[error("cannot start the server's runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// The address cannot be bound.
    #[error("cannot listen on {host}:{port}: {source}")]
    Listen {
        host: String,
        port: u16,
        #[source]
        source: std::io::Error,
    },
    /// The bound address cannot be read back.
    #[error(transparent)]
    Address(std::io::Error),
    /// The server stopped serving.
    #[error("the server stopped: {0}")]
    Stopped(#[source] std::io::Error),
}

/// What a mode does to one of its games after each change a player makes to it, before the
/// change is saved: `true` when it played something (the Puzzles mode plays the reply of a mate
/// in two turns). A game of another kind is left as it is.
pub type AfterChange = fn(&mut Live) -> Result<bool, ApiError>;

/// What every request shares: the games in progress, each under its own lock (a cache of the
/// store: a finished game is read from the store when asked for).
pub struct App {
    pub games: RwLock<HashMap<String, Arc<Mutex<Live>>>>,
    /// Where the games and the modes' documents are kept.
    pub store: Arc<dyn Storage>,
    pub review: Option<PathBuf>,
    pub max_games: usize,
    /// Records uploaded for review, newest last.
    pub uploads: Mutex<Vec<(String, Vec<crate::record::Game>)>>,
    /// The pages watching each game's changes.
    pub events: super::events::Events,
    /// What the modes do after each change to a game ([`AfterChange`]).
    pub after_change: Vec<AfterChange>,
    /// The data folder imported into the database at this start, when one was.
    pub imported: Option<Imported>,
    /// See [`Config::abandon_after`].
    pub abandon_after: Option<std::time::Duration>,
    /// The rate of new games per address.
    pub rate: super::limit::RateLimit,
    /// The rate of sign-ups, logins and guest sessions per address.
    pub login_rate: super::limit::RateLimit,
    /// See [`Config::forwarded_for`].
    pub forwarded_for: bool,
    /// See [`Config::claim_after`].
    pub claim_after: Option<std::time::Duration>,
    /// The origin of [`Config::public_url`] (`https://sade.example.org`), when one is given.
    pub public_origin: Option<String>,
    /// The finished games' analyses.
    pub analyses: super::analyses::Analyses,
}

/// The state of every handler.
pub type Shared = Arc<App>;

/// What a poisoned lock of the games' table is answered with (500).
pub const TABLE: &str = "the games' table is poisoned";
/// What a poisoned lock of one game is answered with (500).
pub const GAME: &str = "the game's lock is poisoned";

impl App {
    /// Opens the store (and imports the data folder into a database the first time), and
    /// loads the games in progress.
    ///
    /// # Errors
    /// [`ServeError::Store`] when the store cannot be opened or the data folder cannot be
    /// imported; [`ServeError::Games`] when the `--games` folder cannot be found.
    pub fn open(
        config: &Config,
        after_change: Vec<AfterChange>,
    ) -> Result<(App, Vec<String>), ServeError> {
        let public_origin = config
            .public_url
            .as_deref()
            .map(origin_of)
            .transpose()
            .map_err(ServeError::PublicUrl)?;
        let (store, imported) = open_store(config)?;
        let (loaded, problems) = store.load_going();
        let games = loaded
            .into_iter()
            .map(|live| (live.id.clone(), Arc::new(Mutex::new(live))))
            .collect();
        let review = match &config.games {
            Some(dir) => Some(dir.canonicalize().map_err(|source| ServeError::Games {
                dir: dir.clone(),
                source,
            })?),
            None => None,
        };
        Ok((
            App {
                games: RwLock::new(games),
                store,
                review,
                max_games: config.max_games,
                uploads: Mutex::new(Vec::new()),
                events: super::events::Events::default(),
                after_change,
                imported,
                abandon_after: config.abandon_after,
                rate: super::limit::RateLimit::new(config.create_per_minute),
                login_rate: super::limit::RateLimit::new(config.login_per_minute),
                forwarded_for: config.forwarded_for,
                claim_after: config.claim_after,
                public_origin,
                analyses: super::analyses::Analyses::default(),
            },
            problems,
        ))
    }

    /// Whether the players reach the server over https (`--public-url https://…`): its
    /// cookies are then `Secure`.
    pub fn secure(&self) -> bool {
        self.public_origin
            .as_deref()
            .is_some_and(|o| o.starts_with("https://"))
    }

    /// Keeps game `id` in the cache while it is in progress, and forgets it once it is not (it
    /// is read from the store when asked for again).
    pub fn cache(&self, id: &str, going: bool) {
        if !going && let Ok(mut games) = self.games.write() {
            games.remove(id);
        }
    }

    /// What a save that failed is answered with: 409 when another request changed the game
    /// since it was read (the cached copy is forgotten: the next request reads the game as
    /// kept), else 503 with `what` and the store's reason.
    pub fn not_kept(&self, id: &str, error: StoreError, what: &str) -> ApiError {
        match error {
            StoreError::Conflict(_) => {
                if let Ok(mut games) = self.games.write() {
                    games.remove(id);
                }
                ApiError::conflict(
                    "version",
                    format!(
                        "the game was changed by another request since it was read, so nothing \
                         was accepted: {what}; read the game again"
                    ),
                )
            }
            other => ApiError::unsaved(format!("{what}: {other}")),
        }
    }
}

/// The store `config` names, with the data folder imported into it the first time.
fn open_store(config: &Config) -> Result<(Arc<dyn Storage>, Option<Imported>), ServeError> {
    let url = config
        .database
        .clone()
        .unwrap_or_else(|| super::store::database::default_url(&config.data));
    if let Some(dir) = url.strip_prefix("folder:") {
        return Ok((Arc::new(Folder::open(std::path::Path::new(dir))?), None));
    }
    // The default database made at this start is removed again when the data folder cannot
    // be imported: a refused folder is left exactly as it was.
    let made_here = config.database.is_none()
        && !config
            .data
            .join(super::store::database::DEFAULT_FILE)
            .exists();
    let db = Database::open(&url)?;
    let imported = if config.data.is_dir() {
        match import_once(&Folder::open(&config.data)?, &db) {
            Ok(imported) => imported,
            Err(refused) => {
                db.close();
                if made_here {
                    for suffix in ["", "-wal", "-shm"] {
                        let file = format!("{}{suffix}", super::store::database::DEFAULT_FILE);
                        let _ = std::fs::remove_file(config.data.join(file));
                    }
                }
                return Err(refused.into());
            }
        }
    } else {
        None
    };
    Ok((Arc::new(db), imported))
}

/// A lock taken (a mutex's, or a read or write lock's), or 500 with `poisoned` when a thread
/// panicked holding it: `held(game.lock(), GAME)?`.
///
/// # Errors
/// When the lock is poisoned.
pub fn held<G>(lock: LockResult<G>, poisoned: &str) -> Result<G, ApiError> {
    lock.map_err(|_| ApiError::internal(poisoned.to_owned()))
}

/// A request's JSON body, read with `serde_path_to_error`: a body that does not fit is answered
/// 400 with the field at fault; a body above the route's limit keeps axum's refusal (413).
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        body(&bytes).map(Body).map_err(IntoResponse::into_response)
    }
}

/// Reads a JSON body, naming the field at fault when it does not fit.
///
/// # Errors
/// 400 when the body is not a JSON object, or does not fit `T`.
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Every body is a JSON object: serde would also read a struct from an array of its fields.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::bad(
            "body",
            "the body is a JSON object".to_owned(),
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { "body" } else { path.as_str() };
        ApiError::bad(field, e.inner().to_string())
    })
}

/// The game `id`, or 404 naming `field` (the path parameter that holds the id).
///
/// # Errors
/// 404 when `id` is no game's; 500 when the games' table is poisoned.
pub fn find_as(app: &App, field: &str, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
    if let Some(game) = held(app.games.read(), TABLE)?.get(id).cloned() {
        return Ok(game);
    }
    let live = app
        .store
        .load_game(id)
        .map_err(|e| ApiError::unsaved(format!("the game cannot be read: {e}")))?
        .ok_or_else(|| ApiError::not_found(field, format!("no game {id}")))?;
    let going = live.going();
    let game = Arc::new(Mutex::new(live));
    if going {
        // Another request may have read it meanwhile: the first one kept is the one.
        let mut games = held(app.games.write(), TABLE)?;
        return Ok(games.entry(id.to_owned()).or_insert(game).clone());
    }
    Ok(game)
}

/// The game `id`, or 404 (an `id` that cannot be a game's is refused before the table is read).
///
/// # Errors
/// 404 when `id` is no game's; 500 when the games' table is poisoned.
pub fn find(app: &App, id: &str) -> Result<Arc<Mutex<Live>>, ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found("id", format!("no game {id:?}")));
    }
    find_as(app, "id", id)
}

/// Who holds `token` in `live`: a seat or the arbiter.
///
/// # Errors
/// 403 when no token is given or no seat of the game holds it.
pub fn seat(live: &Live, token: Option<&str>) -> Result<Holder, ApiError> {
    token.and_then(|t| live.holder(t)).ok_or_else(no_seat)
}

/// The refusal of a request that holds no seat of the game (403).
pub fn no_seat() -> ApiError {
    ApiError::forbidden("no seat of this game holds that token".to_owned())
}

/// Takes a new game in: refused (429) when `--max-games` games are in progress (neither over
/// nor a counted puzzle attempt), saved to the store (503 when it cannot be: the game is not
/// created), then kept. Every route that makes a game (`POST /api/games`, a puzzle, a lesson)
/// goes through here.
///
/// # Errors
/// 429, 503, or 500 when the games' table is poisoned.
pub fn admit(app: &App, mut live: Live) -> Result<Created, ApiError> {
    let mut games = held(app.games.write(), TABLE)?;
    let going = app
        .store
        .going()
        .map_err(|e| ApiError::unsaved(format!("the games cannot be counted: {e}")))?;
    if going >= app.max_games {
        return Err(ApiError::too_many(format!(
            "{going} games are in progress, the most this server keeps (--max-games); \
             finish one first"
        )));
    }
    let answer = Created::of(&live)?;
    app.store.save(&mut live, true).map_err(|e| {
        app.not_kept(
            &live.id,
            e,
            "the game could not be saved, it is not created",
        )
    })?;
    if live.going() {
        games.insert(live.id.clone(), Arc::new(Mutex::new(live)));
    }
    Ok(answer)
}

/// Runs `work` (the referee's, or a search) off the runtime's threads.
///
/// # Errors
/// `work`'s error, or 500 naming `task` when the task failed.
pub async fn blocking<T: Send + 'static>(
    task: &str,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("{task} failed: {e}")))?
}

/// `answer` as a JSON value: its objects' keys in alphabetical order at every depth (a
/// `serde_json` map's order), as the Puzzles and Course routes have always answered.
///
/// # Errors
/// 500 when the answer cannot be written as JSON.
pub fn sorted<T: Serialize>(answer: &T) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(answer).map_err(|e| ApiError::internal(e.to_string()))
}

/// Ends game `id` by time forfeit when the side to act has no time left at `now` (saved, and
/// told to its watchers); the side whose time ran out.
///
/// # Errors
/// When the end cannot be declared or saved.
pub fn flag_fall(
    app: &App,
    id: &str,
    live: &mut Live,
    now: u64,
) -> Result<Option<crate::record::Side>, ApiError> {
    let mut next = live.clone();
    let Some(fallen) = next.flag(now)? else {
        return Ok(None);
    };
    let sdn = crate::write::sdn::to_sdn(&next.game);
    app.store
        .save_game(&mut next, &sdn, true)
        .map_err(|e| app.not_kept(id, e, "the game could not be saved"))?;
    *live = next;
    app.events.tell(id, &live.version(&sdn));
    rate_ended(app, live);
    Ok(Some(fallen))
}

/// Rates `live` when it is a rated game that is over (between its players' accounts, by the
/// verdict's result): the store rates a game once, whichever server or request sees its end
/// first. An aborted or closed game is never rated. A rating the store cannot keep is said on
/// the server's error output; the game's end is kept all the same.
pub fn rate_ended(app: &App, live: &Live) {
    if !live.meta.rated || live.meta.aborted || live.meta.abandoned || live.going() {
        return;
    }
    let [Some(white), Some(black)] = &live.meta.owners else {
        return;
    };
    let Some(rated) = live.game.variant().ok().and_then(Rated::of) else {
        return;
    };
    let score = match live.verdict.winner {
        Some(shakmaty::Color::White) => 1.0,
        Some(shakmaty::Color::Black) => 0.0,
        None => 0.5,
    };
    if let Err(e) = app
        .store
        .rate_game(&live.id, rated, white, black, score, super::clock::now())
    {
        eprintln!("sade-ref serve: game {} was not rated: {e}", live.id);
    }
}
