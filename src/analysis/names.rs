//! How the analysis names a side and a turn.

use shakmaty::Color;

use crate::record::{Action, MoveNumber, Side};

pub(crate) fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A turn's number as a record writes it: `12.` for White, `12...` for Black.
pub(crate) fn turn_name(number: MoveNumber) -> String {
    match number.side {
        Side::White => format!("{}.", number.number),
        Side::Black => format!("{}...", number.number),
    }
}

/// An action as the record wrote it, with its check mark (without a move-quality glyph).
pub(crate) fn written(action: &Action) -> String {
    match action.check {
        Some(check) => format!("{}{}", action.kind, check.as_str()),
        None => action.kind.to_string(),
    }
}
