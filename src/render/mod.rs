//! Pictures of a game for an arbiter: a turn as text ([`board_text`]) or as an SVG diagram
//! ([`svg`]), and a whole game as a self-contained web page ([`html`]).
//!
//! The renderers know no rules: they draw what the referee's annotated replay gives them,
//! gathered in a [`model::GameView`].

mod arrows;
pub mod board_text;
pub mod html;
pub mod layout;
mod legend;
pub mod model;
mod names;
mod style;
pub mod svg;

pub use crate::rules::names::role_name;
pub use names::{describe, glyph, piece_name};
