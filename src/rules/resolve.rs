//! From a written move to a legal shakmaty [`Move`] in a given position.
//!
//! SAN is matched as shakmaty matches it, then, if that finds nothing, with the capture mark
//! ignored (`Nxf3` for a quiet move, `Qh7` for a capture: what a hand-written score often says);
//! the match must still be unique. UCI castling is accepted as king-to-destination (`e1g1`) and
//! king-to-rook (`e1h1`).

use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove as ShakUci;
use shakmaty::{Move, Position};

use crate::record::{ActionKind, SanMove, UciMove};

/// Why a written move is not a legal move here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No legal move matches.
    Illegal,
    /// More than one legal move matches.
    Ambiguous,
    /// The action is not a move (a sacrifice, a resurrection, `--`).
    NotAMove,
}

/// The legal move of `pos`'s side to move that the action names.
///
/// # Errors
/// [`MoveError`] when no unique legal move matches.
pub fn resolve<P: Position>(pos: &P, kind: &ActionKind) -> Result<Move, MoveError> {
    match kind {
        ActionKind::San(san) => resolve_san(pos, *san),
        ActionKind::Uci(uci) => resolve_uci(pos, *uci),
        _ => Err(MoveError::NotAMove),
    }
}

/// See [`resolve`].
///
/// # Errors
/// [`MoveError`] when no unique legal move matches.
pub fn resolve_san<P: Position>(pos: &P, san: SanMove) -> Result<Move, MoveError> {
    let strict = to_shakmaty(san);
    match strict.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => Err(MoveError::Ambiguous),
        Err(SanError::IllegalSan) => match capture_mark_flipped(san) {
            Some(flipped) => flipped.to_move(pos).map_err(|e| match e {
                SanError::AmbiguousSan => MoveError::Ambiguous,
                SanError::IllegalSan => MoveError::Illegal,
            }),
            None => Err(MoveError::Illegal),
        },
    }
}

/// The SAN with its capture mark the other way round (`Nxf3` for `Nf3`): what a written move
/// names when the board contradicts its mark. `None` for castling, which has no mark.
pub fn capture_mark_flipped(san: SanMove) -> Option<San> {
    match san {
        SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => Some(to_shakmaty(SanMove::Normal {
            role,
            file,
            rank,
            capture: !capture,
            to,
            promotion,
        })),
        SanMove::Castle(_) => None,
    }
}

/// See [`resolve`].
///
/// # Errors
/// [`MoveError::Illegal`] when the move is not legal.
pub fn resolve_uci<P: Position>(pos: &P, uci: UciMove) -> Result<Move, MoveError> {
    let m = ShakUci::Normal {
        from: uci.from,
        to: uci.to,
        promotion: uci.promotion,
    };
    m.to_move(pos).map_err(|_| MoveError::Illegal)
}

/// The shakmaty SAN for a written SAN move.
pub fn to_shakmaty(san: SanMove) -> San {
    match san {
        SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        },
        SanMove::Castle(side) => San::Castle(side),
    }
}

/// A move as the record writes it: its SAN where there is one (`san`), else UCI (`Nothing` for
/// what neither can say, which no legal move is).
pub(crate) fn written_move(san: Option<San>, m: Move, mode: shakmaty::CastlingMode) -> ActionKind {
    if let Some(san) = san.and_then(from_shakmaty) {
        return ActionKind::San(san);
    }
    uci_of(m, mode).map_or(ActionKind::Nothing {}, ActionKind::Uci)
}

/// A move in UCI as the record holds it (castling as `mode` writes it: king to destination in
/// standard chess, king to rook in Chess960); `None` for what UCI cannot say (a drop).
pub(crate) fn uci_of(m: Move, mode: shakmaty::CastlingMode) -> Option<UciMove> {
    match m.to_uci(mode) {
        ShakUci::Normal {
            from,
            to,
            promotion,
        } => Some(UciMove {
            from,
            to,
            promotion,
        }),
        _ => None,
    }
}

/// shakmaty's SAN as the record's (the inverse of [`to_shakmaty`]); `None` for a null move or a
/// drop, which a record's SAN does not write.
fn from_shakmaty(san: San) -> Option<SanMove> {
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => Some(SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        }),
        San::Castle(side) => Some(SanMove::Castle(side)),
        _ => None,
    }
}
