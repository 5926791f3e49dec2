//! A player in the Puzzles mode ([`Solver`]): the ratings, the attempts judged, and the choice
//! of the next puzzle.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::{Deserialize, Serialize};

use super::glicko::{Glicko, update};
use super::puzzle::Puzzle;
use crate::record::Variant;

/// A player in the Puzzles mode: the ratings, what was solved, the last puzzle. Kept on disk
/// and sent by the web API as it was when it was named `Progress` (the field names are the
/// same).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Solver {
    /// The player's rating over every attempt, of both games.
    pub player: Glicko,
    /// The player's rating in each game (by the game's name: `sade`, `marseillais`): the next
    /// puzzle of a game is chosen near it. A game not played yet (and each game of a solver
    /// kept before 2026-12-06, which has none) starts from [`Solver::player`].
    #[serde(default)]
    pub games: BTreeMap<String, Glicko>,
    /// The ratings of the puzzles played (by id); the others have their initial rating.
    #[serde(default)]
    pub puzzles: BTreeMap<String, Glicko>,
    /// The ids of the puzzles solved.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// The id of the last puzzle given.
    #[serde(default)]
    pub last: Option<String>,
    #[serde(default)]
    pub attempts: u32,
    /// The games of attempts not judged yet: game id → puzzle id.
    #[serde(default)]
    pub pending: BTreeMap<String, String>,
    /// Every attempt judged, oldest first.
    #[serde(default)]
    pub history: Vec<Attempt>,
}

/// One attempt judged: the puzzle, its theme, whether it was solved, and the player's rating
/// after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub puzzle: String,
    pub theme: String,
    pub solved: bool,
    /// The player's rating after the attempt (unchanged by an aided one).
    pub rating: f64,
    /// The player's rating in the puzzle's game after it ([`Solver::games`]; none in an
    /// attempt kept before 2026-12-06).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_rating: Option<f64>,
    /// When, in milliseconds since 1970.
    pub at: u64,
}

impl Solver {
    /// The current rating of `puzzle`.
    pub fn rating_of(&self, puzzle: &Puzzle) -> Glicko {
        self.puzzles
            .get(&puzzle.id)
            .copied()
            .unwrap_or_else(|| Glicko::of_puzzle(puzzle.rating))
    }

    /// The player's rating in `variant`'s puzzles ([`Solver::games`]).
    pub fn game_rating(&self, variant: Variant) -> Glicko {
        self.games
            .get(variant.name())
            .copied()
            .unwrap_or(self.player)
    }

    /// Records an attempt at `puzzle`: the player's ratings (over both games, and in the
    /// puzzle's) and the puzzle's move, and a solved puzzle is remembered. The puzzle's moves as
    /// against the player's rating in its game.
    pub fn record(&mut self, puzzle: &Puzzle, solved: bool) {
        let before = self.rating_of(puzzle);
        let (player, _) = update(self.player, before, solved);
        let (game, rated) = update(self.game_rating(puzzle.variant), before, solved);
        self.player = player;
        self.games.insert(puzzle.variant.name().to_owned(), game);
        self.puzzles.insert(puzzle.id.clone(), rated);
        if solved {
            self.solved.insert(puzzle.id.clone());
        }
        self.attempts += 1;
    }

    /// Whether `puzzle` was met before: an attempt at it is in the history (judged, or counted
    /// when it was left for another). Only the first attempt at a puzzle is rated.
    pub fn met(&self, puzzle: &Puzzle) -> bool {
        self.history.iter().any(|a| a.puzzle == puzzle.id)
    }

    /// Counts an attempt at `puzzle` (judged, or left for another), `at` milliseconds since
    /// 1970: rated when it is the first at the puzzle and no help was asked (`aided`), kept in
    /// the history either way (an aided one as not solved). Returns whether the puzzle was met
    /// before (the attempt then changed no rating).
    pub fn count(&mut self, puzzle: &Puzzle, solved: bool, aided: bool, at: u64) -> bool {
        let again = self.met(puzzle);
        if !aided && !again {
            self.record(puzzle, solved);
        }
        self.history.push(Attempt {
            puzzle: puzzle.id.clone(),
            theme: puzzle.theme.slug().to_owned(),
            solved: solved && !aided,
            rating: self.player.rating,
            game_rating: Some(self.game_rating(puzzle.variant).rating),
            at,
        });
        again
    }

