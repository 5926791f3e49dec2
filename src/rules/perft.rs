//! Perft: the leaves of a game's tree to a depth, counted with the referee's own move
//! generation, for each game (the regression test of that generation).
//!
//! - Standard chess: plies ([`standard::perft`]).
//! - Marseillais: full turns ([`marseillais::perft`]), Balanced or Classical.
//! - de Sade: turns; each turn sums, over the six faces, the fulfilments of the face, a face
//!   with none counting its consequence as one leaf ([`sade::perft`]).
//!
//! A turn or move that ends the game is a leaf.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};

use super::marseillais::{self, TurnStart};
use super::position_error::PositionError;
use super::replay::Violation;
use super::sade::{self, State};
use super::sade::{BadStart, Refused};
use super::standard;
use crate::record::{Game, Variant};

/// Why a perft cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PerftError {
    /// The FEN cannot start a Sade game.
    #[error(transparent)]
    SadeStart(#[from] BadStart),
    /// The FEN cannot start a Marseillais game.
    #[error(transparent)]
    MarseillaisStart(#[from] PositionError),
    /// The FEN cannot start a Standard or Chess960 game.
    #[error("{}", .0.reason)]
    StandardStart(Box<Violation>),
    /// Sade: the game is over before the first roll, `0` having the king alone (Art. 9.3).
    #[error(
        "the game is over in this position: {} has nothing but the king (Art. 9.3)",
        crate::rules::names::color_name(*.0)
    )]
    Over(shakmaty::Color),
    /// Sade: the referee cannot analyse a position on the way (a bug in sade-ref).
    #[error(transparent)]
    Refused(#[from] Refused),
    /// Marseillais: a position on the way cannot be set up (a bug in sade-ref).
    #[error(transparent)]
    Unreachable(#[from] marseillais::Unreachable),
}

/// The root of a perft: a position of one of the games, its player to move.
#[derive(Clone, Debug)]
pub enum Root {
    Sade(State),
    Marseillais(TurnStart),
    Standard(Chess, CastlingMode),
}

/// One branch of a [`Root::divide`]: the first move, full turn or face and fulfilment, as a
/// perft tool writes it (standard chess: UCI; Marseillais: the turn's moves in SAN; Sade: the
/// face, then the turn's actions as SDN writes them), and the leaves below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub name: String,
    pub leaves: u64,
}

impl Root {
    /// The start of a game of `variant` (Sade, Standard, Marseillais or Marseillais
    /// Classical): the FEN if given (Sade: with the pocket), as a record's `FEN` tag sets it
    /// up, or the initial position. A Marseillais game from a FEN has two moves in every turn
    /// (M7).
    ///
    /// # Errors
    /// [`PerftError`] when the FEN cannot start a game, or the game is over in it.
    pub fn new(variant: Variant, fen: Option<&str>) -> Result<Root, PerftError> {
        let mut game = Game::default();
        game.set_tag("Variant", variant.tag());
        if let Some(fen) = fen {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", fen.trim());
        }
        match variant {
            Variant::Sade => {
                let state = State::from_game(&game)?;
                match shakmaty::Color::ALL
                    .into_iter()
                    .find(|&c| state.is_naked(c))
                {
                    Some(color) => Err(PerftError::Over(color)),
                    None => Ok(Root::Sade(state)),
                }
            }
            Variant::Marseillais | Variant::MarseillaisClassical => Ok(match fen {
                Some(fen) => Root::Marseillais(TurnStart::from_fen(fen)?),
                None => Root::Marseillais(TurnStart::initial(variant == Variant::Marseillais)),
            }),
            Variant::Standard | Variant::Chess960 => {
                let start = standard::start_position(&game)
                    .map_err(|e| PerftError::StandardStart(Box::new(e)))?;
                Ok(Root::Standard(start.pos, start.mode))
            }
        }
    }

    /// The leaves of the tree, `depth` plies (standard chess) or turns deep.
    ///
    /// # Errors
    /// [`PerftError::Refused`] or [`PerftError::Unreachable`] if a position on the way cannot be
    /// analysed (a bug in sade-ref).
    pub fn perft(&self, depth: u32) -> Result<u64, PerftError> {
        match self {
            Root::Sade(state) => Ok(sade::perft(state, depth)?),
            Root::Marseillais(start) => Ok(marseillais::perft(start, depth)?),
            Root::Standard(pos, _) => Ok(standard::perft(pos, depth)),
        }
    }

    /// [`Root::perft`] split by the first move, full turn or face and fulfilment (none at
    /// depth 0).
    ///
    /// # Errors
    /// As for [`Root::perft`].
    pub fn divide(&self, depth: u32) -> Result<Vec<Branch>, PerftError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        match self {
            Root::Sade(state) => {
                let branches = sade::divide(state, depth)?;
                Ok(branches
                    .into_iter()
                    .map(|b| Branch {
                        name: match &b.fulfilment {
                            Some(f) => {
                                let actions: Vec<String> =
                                    f.actions(state).iter().map(ToString::to_string).collect();
                                format!("{}: {}", b.face, actions.join(" "))
                            }
                            None => format!("{}: no fulfilment", b.face),
                        },
                        leaves: b.leaves,
                    })
                    .collect())
            }
            Root::Marseillais(start) => Ok(marseillais::divide(start, depth)?
                .into_iter()
                .map(|(turn, leaves)| Branch {
                    name: turn.san.join(" "),
                    leaves,
                })
                .collect()),
            Root::Standard(pos, mode) => Ok(standard::legal_moves(pos)
                .into_iter()
                .map(|m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    Branch {
                        name: UciMove::from_move(m, *mode).to_string(),
                        leaves: standard::perft(&child, depth - 1),
                    }
                })
                .collect()),
        }
    }
}
