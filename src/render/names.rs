//! How the pictures name pieces and actions: in words ("White's knight", "Black's knight
//! b8–c6, takes White's pawn") and as Unicode chess symbols.

use shakmaty::{Color, Piece};

use super::model;
use crate::rules::names::{color_name, role_name};

/// How an action is described in words, from the replay alone: "Black's knight b8–c6, takes
/// White's pawn", "White's rook removed from a1 (sacrifice)".
pub fn describe(action: &model::ActionView) -> String {
    use model::Shape;
    let piece = action.piece.map_or_else(String::new, piece_name);
    let mut text = match action.shape {
        Shape::Move { from, to } => format!("{piece} {from}–{to}"),
        Shape::Sacrifice { square } => format!("{piece} removed from {square} (sacrifice)"),
        Shape::Resurrection { square } => format!("{piece} returns on {square} (resurrection)"),
        Shape::Nothing => "nothing (`--`)".to_owned(),
        Shape::Unplayed { .. } if action.offending => "refused by the referee".to_owned(),
        Shape::Unplayed { .. } if action.void => "void: after the end of the game".to_owned(),
        Shape::Unplayed { .. } => "not played".to_owned(),
    };
    if let Some((from, to)) = action.rook {
        text.push_str(&format!(", castles: the rook {from}–{to}"));
    }
    if let (Some(captured), Some(p)) = (action.captured, action.piece) {
        let taken = piece_name(Piece {
            color: !p.color,
            role: captured,
        });
        match action.en_passant {
            Some(square) => text.push_str(&format!(", takes {taken} on {square} en passant")),
            None => text.push_str(&format!(", takes {taken}")),
        }
    }
    if let Some(promotion) = action.promotion {
        text.push_str(&format!(", promotes to a {}", role_name(promotion)));
    }
    if action.opponent_piece {
        text.push_str(" [the opponent's piece]");
    }
    text
}

/// "White's knight".
pub fn piece_name(piece: Piece) -> String {
    format!("{}'s {}", color_name(piece.color), role_name(piece.role))
}

/// The Unicode chess symbol of a piece.
pub fn glyph(piece: Piece) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let index = usize::from(piece.role) - 1;
    match piece.color {
        Color::White => white[index],
        Color::Black => black[index],
    }
}