    /// The next puzzle, and whether it was met before. One never met when there is one: the
    /// nearest the player's rating in its game (ties: the first in `puzzles`), and, when `vary` (a mixed
    /// choice), of another theme than the last attempt's when such a one is left. Only when
    /// every puzzle was met does one come again: the nearest, never the last one given (when
    /// there is another), and not one already solved when one not solved is within `NEAR`
    /// points of the nearest.
    pub fn next<'p>(&self, puzzles: &'p [Puzzle], vary: bool) -> Option<(&'p Puzzle, bool)> {
        let distance =
            |p: &Puzzle| (self.rating_of(p).rating - self.game_rating(p.variant).rating).abs();
        let nearest = |among: &mut dyn Iterator<Item = &'p Puzzle>| {
            among.min_by(|a, b| distance(a).total_cmp(&distance(b)))
        };
        let met: HashSet<&str> = self.history.iter().map(|a| a.puzzle.as_str()).collect();
        let given_last = |p: &Puzzle| self.last.as_deref() == Some(p.id.as_str());
        let fresh: Vec<&Puzzle> = puzzles
            .iter()
            .filter(|p| !met.contains(p.id.as_str()) && !given_last(p))
            .collect();
        let last_theme = self.history.last().map(|a| a.theme.as_str());
        let other_theme = nearest(
            &mut fresh
                .iter()
                .copied()
                .filter(|p| vary && last_theme.is_some_and(|t| t != p.theme.slug())),
        );
        if let Some(p) = other_theme.or_else(|| nearest(&mut fresh.iter().copied())) {
            return Some((p, false));
        }
        let pool: Vec<&Puzzle> = puzzles
            .iter()
            .filter(|p| puzzles.len() < 2 || !given_last(p))
            .collect();
        let best = nearest(&mut pool.iter().copied())?;
        let unsolved = nearest(
            &mut pool
                .iter()
                .copied()
                .filter(|p| !self.solved.contains(&p.id)),
        );
        let again = match unsolved {
            Some(p) if distance(p) <= distance(best) + NEAR => p,
            _ => best,
        };
        Some((again, met.contains(again.id.as_str())))
    }
}

