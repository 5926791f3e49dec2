//! What the ratings' routes read and answer: a leaderboard's entries, a player's ratings, a
//! rating's history; ratings and deviations rounded to whole points.

use serde::{Deserialize, Serialize};

use crate::serve::glicko::{Rated, Rating, RatingPoint, Standing};

/// The most entries a leaderboard answers, and those it answers unless asked.
pub const LEADERBOARD_MOST: usize = 200;
pub const LEADERBOARD_DEFAULT: usize = 50;

/// The most points a rating's history answers (the last ones).
pub const HISTORY_MOST: usize = 500;

/// A whole number of points (a rating is a few thousand points at most: it fits).
fn points(x: f64) -> i64 {
    x.round() as i64
}

/// `GET /api/leaderboard/{game}`'s query.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// The entries at most (default 50, at most 200).
    #[param(minimum = 0, maximum = 200)]
    pub limit: Option<usize>,
}

/// A player of a leaderboard.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LeaderboardEntry {
    /// The account's name, as the account has it.
    pub name: String,
    /// The rating, rounded.
    pub rating: i64,
    /// The rating's deviation, rounded.
    pub deviation: i64,
    /// The games rated.
    pub games: u32,
}

impl From<Standing> for LeaderboardEntry {
    fn from(standing: Standing) -> LeaderboardEntry {
        LeaderboardEntry {
            name: standing.name,
            rating: points(standing.rating.rating),
            deviation: points(standing.rating.deviation),
            games: standing.rating.games,
        }
    }
}

/// A player's rating in one game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PlayerRating {
    /// The game rated.
    pub game: Rated,
    /// The rating, rounded (1500 for a game never played).
    pub rating: i64,
    /// The rating's deviation, rounded (350 for a game never played).
    pub deviation: i64,
    /// The games rated.
    pub games: u32,
    /// The deviation is 110 or more: the rating is not settled yet (and is left out of the
    /// leaderboard).
    pub provisional: bool,
}

impl PlayerRating {
    pub fn of(game: Rated, rating: Rating) -> PlayerRating {
        PlayerRating {
            game,
            rating: points(rating.rating),
            deviation: points(rating.deviation),
            games: rating.games,
            provisional: rating.provisional(),
        }
    }
}

/// A player and a rating for each game rated.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PlayerAnswer {
    /// The account's name, as the account has it.
    pub name: String,
    /// One for each game rated (`sade`, `marseillais`, `standard`, in that order).
    pub ratings: Vec<PlayerRating>,
}

/// A player's rating after one game rated: a point of its chart.
#[derive(Serialize, utoipa::ToSchema)]
pub struct HistoryPoint {
    /// When the game was rated (milliseconds since the Unix epoch).
    pub at: u64,
    /// The rating after it, rounded.
    pub rating: i64,
    /// The game's id.
    pub game: String,
}

impl From<RatingPoint> for HistoryPoint {
    fn from(point: RatingPoint) -> HistoryPoint {
        HistoryPoint {
            at: point.at,
            rating: points(point.rating),
            game: point.game,
        }
    }
}
