//! The bots, and the choice among scored candidates they share.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use shakmaty::Role;

use crate::engine::Limit;

/// A player that sade-ref can play: the levels, from the weakest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bot {
    /// `novice` (also `random`): picks uniformly among the legal fulfilments (Sade), full
    /// turns (Marseillais) or moves (standard chess).
    Random,
    /// `beginner` (also `greedy`): looks one turn ahead: takes what wins at once, avoids what
    /// loses, and otherwise prefers what the game rewards (in Sade: losing its own pieces; in
    /// chess: taking the opponent's).
    Greedy,
    /// `casual`: the search engine ([`crate::engine`]) with a small budget, one turn deep in
    /// Sade, and a wide random bonus among moves of about equal worth.
    Casual(Limit),
    /// `club`: the search engine with a large budget, two turns deep in Sade.
    Club(Limit),
}

impl Bot {
    pub const NOVICE: Bot = Bot::Random;
    pub const BEGINNER: Bot = Bot::Greedy;
    /// `casual` at its default node limit.
    pub const CASUAL: Bot = Bot::Casual(Limit::nodes(2_000));
    /// `club` at its default node limit (a turn within a second on a slow machine).
    pub const CLUB: Bot = Bot::Club(Limit::nodes(40_000));
    /// Every level, from the weakest, at its default limit.
    pub const ALL: [Bot; 4] = [Bot::NOVICE, Bot::BEGINNER, Bot::CASUAL, Bot::CLUB];

    /// The level's name, as `play` and `match` take it and the records' player tags say it.
    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "novice",
            Bot::Greedy => "beginner",
            Bot::Casual(_) => "casual",
            Bot::Club(_) => "club",
        }
    }

    /// The level named `name` (`novice`, `beginner`, `casual`, `club`; `random` and
    /// `greedy` are the first two's older names), at its default limit.
    pub fn from_name(name: &str) -> Option<Bot> {
        match name.trim().to_ascii_lowercase().as_str() {
            "novice" | "random" => Some(Bot::NOVICE),
            "beginner" | "greedy" => Some(Bot::BEGINNER),
            "casual" => Some(Bot::CASUAL),
            "club" => Some(Bot::CLUB),
            _ => None,
        }
    }

    /// The search's limit, for the levels that search.
    pub fn limit(self) -> Option<Limit> {
        match self {
            Bot::Random | Bot::Greedy => None,
            Bot::Casual(limit) | Bot::Club(limit) => Some(limit),
        }
    }

    /// The same level with another node limit and, if given, a time limit per turn in
    /// milliseconds; the levels that do not search are unchanged.
    pub fn with_limit(self, nodes: Option<u64>, movetime_ms: Option<u64>) -> Bot {
        let change = |limit: Limit| Limit {
            nodes: nodes.unwrap_or(limit.nodes),
            movetime_ms: movetime_ms.or(limit.movetime_ms),
            ..limit
        };
        match self {
            Bot::Random | Bot::Greedy => self,
            Bot::Casual(limit) => Bot::Casual(change(limit)),
            Bot::Club(limit) => Bot::Club(change(limit)),
        }
    }

    /// The random bonus a candidate may get, in centipawns (a Sade piece is worth 100): the
    /// level's variety, and part of its strength.
    pub(crate) fn jitter(self) -> i32 {
        match self {
            Bot::Casual(_) => 40,
            _ => 8,
        }
    }
}

/// A name that is no bot's level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a level: the levels are novice, beginner, casual and club (random and greedy \
     are novice and beginner)"
)]
pub struct UnknownBot(pub String);

impl std::str::FromStr for Bot {
    type Err = UnknownBot;

    fn from_str(name: &str) -> Result<Bot, UnknownBot> {
        Bot::from_name(name).ok_or_else(|| UnknownBot(name.to_owned()))
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
    fn every_level_is_found_by_its_name() {
        for bot in Bot::ALL {
            assert_eq!(Bot::from_name(bot.name()), Some(bot));
        }
        assert_eq!(Bot::from_name("random"), Some(Bot::Random));
        assert_eq!(Bot::from_name("Greedy"), Some(Bot::Greedy));
        let error = "grandmaster".parse::<Bot>().unwrap_err();
        assert_eq!(error, UnknownBot("grandmaster".to_owned()));
        assert!(
            error
                .to_string()
                .contains("novice, beginner, casual and club"),
            "{error}"
        );
    }

    #[test]
    fn a_limit_changes_only_the_levels_that_search() {
        assert_eq!(Bot::Random.with_limit(Some(10), None), Bot::Random);
        let club = Bot::CLUB.with_limit(Some(10), Some(50));
        assert_eq!(
            club.limit().map(|l| (l.nodes, l.movetime_ms)),
            Some((10, Some(50)))
        );
        assert_eq!(club.name(), "club");
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