/// How much farther from the player's rating an unsolved puzzle may be than the nearest solved
/// one, and still be chosen before it.
pub const NEAR: f64 = 200.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::puzzle::Source;
    use crate::puzzles::question::Question;
    use crate::puzzles::theme::Theme;
    use crate::record::Variant;

    fn puzzle(id: &str, rating: u32) -> Puzzle {
        Puzzle {
            id: id.to_owned(),
            variant: Variant::Marseillais,
            fen: String::new(),
            face: None,
            question: Question::MateInOneTurn,
            answer: String::new(),
            then: None,
            search: None,
            candidates: 2,
            rating,
            theme: crate::puzzles::theme::Theme::MateInOneTurn,
            article: crate::rules::Article::M3,
            explanation: String::new(),
            source: Source {
                seed: 0,
                game: 0,
                white: String::new(),
                black: String::new(),
                turn: String::new(),
                sideline: None,
            },
        }
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let mut solver = Solver::default();
        let p = puzzle("a", 1500);
        solver.record(&p, true);
        assert!(solver.player.rating > 1500.0);
        assert!(solver.rating_of(&p).rating < 1500.0);
        assert!(solver.player.deviation < 350.0);
        assert!(solver.solved.contains("a"));
    }

    #[test]
    fn failing_lowers_the_player_and_raises_the_puzzle() {
        let mut solver = Solver::default();
        let p = puzzle("a", 1500);
        solver.record(&p, false);
        assert!(solver.player.rating < 1500.0);
        assert!(solver.rating_of(&p).rating > 1500.0);
        assert!(solver.solved.is_empty());
    }

    /// A player strong in one game and weak in the other meets puzzles near each rating: the
    /// next puzzle of a game is chosen near the player's rating in it.
    #[test]
    fn each_game_has_its_own_rating_and_its_puzzles_are_chosen_near_it() {
        let mut solver = Solver::default();
        let sade = |id: &str, rating: u32| Puzzle {
            variant: Variant::Sade,
            ..puzzle(id, rating)
        };
        for i in 0..6 {
            solver.record(&puzzle(&format!("m{i}"), 1500), true);
            solver.record(&sade(&format!("s{i}"), 1500), false);
        }
        let marseillais = solver.game_rating(Variant::Marseillais).rating;
        let weak = solver.game_rating(Variant::Sade).rating;
        assert!(
            marseillais > 1700.0 && weak < 1300.0,
            "{marseillais} {weak}"
        );
        // Over both games the player stands between.
        assert!(weak < solver.player.rating && solver.player.rating < marseillais);
        assert_eq!(solver.attempts, 12);
        // Offered both games, the next puzzle of each is the one near its own rating.
        let near = |r: f64| (r / 10.0).round() as u32 * 10;
        let offered = [
            puzzle("hard", near(marseillais)),
            sade("easy", near(weak)),
            sade("hard sade", near(marseillais)),
        ];
        let choice = |p: &[Puzzle]| solver.next(p, false).map(|(p, _)| p.id.clone());
        assert_eq!(choice(&offered[1..]), Some("easy".to_owned()));
        assert_eq!(choice(&offered[..1]), Some("hard".to_owned()));
        // A solver kept before the games had ratings of their own: each starts from the
        // player's.
        let old = Solver {
            games: BTreeMap::new(),
            ..solver.clone()
        };
        assert_eq!(old.game_rating(Variant::Sade), solver.player);
    }

    #[test]
    fn the_next_puzzle_is_the_nearest_to_the_players_rating() {
        let puzzles = [
            puzzle("far", 2400),
            puzzle("near", 1550),
            puzzle("low", 900),
        ];
        let solver = Solver::default();
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("near")
        );
        let solver = Solver {
            player: Glicko {
                rating: 2300.0,
                ..Glicko::default()
            },
            ..Solver::default()
        };
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("far")
        );
    }

    #[test]
    fn the_same_puzzle_is_never_given_twice_in_a_row() {
        let puzzles = [puzzle("near", 1500), puzzle("next", 1600)];
        let solver = Solver {
            last: Some("near".to_owned()),
            ..Solver::default()
        };
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("next")
        );
        // With one puzzle only, it comes back.
        assert_eq!(
            solver
                .next(&puzzles[..1], false)
                .map(|(p, _)| p.id.as_str()),
            Some("near")
        );
    }

    fn met(solver: &mut Solver, id: &str, theme: Theme, solved: bool) {
        solver.history.push(Attempt {
            puzzle: id.to_owned(),
            theme: theme.slug().to_owned(),
            solved,
            rating: solver.player.rating,
            game_rating: None,
            at: 0,
        });
        if solved {
            solver.solved.insert(id.to_owned());
        }
    }

    #[test]
    fn a_puzzle_met_comes_again_only_when_every_one_was_met() {
        let puzzles = [puzzle("met", 1500), puzzle("far", 2300)];
        let mut solver = Solver::default();
        met(&mut solver, "met", Theme::MateInOneTurn, false);
        // Failed, and nearest: still the one never met comes first.
        assert_eq!(
            solver
                .next(&puzzles, false)
                .map(|(p, again)| (p.id.as_str(), again)),
            Some(("far", false))
        );
        met(&mut solver, "far", Theme::MateInOneTurn, true);
        solver.last = Some("far".to_owned());
        assert_eq!(
            solver
                .next(&puzzles, false)
                .map(|(p, again)| (p.id.as_str(), again)),
            Some(("met", true))
        );
        assert!(solver.met(&puzzles[0]) && solver.met(&puzzles[1]));
    }

    #[test]
    fn among_puzzles_met_an_unsolved_one_nearby_comes_before_a_solved_one_but_not_a_far_one() {
        let mut solver = Solver {
            last: Some("last".to_owned()),
            ..Solver::default()
        };
        for (id, solved) in [("solved", true), ("new", false), ("last", true)] {
            met(&mut solver, id, Theme::MateInOneTurn, solved);
        }
        let puzzles = [
            puzzle("solved", 1500),
            puzzle("new", 1650),
            puzzle("last", 1500),
        ];
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("new")
        );
        let puzzles = [
            puzzle("solved", 1500),
            puzzle("new", 2400),
            puzzle("last", 1500),
        ];
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("solved")
        );
    }

    #[test]
    fn a_mixed_choice_varies_the_theme_when_another_is_left() {
        let mut checks = puzzle("check", 1500);
        checks.theme = Theme::CheckEndsTheTurn;
        let puzzles = [puzzle("mate", 1500), checks, puzzle("mate-far", 2200)];
        let mut solver = Solver::default();
        met(&mut solver, "earlier", Theme::MateInOneTurn, true);
        // The nearest is a mate in one turn; mixed, another theme comes first.
        assert_eq!(
            solver.next(&puzzles, false).map(|(p, _)| p.id.as_str()),
            Some("mate")
        );
        assert_eq!(
            solver.next(&puzzles, true).map(|(p, _)| p.id.as_str()),
            Some("check")
        );
        // No other theme left: the theme again.
        met(&mut solver, "check", Theme::CheckEndsTheTurn, true);
        met(&mut solver, "mate", Theme::MateInOneTurn, true);
        assert_eq!(
            solver.next(&puzzles, true).map(|(p, _)| p.id.as_str()),
            Some("mate-far")
        );
    }
}
