//! The arbiter's tools: what a player could have done ([`options`]), and where a turn stands in
//! a record ([`locate`]). The rules themselves stay in [`crate::rules`]; these modules ask the
//! referee's own search and replay, so they cannot disagree with it.

// The floors of arbiter/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `options`: what a player could have done (a folder with floors of its own).
// 1. `locate`: where a turn stands in a record, and the question it asks there.
// 2. `mod.rs`: the table of contents.

pub mod locate;
pub mod options;
