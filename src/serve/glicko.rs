//! The players' ratings, one for each game rated ([`Rated`]): Glicko-2 as the `skillratings`
//! crate computes it, a new player at 1500 (deviation 350, volatility 0.06), one game's update
//! of both players ([`update`]), and the provisional rule (a deviation of 110 or more, as
//! lichess). Pure: what is kept of them is the store's.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use crate::record::Variant;

/// A rating is provisional while its deviation is at least this (lichess's rule).
pub const PROVISIONAL: f64 = 110.0;

/// The game a rating is of: each player has one rating for each.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Rated {
    /// Marquis de Sade chess.
    Sade,
    /// Marseillais chess, balanced and classical alike.
    Marseillais,
    /// Chess under the FIDE Laws.
    Standard,
}

impl Rated {
    /// Every game rated, in the order the API lists them.
    pub const ALL: [Rated; 3] = [Rated::Sade, Rated::Marseillais, Rated::Standard];

    /// The rating a game of `variant` counts for: Marseillais Classical counts as
    /// Marseillais; Chess960 has no rating (`None`).
    pub fn of(variant: Variant) -> Option<Rated> {
        match variant {
            Variant::Sade => Some(Rated::Sade),
            Variant::Marseillais | Variant::MarseillaisClassical => Some(Rated::Marseillais),
            Variant::Standard => Some(Rated::Standard),
            Variant::Chess960 => None,
        }
    }

    /// Its word in the API's paths and answers and in the database: `sade`, `marseillais`,
    /// `standard`.
    pub fn word(self) -> &'static str {
        match self {
            Rated::Sade => "sade",
            Rated::Marseillais => "marseillais",
            Rated::Standard => "standard",
        }
    }

    /// The game of a word ([`Rated::word`]), exactly as written; `None` for any other.
    pub fn of_word(word: &str) -> Option<Rated> {
        Rated::ALL.into_iter().find(|r| r.word() == word)
    }
}

/// A player's rating in one game: Glicko-2's rating, deviation and volatility, and the games
/// rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

impl Default for Rating {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's defaults), no game.
    fn default() -> Rating {
        let new = Glicko2Rating::new();
        Rating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            games: 0,
        }
    }
}

impl Rating {
    /// Whether the rating is not yet settled: its deviation is [`PROVISIONAL`] or more.
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// How a rated game ended, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Score {
    /// The score of White's points: 1, 0.5 or 0; `None` for any other number.
    pub fn of(white_points: f64) -> Option<Score> {
        match white_points {
            1.0 => Some(Score::WhiteWins),
            0.5 => Some(Score::Draw),
            0.0 => Some(Score::BlackWins),
            _ => None,
        }
    }

    fn for_white(self) -> Outcomes {
        match self {
            Score::WhiteWins => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::BlackWins => Outcomes::LOSS,
        }
    }

    fn for_black(self) -> Outcomes {
        match self {
            Score::WhiteWins => Outcomes::LOSS,
            Score::Draw => Outcomes::DRAW,
            Score::BlackWins => Outcomes::WIN,
        }
    }
}

/// One player's rating after one rating period of `results` (each opponent's rating before
/// the period, and the outcome for the player), with Glickman's τ of 0.5.
fn period(player: Rating, results: &[(Rating, Outcomes)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> =
        results.iter().map(|&(r, o)| (r.glicko(), o)).collect();
    let after = glicko2_rating_period(&player.glicko(), &results, &Glicko2Config::new());
    let played = u32::try_from(results.len()).unwrap_or(u32::MAX);
    Rating {
        rating: after.rating,
        deviation: after.deviation,
        volatility: after.volatility,
        games: player.games.saturating_add(played),
    }
}

/// White's and Black's ratings after one game between them: each a rating period of one game
/// against the other's rating before it.
pub fn update(white: Rating, black: Rating, score: Score) -> [Rating; 2] {
    [
        period(white, &[(black, score.for_white())]),
        period(black, &[(white, score.for_black())]),
    ]
}

/// A player's rating before and after a game rated.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The account's name, as the account has it.
    pub name: String,
    pub before: Rating,
    pub after: Rating,
}

