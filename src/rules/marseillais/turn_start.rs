//! The position at the start of a Marseillais turn, with what the turn allows: from the initial
//! position, from a FEN, or before a turn of a record (the record's turns before it replayed).

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Setup, Square};

use super::board::{Board, double_step, rebase, second_move_ep};
use super::ends::{LookBack, position_key};
use super::replay::replay_looking_back;
use crate::record::{Game, Variant};
use crate::rules::standard::{self, position_from_setup};
use crate::rules::{Detail, PositionError, ReplayStatus};

/// The position at the start of a Marseillais turn, with what the turn allows.
#[derive(Clone, Debug)]
pub struct TurnStart {
    /// The player to move is `pos.turn()`; shakmaty's own en passant square is not used.
    pub pos: Chess,
    /// The squares the opponent's pawns passed with double steps in their last turn (M4).
    pub ep: Vec<Square>,
    /// Moves the turn has: 1 (White's first turn of a Balanced game) or 2.
    pub moves: usize,
    pub mode: CastlingMode,
    /// What M6 looks back on: the earlier turn starts that can stand again, and the quiet
    /// turns.
    pub look_back: LookBack,
}

impl TurnStart {
    /// The standard initial position; `balanced`: White's first turn has one move.
    pub fn initial(balanced: bool) -> TurnStart {
        TurnStart {
            pos: Chess::default(),
            ep: Vec::new(),
            moves: if balanced { 1 } else { 2 },
            mode: CastlingMode::Standard,
            look_back: LookBack::default(),
        }
    }

    /// A FEN position: every turn has two moves (M7); the FEN's en passant square, if a
    /// capture there is possible, is the one double step of the last turn.
    ///
    /// # Errors
    /// [`PositionError`] when the text is not a FEN or not a playable position.
    pub fn from_fen(fen: &str) -> Result<TurnStart, PositionError> {
        let setup = Fen::from_ascii(fen.trim().as_bytes())
            .map_err(|source| PositionError::NotAFen {
                fen: fen.to_owned(),
                source,
            })?
            .into_setup();
        let mode = CastlingMode::detect(&setup);
        from_setup(setup, Vec::new(), 2, mode)
    }

    /// The position before record turn `turn_index` (0-based) of a Marseillais game: the
    /// record's turns before it are replayed by the referee.
    ///
    /// # Errors
    /// [`PositionError`] when the game is not Marseillais, the turns before are not a legal game that
    /// goes on, or the record turn starts in the middle of a real turn.
    pub fn before_turn(game: &Game, turn_index: usize) -> Result<TurnStart, PositionError> {
        let variant = match game.variant() {
            Ok(variant) if variant.is_marseillais() => variant,
            Ok(other) => {
                return Err(PositionError::NotMarseillais {
                    variant: other.to_string(),
                });
            }
            Err(unknown) => {
                return Err(PositionError::NotMarseillais {
                    variant: unknown.name,
                });
            }
        };
        let start =
            standard::start_position(game).map_err(|e| PositionError::Start(Box::new(e)))?;
        let before = game.before_turn(turn_index);
        let (replay, look_back) = replay_looking_back(&before, Detail::Verdict);
        match &replay.outcome {
            ReplayStatus::Unfinished => {}
            ReplayStatus::Invalid(error) => {
                return Err(PositionError::Invalid(Box::new(error.clone())));
            }
            ReplayStatus::Finished { termination, .. } => {
                return Err(PositionError::Ended(*termination));
            }
        }
        let setup = Fen::from_ascii(replay.final_fen.as_bytes())
            .map_err(|e| PositionError::Internal(format!("the replay's FEN cannot be read: {e}")))?
            .into_setup();
        let mover = setup.turn;
        // The last real turn: the trailing moves of the other colour.
        let last_turn = replay
            .resolved
            .iter()
            .rev()
            .take_while(|r| r.color == !mover);
        let mut ep: Vec<Square> = last_turn
            .filter(|r| r.role == Role::Pawn)
            .filter_map(|r| match (r.from, r.to) {
                (Some(from), Some(to)) => double_step(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture: None,
                    to,
                    promotion: None,
                }),
                _ => None,
            })
            .collect();
        ep.reverse();
        if replay.resolved.last().is_some_and(|r| r.color == mover) {
            return Err(PositionError::TurnNotOver(mover));
        }
        let balanced = variant == Variant::Marseillais && !start.from_fen;
        let moves = if balanced && replay.resolved.is_empty() && mover == Color::White {
            1
        } else {
            2
        };
        let mut start = from_setup(setup, ep, moves, start.mode)?;
        start.look_back = look_back;
        Ok(start)
    }

    /// This start with nothing to look back on: no earlier turn start, no quiet turn (perft's
    /// tree, which leaves M6 aside).
    pub fn without_look_back(&self) -> TurnStart {
        TurnStart {
            look_back: LookBack::default(),
            ..self.clone()
        }
    }

    /// The key of this position for M6's "same position": the placement, the side to move, the
    /// castling rights and the en passant captures available (M4).
    pub fn key(&self) -> u64 {
        position_key(&self.board())
    }

    pub(crate) fn board(&self) -> Board {
        Board {
            pos: self.pos.clone(),
            ep: self.ep.clone(),
        }
    }

    /// The board of the turn's second move, `after` the first move `first` (which gave no
    /// check): the mover moves again, with the en passant chances the turn has then (M4).
    /// `None` when that is no playable position, which a legal first move never leaves.
    pub(crate) fn second_board(&self, first: Move, after: &Chess) -> Option<Board> {
        Some(Board {
            pos: rebase(after, self.pos.turn(), self.pos.fullmoves(), self.mode)?,
            ep: second_move_ep(&self.ep, first),
        })
    }
}

fn from_setup(
    mut setup: Setup,
    mut ep: Vec<Square>,
    moves: usize,
    mode: CastlingMode,
) -> Result<TurnStart, PositionError> {
    if ep.is_empty() {
        ep.extend(setup.ep_square);
    }
    setup.ep_square = None;
    let pos = position_from_setup(setup, mode).map_err(PositionError::NotPlayable)?;
    let look_back = LookBack::from_clock(pos.halfmoves());
    Ok(TurnStart {
        pos,
        ep,
        moves,
        mode,
        look_back,
    })
}
