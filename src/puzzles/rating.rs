//! Ratings: the initial rating of a puzzle, from what the referee counted.

use super::analyse::{Analysis, Outcome};

/// The initial rating of a puzzle: 800, plus 120 for each doubling of the number of different
/// answers of the turn (more to look through is harder), plus 300 times the share of them that
/// lose this turn (more traps), rounded; between 600 and 2600. Two answers, one losing: 1070;
/// 1000 answers, none losing: 1996.
pub fn initial(analysis: &Analysis) -> u32 {
    let answers = analysis.answers.len().max(1) as f64;
    let losing = analysis.count(Outcome::Loses) as f64 / answers;
    let rating = 800.0 + 120.0 * answers.log2() + 300.0 * losing;
    rating.round().clamp(600.0, 2600.0) as u32
}
