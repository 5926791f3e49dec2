//! Accounts and sessions of `sade-ref serve` (spec/SERVE.md, "Accounts and sessions"): a player
//! signs up with a name and a password (kept as its Argon2id hash), logs in and out, or plays as
//! a guest; each browser holds a session's token in a cookie, and the database keeps only the
//! token's hash, with its expiry. Any route learns who sent a request through [`current`] or
//! the [`CurrentPlayer`] extractor. Only a database keeps them: on a `folder:` store the routes
//! answer 503 (`storage`).

// The floors of serve/accounts/, from the bottom up (src/layers/ holds every file to them):
// 0. `answers`: the requests and what the routes answer.
// 1. `password`, `cookie`: a name's and a password's rules and the password's hash; the
//    session's cookie, set, cleared and read.
// 2. `sessions`: a session opened or ended, and the player of a request.
// 3. `routes`: the handlers.
// 4. `mod.rs`: what the rest of the server uses of it.

pub mod answers;
pub mod cookie;
pub mod password;
pub mod routes;
pub mod sessions;

pub use crate::serve::store::Player;
pub use sessions::{CurrentPlayer, current};
