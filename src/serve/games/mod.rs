//! The games themselves: what a new game may be, the list, a game's state, its changes (roll,
//! act, bot, take-back, a declared end, the tags), its options and next actions, its move list
//! told in a player's words, its export, its analysis, and the review of uploaded or listed records.

// The floors of serve/games/, from the bottom up (src/layers/ holds every file to them):
// 0. `options`, `told`, `review`: the options and next actions of a turn; a turn and an end in
//    a player's words; review of a record.
// 1. `moves`, `changes`, `export`, `abandoned`, `elsewhere`, `analysis`: the move list; the
//    changes to a game; a game exported; the games nobody plays in, closed; the changes made
//    through another server; a finished game's analysis.
// 2. `routes`: the routes of the games themselves.
// 3. `mod.rs`: the table of contents.

pub mod abandoned;
pub mod analysis;
pub mod changes;
pub mod elsewhere;
pub mod export;
pub mod moves;
pub mod options;
pub mod review;
pub mod routes;
pub mod told;
