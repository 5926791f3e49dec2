//! The ends of a Standard game that need no claim (S2): checkmate, stalemate, a dead position,
//! the fivefold repetition and the seventy-five-move rule. The one judgement that the replay,
//! `options`, self-play and the engine's search all call.
//!
//! ```
//! use sade_ref::rules::standard::Standing;
//! use sade_ref::rules::{Article, Termination};
//! use shakmaty::{Chess, Position};
//!
//! // 1. f3 e5 2. g4 Qh4#
//! let mut standing = Standing::new(Chess::default());
//! for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
//!     let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&standing.pos).unwrap();
//!     standing = standing.after(m);
//! }
//! let end = standing.end().unwrap();
//! assert_eq!((end.termination, end.article), (Termination::Checkmate, Article::Fide5_1_1));
//! ```

use shakmaty::{Chess, Move, Position};

use super::moves::legal_moves;
use super::repetition::{play_keyed, repetition_key};
use crate::rules::{Article, GameEnd, Termination};

/// A Standard position and what its ends look back on: the positions the game stood in since
/// the last capture or pawn move (no earlier one can stand again).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The side to move is `pos.turn()`.
    pub pos: Chess,
    /// The repetition keys ([`repetition_key`]) of the positions since the last capture or pawn
    /// move, oldest first, `pos`'s last.
    pub history: Vec<u64>,
}

impl Standing {
    /// A position with no past to look back on (a FEN).
    pub fn new(pos: Chess) -> Standing {
        let history = vec![repetition_key(&pos)];
        Standing { pos, history }
    }

    /// The standing after `m`, a legal move of `self.pos`.
    pub fn after(&self, m: Move) -> Standing {
        let mut pos = self.pos.clone();
        let key = play_keyed(&mut pos, self.history.last().copied().unwrap_or(0), m);
        let history = if pos.halfmoves() == 0 {
            vec![key]
        } else {
            let mut history = Vec::with_capacity(self.history.len() + 1);
            history.extend_from_slice(&self.history);
            history.push(key);
            history
        };
        Standing { pos, history }
    }

    /// The end the game is at in this position, if any ([`automatic_end`]).
    pub fn end(&self) -> Option<GameEnd> {
        automatic_end(&self.pos, &self.history, false)
    }
}

/// The end the position `pos` is at that no player has to claim (S2), in this order:
/// checkmate (FIDE 5.1.1) and stalemate (5.2.1), a dead position (5.2.2: shakmaty's
/// insufficient material), the fivefold repetition (9.6.1), the seventy-five-move rule (9.6.2;
/// a mate on that move takes precedence).
///
/// `history`: the repetition keys of the positions since the last capture or pawn move, `pos`'s
/// last, in a game that went on until `pos` (so the material, which only a capture or a pawn
/// move changes, is looked at only when `pos` is the first of them). `mobile`: the side to move
/// is known to have a legal move (a record's next move is one), so mate and stalemate are not
/// looked for.
pub fn automatic_end(pos: &Chess, history: &[u64], mobile: bool) -> Option<GameEnd> {
    let no_moves = !mobile && legal_moves(pos).is_empty();
    // A position stands a fifth time at the earliest 16 plies after its first (each return
    // takes at least four plies), so with 17 positions since the last capture or pawn move.
    let repetitions = match history.last() {
        Some(&key) if history.len() >= 17 => history.iter().filter(|&&k| k == key).count(),
        _ => 1,
    };
    judge(pos, no_moves, history.len() <= 1, repetitions)
}

/// [`automatic_end`] from what the caller knows: whether the side to move has no legal move,
/// whether the material may be new (the first position looked at, or one after a capture or a
/// pawn move), and how often the position has stood, this time included.
pub(crate) fn judge(
    pos: &Chess,
    no_moves: bool,
    material_new: bool,
    repetitions: usize,
) -> Option<GameEnd> {
    if no_moves {
        return Some(if pos.is_check() {
            GameEnd::win(!pos.turn(), Termination::Checkmate, Article::Fide5_1_1)
        } else {
            GameEnd::draw(Termination::Stalemate, Article::Fide5_2_1)
        });
    }
    if material_new && pos.is_insufficient_material() {
        return Some(GameEnd::draw(
            Termination::InsufficientMaterial,
            Article::Fide5_2_2,
        ));
    }
    if repetitions >= 5 {
        return Some(GameEnd::draw(
            Termination::FivefoldRepetition,
            Article::Fide9_6_1,
        ));
    }
    if pos.halfmoves() >= 150 {
        return Some(GameEnd::draw(
            Termination::SeventyFiveMoveRule,
            Article::Fide9_6_2,
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use shakmaty::uci::UciMove;

    use super::*;

    fn play(standing: &Standing, uci: &str) -> Standing {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&standing.pos)
            .unwrap();
        standing.after(m)
    }

    #[test]
    fn s2_the_fifth_time_a_position_stands_draws() {
        let mut standing = Standing::new(Chess::default());
        let mut ends = Vec::new();
        for _ in 0..4 {
            for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                standing = play(&standing, uci);
                ends.push(standing.end());
            }
        }
        assert!(ends[..15].iter().all(Option::is_none), "{ends:?}");
        assert_eq!(
            ends[15],
            Some(GameEnd::draw(
                Termination::FivefoldRepetition,
                Article::Fide9_6_1
            ))
        );
        // A pawn move: no earlier position can stand again.
        let after = play(&standing, "e2e4");
        assert_eq!(after.history.len(), 1);
    }
}
