//! A game's row and a document's, as the database keeps them: what is written (tokens hashed,
//! what the list shows), the statements that write them inside a transaction, and a game read
//! back from its row.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::storage::{Doc, StoreError, valid_id};
use crate::parse::parse_str;
use crate::serve::clock::now;
use crate::serve::live::{Live, Meta};
use crate::serve::secret::kept;
use crate::serve::summary::{GameKind, Summary};

/// A game's row, as written.
pub(super) struct GameRow {
    pub(super) id: String,
    pub(super) meta: String,
    pub(super) summary: String,
    pub(super) kind: &'static str,
    pub(super) variant: String,
    pub(super) status: String,
    pub(super) names: [String; 2],
    pub(super) going: i64,
    pub(super) created: i64,
    /// 1 when the game is listed to everyone.
    pub(super) listed: i64,
    /// The players who hold the seats, lower-cased (a game made in the lobby).
    pub(super) owners: [Option<String>; 2],
}

impl GameRow {
    pub(super) fn of(live: &Live) -> Result<GameRow, StoreError> {
        let summary = Summary::of(live);
        let mut meta = live.meta.clone();
        meta.arbiter = meta.arbiter.as_deref().map(kept);
        meta.tokens = meta.tokens.map(|t| kept(&t));
        let status = serde_json::to_value(summary.status)?;
        Ok(GameRow {
            id: live.id.clone(),
            meta: serde_json::to_string(&meta)?,
            kind: match summary.kind {
                GameKind::Game => "game",
                GameKind::Puzzle => "puzzle",
                GameKind::Lesson => "lesson",
            },
            variant: summary.variant.clone(),
            status: status.as_str().unwrap_or_default().to_owned(),
            names: summary.names.clone(),
            going: i64::from(live.going()),
            created: summary
                .created
                .and_then(|c| i64::try_from(c).ok())
                .unwrap_or(-1),
            summary: serde_json::to_string(&summary)?,
            listed: i64::from(live.meta.listed),
            owners: live
                .meta
                .owners
                .clone()
                .map(|o| o.map(|name| name.to_ascii_lowercase())),
        })
    }
}

pub(super) fn database_error(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

/// Now, in milliseconds since the Unix epoch, as the database keeps it.
pub(super) fn stamp() -> i64 {
    i64::try_from(now()).unwrap_or(i64::MAX)
}

pub(super) fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

pub(super) fn text(row: &AnyRow, column: &str) -> Result<String, StoreError> {
    row.try_get::<String, _>(column).map_err(database_error)
}

pub(super) fn number(row: &AnyRow, column: &str) -> Result<i64, StoreError> {
    row.try_get::<i64, _>(column).map_err(database_error)
}

pub(super) async fn insert(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    row: &GameRow,
    sdn: &str,
    revision: i64,
    at: i64,
) -> Result<(), StoreError> {
    let done = bind_game(
        sqlx::query(
            "INSERT INTO games (sdn, summary, kind, variant, status, white_name, black_name, \
             going, created, updated, id, meta, revision, listed, white_owner, black_owner) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) \
             ON CONFLICT (id) DO NOTHING",
        ),
        row,
        sdn,
        at,
    )
    .bind(row.meta.clone())
    .bind(revision)
    .bind(row.listed)
    .bind(row.owners[0].clone())
    .bind(row.owners[1].clone())
    .execute(&mut **tx)
    .await
    .map_err(database_error)?;
    // A taken id writes nothing, and the transaction goes on (PostgreSQL would abort it on a
    // unique key's error).
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict(row.id.clone()));
    }
    Ok(())
}

/// A statement of sqlx's `Any` driver, its arguments bound one by one.
pub(super) type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds `$1` to `$11` as both the insert and the update of a game name them: its record, what
/// the list reads of it (summary, kind, variant, status, the two names, going, created), when
/// it was written, and its id.
pub(super) fn bind_game<'q>(
    query: AnyQuery<'q>,
    row: &GameRow,
    sdn: &str,
    at: i64,
) -> AnyQuery<'q> {
    query
        .bind(sdn.to_owned())
        .bind(row.summary.clone())
        .bind(row.kind)
        .bind(row.variant.clone())
        .bind(row.status.clone())
        .bind(row.names[0].clone())
        .bind(row.names[1].clone())
        .bind(row.going)
        .bind(row.created)
        .bind(at)
        .bind(row.id.clone())
}

pub(super) async fn put_document(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    name: &str,
    text: &str,
    at: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO documents (name, text, updated) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET text = excluded.text, updated = excluded.updated",
    )
    .bind(name.to_owned())
    .bind(text.to_owned())
    .bind(at)
    .execute(&mut **tx)
    .await
    .map_err(database_error)?;
    Ok(())
}

/// A document's name in the database.
pub(super) fn document_name(doc: Doc<'_>) -> Result<String, StoreError> {
    match doc {
        Doc::Learners => Ok("course-progress".to_owned()),
        Doc::Solver(player) if valid_id(player) => Ok(format!("puzzles-{player}")),
        Doc::Solver(player) => Err(StoreError::NotAnId(player.to_owned())),
    }
}

/// A game read back from its row.
pub(super) fn live_of(row: &AnyRow) -> Result<Live, StoreError> {
    let id = text(row, "id")?;
    let unreadable = |reason: String| StoreError::Unreadable {
        id: id.clone(),
        reason,
    };
    let meta: Meta =
        serde_json::from_str(&text(row, "meta")?).map_err(|e| unreadable(e.to_string()))?;
    let game = parse_str(&text(row, "sdn")?)
        .into_iter()
        .next()
        .ok_or_else(|| unreadable("the row holds no game".to_owned()))?
        .map_err(|e| unreadable(e.to_string()))?;
    let mut live = Live::new(id.clone(), game, meta);
    live.revision = u64::try_from(number(row, "revision")?).unwrap_or_default();
    Ok(live)
}
