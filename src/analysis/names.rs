//! How the analysis names a side and a turn.

use shakmaty::Color;

use crate::record::{MoveNumber, Side};

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
