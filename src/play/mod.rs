//! Self-play: two bots play a game of Sade, Marseillais or standard chess, and the record they
//! leave is one the referee accepts.
//!
//! [`play_game`] plays game number `n` of a run. Everything follows from the options and `n`:
//!
//! - the bots draw from a [`ChaCha8Rng`](rand::rngs::ChaCha8Rng) seeded with `SeedableRng::seed_from_u64(seed)`, on
//!   stream `n` (`set_stream(n)`), so each game of a run has its own sequence and a game can be
//!   replayed alone;
//! - a Sade game's die is the auditable one ([`crate::die`]): its seed is `"{seed}-{n}"`,
//!   written in the `DieSeed` tag with its `DieCommit`.
//!
//! Each turn is built as a record turn and checked by the referee's own code as it is played
//! (Sade: [`crate::rules::sade::play_turn`]); the whole record is judged once more at the end
//! ([`crate::referee::verify`]), which gives its result. A game that reaches `max_turns` turns
//! unfinished ends with `*`.

// The floors of play/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `bots`, `uci_info`, `tally`, `seeds`, `turns`: the bots and their levels; an engine's
//    `info` lines read; the tally of a run; the seeds of a game; a bot's play written as
//    record turns.
// 1. `uci`, `options`: an engine spoken to over UCI; what a run is asked for.
// 2. `error`: why a game could not be played.
// 3. `sade`, `standard`: the bots' loop in Sade and in standard chess.
// 4. `marseillais`: the bots' loop in Marseillais.
// 5. `game`, `next`: a game played and judged; the next actions a bot would play.
// 6. `external`: a game against a mover from outside (a person, an engine).
// 7. `mod.rs`: the table of contents.

mod bots;
mod error;
mod external;
mod game;
mod marseillais;
mod next;
mod options;
mod sade;
mod seeds;
mod standard;
mod tally;
mod turns;
pub mod uci;
mod uci_info;

pub use bots::{Bot, UnknownBot};
pub use error::PlayError;
pub use external::{Mover, play_game_against};
pub use game::{Played, check_start, play_game, play_turns};
pub use next::{LEVELS, bot_named, next_actions};
pub use options::{Options, VARIANTS};
pub use seeds::{die_seed, game_rng};
pub use tally::{Seat, Tally, TallyTable};
