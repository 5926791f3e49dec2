//! The record formats: the reader on the syntax corpus ([`corpus`], snapshots in `snapshots/`) and
//! on arbitrary input ([`reader_never_panics`], [`fuzz_regressions`]), PGN as other tools read it
//! ([`pgn_compat`]), the writers ([`write`], [`deep_variations`]) and the published JSON schemas
//! ([`schemas`]).

mod corpus;
mod deep_variations;
mod fuzz_regressions;
mod pgn_compat;
mod reader_never_panics;
pub mod schemas;
mod write;
