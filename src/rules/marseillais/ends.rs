//! Whether a Marseillais game is over at the start of a turn, and how (M3, M6, M7): the one
//! judgement that the replay, the end of each listed full turn (and so `options`), self-play and
//! the engine's search all call.
//!
//! In this order:
//! 1. insufficient material: K v K, K+N v K, K+B v K (M6, checked after every move, M7);
//! 2. no legal first move: mate when in check, else stalemate (M3);
//! 3. no full turn: stalemate (M3). The player may still write one of the first moves there
//!    are (each leaves no second move); the referee then ends the game with that move, and
//!    where the record stops before it, at the end of the turn before (spec/RULES.md);
//! 4. the same position at the start of a turn of the same player for the third time (M6);
//! 5. the hundredth turn in a row, both players', without a capture or a pawn move (M6).
//!
//! A full turn is a first move that gives check or ends the game, or one followed by a legal
//! second move. When the player is not in check, a first move of a piece (not a pawn) that
//! takes nothing and is not castling always is one: if it gives no check, the same piece can
//! go back, which leaves the board as it was at the start of the turn, whose king was not in
//! check. Only the rare positions without such a move are searched move by move.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingMode, Move, Position, Role};

use super::board::{Board, insufficient_material, rebase, second_move_ep};
use crate::rules::standard::repetition_key;
use crate::rules::{Article, GameEnd, Termination};

/// What M6 looks back on at the start of a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LookBack {
    /// The positions at the start of the turns since the last turn with a capture or a pawn move
    /// (no earlier one can stand again), oldest first, the current turn's not included; each
    /// as [`TurnStart::key`](super::TurnStart::key) gives it.
    pub seen: Vec<u64>,
    /// Turns in a row, both players', without a capture or a pawn move.
    pub quiet_turns: u32,
}

impl LookBack {
    /// Nothing to look back on but a FEN's half-move clock, which counts single moves, two a
    /// turn.
    pub fn from_clock(halfmoves: u32) -> LookBack {
        LookBack {
            seen: Vec::new(),
            quiet_turns: halfmoves / 2,
        }
    }

    /// How often the position `key` stands at the start of a turn, this time included.
    pub fn repetitions(&self, key: u64) -> usize {
        1 + self.seen.iter().filter(|&&k| k == key).count()
    }

    /// The look-back of the next turn, after a turn from the position `key` that made a capture
    /// or a pawn move (`zeroing`) or not.
    pub fn after_turn(&self, key: u64, zeroing: bool) -> LookBack {
        if zeroing {
            return LookBack::default();
        }
        let mut seen = Vec::with_capacity(self.seen.len() + 1);
        seen.extend_from_slice(&self.seen);
        seen.push(key);
        LookBack {
            seen,
            quiet_turns: self.quiet_turns.saturating_add(1),
        }
    }
}

/// The key of a position at the start of a turn, for M6's "same position": the placement, the
/// side to move, the castling rights ([`repetition_key`] of shakmaty's position, which holds no
/// en passant square of its own) and the en passant captures then available (M4), each square's
/// file folded in as Zobrist hashing folds one.
pub(crate) fn position_key(board: &Board) -> u64 {
    let mut key = Zobrist64(repetition_key(&board.pos));
    for square in board.capturable_ep() {
        key ^= Zobrist64::zobrist_for_en_passant_file(square.file());
    }
    key.0
}

/// The player at the start of a turn, as the judgement sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Standing<'a> {
    pub board: &'a Board,
    /// The player's legal first moves ([`Board::legal_moves`]).
    pub moves: &'a [Move],
    /// Moves the turn has: 1 (White's first turn of a Balanced game) or 2.
    pub turn_moves: usize,
    pub mode: CastlingMode,
    /// How often the position stands at the start of a turn, this time included.
    pub repetitions: usize,
    pub quiet_turns: u32,
}

/// The end of the game at the start of the turn (see the module docs).
pub(crate) fn judge(standing: Standing<'_>) -> Option<GameEnd> {
    let Standing {
        board,
        moves,
        turn_moves,
        mode,
        repetitions,
        quiet_turns,
    } = standing;
    let mover = board.pos.turn();
    if insufficient_material(&board.pos) {
        return Some(GameEnd::draw(
            Termination::InsufficientMaterial,
            Article::M7,
        ));
    }
    if moves.is_empty() {
        return Some(if board.is_check() {
            GameEnd::win(!mover, Termination::Checkmate, Article::M3)
        } else {
            GameEnd::draw(Termination::Stalemate, Article::M3)
        });
    }
    if !has_full_turn(board, moves, turn_moves, mode) {
        return Some(GameEnd::draw(Termination::Stalemate, Article::M3));
    }
    if repetitions >= 3 {
        return Some(GameEnd::draw(Termination::ThreefoldRepetition, Article::M6));
    }
    if quiet_turns >= 100 {
        return Some(GameEnd::draw(Termination::FiftyMoveRule, Article::M6));
    }
    None
}

/// Whether the player to move has a full turn (see the module docs): by the quick proof when
/// there is one, else move by move.
pub(crate) fn has_full_turn(
    board: &Board,
    moves: &[Move],
    turn_moves: usize,
    mode: CastlingMode,
) -> bool {
    if turn_moves == 1 {
        return !moves.is_empty();
    }
    let returns = |m: &Move| {
        matches!(
            m,
            Move::Normal {
                role,
                capture: None,
                promotion: None,
                ..
            } if *role != Role::Pawn
        )
    };
    if !board.is_check() && moves.iter().any(returns) {
        return true;
    }
    full_turn_example(board, moves, turn_moves, mode).is_some()
}

/// The first full turn in move generation order, searched move by move: the first move, and
/// the second when the first does not end the turn. `None` when there is none.
pub(crate) fn full_turn_example(
    board: &Board,
    moves: &[Move],
    turn_moves: usize,
    mode: CastlingMode,
) -> Option<(Move, Option<Move>)> {
    let mover = board.pos.turn();
    for &m in moves {
        if turn_moves == 1 {
            return Some((m, None));
        }
        let mut after = board.pos.clone();
        after.play_unchecked(m);
        if after.is_check() || insufficient_material(&after) {
            return Some((m, None));
        }
        let Some(pos) = rebase(&after, mover, board.pos.fullmoves(), mode) else {
            continue;
        };
        let next = Board {
            pos,
            ep: second_move_ep(&board.ep, m),
        };
        if let Some(&second) = next.legal_moves().first() {
            return Some((m, Some(second)));
        }
    }
    None
}
