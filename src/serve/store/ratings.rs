//! The players' ratings as the database keeps them: a game rated in one transaction (both
//! players' rows locked in one order, read, updated, written, with a row of each one's
//! history keyed by the game's id and the side, so that a game is rated once), and the
//! ratings, a leaderboard and a player's history read back.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::database::Database;
use super::rows::{database_error, number, text};
use super::storage::StoreError;
use crate::serve::glicko::{Rated, Rating, RatingChange, RatingPoint, Score, Standing, update};

/// A transaction of the database.
type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// The sides of a game, as the history keeps them.
const SIDES: [&str; 2] = ["white", "black"];

fn real(row: &AnyRow, column: &str) -> Result<f64, StoreError> {
    row.try_get::<f64, _>(column).map_err(database_error)
}

/// A rating read back from a row of `rating`, `deviation`, `volatility` and `games`.
fn rating_of(row: &AnyRow) -> Result<Rating, StoreError> {
    Ok(Rating {
        rating: real(row, "rating")?,
        deviation: real(row, "deviation")?,
        volatility: real(row, "volatility")?,
        games: u32::try_from(number(row, "games")?).unwrap_or_default(),
    })
}

/// The name the account of `lower` has, or why the game cannot be rated (`given`: the name
/// as the caller wrote it).
async fn account_name(tx: &mut Tx, given: &str, lower: &str) -> Result<String, StoreError> {
    let row = sqlx::query("SELECT name FROM accounts WHERE name_lower = $1")
        .bind(lower.to_owned())
        .fetch_optional(&mut **tx)
        .await
        .map_err(database_error)?;
    match row {
        Some(row) => text(&row, "name"),
        None => Err(StoreError::NotRated(format!("no account is named {given}"))),
    }
}

/// Makes the row of `account` in `rated` (a new player's, when it has none) and locks it
/// until the transaction ends: another server rating a game of the same player waits, and
/// then reads what this one wrote.
async fn hold(tx: &mut Tx, account: &str, rated: Rated, at: i64) -> Result<(), StoreError> {
    let new = Rating::default();
    sqlx::query(
        "INSERT INTO ratings (account, game, rating, deviation, volatility, games, updated) \
         VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (account, game) DO NOTHING",
    )
    .bind(account.to_owned())
    .bind(rated.word())
    .bind(new.rating)
    .bind(new.deviation)
    .bind(new.volatility)
    .bind(at)
    .execute(&mut **tx)
    .await
    .map_err(database_error)?;
    sqlx::query("UPDATE ratings SET games = games WHERE account = $1 AND game = $2")
        .bind(account.to_owned())
        .bind(rated.word())
        .execute(&mut **tx)
        .await
        .map_err(database_error)?;
    Ok(())
}

async fn read(tx: &mut Tx, account: &str, rated: Rated) -> Result<Rating, StoreError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account = $1 AND game = $2",
    )
    .bind(account.to_owned())
    .bind(rated.word())
    .fetch_one(&mut **tx)
    .await
    .map_err(database_error)?;
    rating_of(&row)
}

/// Writes one row of the history; `false` when the game's row of that side is kept already
/// (the game is rated: nothing is written).
async fn record(
    tx: &mut Tx,
    game: &str,
    side: &str,
    account: &str,
    rated: Rated,
    at: i64,
    after: Rating,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO rating_history (game_id, side, account, game, at, rating, deviation, games) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_id, side) DO NOTHING",
    )
    .bind(game.to_owned())
    .bind(side.to_owned())
    .bind(account.to_owned())
    .bind(rated.word())
    .bind(at)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(i64::from(after.games))
    .execute(&mut **tx)
    .await
    .map_err(database_error)?;
    Ok(done.rows_affected() == 1)
}

async fn write(
    tx: &mut Tx,
    account: &str,
    rated: Rated,
    at: i64,
    after: Rating,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, games = $4, \
         updated = $5 WHERE account = $6 AND game = $7",
    )
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(i64::from(after.games))
    .bind(at)
    .bind(account.to_owned())
    .bind(rated.word())
    .execute(&mut **tx)
    .await
    .map_err(database_error)?;
    Ok(())
}

/// Whether game `game` has a row in the history (it is rated).
async fn rated_already(tx: &mut Tx, game: &str) -> Result<bool, StoreError> {
    let row = sqlx::query("SELECT side FROM rating_history WHERE game_id = $1 LIMIT 1")
        .bind(game.to_owned())
        .fetch_optional(&mut **tx)
        .await
        .map_err(database_error)?;
    Ok(row.is_some())
}

