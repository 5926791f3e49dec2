//! The database: SQLite (one file, the default) or PostgreSQL (several servers on one
//! database), through sqlx's `Any` driver with the same SQL for both: its URL, its opening
//! (the pragmas, the migrations), and the runtime every query runs on. One row a game (its
//! canonical SDN, its meta with the tokens hashed, what the list shows of it), one row a
//! document ([`super::rows`]); every save is one transaction, committed before it returns, and
//! a game is written only over the revision it was read at ([`super::queries`]).

use std::borrow::Cow;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};

use super::batch::{CHANNEL, Save};
use super::rows::database_error;
use super::storage::StoreError;
use crate::serve::events::Notice;

/// The file of the database in the data folder, when no `--database` is given.
pub const DEFAULT_FILE: &str = "sade-ref.db";

/// The migrations, in order: each runs once, at the start, in its own transaction.
const MIGRATIONS: [(i64, &str, &str); 4] = [
    (1, "games", include_str!("migrations/0001_games.sql")),
    (2, "accounts", include_str!("migrations/0002_accounts.sql")),
    (3, "ratings", include_str!("migrations/0003_ratings.sql")),
    (4, "lobby", include_str!("migrations/0004_lobby.sql")),
];

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database of games.
#[derive(Debug)]
pub struct Database {
    /// The connections that read.
    pub(super) pool: AnyPool,
    /// The connections that write: one for SQLite (its writers take turns), the same as
    /// `pool` for PostgreSQL.
    pub(super) writer: AnyPool,
    /// The saves of games, committed together ([`super::batch`]).
    pub(super) saves: tokio::sync::mpsc::UnboundedSender<Save>,
    pub(super) backend: Backend,
    /// The URL without its password, for the server's start line.
    pub(super) shown: String,
    /// The URL it was opened with (a PostgreSQL listener connects with it).
    url: String,
    /// The runtime of the database's connections: every query runs on it, whatever thread
    /// asks (a route's task, a blocking task, a command).
    runtime: Option<tokio::runtime::Runtime>,
}

impl Backend {
    /// The database a URL names: `sqlite:PATH` or `postgres://…` (`postgresql://…`).
    ///
    /// # Errors
    /// [`StoreError::Database`] for any other URL.
    pub fn of(url: &str) -> Result<Backend, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::Database(format!(
                "{url:?} is no database URL this server reads: sqlite:PATH or postgres://…"
            )))
        }
    }
}

/// The URL of the SQLite database in the data folder `data`.
pub fn default_url(data: &Path) -> String {
    format!("sqlite:{}", data.join(DEFAULT_FILE).display())
}

