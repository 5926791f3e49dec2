//! The lobby's seeks in the database: one row each, the seek as JSON beside the columns a query
//! needs; a seek taken once, by the first acceptance to write its game; every change told to
//! the other servers of a PostgreSQL database as the lobby's notice.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::batch::CHANNEL;
use super::database::{Backend, Database};
use super::rows::{database_error, text};
use super::storage::StoreError;
use crate::serve::events::{LOBBY, Notice};
use crate::serve::seek::Seek;

/// The seek a row holds, with its game and taker from their columns.
fn seek_of(row: &AnyRow) -> Result<Seek, StoreError> {
    let mut seek: Seek = serde_json::from_str(&text(row, "body")?)?;
    seek.game = row.try_get("game").map_err(database_error)?;
    seek.taker = row.try_get("taker").map_err(database_error)?;
    Ok(seek)
}

fn stamp_of(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// Tells the other servers that the lobby changed (PostgreSQL), in the change's transaction.
async fn tell(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    id: &str,
) -> Result<(), StoreError> {
    if backend != Backend::Postgres {
        return Ok(());
    }
    let notice = Notice {
        id: LOBBY.to_owned(),
        revision: 0,
        version: id.to_owned(),
    };
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(notice.payload())
        .execute(&mut **tx)
        .await
        .map_err(database_error)?;
    Ok(())
}

impl Database {
    pub(super) fn add_seek_row(&self, seek: &Seek) -> Result<(), StoreError> {
        let (pool, backend, seek) = (self.writer.clone(), self.backend, seek.clone());
        let body = serde_json::to_string(&seek)?;
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            sqlx::query(
                "INSERT INTO seeks (id, by_lower, body, created, expires) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(seek.id.clone())
            .bind(seek.by.to_ascii_lowercase())
            .bind(body)
            .bind(stamp_of(seek.created))
            .bind(stamp_of(seek.expires))
            .execute(&mut *tx)
            .await
            .map_err(database_error)?;
            tell(&mut tx, backend, &seek.id).await?;
            tx.commit().await.map_err(database_error)
        })
    }

    pub(super) fn open_seek_rows(&self, now: u64, limit: usize) -> Result<Vec<Seek>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let rows = sqlx::query(&format!(
                "SELECT body, game, taker FROM seeks WHERE game IS NULL AND expires > $1 \
                 ORDER BY created, id LIMIT {limit}"
            ))
            .bind(stamp_of(now))
            .fetch_all(&pool)
            .await
            .map_err(database_error)?;
            rows.iter().map(seek_of).collect()
        })
    }

    pub(super) fn seek_row(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        let (pool, id) = (self.pool.clone(), id.to_owned());
        self.run(async move {
            let row = sqlx::query("SELECT body, game, taker FROM seeks WHERE id = $1")
                .bind(id)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)?;
            row.as_ref().map(seek_of).transpose()
        })
    }

    /// Writes `game` (or, with `None`, gives the seek back) where the seek is still open.
    pub(super) fn take_seek_row(
        &self,
        id: &str,
        taken: Option<(&str, &str)>,
        now: u64,
    ) -> Result<bool, StoreError> {
        let (pool, backend, id) = (self.writer.clone(), self.backend, id.to_owned());
        let taken = taken.map(|(game, taker)| (game.to_owned(), taker.to_owned()));
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            let done = match taken {
                Some((game, taker)) => sqlx::query(
                    "UPDATE seeks SET game = $1, taker = $2 \
                     WHERE id = $3 AND game IS NULL AND expires > $4",
                )
                .bind(game)
                .bind(taker)
                .bind(id.clone())
                .bind(stamp_of(now)),
                None => sqlx::query("UPDATE seeks SET game = NULL, taker = NULL WHERE id = $1")
                    .bind(id.clone()),
            }
            .execute(&mut *tx)
            .await
            .map_err(database_error)?;
            tell(&mut tx, backend, &id).await?;
            tx.commit().await.map_err(database_error)?;
            Ok(done.rows_affected() == 1)
        })
    }

    pub(super) fn drop_seek_row(&self, id: &str, by: &str) -> Result<bool, StoreError> {
        let (pool, backend) = (self.writer.clone(), self.backend);
        let (id, by) = (id.to_owned(), by.to_ascii_lowercase());
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            let done =
                sqlx::query("DELETE FROM seeks WHERE id = $1 AND by_lower = $2 AND game IS NULL")
                    .bind(id.clone())
                    .bind(by)
                    .execute(&mut *tx)
                    .await
                    .map_err(database_error)?;
            tell(&mut tx, backend, &id).await?;
            tx.commit().await.map_err(database_error)?;
            Ok(done.rows_affected() == 1)
        })
    }
}
