//! The database as a server's [`Storage`]: each save one transaction over the revision read,
//! a game and the games in progress read back, the idle ones, the count, a page of the list
//! from the indexes, the documents, the accounts and the sessions, the ratings
//! ([`super::ratings`]).

use sqlx::Row;

use super::batch::Save;
use super::database::{Backend, Database};
use super::rows::{
    GameRow, database_error, document_name, live_of, number, put_document, stamp, text,
};
use super::storage::{Account, Doc, ListFilter, Player, Session, Storage, StoreError, valid_id};
use crate::serve::events::Notice;
use crate::serve::glicko::{Rated, Rating, RatingChange, RatingPoint, Score, Standing};
use crate::serve::live::Live;
use crate::serve::seek::Seek;
use crate::serve::summary::Summary;

impl Storage for Database {
    fn save_game(&self, live: &mut Live, sdn: &str, with_meta: bool) -> Result<(), StoreError> {
        if !valid_id(&live.id) {
            return Err(StoreError::NotAnId(live.id.clone()));
        }
        let row = GameRow::of(live)?;
        let notice = (self.backend == Backend::Postgres).then(|| Notice {
            id: live.id.clone(),
            revision: live.revision + 1,
            version: live.version(sdn),
        });
        let expected = i64::try_from(live.revision).map_err(database_error)?;
        let (reply, outcome) = std::sync::mpsc::sync_channel(1);
        let save = Save {
            row,
            sdn: sdn.to_owned(),
            expected,
            with_meta,
            notice,
            reply,
        };
        self.saves
            .send(save)
            .map_err(|_| StoreError::Database("the database's writer stopped".to_owned()))?;
        outcome
            .recv()
            .map_err(|_| StoreError::Database("the database's writer stopped".to_owned()))??;
        live.revision += 1;
        Ok(())
    }

    fn load_game(&self, id: &str) -> Result<Option<Live>, StoreError> {
        if !valid_id(id) {
            return Ok(None);
        }
        let (pool, id) = (self.pool.clone(), id.to_owned());
        let row = self.run(async move {
            sqlx::query("SELECT id, sdn, meta, revision FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)
        })?;
        row.map(|row| live_of(&row)).transpose()
    }

    fn load_going(&self) -> (Vec<Live>, Vec<String>) {
        let pool = self.pool.clone();
        let rows = self.run(async move {
            sqlx::query("SELECT id, sdn, meta, revision FROM games WHERE going = 1 ORDER BY id")
                .fetch_all(&pool)
                .await
                .map_err(database_error)
        });
        let mut games = Vec::new();
        let mut problems = Vec::new();
        match rows {
            Ok(rows) => {
                for row in &rows {
                    match live_of(row) {
                        Ok(live) => games.push(live),
                        Err(e) => problems.push(e.to_string()),
                    }
                }
            }
            Err(e) => problems.push(e.to_string()),
        }
        (games, problems)
    }

    fn idle(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        let pool = self.pool.clone();
        let before = i64::try_from(before).unwrap_or(i64::MAX);
        let sql = format!(
            "SELECT id FROM games WHERE going = 1 AND updated < $1 ORDER BY updated LIMIT {limit}"
        );
        self.run(async move {
            sqlx::query(&sql)
                .bind(before)
                .fetch_all(&pool)
                .await
                .map_err(database_error)?
                .iter()
                .map(|row| text(row, "id"))
                .collect()
        })
    }

    fn going(&self) -> Result<usize, StoreError> {
        let pool = self.pool.clone();
        let n = self.run(async move {
            let row = sqlx::query("SELECT COUNT(*) AS n FROM games WHERE going = 1")
                .fetch_one(&pool)
                .await
                .map_err(database_error)?;
            number(&row, "n")
        })?;
        Ok(usize::try_from(n).unwrap_or_default())
    }

    fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let mut clauses = vec!["kind <> 'lesson'".to_owned()];
        let mut values: Vec<String> = Vec::new();
        let mut bind = |clause: &str, value: String| {
            values.push(value);
            clauses.push(clause.replace('?', &format!("${}", values.len())));
        };
        if let Some(status) = filter.status {
            let status = serde_json::to_value(status)?;
            bind("status = ?", status.as_str().unwrap_or_default().to_owned());
        }
        if let Some(variant) = &filter.variant {
            bind("variant = ?", variant.clone());
        }
        if let Some(kind) = filter.kind {
            let kind = serde_json::to_value(kind)?;
            bind("kind = ?", kind.as_str().unwrap_or_default().to_owned());
        }
        if let Some(player) = &filter.player {
            values.push(player.clone());
            let n = values.len();
            clauses.push(format!("(white_name = ${n} OR black_name = ${n})"));
        }
        if let Some(owner) = &filter.owner {
            values.push(owner.to_ascii_lowercase());
            let n = values.len();
            clauses.push(format!("(white_owner = ${n} OR black_owner = ${n})"));
        }
        match &filter.viewer {
            Some(viewer) => {
                values.push(viewer.to_ascii_lowercase());
                let n = values.len();
                clauses.push(format!(
                    "(listed = 1 OR white_owner = ${n} OR black_owner = ${n})"
                ));
            }
            None => clauses.push("listed = 1".to_owned()),
        }
        let sql = format!(
            "SELECT summary FROM games WHERE {} ORDER BY created DESC, id LIMIT {} OFFSET {}",
            clauses.join(" AND "),
            filter.limit,
            filter.offset
        );
        let pool = self.pool.clone();
        let rows = self.run(async move {
            let mut query = sqlx::query(&sql);
            for value in values {
                query = query.bind(value);
            }
            query.fetch_all(&pool).await.map_err(database_error)
        })?;
        rows.iter()
            .map(|row| Ok(serde_json::from_str(&text(row, "summary")?)?))
            .collect()
    }