impl Database {
    /// Opens (and creates, for SQLite) the database at `url`, and brings its tables to this
    /// version (the migrations kept in the repository).
    ///
    /// # Errors
    /// [`StoreError::Database`] when it cannot be reached, created or migrated.
    pub fn open(url: &str) -> Result<Database, StoreError> {
        let backend = Backend::of(url)?;
        let (connect, shown) = match backend {
            Backend::Sqlite => {
                let path =
                    PathBuf::from(url.trim_start_matches("sqlite:").trim_start_matches("//"));
                let path = PathBuf::from(path.to_string_lossy().split('?').next().unwrap_or(""));
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateFolder {
                        dir: dir.to_path_buf(),
                        source,
                    })?;
                }
                let connect = if url.contains('?') {
                    url.to_owned()
                } else {
                    format!("{url}?mode=rwc")
                };
                let shown = std::fs::canonicalize(path.parent().unwrap_or(Path::new(".")))
                    .map(|d| d.join(path.file_name().unwrap_or_default()))
                    .unwrap_or(path);
                (connect, format!("database: sqlite:{}", shown.display()))
            }
            Backend::Postgres => (
                url.to_owned(),
                format!("database: {}", without_password(url)),
            ),
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("sade-ref-database")
            .enable_all()
            .build()
            .map_err(database_error)?;
        sqlx::any::install_default_drivers();
        let (pool, writer) = on(&runtime, async move {
            let options = |connections| {
                AnyPoolOptions::new()
                    .max_connections(connections)
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            if backend == Backend::Sqlite {
                                // WAL: readers never wait for the writer; FULL: a commit is on
                                // disk (the WAL flushed) before it returns.
                                conn.execute("PRAGMA journal_mode = WAL").await?;
                                conn.execute("PRAGMA synchronous = FULL").await?;
                            }
                            Ok(())
                        })
                    })
            };
            let pool = options(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .connect(&connect)
            .await
            .map_err(database_error)?;
            migrator().run(&pool).await.map_err(database_error)?;
            // SQLite takes one writer at a time (a second waits in its busy handler, which
            // sleeps): the server's writes go through one connection of their own, the saves
            // of games in batches (super::batch).
            let writer = match backend {
                Backend::Sqlite => options(1).connect(&connect).await.map_err(database_error)?,
                Backend::Postgres => pool.clone(),
            };
            Ok::<_, StoreError>((pool, writer))
        })?;
        let saves = super::batch::start(&runtime, writer.clone());
        Ok(Database {
            pool,
            writer,
            saves,
            backend,
            shown,
            url: url.to_owned(),
            runtime: Some(runtime),
        })
    }

    /// Closes every connection, and waits until they are closed (SQLite's files are then
    /// left alone).
    pub fn close(self) {
        let (pool, writer) = (self.pool.clone(), self.writer.clone());
        let _ = self.run(async move {
            writer.close().await;
            pool.close().await;
            Ok(())
        });
    }

    /// Hears every change saved to a game of a PostgreSQL database, by any server (LISTEN on
    /// [`CHANNEL`]), and tells `tell` of each for as long as the database is open. The listener
    /// connects again by itself when its connection is lost (the notices sent meanwhile are
    /// missed: a server then finds a game it holds changed when it next saves it, 409). An
    /// SQLite database is one server's: nothing to hear.
    pub fn listen(&self, tell: impl Fn(Notice) + Send + Sync + 'static) {
        let (Backend::Postgres, Some(runtime)) = (self.backend, &self.runtime) else {
            return;
        };
        let url = self.url.clone();
        runtime.spawn(async move {
            loop {
                let listening = async {
                    let mut listener = sqlx::postgres::PgListener::connect(&url).await?;
                    listener.listen(CHANNEL).await?;
                    loop {
                        let notice = listener.recv().await?;
                        if let Some(notice) = Notice::read(notice.payload()) {
                            tell(notice);
                        }
                    }
                };
                let stopped: Result<(), sqlx::Error> = listening.await;
                if let Err(e) = stopped {
                    eprintln!(
                        "sade-ref serve: the database's notices were lost: {e}; listening again"
                    );
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        });
    }

    /// The database's URL, without a password.
    pub fn describe_url(&self) -> &str {
        self.shown.trim_start_matches("database: ")
    }

    /// Which database it is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Runs `work` on the database's runtime and waits for it, from any thread.
    pub(super) fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let Some(runtime) = &self.runtime else {
            return Err(StoreError::Database("the database is closed".to_owned()));
        };
        on(runtime, work)
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        // A runtime dropped on a thread of another runtime would panic; its tasks are only
        // queries, and every answer was awaited.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// Runs `work` on `runtime` and waits for it, from any thread (a thread of another runtime
/// too, where `block_on` would panic).
fn on<T: Send + 'static>(
    runtime: &tokio::runtime::Runtime,
    work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
) -> Result<T, StoreError> {
    let (tx, rx) = mpsc::sync_channel(1);
    runtime.spawn(async move {
        let _ = tx.send(work.await);
    });
    rx.recv()
        .map_err(|_| StoreError::Database("the database's task stopped".to_owned()))?
}

/// The migrations as sqlx runs them (they are kept in `migrations/`, embedded at the build).
fn migrator() -> Migrator {
    Migrator {
        migrations: Cow::Owned(
            MIGRATIONS
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect(),
        ),
        ..Migrator::DEFAULT
    }
}

/// A URL without the password of its user.
fn without_password(url: &str) -> String {
    match (url.find("://"), url.find('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            match user.split_once(':') {
                Some((name, _)) => format!("{}{name}:…{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_names_its_backend_and_its_password_is_never_shown() {
        assert_eq!(Backend::of("sqlite:games.db").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of("postgres://u:p@h/db").unwrap(),
            Backend::Postgres
        );
        assert!(matches!(
            Backend::of("mysql://h/db"),
            Err(StoreError::Database(_))
        ));
        assert_eq!(
            without_password("postgres://sade:secret@db.example/games"),
            "postgres://sade:…@db.example/games"
        );
        assert_eq!(
            without_password("postgres:///games?host=/tmp"),
            "postgres:///games?host=/tmp"
        );
    }
}
