//! The writers that call the referee: the record with the referee's adjudication written in
//! ([`adjudicate`]) and the annotated JSON ([`annotated`]).

// The floors of write/judged/, from the bottom up: a file names only modules of the floors
// below its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `adjudicate`, `annotated`: the record with the adjudication written in; the annotated JSON.
// 1. `mod.rs`: the table of contents.

pub mod adjudicate;
pub mod annotated;
