//! The state after each kind of action: a move, a piece taken off into the pool, a piece put
//! back, nothing; and the turn passed to the next roller.

use once_cell::race::OnceBox;
use shakmaty::{ByColor, Chess, Color, Move, Piece, Position, Square};

use super::pool::add;
use super::state::{EpChance, State};

impl State {
    /// The state after `m`, a legal move in `pos` (a position of this state): the captured piece
    /// goes to the pool, castling rights and the en passant chance follow the move. The position
    /// the move leads to is kept as the new state's, the other side to move: a legal move leads
    /// to a position [`State::build`] would give (debug builds compare the two).
    pub(crate) fn after_move(&self, pos: &Chess, m: Move) -> State {
        let mover = pos.turn();
        let mut played = Box::new(pos.clone());
        played.play_unchecked(m);
        let mut pocket = self.pocket;
        if let Some(role) = m.capture() {
            add(&mut pocket, role.of(!mover));
        }
        let mut next = State {
            board: played.board().clone(),
            castling_rights: played.castles().castling_rights(),
            castling_mode: self.castling_mode,
            ep: played.maybe_ep_square().map(|square| EpChance {
                square,
                pusher: mover,
            }),
            pocket,
            roller: self.roller,
            halfmoves: if m.is_zeroing() {
                0
            } else {
                self.halfmoves.saturating_add(1)
            },
            fullmoves: self.fullmoves,
            positions: ByColor::default(),
        };
        debug_assert_eq!(
            Some(&*played),
            next.build(!mover).ok().as_deref(),
            "a move leads to another position than the one built, {}",
            next.fen()
        );
        *next.positions.get_mut(!mover) = OnceBox::with_value(played);
        next
    }

    /// The state after a piece is taken off the board into the pool (face 4).
    pub(crate) fn after_removal(&self, square: Square) -> State {
        let mut next = self.unbuilt();
        if let Some(piece) = next.board.remove_piece_at(square) {
            add(&mut next.pocket, piece);
        }
        next.castling_rights.discard(square);
        next.ep = None;
        next.halfmoves = 0;
        next
    }

    /// The state after a piece of the pool is put back on the board (face 5). A resurrected
    /// rook has no castling right (R8): rights belong to rooks that never left their square.
    ///
    /// The position with the other side to move is kept for the new state when this state's
    /// position for the piece's colour is at hand ([`State::chess`]) and the square is empty:
    /// shakmaty 0.30 plays a drop (`Move::Put`, a Crazyhouse move) of the side to move's piece
    /// as that piece put on the square, no en passant square, the other side to move. Debug
    /// builds compare it with the position built.
    pub(crate) fn after_placement(&self, piece: Piece, square: Square) -> State {
        let mut next = self.unbuilt();
        next.board.set_piece_at(square, piece);
        let count = next.pocket.get_mut(piece.color).get_mut(piece.role);
        *count = count.saturating_sub(1);
        next.castling_rights.discard(square);
        next.ep = None;
        next.halfmoves = 0;
        let empty =
            !self.board.occupied().contains(square) && !self.castling_rights.contains(square);
        if empty && let Ok(pos) = self.chess(piece.color) {
            let mut dropped = Box::new(pos.clone());
            dropped.play_unchecked(Move::Put {
                role: piece.role,
                to: square,
            });
            debug_assert_eq!(
                Some(&*dropped),
                next.build(!piece.color).ok().as_deref(),
                "a drop differs from the position built, {}",
                next.fen()
            );
            *next.positions.get_mut(!piece.color) = OnceBox::with_value(dropped);
        }
        next
    }

    /// The state after `--` (the turn passes on face 5): the en passant chance is gone.
    pub(crate) fn after_nothing(&self) -> State {
        let mut next = self.unbuilt();
        next.ep = None;
        next
    }

    /// The next player's turn (the positions do not depend on who rolls: they are kept).
    pub(crate) fn end_turn(&mut self) {
        if self.roller == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.roller = !self.roller;
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Role;

    use super::super::state::from_fen;
    use super::*;

    #[test]
    fn a_captured_piece_enters_the_pool_as_what_it_was() {
        // White's promoted queen on d5 is taken by Black's rook.
        let s = from_fen("3rk3/8/8/3Q4/8/8/8/4K3[] b - - 0 1").unwrap();
        let pos = s.position(Color::Black).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::D5)
            .unwrap();
        let after = s.after_move(&pos, m);
        assert_eq!(*after.pocket().white.get(Role::Queen), 1);
    }
}