/// A player of a leaderboard: the account's name and the rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub name: String,
    pub rating: Rating,
}

/// A player's rating after one game rated: the game's id, when (milliseconds since the Unix
/// epoch), and the rating and deviation then.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub game: String,
    pub at: u64,
    pub rating: f64,
    pub deviation: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            ..Rating::default()
        }
    }

    #[test]
    fn a_new_player_is_1500_350_and_provisional() {
        let new = Rating::default();
        assert_eq!(
            (new.rating, new.deviation, new.volatility),
            (1500.0, 350.0, 0.06)
        );
        assert_eq!(new.games, 0);
        assert!(new.provisional());
        assert!(rated(1500.0, 110.0).provisional());
        assert!(!rated(1500.0, 109.9).provisional());
    }

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let [white, black] = update(Rating::default(), Rating::default(), Score::WhiteWins);
        assert!(white.rating > 1500.0 + 100.0, "{white:?}");
        assert!(black.rating < 1500.0 - 100.0, "{black:?}");
        assert!((white.rating - 1500.0 + (black.rating - 1500.0)).abs() < 1e-6);
        assert!(white.deviation < 350.0 && black.deviation < 350.0);
        assert_eq!((white.games, black.games), (1, 1));
        let [white, black] = update(rated(1600.0, 80.0), rated(1500.0, 80.0), Score::BlackWins);
        assert!(white.rating < 1600.0 && black.rating > 1500.0);
    }

    #[test]
    fn a_draw_between_equals_changes_little_and_an_upset_much() {
        let [white, black] = update(rated(1700.0, 60.0), rated(1700.0, 60.0), Score::Draw);
        assert!((white.rating - 1700.0).abs() < 0.01, "{white:?}");
        assert!((black.rating - 1700.0).abs() < 0.01, "{black:?}");
        let [strong, _] = update(rated(1900.0, 60.0), rated(1500.0, 60.0), Score::Draw);
        assert!(strong.rating < 1900.0 - 5.0, "{strong:?}");
    }

    #[test]
    fn a_new_player_is_provisional_until_enough_games() {
        let mut player = Rating::default();
        let opponent = rated(1500.0, 60.0);
        let mut games = 0;
        while player.provisional() {
            let score = if games % 2 == 0 {
                Score::WhiteWins
            } else {
                Score::BlackWins
            };
            player = update(player, opponent, score)[0];
            games += 1;
            assert!(games < 50, "still provisional after 50 games: {player:?}");
        }
        assert!(games >= 5, "settled after {games} games only: {player:?}");
        assert_eq!(player.games, games);
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): a player of 1500
    /// (deviation 200) beats a 1400 (30) and loses to a 1550 (100) and a 1700 (300) in one
    /// period: 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn glickmans_example_is_reproduced() {
        let results = [
            (rated(1400.0, 30.0), Outcomes::WIN),
            (rated(1550.0, 100.0), Outcomes::LOSS),
            (rated(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = period(rated(1500.0, 200.0), &results);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
        assert_eq!(after.games, 3);
    }

    #[test]
    fn the_games_rated_and_their_words() {
        assert_eq!(Rated::of(Variant::Sade), Some(Rated::Sade));
        assert_eq!(
            Rated::of(Variant::MarseillaisClassical),
            Some(Rated::Marseillais)
        );
        assert_eq!(Rated::of(Variant::Marseillais), Some(Rated::Marseillais));
        assert_eq!(Rated::of(Variant::Standard), Some(Rated::Standard));
        assert_eq!(Rated::of(Variant::Chess960), None);
        for rated in Rated::ALL {
            assert_eq!(Rated::of_word(rated.word()), Some(rated));
            assert_eq!(serde_json::to_value(rated).unwrap(), rated.word());
        }
        assert_eq!(Rated::of_word("Sade"), None);
        assert_eq!(Score::of(0.5), Some(Score::Draw));
        assert_eq!(Score::of(0.7), None);
    }
}
