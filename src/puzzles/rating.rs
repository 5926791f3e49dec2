//! Ratings: the initial rating of a puzzle, from what the referee counted; the Glicko-2 ratings
//! of a player and of each puzzle in play ([`Solver`]), and the choice of the next puzzle.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::analyse::{Analysis, Answer, Consequence};
use super::puzzle::Puzzle;
use crate::record::Variant;

/// How hard a puzzle is, measured: how rarely a player who picks one of the turn's ways at
/// random plays the answer (the novice's chance, exact: the answer's ways over all the ways),
/// in bits, `log2(ways / answer's ways)`, plus 2 for a turn whose other answers all lose this
/// turn, or in a defence at the opponent's next (traps), in proportion to their share. A mate
/// in two turns adds the same chance at its second turn, after the reply the page plays.
pub fn difficulty(analysis: &Analysis, answer: &Answer) -> f64 {
    let ways = analysis.ways.max(1) as f64;
    let answer_ways = answer.orders.len().max(1) as f64;
    let others = analysis.answers.len().saturating_sub(1).max(1) as f64;
    let lost = analysis.count(Consequence::Loses) + analysis.count(Consequence::LosesNext);
    let traps = lost as f64 / others;
    let second = analysis.line.as_ref().map_or(0.0, |line| {
        (line.ways.max(1) as f64 / line.mate_ways.max(1) as f64).log2()
    });
    (ways / answer_ways).log2() + second + 2.0 * traps
}

/// The difficulties ([`difficulty`]) at which a game's ratings pass 800, 1000, …, 2400: the
/// eighths (least, 1/8, …, most) of the difficulties of puzzles mined from that game's
/// self-play (`puzzles generate --seed 1 --max-answers 1500 --max-games 300` with every share
/// at 100: 300 Sade and 110 Marseillais puzzles), so that a set mined the same way spreads its
/// ratings evenly over the eight bands of 200 points.
const SADE_KNOTS: [f64; 9] = [1.59, 4.70, 5.13, 7.88, 9.84, 10.17, 10.42, 10.60, 11.52];
const MARSEILLAIS_KNOTS: [f64; 9] = [5.09, 9.32, 9.68, 10.04, 10.25, 10.39, 10.54, 10.68, 10.94];

/// The initial rating of a puzzle: its [`difficulty`] placed among its game's knots
/// (`SADE_KNOTS`, `MARSEILLAIS_KNOTS`), straight between two of them, from 800 at the first to
/// 2400 at the last.
pub fn initial(analysis: &Analysis, answer: &Answer) -> u32 {
    let knots = if analysis.face.is_some() {
        &SADE_KNOTS
    } else {
        &MARSEILLAIS_KNOTS
    };
    rating_at(knots, difficulty(analysis, answer))
}

fn rating_at(knots: &[f64; 9], d: f64) -> u32 {
    let i = knots.iter().take_while(|&&k| k <= d).count();
    let rating = match i {
        0 => 800.0,
        9 => 2400.0,
        _ => {
            let (lo, hi) = (knots[i - 1], knots[i]);
            800.0 + 200.0 * ((i - 1) as f64 + (d - lo) / (hi - lo))
        }
    };
    rating.round().clamp(800.0, 2400.0) as u32
}

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
    fn solving_a_harder_puzzle_gains_more() {
        let (easy, _) = update(Glicko::default(), Glicko::of_puzzle(1100), true);
        let (hard, _) = update(Glicko::default(), Glicko::of_puzzle(1900), true);
        assert!(hard.rating > easy.rating);
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

    #[test]
    fn the_difficulty_grows_with_the_ways_and_the_traps_and_places_the_rating() {
        use crate::puzzles::analyse::{Analysis, Answer, Shape};
        let answer = |outcome| Answer {
            text: String::new(),
            orders: vec![String::new()],
            outcome,
            end: None,
            shape: Shape::default(),
        };
        // The first answer is the puzzle's; every answer one way.
        let analysis = |ways: usize, losing: usize| {
            let mut a = vec![answer(Consequence::Wins)];
            a.extend((1..ways).map(|i| {
                answer(if i <= losing {
                    Consequence::Loses
                } else {
                    Consequence::GoesOn
                })
            }));
            Analysis {
                player: shakmaty::Color::White,
                face: None,
                ways,
                answers: a,
                line: None,
                search: None,
            }
        };
        let difficulty_of = |ways, losing| {
            let a = analysis(ways, losing);
            difficulty(&a, &a.answers[0])
        };
        assert_eq!(difficulty_of(2, 1), 3.0);
        assert_eq!(difficulty_of(64, 0), 6.0);
        assert!((difficulty_of(1025, 512) - 11.0).abs() < 0.01);
        // An answer of two orders among 64 ways is found twice as often as one of one.
        let mut two = analysis(64, 0);
        two.answers[0].orders.push(String::new());
        assert_eq!(difficulty(&two, &two.answers[0]), 5.0);
        // Placed among the knots: the least and below 800, the most and above 2400, straight
        // between two knots.
        let knots = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
        assert_eq!(rating_at(&knots, 0.5), 800);
        assert_eq!(rating_at(&knots, 1.0), 800);
        assert_eq!(rating_at(&knots, 1.5), 900);
        assert_eq!(rating_at(&knots, 8.75), 2350);
        assert_eq!(rating_at(&knots, 9.0), 2400);
        assert_eq!(rating_at(&knots, 12.0), 2400);
        assert!(SADE_KNOTS.windows(2).all(|w| w[0] < w[1]));
        assert!(MARSEILLAIS_KNOTS.windows(2).all(|w| w[0] < w[1]));
    }
}
