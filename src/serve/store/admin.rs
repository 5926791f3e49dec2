//! What the database does besides the [`Storage`](super::Storage) of a server: a backup of
//! SQLite, every row for an export, a data folder's import in one transaction, a record as kept.

use std::path::Path;

use super::database::{Backend, Database};
use super::rows::{GameRow, count, database_error, insert, put_document, stamp, text};
use super::storage::StoreError;
use crate::serve::live::Live;

impl Database {
    /// Writes a consistent copy of an SQLite database to `to` (a new file) while the server
    /// may be running (`VACUUM INTO`).
    ///
    /// # Errors
    /// [`StoreError::Database`] for a PostgreSQL database (its own tools make backups), when
    /// `to` exists, or when the copy cannot be written.
    pub fn backup(&self, to: &Path) -> Result<(), StoreError> {
        if self.backend != Backend::Sqlite {
            return Err(StoreError::Database(
                "a PostgreSQL database is backed up with pg_dump (docs/deployment.md)".to_owned(),
            ));
        }
        if to.exists() {
            return Err(StoreError::Database(format!(
                "{} exists: a backup is written to a new file",
                to.display()
            )));
        }
        let pool = self.pool.clone();
        let to = to.to_string_lossy().into_owned();
        self.run(async move {
            sqlx::query("VACUUM INTO $1")
                .bind(to)
                .execute(&pool)
                .await
                .map_err(database_error)?;
            Ok(())
        })
    }

    /// Every game kept (its id, canonical SDN and meta as kept, tokens hashed), by id, and
    /// every document (its name and text): what an export writes.
    ///
    /// # Errors
    /// [`StoreError::Database`] when they cannot be read.
    #[allow(clippy::type_complexity)]
    pub fn everything(
        &self,
    ) -> Result<(Vec<(String, String, String)>, Vec<(String, String)>), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let games = sqlx::query("SELECT id, sdn, meta FROM games ORDER BY id")
                .fetch_all(&pool)
                .await
                .map_err(database_error)?
                .iter()
                .map(|row| Ok((text(row, "id")?, text(row, "sdn")?, text(row, "meta")?)))
                .collect::<Result<Vec<_>, StoreError>>()?;
            let documents = sqlx::query("SELECT name, text FROM documents ORDER BY name")
                .fetch_all(&pool)
                .await
                .map_err(database_error)?
                .iter()
                .map(|row| Ok((text(row, "name")?, text(row, "text")?)))
                .collect::<Result<Vec<_>, StoreError>>()?;
            Ok((games, documents))
        })
    }

    /// Whether the data folder `folder` was imported before.
    ///
    /// # Errors
    /// [`StoreError::Database`] when it cannot be read.
    pub fn imported(&self, folder: &str) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        let folder = folder.to_owned();
        self.run(async move {
            let row = sqlx::query("SELECT games FROM imports WHERE folder = $1")
                .bind(folder)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)?;
            Ok(row.is_some())
        })
    }

    /// Takes in every game (with the text of its record as it was kept) and document of a data
    /// folder, in one transaction, and notes the folder as imported: all of it, or nothing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a game's id is taken; [`StoreError::Database`] when it
    /// cannot be written.
    pub fn import(
        &self,
        folder: &str,
        games: &[(Live, String)],
        documents: &[(String, String)],
    ) -> Result<(), StoreError> {
        let rows = games
            .iter()
            .map(|(live, sdn)| Ok((GameRow::of(live)?, sdn.clone())))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let (pool, folder) = (self.writer.clone(), folder.to_owned());
        let documents = documents.to_vec();
        let counts = (rows.len(), documents.len());
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            let at = stamp();
            for (row, sdn) in rows {
                insert(&mut tx, &row, &sdn, 1, at).await?;
            }
            for (name, text) in documents {
                put_document(&mut tx, &name, &text, at).await?;
            }
            sqlx::query(
                "INSERT INTO imports (folder, games, documents, at) VALUES ($1, $2, $3, $4)",
            )
            .bind(folder)
            .bind(count(counts.0))
            .bind(count(counts.1))
            .bind(at)
            .execute(&mut *tx)
            .await
            .map_err(database_error)?;
            tx.commit().await.map_err(database_error)
        })
    }

    /// The text of game `id`'s record as kept.
    ///
    /// # Errors
    /// [`StoreError::Database`] when it cannot be read.
    pub fn record(&self, id: &str) -> Result<Option<String>, StoreError> {
        let pool = self.pool.clone();
        let id = id.to_owned();
        self.run(async move {
            let row = sqlx::query("SELECT sdn FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)?;
            row.map(|row| text(&row, "sdn")).transpose()
        })
    }

    /// Empties the database: every game, document, import, rating, session and account (a
    /// benchmark's fresh start).
    ///
    /// # Errors
    /// [`StoreError::Database`] when it cannot be written.
    pub fn clear(&self) -> Result<(), StoreError> {
        let pool = self.writer.clone();
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            for table in [
                "games",
                "documents",
                "imports",
                "rating_history",
                "ratings",
                "sessions",
                "accounts",
                "seeks",
            ] {
                sqlx::query(&format!("DELETE FROM {table}"))
                    .execute(&mut *tx)
                    .await
                    .map_err(database_error)?;
            }
            tx.commit().await.map_err(database_error)
        })
    }
}
