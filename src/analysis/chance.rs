//! Winning chances and what a loss of them is called: lichess's curve from centipawns, its
//! thresholds and its handling of mates, and its accuracy of a move.

use serde::{Deserialize, Serialize};

use crate::engine::MATE;

/// lichess's slope of the winning chance over centipawns.
const SLOPE: f64 = 0.003_682_08;

/// The chance of winning (0 to 1) of an engine score for the player it is for: centipawns
/// through lichess's curve (clamped to ±1000, as lichess does), a mate 1 or 0.
pub fn of_score(score: i32) -> f64 {
    if let Some(mate) = mate_in(score) {
        return if mate > 0 { 1.0 } else { 0.0 };
    }
    of_centipawns(score)
}

/// lichess's curve: 50 + 50·(2/(1+e^(−0.00368208·cp)) − 1) percent, as a fraction.
pub fn of_centipawns(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-1000, 1000));
    1.0 / (1.0 + (-SLOPE * cp).exp())
}

/// The plies to a mate the score is (positive: the player mates), `None` when it is none.
pub fn mate_in(score: i32) -> Option<i32> {
    if score >= MATE - 1000 {
        Some(MATE - score)
    } else if score <= -MATE + 1000 {
        Some(-(MATE + score))
    } else {
        None
    }
}

/// What a turn's loss of winning chances is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The glyph a record writes after the turn (`?!`, `?`, `??`) as its NAG.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// lichess's thresholds on the loss of winning chances: 5, 10 and 15 points.
pub fn by_loss(loss: f64) -> Option<Judgement> {
    if loss >= 0.15 {
        Some(Judgement::Blunder)
    } else if loss >= 0.10 {
        Some(Judgement::Mistake)
    } else if loss >= 0.05 {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// The judgement of a chess move or Marseillais turn from the engine's scores for its player:
/// the best turn's and the played one's. As lichess: a turn that lets a mate in where there
/// was none is judged by how the position stood before (below −999 an inaccuracy, below −700
/// a mistake, else a blunder); one that lets a forced mate go, by how it stands after (above
/// 999 an inaccuracy, above 700 a mistake, else a blunder); a mate kept or still suffered is
/// not judged; all others by the loss of chances.
pub fn judge_scores(best: i32, played: i32) -> Option<Judgement> {
    match (mate_in(best), mate_in(played)) {
        (None, Some(m)) if m < 0 => Some(if best < -999 {
            Judgement::Inaccuracy
        } else if best < -700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }),
        (Some(b), after) if b > 0 && after.is_none_or(|a| a < 0) => Some(match after {
            None if played > 999 => Judgement::Inaccuracy,
            None if played > 700 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }),
        (Some(_), Some(_)) => None,
        _ => by_loss(of_score(best) - of_score(played)),
    }
}

/// lichess's accuracy of a move, 0 to 100, from the chances before and after it (the best's
/// and the played one's).
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    let drop = 100.0 * (before - after).max(0.0);
    (103.166_8 * (-0.043_54 * drop).exp() - 3.166_9 + 1.0).clamp(0.0, 100.0)
}

/// A player's accuracy over a game: the mean of the arithmetic and the harmonic mean of the
/// moves' accuracies (lichess weighs the arithmetic mean by the game's volatility; this does
/// not). `None` for no judged move.
pub fn game_accuracy(moves: &[f64]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let n = moves.len() as f64;
    let mean = moves.iter().sum::<f64>() / n;
    let harmonic = n / moves.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
    Some((mean + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_is_lichess_s() {
        assert!((of_centipawns(0) - 0.5).abs() < 1e-12);
        // lichess: +100 cp is 59.1%, +300 cp 75.1%.
        assert!((of_centipawns(100) - 0.591).abs() < 0.001);
        assert!((of_centipawns(300) - 0.751).abs() < 0.001);
        assert_eq!(of_centipawns(5000), of_centipawns(1000));
        assert_eq!(of_score(MATE - 3), 1.0);
        assert_eq!(of_score(-MATE + 4), 0.0);
    }

    #[test]
    fn the_thresholds_are_five_ten_and_fifteen_points() {
        assert_eq!(by_loss(0.049), None);
        assert_eq!(by_loss(0.05), Some(Judgement::Inaccuracy));
        assert_eq!(by_loss(0.10), Some(Judgement::Mistake));
        assert_eq!(by_loss(0.15), Some(Judgement::Blunder));
    }

    #[test]
    fn mates_are_judged_as_lichess_judges_them() {
        // Letting a mate in from an even position: a blunder; from a lost one: an inaccuracy.
        assert_eq!(judge_scores(20, -MATE + 2), Some(Judgement::Blunder));
        assert_eq!(judge_scores(-1200, -MATE + 2), Some(Judgement::Inaccuracy));
        // Letting a mate go but staying far ahead: an inaccuracy.
        assert_eq!(judge_scores(MATE - 3, 1500), Some(Judgement::Inaccuracy));
        assert_eq!(judge_scores(MATE - 3, 800), Some(Judgement::Mistake));
        assert_eq!(judge_scores(MATE - 3, 100), Some(Judgement::Blunder));
        // A longer mate is still a mate.
        assert_eq!(judge_scores(MATE - 3, MATE - 7), None);
        assert_eq!(judge_scores(30, 25), None);
    }

    #[test]
    fn a_perfect_move_is_accurate() {
        assert!(move_accuracy(0.6, 0.6) > 99.9);
        assert!(move_accuracy(0.9, 0.3) < 10.0);
        assert_eq!(game_accuracy(&[]), None);
    }
}
