//! The saves of games, committed together: one task takes every save waiting and writes them in
//! one transaction, so that the saves made at the same time share one commit (and, on SQLite,
//! one flush of the log) instead of queueing for the one writer each with its own. Each save is
//! still written only over the revision it read; one that loses its race is refused alone, and
//! a batch that cannot be committed refuses all of its saves, none written.

use sqlx::AnyPool;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use super::rows::{GameRow, bind_game, database_error, insert, stamp};
use super::storage::StoreError;
use crate::serve::events::Notice;

/// Saves in one transaction at most.
const BATCH: usize = 256;

/// The PostgreSQL channel of the notices of changes saved ([`Notice`]).
pub const CHANNEL: &str = "sade_ref_games";

/// One game's save, and where its outcome is told.
pub(super) struct Save {
    pub(super) row: GameRow,
    pub(super) sdn: String,
    /// The revision it was read at; 0 for a new game.
    pub(super) expected: i64,
    pub(super) with_meta: bool,
    /// Sent with the commit (PostgreSQL), so that every server on the database hears it.
    pub(super) notice: Option<Notice>,
    pub(super) reply: std::sync::mpsc::SyncSender<Result<(), StoreError>>,
}

/// Starts the task that commits the saves sent to it, on `runtime`, writing through `writer`.
pub(super) fn start(runtime: &tokio::runtime::Runtime, writer: AnyPool) -> UnboundedSender<Save> {
    let (tx, mut rx) = unbounded_channel::<Save>();
    runtime.spawn(async move {
        while let Some(first) = rx.recv().await {
            let mut batch = vec![first];
            while batch.len() < BATCH {
                match rx.try_recv() {
                    Ok(save) => batch.push(save),
                    Err(_) => break,
                }
            }
            commit(&writer, batch).await;
        }
    });
    tx
}

/// Writes `batch` in one transaction and tells each save its outcome.
async fn commit(writer: &AnyPool, batch: Vec<Save>) {
    let written = async {
        let mut tx = writer.begin().await.map_err(database_error)?;
        let at = stamp();
        let mut each = Vec::with_capacity(batch.len());
        for save in &batch {
            each.push(write(&mut tx, save, at).await?);
        }
        tx.commit().await.map_err(database_error)?;
        Ok::<_, StoreError>(each)
    }
    .await;
    match written {
        Ok(each) => {
            for (save, outcome) in batch.into_iter().zip(each) {
                let _ = save.reply.send(outcome);
            }
        }
        Err(e) => {
            let words = e.to_string();
            for save in batch {
                let _ = save.reply.send(Err(StoreError::Database(words.clone())));
            }
        }
    }
}

/// Writes one save in the batch's transaction: `Ok(Err(Conflict))` when it lost its race
/// (nothing of it written), `Err` when the transaction cannot go on.
async fn write(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    save: &Save,
    at: i64,
) -> Result<Result<(), StoreError>, StoreError> {
    let row = &save.row;
    if save.expected == 0 {
        match insert(tx, row, &save.sdn, 1, at).await {
            Err(StoreError::Conflict(id)) => return Ok(Err(StoreError::Conflict(id))),
            other => other?,
        }
    } else {
        let meta_set = if save.with_meta { ", meta = $12" } else { "" };
        let sql = format!(
            "UPDATE games SET sdn = $1, summary = $2, kind = $3, variant = $4, status = $5, \
             white_name = $6, black_name = $7, going = $8, created = $9, updated = $10, \
             revision = revision + 1{meta_set} WHERE id = $11 AND revision = {}",
            save.expected
        );
        let mut query = bind_game(sqlx::query(&sql), row, &save.sdn, at);
        if save.with_meta {
            query = query.bind(row.meta.clone());
        }
        let done = query.execute(&mut **tx).await.map_err(database_error)?;
        if done.rows_affected() != 1 {
            return Ok(Err(StoreError::Conflict(row.id.clone())));
        }
    }
    if let Some(notice) = &save.notice {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(notice.payload())
            .execute(&mut **tx)
            .await
            .map_err(database_error)?;
    }
    Ok(Ok(()))
}
