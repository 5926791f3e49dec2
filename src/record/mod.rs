//! The typed game record: what an SDN (or PGN) text says, and nothing about whether it is legal.
//!
//! A [`Game`] is its tag pairs, the comments before the first turn, the [`Turn`]s of its main
//! line, and its result token. A [`Turn`] is a move number, an optional [`DieFace`] and the
//! [`Item`]s written after them, in order: [`Action`]s (moves, sacrifices, resurrections, `--`),
//! comments, NAGs and variations. Every node keeps its byte [`Span`] in the source text.
//!
//! The record knows notation, not rules: `Nf3` is a knight move to f3 whoever's knight it turns
//! out to be. The referee (`crate::referee`) decides the rest.

// The floors of record/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `span`, `face`, `notation`, `variant`: byte spans; die faces; SAN and UCI moves; the
//    variants.
// 1. `action`: one action of a turn.
// 2. `game`: a game, its tags, turns and items.
// 3. `mod.rs`: the table of contents.

mod action;
mod face;
mod game;
mod notation;
mod span;
mod variant;

pub use action::{Action, ActionKind, Check, Glyph};
pub use face::{Face, NotAFace};
pub use game::{
    Comment, DieFace, Game, GameResult, Item, MoveNumber, Nag, Side, Tag, Turn, Variation,
};
pub use notation::{SanMove, UciMove};
pub use span::Span;
pub use variant::{UnknownVariant, Variant};
