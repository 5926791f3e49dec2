//! A bot's play written as the record writes it: a turn with its actions, a legal move in SAN
//! with its check mark, the number of a game's first turn.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, Move};

use crate::record::{Action, ActionKind, Check, Face, Item, MoveNumber, Turn};

/// A record turn with these actions.
pub(super) fn turn(number: MoveNumber, face: Option<Face>, actions: Vec<Action>) -> Turn {
    Turn {
        number,
        unnumbered: false,
        face: face.map(|value| crate::record::DieFace {
            value,
            span: Default::default(),
        }),
        items: actions.into_iter().map(Item::Action).collect(),
        span: Default::default(),
    }
}

/// A legal move of `pos` as a written action: SAN with its check or mate mark.
pub(super) fn san_action(pos: &Chess, m: Move, mode: CastlingMode) -> Action {
    let san = SanPlus::from_move(pos.clone(), m);
    let mut action = Action::new(san_kind(san.san, m, mode));
    action.check = match san.suffix {
        Some(Suffix::Check) => Some(Check::Check),
        Some(Suffix::Checkmate) => Some(Check::Mate),
        None => None,
    };
    action
}

/// A shakmaty SAN as the record's; UCI for what SAN cannot say (never for a legal move).
fn san_kind(san: San, m: Move, mode: CastlingMode) -> ActionKind {
    crate::rules::resolve::written_move(Some(san), m, mode)
}

/// The move number of a game's first turn: the FEN's side to move and move number.
pub(super) fn first_number(turn: shakmaty::Color, fullmoves: u32) -> MoveNumber {
    MoveNumber {
        number: fullmoves,
        side: if turn == shakmaty::Color::White {
            crate::record::Side::White
        } else {
            crate::record::Side::Black
        },
    }
}
