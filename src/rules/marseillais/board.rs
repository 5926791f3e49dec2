//! A position in the middle of a Marseillais game: shakmaty's position for the player about to
//! move, plus the en passant captures that Marseillais allows and shakmaty cannot express
//! (two double steps in one turn, M4).

use std::num::NonZeroU32;

use shakmaty::attacks;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use crate::record::{ActionKind, SanMove};
use crate::rules::resolve::{MoveError, resolve};
use crate::rules::standard;

/// The position before one move of a turn.
#[derive(Clone, Debug)]
pub struct Board {
    /// The player to move is `pos.turn()`; shakmaty's own en passant square is always empty.
    pub pos: Chess,
    /// The squares a pawn may take en passant on with this move (M4): the squares the
    /// opponent's pawns passed with double steps in their last turn (first move of a turn), or
    /// the other such square right after a first en passant capture (second move).
    pub ep: Vec<Square>,
}

impl Board {
    /// Every legal move, en passant captures included.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = standard::legal_moves(&self.pos).into_iter().collect();
        moves.extend(self.en_passant_moves());
        moves
    }

    /// The en passant captures allowed now (M4) that do not leave the king in check.
    pub fn en_passant_moves(&self) -> Vec<Move> {
        let us = self.pos.turn();
        let mut moves = Vec::new();
        for &to in &self.ep {
            let Some(victim) = to.offset(if us == Color::White { -8 } else { 8 }) else {
                continue;
            };
            if !self.pos.their(Role::Pawn).contains(victim)
                || self.pos.board().occupied().contains(to)
            {
                continue;
            }
            for from in attacks::pawn_attacks(!us, to) & self.pos.our(Role::Pawn) {
                let m = Move::EnPassant { from, to };
                if self.keeps_king_safe(m) {
                    moves.push(m);
                }
            }
        }
        moves
    }

    fn keeps_king_safe(&self, m: Move) -> bool {
        let us = self.pos.turn();
        let mut after = self.pos.clone();
        after.play_unchecked(m);
        after.board().king_of(us).is_some_and(|king| {
            after
                .king_attackers(king, !us, after.board().occupied())
                .is_empty()
        })
    }

    /// The legal move the action names, en passant captures included.
    ///
    /// # Errors
    /// [`MoveError`] when no unique legal move matches.
    pub fn resolve(&self, kind: &ActionKind) -> Result<Move, MoveError> {
        let base = resolve(&self.pos, kind);
        let ep: Vec<Move> = self
            .en_passant_moves()
            .into_iter()
            .filter(|&m| names(kind, m))
            .collect();
        match base {
            Ok(m) if ep.is_empty() => Ok(m),
            Ok(_) => Err(MoveError::Ambiguous),
            Err(MoveError::Illegal) => match ep.as_slice() {
                [m] => Ok(*m),
                [] => Err(MoveError::Illegal),
                _ => Err(MoveError::Ambiguous),
            },
            Err(e) => Err(e),
        }
    }

    /// Whether the player to move is in check.
    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// The en passant squares where a capture is legal now (for the repetition key and the
    /// FEN).
    pub fn capturable_ep(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.en_passant_moves().iter().map(|m| m.to()).collect();
        squares.sort();
        squares.dedup();
        squares
    }

    /// The FEN, with an en passant square when exactly one capture square is available.
    pub fn fen(&self) -> String {
        let text = standard::fen(&self.pos);
        match self.capturable_ep().as_slice() {
            [square] => {
                let mut fields: Vec<String> = text.split(' ').map(str::to_owned).collect();
                if let Some(field) = fields.get_mut(3) {
                    *field = square.to_string();
                }
                fields.join(" ")
            }
            _ => text,
        }
    }
}

/// Whether a written move names this en passant capture.
fn names(kind: &ActionKind, m: Move) -> bool {
    let Move::EnPassant { from, to } = m else {
        return false;
    };
    match kind {
        ActionKind::San(SanMove::Normal {
            role: Role::Pawn,
            file,
            rank,
            to: target,
            promotion: None,
            ..
        }) => {
            *target == to
                && file.is_none_or(|f| f == from.file())
                && rank.is_none_or(|r| r == from.rank())
                && (file.is_some() || rank.is_some())
        }
        ActionKind::Uci(uci) => uci.from == from && uci.to == to && uci.promotion.is_none(),
        _ => false,
    }
}

/// The position after `m`, set up for `next` to move with no en passant square, with the
/// fullmove number given. `None` if that is not a playable position (it always is for legal
/// moves: `next` is the mover only when the move gave no check).
pub fn rebase(
    after: &Chess,
    next: Color,
    fullmoves: NonZeroU32,
    mode: CastlingMode,
) -> Option<Chess> {
    let mut setup = after.to_setup(EnPassantMode::Always);
    setup.ep_square = None;
    setup.turn = next;
    setup.fullmoves = fullmoves;
    standard::position_from_setup(setup, mode).ok()
}

/// The double step a move makes: the square the pawn passed.
pub fn double_step(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } if from.rank().distance(to.rank()) == 2 => from.offset(if to > from { 8 } else { -8 }),
        _ => None,
    }
}

/// King against king, or king and one knight or bishop against king (M6).
pub fn insufficient_material(pos: &Chess) -> bool {
    let board = pos.board();
    (board.pawns() | board.rooks_and_queens()).is_empty()
        && (board.knights() | board.bishops()).count() <= 1
}

/// The en passant squares for the second move (M4): after a first en passant capture, the other
/// double step of the opponent's last turn.
pub(crate) fn second_move_ep(offered: &[Square], first: Move) -> Vec<Square> {
    match first {
        Move::EnPassant { to, .. } => offered.iter().copied().filter(|&s| s != to).collect(),
        _ => Vec::new(),
    }
}
