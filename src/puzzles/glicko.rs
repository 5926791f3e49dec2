//! The Glicko-2 rating of a player or of a puzzle ([`Glicko`]), as [`skillratings::glicko2`]
//! computes it, and both ratings after an attempt ([`update`]).

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

/// A Glicko-2 rating (of a player or of a puzzle), as [`skillratings::glicko2`] computes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Glicko {
    /// A new player: 1500, deviation 350, volatility 0.06 (Glickman's defaults).
    fn default() -> Glicko {
        Glicko::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Glicko {
    fn from(r: Glicko2Rating) -> Glicko {
        Glicko {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Glicko> for Glicko2Rating {
    fn from(r: Glicko) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl Glicko {
    /// A puzzle not played yet: its initial rating, deviation 350, volatility 0.06.
    pub fn of_puzzle(initial: u32) -> Glicko {
        Glicko {
            rating: f64::from(initial),
            ..Glicko::default()
        }
    }
}

/// The player's and the puzzle's ratings after an attempt: a game between the two that the
/// player wins when `solved`.
pub fn update(player: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (p, q) = glicko2(
        &player.into(),
        &puzzle.into(),
        &outcome,
        &Glicko2Config::new(),
    );
    (p.into(), q.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_a_harder_puzzle_gains_more() {
        let (easy, _) = update(Glicko::default(), Glicko::of_puzzle(1100), true);
        let (hard, _) = update(Glicko::default(), Glicko::of_puzzle(1900), true);
        assert!(hard.rating > easy.rating);
    }
}
