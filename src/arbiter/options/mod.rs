//! What a player could have done: every legal fulfilment of a die face (Sade), every legal move
//! (Standard), every legal full turn (Marseillais), from the referee's own search.
//!
//! ```
//! use sade_ref::arbiter::options::{Limits, Pieces, Query, answer};
//! use sade_ref::record::{Face, Game};
//! use sade_ref::rules::sade::State;
//!
//! let state = State::from_game(&Game::default()).unwrap();
//! let found = answer(&Query::Sade { state, face: Face::One }, Limits::default()).unwrap();
//! assert_eq!(found.count, 20);
//! assert_eq!(found.mode.unwrap().pieces, Pieces::Opponent);
//! ```
//!
//! The JSON form (`options --format json`) is a public contract: `spec/options.schema.json`,
//! explained in `spec/OPTIONS.md`. A game that is already over is an answer too: no option, and
//! a [`NoneAnswer`] that says how it ended and by which Article.

// The floors of arbiter/options/, from the bottom up: a file names only modules of the floors
// below its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `error`, `answer`: why there is no answer; the answer's shape and its parts.
// 1. `limits`: how much of the list to keep, and the collector that keeps it.
// 2. `chess`, `sade`, `text`: the options of Standard and Marseillais, of Sade; the text form.
// 3. `query`: what is asked, and the answer to it.
// 4. `mod.rs`: the table of contents.

mod answer;
mod chess;
mod error;
mod limits;
mod query;
mod sade;
mod text;

pub use answer::{Answer, Ends, Line, Mode, NoneAnswer, Pieces, Squares, VERSION};
pub use error::OptionsError;
pub use limits::Limits;
pub use query::{Over, Query, answer};
pub use text::text;
