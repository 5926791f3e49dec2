//! The score of a match between two bots: points per bot, with a 95% confidence interval, and
//! the terminations by kind.

use std::collections::BTreeMap;
use std::fmt;

use shakmaty::Color;

use crate::referee::{Status, Verdict};

/// One side of a match: the bot that plays White in the odd-numbered games (`first`) or in the
/// even-numbered ones (`second`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    /// Who plays White in game `number` (from 1): colours alternate, the first seat opens.
    pub fn white_in(number: u64) -> Seat {
        if number % 2 == 1 {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

/// The running score of a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// The first seat's points in each game: 1 a win, 1/2 a draw or an unfinished game, 0 a
    /// loss.
    points: Vec<f64>,
    pub wins: [u32; 2],
    pub draws: u32,
    /// Games stopped at the turn limit with no result.
    pub unfinished: u32,
    /// Games by how they ended (`checkmate`, `nakedness`, ...).
    pub terminations: BTreeMap<&'static str, u32>,
}

impl Tally {
    /// Adds game `number`'s verdict.
    pub fn add(&mut self, number: u64, verdict: &Verdict) {
        let white = Seat::white_in(number);
        let first_points = match (verdict.status, verdict.winner) {
            (Status::Finished, Some(winner)) => {
                let seat = if winner == Color::White {
                    white
                } else {
                    other(white)
                };
                self.wins[seat as usize] += 1;
                if seat == Seat::First { 1.0 } else { 0.0 }
            }
            (Status::Finished, None) => {
                self.draws += 1;
                0.5
            }
            _ => {
                self.unfinished += 1;
                0.5
            }
        };
        self.points.push(first_points);
        let kind = match verdict.termination {
            Some(termination) => termination.name(),
            None => "unfinished",
        };
        *self.terminations.entry(kind).or_insert(0) += 1;
    }

    pub fn games(&self) -> usize {
        self.points.len()
    }

    /// A seat's points.
    pub fn points(&self, seat: Seat) -> f64 {
        // A fold from +0.0: `sum` starts from -0.0, which prints as "-0.0".
        let first = self.points.iter().fold(0.0, |sum, points| sum + points);
        match seat {
            Seat::First => first,
            Seat::Second => self.points.len() as f64 - first,
        }
    }

    /// A seat's mean score per game and its 95% confidence interval: the Wilson score interval
    /// for a proportion (z = 1.96), which stays honest near 0% and 100% where the normal
    /// approximation collapses to a point; with draws, whose points vary less than a win or a
    /// loss, it is conservative.
    pub fn score(&self, seat: Seat) -> (f64, f64, f64) {
        let n = self.points.len() as f64;
        if n == 0.0 {
            return (0.0, 0.0, 1.0);
        }
        let p = self.points(seat) / n;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// The normal quantile of a two-sided 95% interval.
const Z: f64 = 1.96;

fn other(seat: Seat) -> Seat {
    match seat {
        Seat::First => Seat::Second,
        Seat::Second => Seat::First,
    }
}

/// One line per seat, then the terminations.
pub struct TallyTable<'a> {
    pub tally: &'a Tally,
    /// The seats' names (`greedy`, `random`).
    pub names: [&'a str; 2],
}

impl fmt::Display for TallyTable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.tally;
        if t.games() == 0 {
            return writeln!(f, "no games played: no score");
        }
        for (seat, name) in [Seat::First, Seat::Second].into_iter().zip(self.names) {
            let (mean, low, high) = t.score(seat);
            let wins = t.wins[seat as usize];
            let losses = t.wins[1 - seat as usize];
            writeln!(
                f,
                "{name:<10} {:>6.1} / {} = {:5.1}% (95% CI {:.1}%–{:.1}%): {wins} won, {losses} \
                 lost, {} drawn, {} unfinished",
                t.points(seat),
                t.games(),
                100.0 * mean,
                100.0 * low,
                100.0 * high,
                t.draws,
                t.unfinished,
            )?;
        }
        writeln!(f, "terminations:")?;
        for (kind, count) in &t.terminations {
            writeln!(f, "  {kind:<24} {count}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(first_points: &[f64]) -> Tally {
        Tally {
            points: first_points.to_vec(),
            ..Tally::default()
        }
    }

    #[test]
    fn no_games_is_no_score_and_never_minus_zero() {
        let t = Tally::default();
        assert!(t.points(Seat::First).is_sign_positive());
        let text = TallyTable {
            tally: &t,
            names: ["greedy", "random"],
        }
        .to_string();
        assert_eq!(text, "no games played: no score\n");
    }

    #[test]
    fn the_wilson_interval_of_an_even_score() {
        let t = tally(&[1.0, 0.0].repeat(50));
        let (p, low, high) = t.score(Seat::First);
        assert!((p - 0.5).abs() < 1e-12);
        assert!(
            (low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3,
            "{low} {high}"
        );
    }

    #[test]
    fn a_perfect_score_still_has_an_interval() {
        let t = tally(&[1.0; 200]);
        let (p, low, high) = t.score(Seat::First);
        assert_eq!((p, high), (1.0, 1.0));
        assert!((low - 0.9812).abs() < 1e-3, "{low}");
        let (p, low, high) = t.score(Seat::Second);
        assert_eq!((p, low), (0.0, 0.0));
        assert!((high - 0.0188).abs() < 1e-3, "{high}");
    }
}
