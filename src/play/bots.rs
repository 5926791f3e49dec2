//! The bots, and the choice among scored candidates they share.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use shakmaty::Role;

/// A player that sade-ref can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bot {
    /// Picks uniformly among the legal fulfilments (Sade), full turns (Marseillais) or moves
    /// (standard chess).
    Random,
    /// Looks one turn ahead: takes what wins at once, avoids what loses, and otherwise prefers
    /// what the game rewards (in Sade: losing its own pieces; in chess: taking the opponent's).
    Greedy,
}

impl Bot {
    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Greedy => "greedy",
        }
    }
}

/// A score that ends every comparison: the turn wins the game.
pub(crate) const WIN: i32 = 1_000_000;
/// The turn loses the game.
pub(crate) const LOSS: i32 = -1_000_000;
/// The turn draws the game: worse than any loss of material (the greedy bot plays for a win).
pub(crate) const DRAW: i32 = -100;

/// The value of a piece, in pawns (the king has none: it is never taken).
pub(crate) fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The best of the candidates offered, ties broken uniformly at random (reservoir sampling:
/// the `k`-th candidate with the best score replaces the kept one with probability `1/k`), so
/// a bot that scores every candidate alike picks uniformly.
pub(crate) struct Best<T> {
    best: Option<(i32, T)>,
    ties: u32,
}

impl<T> Best<T> {
    pub fn new() -> Best<T> {
        Best {
            best: None,
            ties: 0,
        }
    }

    /// Offers a candidate with its score; `make` builds it only if it is kept.
    pub fn offer(&mut self, score: i32, rng: &mut ChaCha8Rng, make: impl FnOnce() -> T) {
        match &self.best {
            Some((kept, _)) if score < *kept => {}
            Some((kept, _)) if score == *kept => {
                self.ties += 1;
                if rng.random_range(0..self.ties) == 0 {
                    self.best = Some((score, make()));
                }
            }
            _ => {
                self.best = Some((score, make()));
                self.ties = 1;
            }
        }
    }

    pub fn into_inner(self) -> Option<T> {
        self.best.map(|(_, t)| t)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn equal_scores_are_picked_uniformly() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut counts = [0u32; 4];
        for _ in 0..4000 {
            let mut best = Best::new();
            for i in 0..4 {
                best.offer(0, &mut rng, || i);
            }
            counts[best.into_inner().unwrap()] += 1;
        }
        // 1000 expected each; 900..1100 is more than 3 standard deviations.
        assert!(
            counts.iter().all(|&c| (900..=1100).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn the_highest_score_wins() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut best = Best::new();
        for (score, name) in [(1, "a"), (5, "b"), (3, "c"), (5, "d"), (-2, "e")] {
            best.offer(score, &mut rng, || name);
        }
        assert!(matches!(best.into_inner(), Some("b" | "d")));
    }
}
