//! Ratings: the initial rating of a puzzle, from what the referee counted; the Glicko-2 ratings
//! of a player and of each puzzle in play ([`Solver`]), and the choice of the next puzzle.
//! The initial rating is made here; the Glicko-2 ratings (`glicko.rs`) and the player
//! (`solver.rs`) live beside it and are named through this module.

use super::answers::{Analysis, Answer, Consequence};
pub use super::glicko::{Glicko, update};
pub use super::solver::{Attempt, NEAR, Solver};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difficulty_grows_with_the_ways_and_the_traps_and_places_the_rating() {
        use crate::puzzles::answers::Shape;
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
