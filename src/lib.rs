// The modules stand on floors, listed from the bottom up; a module imports only from the
// floors below its own (the test in `layers/modules.rs` reads this list and holds every module to it):
//
// 0. `layers`: the floors held (a test)
// 1. `record`: the typed game record, what a text says
// 2. `diagnostic`, `parse`: an error shown at its place; text read into records
// 3. `rules`: the rules of each game, replaying a record
// 4. `die`: the auditable die
// 5. `referee`: the verdict on a record
// 6. `arbiter`, `render`, `write`: the arbiter's questions; the board drawn; records written
// 7. `verdict_line`, `engine`: the verdict as a JSON line (`verify --format json`); the search that
//    chooses a turn
// 8. `play`: bots playing games
// 9. `analysis`: where a game was won and lost, and what the die did
// 10. `puzzles`, `course`: puzzles proved by the referee; the rules course
// 11. `serve`: the web application
// (The command line, `src/cli/`, is a crate of its own above them all.)

//! sade-ref: the referee and record toolkit for Marquis de Sade chess, Marseillais chess and
//! standard chess.
//!
//! The pipeline, one module a step: text → [`parse`] → [`record`] → [`referee`] (with the
//! [`rules`] of each game) → [`Verdict`], and [`write`] for canonical SDN and JSON. What a tool
//! builder calls most is re-exported here.
//!
//! ```
//! use sade_ref::{Status, Termination, parse_str, verify};
//!
//! // White rolls 4, sacrifices the last piece beside the king: Divine Nakedness (Art. 9.3). The
//! // regular move written after the win is void (R21), and the verdict says where it starts.
//! let text = "[Variant \"Sade\"]\n[FEN \"7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1\"]\n\n1. 4: -Nb1 Kd2 1-0\n";
//! let games = parse_str(text);
//! let game = games[0].as_ref().expect("a record");
//! let verdict = verify(game);
//! assert_eq!(verdict.status, Status::Finished);
//! assert_eq!(verdict.termination, Some(Termination::Nakedness));
//! assert_eq!(verdict.article.map(|a| a.to_string()).as_deref(), Some("Art. 9.3"));
//! assert_eq!(verdict.void.map(|v| v.actions), Some(1));
//! assert!(verdict.dispute.is_none());
//!
//! // Written back as canonical SDN, the record reads back the same.
//! let sdn = sade_ref::write::sdn::to_sdn(game);
//! assert_eq!(parse_str(&sdn)[0].as_ref().map(|g| g.turns.len()), Ok(1));
//! ```

pub mod analysis;
pub mod arbiter;
pub mod course;
pub mod diagnostic;
pub mod die;
pub mod engine;
#[cfg(test)]
mod layers;
pub mod parse;
pub mod play;
pub mod puzzles;
pub mod record;
pub mod referee;
pub mod render;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod verdict_line;
pub mod write;

pub use parse::{ParseError, Reader, parse_bytes, parse_str};
pub use record::{Game, GameResult, Turn};
pub use referee::{Locator, Status, Verdict, Void, verify, verify_annotated};
pub use rules::{Article, FaultCode, Termination, Violation};
pub use verdict_line::VerdictLine;
