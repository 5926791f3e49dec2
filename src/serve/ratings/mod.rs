//! The players' ratings in `sade-ref serve` (spec/SERVE.md, "Ratings"): one Glicko-2 rating
//! for each game rated (Sade, Marseillais, Standard), changed once a rated game between two
//! accounts ends ([`crate::serve::store::Storage::rate_game`]); the leaderboards, a player's
//! ratings and a rating's history, read through the routes. The ratings themselves and one
//! game's update are [`crate::serve::glicko`] (below the store, which rates a game in one
//! transaction); only a database keeps them: on a `folder:` store the routes answer 503
//! (`storage`).

// The floors of serve/ratings/, from the bottom up (src/layers/ holds every file to them):
// 0. `answers`: the queries and what the routes answer.
// 1. `routes`: the handlers.
// 2. `mod.rs`: what the rest of the server uses of it.

pub mod answers;
pub mod routes;

pub use crate::serve::glicko::{
    PROVISIONAL, Rated, Rating, RatingChange, RatingPoint, Score, Standing, update,
};