    fn read(&self, doc: Doc<'_>) -> Result<Option<String>, StoreError> {
        let (pool, name) = (self.pool.clone(), document_name(doc)?);
        self.run(async move {
            let row = sqlx::query("SELECT text FROM documents WHERE name = $1")
                .bind(name)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)?;
            row.map(|row| text(&row, "text")).transpose()
        })
    }

    fn write(&self, doc: Doc<'_>, text: &str) -> Result<(), StoreError> {
        let (pool, name, text) = (self.writer.clone(), document_name(doc)?, text.to_owned());
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            put_document(&mut tx, &name, &text, stamp()).await?;
            tx.commit().await.map_err(database_error)
        })
    }

    fn listen(&self, tell: Box<dyn Fn(Notice) + Send + Sync>) {
        Database::listen(self, tell);
    }

    fn describe(&self) -> String {
        self.shown.clone()
    }

    fn add_account(&self, account: &Account) -> Result<(), StoreError> {
        let (pool, account) = (self.writer.clone(), account.clone());
        self.run(async move {
            let done = sqlx::query(
                "INSERT INTO accounts (name_lower, name, password_hash, created) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (name_lower) DO NOTHING",
            )
            .bind(account.name.to_ascii_lowercase())
            .bind(account.name.clone())
            .bind(account.password_hash)
            .bind(stamp())
            .execute(&pool)
            .await
            .map_err(database_error)?;
            if done.rows_affected() != 1 {
                return Err(StoreError::NameTaken(account.name));
            }
            Ok(())
        })
    }

    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let (pool, lower) = (self.pool.clone(), name.to_ascii_lowercase());
        self.run(async move {
            let row = sqlx::query("SELECT name, password_hash FROM accounts WHERE name_lower = $1")
                .bind(lower)
                .fetch_optional(&pool)
                .await
                .map_err(database_error)?;
            row.map(|row| {
                Ok(Account {
                    name: text(&row, "name")?,
                    password_hash: text(&row, "password_hash")?,
                })
            })
            .transpose()
        })
    }

    fn add_session(&self, session: &Session) -> Result<(), StoreError> {
        let (pool, session) = (self.writer.clone(), session.clone());
        let at = stamp();
        let expires = i64::try_from(session.expires).unwrap_or(i64::MAX);
        let account = (!session.player.guest).then(|| session.player.name.to_ascii_lowercase());
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            sqlx::query("DELETE FROM sessions WHERE expires <= $1")
                .bind(at)
                .execute(&mut *tx)
                .await
                .map_err(database_error)?;
            sqlx::query(
                "INSERT INTO sessions (token_hash, name, account, created, expires) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(session.token_hash)
            .bind(session.player.name)
            .bind(account)
            .bind(at)
            .bind(expires)
            .execute(&mut *tx)
            .await
            .map_err(database_error)?;
            tx.commit().await.map_err(database_error)
        })
    }

    fn session(&self, token_hash: &str, now: u64) -> Result<Option<Player>, StoreError> {
        let (pool, token_hash) = (self.pool.clone(), token_hash.to_owned());
        let now = i64::try_from(now).unwrap_or(i64::MAX);
        self.run(async move {
            let row = sqlx::query(
                "SELECT name, account FROM sessions WHERE token_hash = $1 AND expires > $2",
            )
            .bind(token_hash)
            .bind(now)
            .fetch_optional(&pool)
            .await
            .map_err(database_error)?;
            row.map(|row| {
                let account: Option<String> = row.try_get("account").map_err(database_error)?;
                Ok(Player {
                    name: text(&row, "name")?,
                    guest: account.is_none(),
                })
            })
            .transpose()
        })
    }

    fn end_session(&self, token_hash: &str) -> Result<(), StoreError> {
        let (pool, token_hash) = (self.writer.clone(), token_hash.to_owned());
        self.run(async move {
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(token_hash)
                .execute(&pool)
                .await
                .map_err(database_error)?;
            Ok(())
        })
    }

    fn add_seek(&self, seek: &Seek) -> Result<(), StoreError> {
        self.add_seek_row(seek)
    }

    fn open_seeks(&self, now: u64, limit: usize) -> Result<Vec<Seek>, StoreError> {
        self.open_seek_rows(now, limit)
    }

    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError> {
        self.seek_row(id)
    }

    fn take_seek(
        &self,
        id: &str,
        taken: Option<(&str, &str)>,
        now: u64,
    ) -> Result<bool, StoreError> {
        self.take_seek_row(id, taken, now)
    }

    fn drop_seek(&self, id: &str, by: &str) -> Result<bool, StoreError> {
        self.drop_seek_row(id, by)
    }

    fn rate_game(
        &self,
        game: &str,
        rated: Rated,
        white: &str,
        black: &str,
        white_score: f64,
        now: u64,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        if !valid_id(game) {
            return Err(StoreError::NotAnId(game.to_owned()));
        }
        let score = Score::of(white_score).ok_or_else(|| {
            StoreError::NotRated(format!("White's score {white_score} is not 1, 0.5 or 0"))
        })?;
        self.rate(game, rated, [white, black], score, now)
    }

    fn rating(&self, account: &str, rated: Rated) -> Result<Option<Rating>, StoreError> {
        self.rating_in(account, rated)
    }

    fn ratings_of(&self, account: &str) -> Result<Vec<(Rated, Rating)>, StoreError> {
        self.ratings_in(account)
    }

    fn leaderboard(&self, rated: Rated, limit: usize) -> Result<Vec<Standing>, StoreError> {
        self.leaderboard_in(rated, limit)
    }

    fn rating_history(
        &self,
        account: &str,
        rated: Rated,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        self.history_in(account, rated, limit)
    }
}