/// Rates a game in `tx` ([`Database::rate`]); `None` when it is rated already (the caller
/// then rolls back what `tx` wrote).
async fn rate_in(
    tx: &mut Tx,
    game: &str,
    rated: Rated,
    given: [String; 2],
    score: Score,
    at: i64,
) -> Result<Option<[RatingChange; 2]>, StoreError> {
    if rated_already(tx, game).await? {
        return Ok(None);
    }
    let lower = given.clone().map(|name| name.to_ascii_lowercase());
    if lower[0] == lower[1] {
        return Err(StoreError::NotRated(format!(
            "{} is on both sides",
            given[0]
        )));
    }
    let names = [
        account_name(tx, &given[0], &lower[0]).await?,
        account_name(tx, &given[1], &lower[1]).await?,
    ];
    // One order for every transaction: two that hold the same players never wait for each
    // other in a circle.
    let mut order = lower.clone();
    order.sort();
    for account in &order {
        hold(tx, account, rated, at).await?;
    }
    let before = [
        read(tx, &lower[0], rated).await?,
        read(tx, &lower[1], rated).await?,
    ];
    let after = update(before[0], before[1], score);
    for ((side, account), after) in SIDES.iter().zip(&lower).zip(after) {
        if !record(tx, game, side, account, rated, at, after).await? {
            return Ok(None);
        }
    }
    for (account, after) in lower.iter().zip(after) {
        write(tx, account, rated, at, after).await?;
    }
    let [white, black] = names;
    Ok(Some([
        RatingChange {
            name: white,
            before: before[0],
            after: after[0],
        },
        RatingChange {
            name: black,
            before: before[1],
            after: after[1],
        },
    ]))
}

impl Database {
    /// [`super::Storage::rate_game`], its arguments checked: one transaction, committed only
    /// when the game was not rated before.
    pub(super) fn rate(
        &self,
        game: &str,
        rated: Rated,
        names: [&str; 2],
        score: Score,
        now: u64,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        let (pool, game) = (self.writer.clone(), game.to_owned());
        let given = names.map(str::to_owned);
        let at = i64::try_from(now).unwrap_or(i64::MAX);
        self.run(async move {
            let mut tx = pool.begin().await.map_err(database_error)?;
            let changes = rate_in(&mut tx, &game, rated, given, score, at).await;
            match changes {
                Ok(Some(changes)) => {
                    tx.commit().await.map_err(database_error)?;
                    Ok(Some(changes))
                }
                other => {
                    tx.rollback().await.map_err(database_error)?;
                    other
                }
            }
        })
    }

    /// [`super::Storage::rating`].
    pub(super) fn rating_in(
        &self,
        account: &str,
        rated: Rated,
    ) -> Result<Option<Rating>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.to_ascii_lowercase());
        self.run(async move {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE account = $1 AND game = $2",
            )
            .bind(account)
            .bind(rated.word())
            .fetch_optional(&pool)
            .await
            .map_err(database_error)?;
            row.map(|row| rating_of(&row)).transpose()
        })
    }

    /// [`super::Storage::ratings_of`].
    pub(super) fn ratings_in(&self, account: &str) -> Result<Vec<(Rated, Rating)>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.to_ascii_lowercase());
        let rows = self.run(async move {
            sqlx::query(
                "SELECT game, rating, deviation, volatility, games FROM ratings \
                 WHERE account = $1",
            )
            .bind(account)
            .fetch_all(&pool)
            .await
            .map_err(database_error)
        })?;
        let mut ratings = Vec::new();
        for row in &rows {
            // A game this version does not rate (a later one's) is left out.
            if let Some(rated) = Rated::of_word(&text(row, "game")?) {
                ratings.push((rated, rating_of(row)?));
            }
        }
        ratings.sort_by_key(|&(rated, _)| rated);
        Ok(ratings)
    }

    /// [`super::Storage::leaderboard`].
    pub(super) fn leaderboard_in(
        &self,
        rated: Rated,
        limit: usize,
    ) -> Result<Vec<Standing>, StoreError> {
        let pool = self.pool.clone();
        let sql = format!(
            "SELECT a.name AS name, r.rating AS rating, r.deviation AS deviation, \
             r.volatility AS volatility, r.games AS games \
             FROM ratings r JOIN accounts a ON a.name_lower = r.account \
             WHERE r.game = $1 AND r.deviation < $2 \
             ORDER BY r.rating DESC, r.account LIMIT {limit}"
        );
        self.run(async move {
            let rows = sqlx::query(&sql)
                .bind(rated.word())
                .bind(crate::serve::glicko::PROVISIONAL)
                .fetch_all(&pool)
                .await
                .map_err(database_error)?;
            rows.iter()
                .map(|row| {
                    Ok(Standing {
                        name: text(row, "name")?,
                        rating: rating_of(row)?,
                    })
                })
                .collect()
        })
    }

    /// [`super::Storage::rating_history`].
    pub(super) fn history_in(
        &self,
        account: &str,
        rated: Rated,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.to_ascii_lowercase());
        let sql = format!(
            "SELECT game_id, at, rating, deviation FROM rating_history \
             WHERE account = $1 AND game = $2 ORDER BY games DESC LIMIT {limit}"
        );
        let mut points = self.run(async move {
            let rows = sqlx::query(&sql)
                .bind(account)
                .bind(rated.word())
                .fetch_all(&pool)
                .await
                .map_err(database_error)?;
            rows.iter()
                .map(|row| {
                    Ok(RatingPoint {
                        game: text(row, "game_id")?,
                        at: u64::try_from(number(row, "at")?).unwrap_or_default(),
                        rating: real(row, "rating")?,
                        deviation: real(row, "deviation")?,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()
        })?;
        points.reverse();
        Ok(points)
    }
}
