//! The referee: replays a record under its game's rules and gives a [`Verdict`].
//!
//! The rule set (chosen by the `Variant` tag, see [`crate::rules::rule_set`]) says whether every
//! action was legal and whether a rule ended the game. The referee adds what is the same for
//! every game: what follows the end of the game is void (R21), a result that no rule explains is
//! a declared end (S3), and a result that differs from the referee's is a dispute (R13).

// The floors of referee/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `verdict`: what the referee decides about one game.
// 1. `place`: a place in a record, named as the referee counts the turns.
// 2. `judge`: the judgement that is the same for every game, on a rule set's replay.
// 3. `verify`: the referee's entry points.
// 4. `mod.rs`: the table of contents.

mod judge;
mod place;
mod verdict;
mod verify;

pub use verdict::{Locator, Status, Verdict, Void};
pub use verify::{verify, verify_annotated, verify_memo, verify_outcome};
