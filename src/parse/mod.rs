//! The SDN reader: text → [`Game`] records, one game at a time, with located errors.
//!
//! The reader knows notation, not chess: it reads `Nf3` as a knight move to f3 and leaves it to
//! the referee to find which knight, or whether there is one. It reads every ordinary PGN file
//! (PGN import format, with the leniencies listed in `spec/SDN.md`) and never panics: a syntax
//! error ends that game with a [`ParseError`], and the reader goes on with the next game.
//!
//! A text too large to hold is read from any [`std::io::Read`] a window at a time by
//! [`GameReader`] (a window's games, or [`Games`] one by one, each with its line in the whole
//! text): the same games and errors as [`parse_bytes`] finds in the whole text.
//!
//! ```
//! let games = sade_ref::parse::parse_str("[Variant \"Sade\"]\n\n1. 3: e6 d6 Nf6 *\n");
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.turns[0].face.unwrap().value, sade_ref::record::Face::Three);
//! assert_eq!(game.turns[0].actions().count(), 3);
//! ```

// The floors of parse/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `error`, `scanner`: the located errors; the byte helpers (filler, line ends).
// 1. `token`: the tokens of the movetext, recognised one by one.
// 2. `lexer`: the movetext's text to tokens, into a list or a sink that takes them one by one.
// 3. `grouping`: the tokens grouped into turns, from a list or one at a time.
// 4. `movetext`: the movetext of one game, where the lexer and the grouping meet (one pass for
//    the common records, two for the rest).
// 5. `reader`: a text split into games, and each one's tag section.
// 6. `games`, `blocks`: every game of a text; the games of one window of a text read a window
//    at a time (in blocks read in parallel, with the `parallel` feature).
// 7. `stream`: a text read from any `std::io::Read` a window at a time.
// 8. `streamed`: the games of such a text one by one, each with its window and line.
// 9. `stream_tests`: the tests of the reader a window at a time against the whole text's.
// 10. `mod.rs`: the table of contents.

mod blocks;
mod error;
mod games;
mod grouping;
mod lexer;
mod movetext;
mod reader;
mod scanner;
mod stream;
#[cfg(test)]
mod stream_tests;
mod streamed;
mod token;

pub use error::{ErrorKind, ParseError, Place};
pub use games::{parse_bytes, parse_str};
pub(crate) use movetext::start_number;
pub use reader::Reader;
pub use scanner::Text;
pub use stream::{GameReader, Window};
pub use streamed::{GameText, Games};
