//! `--variant`: the games each command takes, spelled as the library names them
//! (`marseillais-classical`), each command listing only the games it can do.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use sade_ref::record::Variant;

/// The games a bot plays, and a perft counts: all but Chess960.
pub const PLAYED: [Variant; 4] = sade_ref::play::VARIANTS;

/// The games of a puzzle.
pub const PUZZLES: [Variant; 2] = sade_ref::puzzles::VARIANTS;

/// The games of a bare position for `options --fen`.
pub const POSITIONS: [Variant; 3] = [Variant::Sade, Variant::Standard, Variant::Marseillais];

/// A `--variant` value, one of `games`; clap lists them in the help and in its refusal.
pub fn parser(games: &'static [Variant]) -> impl TypedValueParser<Value = Variant> {
    PossibleValuesParser::new(games.iter().map(|game| game.name())).try_map(|name| name.parse())
}
