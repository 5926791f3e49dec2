//! The Puzzles mode of `sade-ref serve`: a player is given the puzzle nearest their rating as
//! an ordinary game of the server, the referee judges the turn its record holds, and both
//! Glicko-2 ratings move (spec/PUZZLES.md). A player is a document kept beside the games.

// The floors of serve/puzzles/, from the bottom up (src/layers/ holds every file to them):
// 0. `answers`: what the mode answers.
// 1. `solvers`, `reply`: the players kept, their attempts left and closed; the reply the server
//    plays in a mate in two turns.
// 2. `routes`: the handlers.
// 3. `mod.rs`: what the rest of the server uses of it.

pub mod answers;
pub mod reply;
pub mod routes;
pub mod solvers;

use crate::serve::http::AfterChange;

pub use answers::*;
pub use solvers::all;

/// What the mode does after each change to one of its games: the reply of a mate in two turns.
pub const AFTER_CHANGE: AfterChange = reply::play_reply;
