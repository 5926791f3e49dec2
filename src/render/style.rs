//! The diagram's measures, colours and piece shapes: the size of a square and the margins, the
//! colour of each kind of mark, the pieces as `<symbol>`s, and where a square stands.

use shakmaty::{Color, Square};

/// Units per square.
pub const SQUARE: u32 = 100;
/// Room for the coordinates around the board.
pub const MARGIN: u32 = 40;
pub const HEADER: u32 = 70;
pub(super) const LINE: u32 = 34;

/// Colours of the marks.
pub const OWN: &str = "#1565c0";
pub const OPPONENT: &str = "#ef6c00";
pub const OFFENDING: &str = "#d50000";
pub const SACRIFICE: &str = "#6a1b9a";
/// An action the referee did not reach (after the illegal one).
pub const UNPLAYED: &str = "#757575";
pub const LIGHT: &str = "#f0d9b5";
pub const DARK: &str = "#b58863";

/// The piece shapes, drawn for a 100×100 square: `#p`, `#n`, `#b`, `#r`, `#q`, `#k`.
pub const PIECE_SYMBOLS: &str = r##"<symbol id="p" viewBox="0 0 100 100"><circle cx="50" cy="30" r="12"/><path d="M39 44h22l7 30H32z"/><path d="M24 74h52v10H24z"/></symbol>
<symbol id="r" viewBox="0 0 100 100"><path d="M26 84V74h6l4-34h-6V20h8v8h8v-8h8v8h8v-8h8v20h-6l4 34h6v10z"/><path d="M36 40h28" fill="none"/></symbol>
<symbol id="n" viewBox="0 0 100 100"><path d="M30 84h46c0-22-4-42-18-56l-2-10-8 8c-10 2-20 10-26 24l5 7 13-6c5 0 6 3 3 7-7 8-13 16-13 26z"/><circle cx="49" cy="33" r="3" fill="none"/></symbol>
<symbol id="b" viewBox="0 0 100 100"><circle cx="50" cy="17" r="7"/><path d="M50 25c13 10 19 23 14 37l-4 5H40l-4-5c-5-14 1-27 14-37z"/><path d="M38 67h24v7H38zM26 74h48v10H26z"/><path d="M50 36l8 11" fill="none"/></symbol>
<symbol id="q" viewBox="0 0 100 100"><path d="M26 84h48v-8l10-46-18 24-4-30-12 28-12-28-4 30-18-24 10 46z"/><circle cx="16" cy="28" r="5"/><circle cx="38" cy="22" r="5"/><circle cx="62" cy="22" r="5"/><circle cx="84" cy="28" r="5"/></symbol>
<symbol id="k" viewBox="0 0 100 100"><path d="M26 84h48V74l6-28-16-6-14 8-14-8-16 6 6 28z"/><path d="M46 10h8v8h8v8h-8v16h-8V26h-8v-8h8z"/><path d="M26 74h48" fill="none"/></symbol>"##;

/// Fill and outline of a piece colour.
pub fn piece_paint(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#1a1a1a"),
        Color::Black => ("#262626", "#000000"),
    }
}

/// The top-left corner of a square, White at the bottom.
pub(super) fn corner(square: Square) -> (u32, u32) {
    let x = MARGIN + u32::from(square.file()) * SQUARE;
    let y = HEADER + MARGIN + (7 - u32::from(square.rank())) * SQUARE;
    (x, y)
}

pub(super) fn center(square: Square) -> (u32, u32) {
    let (x, y) = corner(square);
    (x + SQUARE / 2, y + SQUARE / 2)
}
