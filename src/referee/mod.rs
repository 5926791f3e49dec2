//! The referee: replays a record under its game's rules and gives a [`Verdict`].
//!
//! The rule set (chosen by the `Variant` tag, see [`crate::rules::rule_set`]) says whether every
//! action was legal and whether a rule ended the game. The referee adds what is the same for
//! every game: what follows the end of the game is void (R21), a result that no rule explains is
//! a declared end (S3), and a result that differs from the referee's is a dispute (R13).

mod judge;
mod locate;
mod verdict;
mod verify;

pub use verdict::{Locator, Status, Verdict, Void};
pub use verify::{verify, verify_annotated, verify_memo};
