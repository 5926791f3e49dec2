//! The chess positions of a state, made once each: built and validated by shakmaty, or passed
//! on from the other side's position without validating it again.
//!
//! Building a position validates it, which costs several times what playing a move does; so a
//! state keeps the positions it has (the move written or searched is resolved, then played, in
//! the same position), a state reached by a move keeps the position the move led to, and the
//! other side's position is passed on from one at hand where it can be ([`State::chess`]).

use std::num::NonZeroU32;

use once_cell::race::OnceBox;
use shakmaty::{Bitboard, Chess, Color, FromSetup, Move, Position, Setup};

use super::fault::Refused;
use super::state::{State, color_name};

impl State {
    /// The chess position with `turn` to move: the board, the castling rights, and the en
    /// passant square when the last action was a double step of the other colour.
    ///
    /// # Errors
    /// [`Refused`] when shakmaty refuses the position for any reason but too much material.
    pub fn position(&self, turn: Color) -> Result<Chess, Refused> {
        self.chess(turn).cloned()
    }

    /// [`State::position`], made once per state and side to move (a state never changes once
    /// made, but for who rolls, which the position does not hold): passed on from the other
    /// side's position where it can be ([`State::pass`]), else built.
    pub(crate) fn chess(&self, turn: Color) -> Result<&Chess, Refused> {
        let cell = self.positions.get(turn);
        if let Some(pos) = cell.get() {
            return Ok(pos);
        }
        cell.get_or_try_init(|| match self.positions.get(!turn).get() {
            Some(pos) => self.pass(pos).map_or_else(|| self.build(turn), Ok),
            None => self.build(turn),
        })
    }

    /// Makes the position with `turn` to move ahead, as [`State::chess`] would, through
    /// `&mut self` where the caller owns the state: the cache is filled without the
    /// compare-exchange that a fill through `&self` takes (about 1% of a Sade `verify`, perf). A
    /// position that cannot be made is left for [`State::chess`] to refuse.
    pub(crate) fn prepare(&mut self, turn: Color) {
        if self.positions.get(turn).get().is_some() {
            return;
        }
        let made = match self.positions.get(!turn).get() {
            Some(pos) => self.pass(pos).map_or_else(|| self.build(turn), Ok),
            None => self.build(turn),
        };
        if let Ok(pos) = made {
            *self.positions.get_mut(turn) = OnceBox::with_value(pos);
        }
    }

    /// The position with the other side to move than in `pos` (a position of this state), made
    /// from `pos` without validating it again: what [`State::build`] gives, when no king is in
    /// check and the side to move next has no en passant chance (`None` otherwise).
    ///
    /// shakmaty 0.30 makes a position with the other side to move only by validating a setup
    /// (`from_setup`: about 870 instructions with the castling rights, callgrind). Here a piece of the side
    /// to move, neither its king nor a rook with a castling right, moves onto its own square:
    /// shakmaty's `play_unchecked` plays it as a null move (the board and the castling rights as
    /// they were, no en passant square, the other side to move). That is no legal move, so it
    /// rests on how shakmaty 0.30 plays one: the test `a_pass_is_the_position_built` holds it to
    /// [`State::build`] on thousands of positions, and debug builds (every test) compare each
    /// pass with the built position.
    pub(super) fn pass(&self, pos: &Chess) -> Option<Box<Chess>> {
        let turn = !pos.turn();
        if self.ep.is_some_and(|ep| ep.pusher != turn) || pos.is_check() {
            return None;
        }
        let board = pos.board();
        let idle = board.by_color(pos.turn()) & !board.kings() & !self.castling_rights;
        let from = idle.first()?;
        let role = board.role_at(from)?;
        let mut passed = Box::new(pos.clone());
        passed.play_unchecked(Move::Normal {
            role,
            from,
            capture: None,
            to: from,
            promotion: None,
        });
        debug_assert_eq!(
            Some(&passed),
            self.build(turn).ok().as_ref(),
            "a pass differs from the position built, {}",
            self.fen()
        );
        Some(passed)
    }

