//! The evaluation of a Sade position, for one player. The goals are inverted (Art. 9): a
//! player wins by being mated, stalemated or stripped bare, and loses by mating the opponent,
//! by Poverty of the Flesh or by a forbidden check. The ends are found by the search (the
//! fulfilments carry them, and a face with none is lost); between them the terms are:
//!
//! - **Pieces, counted, not valued.** Nakedness counts pieces: a pawn brings a player as close
//!   to it as a queen. Each piece of one's own costs [`OWN_PIECE`]; each of the opponent's is
//!   worth as much for us (the fewer he has, the closer he is to winning). The count is also
//!   what Poverty of the Flesh needs: a player with fewer pieces fails faces 1–3 more often,
//!   which the search, not this term, sees.
//! - **The pool.** On a 5 the roller resurrects an enemy piece: one's own pieces in the pool
//!   may come back at the opponent's 5 ([`POOL`] against), the opponent's at one's own 5 (for).
//! - **Pieces under attack.** On faces 1–3 the roller moves the opponent's pieces, so an
//!   opponent's piece that attacks one of ours is a way to lose a piece at our next roll (good,
//!   [`HANGING`]); ours attacking his are his chance.
//! - **The king's exposure.** Being mated wins, and on faces 1–3 the roller mates himself with
//!   the opponent's pieces: the squares next to our king that his pieces attack are chances
//!   ([`EXPOSURE`]); ours next to his, his chances.

use shakmaty::attacks::{attacks, king_attacks};
use shakmaty::{Bitboard, Board, Color};

use crate::rules::sade::State;

/// Score of an own piece on the board (a cost: nakedness is the goal).
pub(crate) const OWN_PIECE: i32 = -100;
/// Score of an own piece in the pool (it may come back); the opponent's count the opposite.
pub(crate) const POOL: i32 = -15;
/// Score of an own piece attacked by an opponent's piece.
pub(crate) const HANGING: i32 = 12;
/// Score of a square next to our king attacked by the opponent's pieces.
pub(crate) const EXPOSURE: i32 = 6;

/// The squares attacked by the pieces of `color` (the king's aside).
fn attacked_by(board: &Board, color: Color) -> Vec<Bitboard> {
    let occupied = board.occupied();
    (board.by_color(color) & !board.kings())
        .into_iter()
        .filter_map(|square| board.piece_at(square).map(|p| attacks(square, p, occupied)))
        .collect()
}

/// The score of `state` for `us`.
pub fn evaluate(state: &State, us: Color) -> i32 {
    let board = state.board();
    let pocket = state.pocket();
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == us { 1 } else { -1 };
        let pieces = (board.by_color(color) & !board.kings()).count() as i32;
        score += sign * OWN_PIECE * pieces;
        let pooled: i32 = pocket.get(color).iter().map(|&n| i32::from(n)).sum();
        score += sign * POOL * pooled;
        let theirs = attacked_by(board, !color);
        let mine = board.by_color(color) & !board.kings();
        let hanging = theirs.iter().fold(Bitboard::EMPTY, |all, &a| all | a) & mine;
        score += sign * HANGING * hanging.count() as i32;
        if let Some(king) = board.king_of(color) {
            let zone = king_attacks(king) | Bitboard::from_square(king);
            let exposure: i32 = theirs.iter().map(|a| (*a & zone).count() as i32).sum();
            score += sign * EXPOSURE * exposure;
        }
    }
    score
}

/// The scale of [`chance`]: an evaluation of this many points is a chance of 1/(1+e⁻¹), about
/// 73%. Fitted by maximum likelihood on the positions before each roll of 200 self-play games
/// (docs/analysis.md, "The Sade curve": log-loss 0.5950 a position, 0.6068 at 150).
pub const CHANCE_SCALE: f64 = 216.5;

/// The chance that `us` wins from `state`, 0 to 1: the evaluation through a logistic curve, so
/// that an expectimax's mean over the faces is a mean of probabilities.
pub(crate) fn chance(state: &State, us: Color) -> f64 {
    let score = f64::from(evaluate(state, us));
    1.0 / (1.0 + (-score / CHANCE_SCALE).exp())
}
