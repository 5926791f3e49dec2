//! The pool of captured pieces (the pocket): what a start position's FEN implies of it, and
//! what it can hold. A captured piece enters it as what it was; face 5 draws from it.

use shakmaty::{Board, ByRole, Color, Piece, Role};

use crate::rules::names::possessive;
use crate::rules::setup::Pocket;

pub(super) fn add(pocket: &mut Pocket, piece: Piece) {
    let count = pocket.get_mut(piece.color).get_mut(piece.role);
    *count = count.saturating_add(1);
}

/// Why a FEN's pocket cannot be right, if it cannot: more pieces of a colour on the board and
/// in the pocket together than its army and its promotions can give (a pawn promotes at most
/// once, so each piece beyond the army's count is a pawn fewer).
pub(super) fn impossible_pocket(board: &Board, pocket: &Pocket) -> Option<String> {
    let army = |role: Role| match role {
        Role::Pawn => 8,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::Queen => 1,
        Role::King => 0,
    };
    for color in Color::ALL {
        let total = |role: Role| {
            board.by_piece(role.of(color)).count() + usize::from(*pocket.get(color).get(role))
        };
        let promoted: usize = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .map(|role| total(role).saturating_sub(army(role)))
            .sum();
        let pawns = total(Role::Pawn);
        if pawns + promoted > 8 {
            return Some(format!(
                "the FEN's pocket cannot be right: {} pieces on the board and in the pocket \
                 need {} promotions, but only {} of the eight pawns are not there",
                possessive(color),
                promoted,
                8usize.saturating_sub(pawns)
            ));
        }
    }
    None
}

/// The standard army minus what stands on the board, never below zero.
pub(super) fn inferred_pocket(board: &Board) -> Pocket {
    let army = ByRole {
        pawn: 8u8,
        knight: 2,
        bishop: 2,
        rook: 2,
        queen: 1,
        king: 0,
    };
    let mut pocket = Pocket::default();
    for color in Color::ALL {
        for role in Role::ALL {
            let on_board = (board.by_piece(role.of(color))).count();
            let missing = usize::from(*army.get(role)).saturating_sub(on_board);
            *pocket.get_mut(color).get_mut(role) = u8::try_from(missing).unwrap_or(u8::MAX);
        }
    }
    pocket
}
