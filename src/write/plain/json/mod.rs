//! Game records as JSON, both ways, losslessly: `from_json(&to_json(games)) == games`.
//!
//! The document is an array of games (or one game object); its shape is what the record types'
//! serde derives give, described by `spec/sdn.schema.json`. A game looks like
//!
//! ```json
//! {
//!   "tags": [{ "name": "Event", "value": "Boudoir Open", "span": [0, 22] }],
//!   "turns": [{
//!     "number": { "number": 1, "side": "white" },
//!     "face": { "value": 4, "span": [30, 32] },
//!     "items": [
//!       { "type": "action", "sacrifice": { "role": "N", "square": "b8" }, "span": [33, 37] },
//!       { "type": "action", "san": "e5", "check": "+", "glyph": "!?", "span": [38, 40] },
//!       { "type": "comment", "text": "a comment", "span": [41, 52] }
//!     ],
//!     "span": [27, 52]
//!   }],
//!   "result": "*",
//!   "span": [0, 54]
//! }
//! ```
//!
//! Spans are byte offsets `[start, end]` in the text the record was read from; they may be left
//! out on input.
//!
//! Writing is here; reading, strictly and with located errors, is in [`read`].

// The floors of write/plain/json/, from the bottom up: a file names only modules of the floors
// below its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `words`, `write`: serde's words said in a record's; writing.
// 1. `read`: reading, strictly, with located errors.
// 2. `mod.rs`: the table of contents.

mod read;
mod words;
mod write;

pub use read::{JsonError, check, from_json, read_json};
pub use write::{to_json, to_json_lines, to_json_value};
