//! Command-line parsing (clap derive), dispatch and exit codes.
//!
//! Exit codes: 0 all is well, 1 some input had errors or some game is invalid or disputed (the
//! rest was still processed), 2 the command could not run (no such file, bad flags).

mod command;
mod convert;
mod course;
mod decompress;
mod diagnose;
mod games;
mod input;
mod jobs;
mod match_;
mod numbers;
mod options;
mod output;
mod perft;
mod pick;
mod play;
mod progress;
mod puzzles;
mod report;
mod serve;
mod show;
mod status;
mod stream;
mod variants;
mod verify;
mod words;

pub use command::run;
pub use status::Status;
pub use words::{fen_reason, io_words};
