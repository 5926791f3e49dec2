//! The state of a Sade game between two actions: the board, the castling rights, the en passant
//! chance, the pool of captured pieces and whose turn it is to roll.
//!
//! A shakmaty position has one side to move; a Sade turn moves pieces of either colour. So the
//! state keeps the board and builds a shakmaty [`Chess`] for the colour whose piece is about to
//! move ([`State::position`]). Between two actions no king is in check (R1), so that position is
//! always one shakmaty accepts; if it ever refuses one, the refusal is reported ([`Refused`]),
//! never skipped.
//!
//! Building a position validates it, which costs several times what playing a move does; so a
//! state keeps the positions it has (the move written or searched is resolved, then played, in
//! the same position), a state reached by a move keeps the position the move led to, and the
//! other side's position is passed on from one at hand where it can be ([`State::chess`]).

use std::fmt;
use std::num::NonZeroU32;

use once_cell::race::OnceBox;
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position, Rank,
    Setup, Square,
};

use super::fault::{BadStart, Refused};
use super::pool::{add, impossible_pocket, inferred_pocket};
use crate::record::Game;
use crate::rules::Article;
pub(crate) use crate::rules::names::{a_role, color_name, possessive, role_name};
use crate::rules::setup::{self, Pocket, Start};

/// The chance to take a pawn en passant: open for exactly one action after the double step, to a
/// pawn of the other colour, whoever plays it (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EpChance {
    /// The square the pawn passed over.
    pub square: Square,
    /// The colour of the pawn that made the double step.
    pub pusher: Color,
}

/// Everything the rules need between two actions.
pub struct State {
    board: Board,
    castling_rights: Bitboard,
    castling_mode: CastlingMode,
    ep: Option<EpChance>,
    pocket: Pocket,
    roller: Color,
    halfmoves: u32,
    fullmoves: NonZeroU32,
    /// The positions of this state made so far, by side to move ([`State::position`]): built,
    /// kept from the move that led here, or passed on from the other side's; a cache, not part
    /// of the state (equality, `Debug` and clones leave it out; boxed, so that
    /// a state stays small to move).
    positions: ByColor<OnceBox<Chess>>,
}

impl Clone for State {
    fn clone(&self) -> State {
        self.unbuilt()
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.board == other.board
            && self.castling_rights == other.castling_rights
            && self.castling_mode == other.castling_mode
            && self.ep == other.ep
            && self.pocket == other.pocket
            && self.roller == other.roller
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Eq for State {}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("board", &self.board)
            .field("castling_rights", &self.castling_rights)
            .field("castling_mode", &self.castling_mode)
            .field("ep", &self.ep)
            .field("pocket", &self.pocket)
            .field("roller", &self.roller)
            .field("halfmoves", &self.halfmoves)
            .field("fullmoves", &self.fullmoves)
            .finish()
    }
}

impl State {
    /// The state at the start of a record: its `FEN` tag (with the pocket) or the initial position.
    ///
    /// # Errors
    /// [`BadStart`] when the tag cannot be read or the position cannot be played (see
    /// [`State::from_start`]).
    pub fn from_game(game: &Game) -> Result<State, BadStart> {
        let start = setup::start_of(game).map_err(|e| BadStart::fen_tag(e.reason))?;
        State::from_start(&start)
    }

    /// The state at a start position. The side to move rolls first. Without a pocket, the pool
    /// is the standard army minus what stands on the board, never below zero (SDN v1).
    ///
    /// # Errors
    /// [`BadStart`] when shakmaty refuses the position (missing king, pawns on the back rank,
    /// castling rights without their rook, a wrong en passant square, ...), with
    /// [`Article::FenTag`], or a king is in check (between turns no king may be), with
    /// [`Article::R1`]. Too much material is accepted: resurrection creates it.
    pub fn from_start(start: &Start) -> Result<State, BadStart> {
        let setup = &start.setup;
        let ep = match setup.ep_square {
            None => None,
            Some(square) => {
                let pusher = match square.rank() {
                    Rank::Third => Color::White,
                    Rank::Sixth => Color::Black,
                    _ => {
                        return Err(BadStart::fen_tag(format!(
                            "the FEN's en passant square {square} is not on the third or sixth \
                             rank"
                        )));
                    }
                };
                Some(EpChance { square, pusher })
            }
        };
        if let Some(pocket) = &start.pocket
            && let Some(reason) = impossible_pocket(&setup.board, pocket)
        {
            return Err(BadStart::fen_tag(reason));
        }
        let mut state = State {
            board: setup.board.clone(),
            castling_rights: setup.castling_rights,
            castling_mode: CastlingMode::detect(setup),
            ep,
            pocket: start
                .pocket
                .unwrap_or_else(|| inferred_pocket(&setup.board)),
            roller: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            positions: ByColor::default(),
        };
        for color in Color::ALL {
            if state.in_check(color) {
                return Err(BadStart {
                    reason: format!(
                        "{} king is in check in the start position; between turns no king may \
                         be (R1)",
                        possessive(color)
                    ),
                    article: Article::R1,
                });
            }
        }
        for color in Color::ALL {
            let pos = state.build(color).map_err(|e| {
                BadStart::fen_tag(format!("the start position cannot be played: {e}"))
            })?;
            state.castling_rights = pos.castles().castling_rights();
        }
        Ok(state)
    }

