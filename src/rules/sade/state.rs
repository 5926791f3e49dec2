//! The state of a Sade game between two actions: the board, the castling rights, the en passant
//! chance, the pool of captured pieces and whose turn it is to roll.
//!
//! A shakmaty position has one side to move; a Sade turn moves pieces of either colour. So the
//! state keeps the board and builds a shakmaty [`Chess`] for the colour whose piece is about to
//! move ([`State::position`]). Between two actions no king is in check (R1), so that position is
//! always one shakmaty accepts; if it ever refuses one, the refusal is reported ([`Refused`](super::fault::Refused)),
//! never skipped.
//!
//! The positions a state makes are kept with it (`positions.rs`).

use std::fmt;
use std::num::NonZeroU32;

use once_cell::race::OnceBox;
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Chess, Color, Position, Rank, Setup, Square,
};

use super::fault::BadStart;
use super::pool::{impossible_pocket, inferred_pocket};
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
    pub(super) board: Board,
    pub(super) castling_rights: Bitboard,
    pub(super) castling_mode: CastlingMode,
    pub(super) ep: Option<EpChance>,
    pub(super) pocket: Pocket,
    pub(super) roller: Color,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: NonZeroU32,
    /// The positions of this state made so far, by side to move ([`State::position`]): built,
    /// kept from the move that led here, or passed on from the other side's; a cache, not part
    /// of the state (equality, `Debug` and clones leave it out; boxed, so that
    /// a state stays small to move).
    pub(super) positions: ByColor<OnceBox<Chess>>,
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
    pub(super) fn unbuilt(&self) -> State {
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
}
