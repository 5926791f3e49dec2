//! The lobby of `sade-ref serve` (spec/SERVE.md, "The lobby"): a player (signed in, or a guest)
//! makes a seek (the game, the clocks, rated or casual, the colour), open to everyone, sent to
//! one player by name, or reached by its link; another player accepts it and the game starts
//! for both, each seat its player's alone (acted in through the player's session). The lobby's
//! changes are told live over an event stream.

// The floors of serve/lobby/, from the bottom up (src/layers/ holds every file to them):
// 0. `requests`: what a seek asks for, and what the lobby answers.
// 1. `matched`: a seek read and checked, and the game an accepted seek becomes.
// 2. `routes`: the handlers.
// 3. `mod.rs`: the table of contents.

pub mod matched;
pub mod requests;
pub mod routes;