    /// The player whose turn it is (who rolls next, or who is in the middle of his turn).
    pub fn roller(&self) -> Color {
        self.roller
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pool of captured (and sacrificed) pieces, per colour.
    pub fn pocket(&self) -> &Pocket {
        &self.pocket
    }

    pub fn castling_rights(&self) -> Bitboard {
        self.castling_rights
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.castling_mode
    }

    /// The square a pawn just passed over, while it can still be taken en passant.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep.map(|ep| ep.square)
    }

    /// The state as FEN with the pocket after the placement (`…/RNBQKBNR[Qrn] w KQkq - 0 1`),
    /// the roller to move.
    pub fn fen(&self) -> String {
        let setup = Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: self.roller,
            castling_rights: self.castling_rights,
            ep_square: self.ep_square(),
            remaining_checks: None,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        let fen = Fen::try_from_setup(setup)
            .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
            .to_string();
        let placement_end = fen.find(' ').unwrap_or(fen.len());
        format!(
            "{}{}{}",
            &fen[..placement_end],
            setup::pocket_text(&self.pocket),
            &fen[placement_end..]
        )
    }

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
    fn pass(&self, pos: &Chess) -> Option<Box<Chess>> {
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
    fn build(&self, turn: Color) -> Result<Box<Chess>, Refused> {
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

    /// Whether this colour's king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.board.king_of(color).is_some_and(|king| {
            self.board
                .attacks_to(king, !color, self.board.occupied())
                .any()
        })
    }

    /// Whether this colour has nothing but its king.
    pub fn is_naked(&self, color: Color) -> bool {
        let own = self.board.by_color(color);
        own.any() && (own & !self.board.kings()).is_empty()
    }

    /// The same state, without the positions built for it.
    fn unbuilt(&self) -> State {
        State {
            board: self.board.clone(),
            castling_rights: self.castling_rights,
            castling_mode: self.castling_mode,
            ep: self.ep,
            pocket: self.pocket,
            roller: self.roller,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
            positions: ByColor::default(),
        }
    }

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

/// A state from a FEN without a pocket (the pool inferred), for the unit tests of the rule set.
#[cfg(test)]
pub(crate) fn from_fen(fen: &str) -> Result<State, BadStart> {
    let setup = Fen::from_ascii(fen.as_bytes())
        .map_err(|e| BadStart::fen_tag(format!("not a FEN: {e}")))?
        .into_setup();
    State::from_start(&Start {
        setup,
        pocket: None,
        from_fen: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    fn state(fen: &str) -> State {
        from_fen(fen).unwrap()
    }

    #[test]
    fn the_pool_is_inferred_from_the_missing_army() {
        let s = state("4k3/8/8/8/8/8/4P3/QQ2K3 w - - 0 1");
        assert_eq!(*s.pocket().white.get(Role::Queen), 0, "never below zero");
        assert_eq!(*s.pocket().white.get(Role::Pawn), 7);
        assert_eq!(*s.pocket().white.get(Role::Rook), 2);
        assert_eq!(*s.pocket().black.get(Role::Queen), 1);
        assert_eq!(
            s.fen(),
            "4k3/8/8/8/8/8/4P3/QQ2K3[RRBBNNPPPPPPPqrrbbnnpppppppp] w - - 0 1"
        );
    }

    #[test]
    fn a_king_in_check_at_the_start_is_refused() {
        let err = from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap_err();
        assert!(err.reason.contains("White's king is in check"), "{err}");
        assert_eq!(err.article, Article::R1);
    }

    #[test]
    fn castling_rights_without_their_rook_are_refused() {
        let err = from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
        assert!(
            err.reason
                .contains("a castling right has no king and rook on their first squares"),
            "{err}"
        );
        assert_eq!(err.article, Article::FenTag);
    }

    #[test]
    fn a_captured_piece_enters_the_pool_as_what_it_was() {
        // White's promoted queen on d5 is taken by Black's rook.
        let s = state("3rk3/8/8/3Q4/8/8/8/4K3[] b - - 0 1");
        let pos = s.position(Color::Black).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::D5)
            .unwrap();
        let after = s.after_move(&pos, m);
        assert_eq!(*after.pocket().white.get(Role::Queen), 1);
    }

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
            let mut state = state(fens[walk % fens.len()]);
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
