//! Pictures of a game for an arbiter: a turn as text ([`board_text`]) or as an SVG diagram
//! ([`svg`]), and a whole game as a self-contained web page ([`html`]).
//!
//! The renderers know no rules: they draw what the referee's annotated replay gives them,
//! gathered in a [`model::GameView`].

// The floors of render/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `model`, `style`: the game as the renderers see it; the measures, colours and pieces.
// 1. `names`, `layout`, `legend`, `review`: pieces and actions in words and symbols; where the
//    marks of a turn go; the legend of a diagram; a game's analysis as the page draws it.
// 2. `arrows`: the marks of a turn's actions on the board.
// 3. `svg`, `board_text`: a turn as an SVG diagram; a turn as text.
// 4. `chart`: an analysed game's chart and players' summaries.
// 5. `html`: a whole game as a web page.
// 6. `mod.rs`: the table of contents.

mod arrows;
pub mod board_text;
pub mod chart;
pub mod html;
pub mod layout;
mod legend;
pub mod model;
mod names;
pub mod review;
mod style;
pub mod svg;

pub use crate::rules::names::role_name;
pub use names::{describe, glyph, piece_name};
