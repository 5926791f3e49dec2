//! What an engine's `info` lines say of a line: its number (MultiPV), its first move, its
//! score.

use shakmaty::uci::UciMove;

/// An engine's score of a line, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Moves to a mate (negative: the player is mated).
    Mate(i32),
}

/// An `info` line's `multipv` (1 when it has none), its first move and its score; `None` for
/// a line without a score and a move (or with a bound only).
pub(super) fn info_line(line: &str) -> Option<(usize, UciMove, Score)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let (mut k, mut score, mut first) = (1, None, None);
    while let Some(word) = words.next() {
        match word {
            "multipv" => k = words.next()?.parse().ok()?,
            "cp" => score = Some(Score::Cp(words.next()?.parse().ok()?)),
            "mate" => score = Some(Score::Mate(words.next()?.parse().ok()?)),
            "lowerbound" | "upperbound" => return None,
            "pv" => {
                first = words.next()?.parse::<UciMove>().ok();
                break;
            }
            _ => {}
        }
    }
    Some((k, first?, score?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_info_line_gives_its_line_move_and_score() {
        let line = "info depth 12 seldepth 16 multipv 2 score cp -35 nodes 9 pv e7e5 g1f3";
        let (k, m, score) = info_line(line).unwrap();
        assert_eq!(
            (k, m.to_string(), score),
            (2, "e7e5".to_owned(), Score::Cp(-35))
        );
        let mate = info_line("info depth 5 score mate -2 pv h7h6").unwrap();
        assert_eq!(mate.2, Score::Mate(-2));
        assert!(info_line("info depth 5 score cp 10 lowerbound pv e2e4").is_none());
        assert!(info_line("info string hello").is_none());
    }
}