    /// The position with `turn` to move, validated by shakmaty, boxed where shakmaty returns
    /// it (the cache keeps it boxed; a copy through each `Result` on the way cost 4% of a Sade
    /// `verify`).
    pub(super) fn build(&self, turn: Color) -> Result<Box<Chess>, Refused> {
        let setup = Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn,
            castling_rights: self.castling_rights,
            ep_square: self.ep.filter(|ep| ep.pusher != turn).map(|ep| ep.square),
            remaining_checks: None,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
        };
        match Chess::from_setup(setup, self.castling_mode) {
            Ok(pos) => return Ok(Box::new(pos)),
            Err(e) => e.ignore_too_much_material().map(Box::new),
        }
        .map_err(|e| Refused {
            reason: format!(
                "the position with {} to move is not a chess position ({})",
                color_name(turn),
                crate::rules::standard::position_error(e.kinds())
            ),
        })
    }

    /// The same state, with the positions built for it so far (a clone leaves them out: most
    /// clones are for another action, whose positions differ).
    pub(crate) fn with_positions(&self) -> State {
        let mut next = self.unbuilt();
        next.positions = self.positions.as_ref().map(|cell| match cell.get() {
            Some(pos) => OnceBox::with_value(Box::new(pos.clone())),
            None => OnceBox::new(),
        });
        next
    }

    /// The same state with the positions built for it, taken from this one (which keeps the
    /// rest: its positions are built again if asked for).
    pub(crate) fn take_positions(&mut self) -> State {
        State {
            positions: std::mem::take(&mut self.positions),
            ..self.unbuilt()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::from_fen;
    use super::*;

    /// States of random Sade play from a few starts: each action moves a piece of a colour
    /// drawn at random (xorshift from `seed`), as a series does, and a move that checks a king
    /// starts the walk again (between actions no king is in check).
    fn random_states(fens: &[&str], walks: usize, actions: usize, mut seed: u64) -> Vec<State> {
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut found = Vec::new();
        for walk in 0..walks {
            let mut state = from_fen(fens[walk % fens.len()]).unwrap();
            for _ in 0..actions {
                let color = if next() % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let Ok(pos) = state.chess(color) else { break };
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[usize::try_from(next() % moves.len() as u64).unwrap_or(0)];
                let after = state.after_move(pos, m);
                if after.in_check(Color::White) || after.in_check(Color::Black) {
                    break;
                }
                found.push(after.with_positions());
                state = after;
            }
        }
        found
    }

    #[test]
    fn a_pass_is_the_position_built() {
        let states = random_states(
            &[
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                "4k3/1p1p1p2/8/2P1P3/8/8/8/4K3 b - - 0 1",
            ],
            600,
            120,
            0x2545_F491_4F6C_DD1D,
        );
        let (mut passed, mut refused) = (0, 0);
        for state in &states {
            // The kept position is the mover's opponent's; the pass gives the mover's.
            for color in Color::ALL {
                let Some(kept) = state.positions.get(!color).get() else {
                    continue;
                };
                match state.pass(kept) {
                    Some(pos) => {
                        let built = state.build(color).expect("a state of legal moves");
                        assert_eq!(*pos, *built, "{}", state.fen());
                        assert_eq!(
                            pos.castles().castling_rights(),
                            built.castles().castling_rights()
                        );
                        assert_eq!(pos.maybe_ep_square(), built.maybe_ep_square());
                        assert_eq!(pos.legal_moves(), built.legal_moves(), "{}", state.fen());
                        passed += 1;
                    }
                    None => refused += 1,
                }
            }
        }
        // Most states pass; some do not (an en passant chance for the side to move, a side
        // with only its king and rooks with castling rights).
        assert!(
            passed > 10_000 && refused > 100,
            "{passed} passed, {refused} refused"
        );
    }
}
