//! The legend of a diagram: the marks it can draw, what each means, and which an action is
//! drawn with. The SVG diagram lists the marks it uses; the report page, every mark of its game.

use super::model::{ActionView, Shape};

/// The marks that tell what each drawn mark means, as the key names them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Mark {
    Own,
    Opponent,
    Sacrifice,
    Resurrection,
    Castling,
    EnPassant,
    Promotion,
    Illegal,
    Unplayed,
}

impl Mark {
    /// What the mark means, in words.
    pub fn meaning(self, sade: bool) -> &'static str {
        match self {
            Mark::Own if sade => "blue arrow, a move of the roller's own piece",
            Mark::Own => "blue arrow, a move",
            Mark::Opponent => "orange dashed arrow, a move of the opponent's piece",
            Mark::Sacrifice => "purple ✕, a piece sacrificed (face 4)",
            Mark::Resurrection => "dashed ring under a drop arrow, a piece returned (face 5)",
            Mark::Castling => "thin arrow, the castling rook",
            Mark::EnPassant => "ring with e.p., the pawn taken en passant",
            Mark::Promotion => "small piece on the square, what the pawn promotes to",
            Mark::Illegal => "red, the illegal action",
            Mark::Unplayed => "grey dotted ring, written, not played",
        }
    }

    /// Every mark a game of this kind can show.
    pub fn all(sade: bool) -> Vec<Mark> {
        let sade_only = [Mark::Opponent, Mark::Sacrifice, Mark::Resurrection];
        [
            Mark::Own,
            Mark::Opponent,
            Mark::Sacrifice,
            Mark::Resurrection,
            Mark::Castling,
            Mark::EnPassant,
            Mark::Promotion,
            Mark::Illegal,
            Mark::Unplayed,
        ]
        .into_iter()
        .filter(|m| sade || !sade_only.contains(m))
        .collect()
    }
}

/// The key of the marks given: "Key: numbers, the order played · blue arrow, a move · …".
pub fn key(marks: &[Mark], sade: bool) -> String {
    let mut parts = vec!["numbers, the order played"];
    parts.extend(marks.iter().map(|m| m.meaning(sade)));
    format!("Key: {}", parts.join(" · "))
}

/// The marks an action is drawn with.
pub(super) fn marks_of(action: &ActionView) -> Vec<Mark> {
    let mut marks = Vec::new();
    match action.shape {
        Shape::Move { .. } if action.opponent_piece => marks.push(Mark::Opponent),
        Shape::Move { .. } => marks.push(Mark::Own),
        Shape::Sacrifice { .. } => marks.push(Mark::Sacrifice),
        Shape::Resurrection { .. } => marks.push(Mark::Resurrection),
        Shape::Unplayed { square: Some(_) } if !action.offending => marks.push(Mark::Unplayed),
        Shape::Unplayed { .. } | Shape::Nothing => {}
    }
    if action.rook.is_some() {
        marks.push(Mark::Castling);
    }
    if action.en_passant.is_some() {
        marks.push(Mark::EnPassant);
    }
    if action.promotion.is_some() {
        marks.push(Mark::Promotion);
    }
    if action.offending {
        marks.push(Mark::Illegal);
    }
    marks
}
