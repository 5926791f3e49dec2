//! Command-line parsing (clap derive), dispatch and exit codes.
//!
//! Exit codes: 0 all is well, 1 some input had errors or some game is invalid or disputed (the
//! rest was still processed), 2 the command could not run (no such file, bad flags).

// The floors of cli/, from the bottom up: a file names only modules of the floors below its own
// (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `decompress`, `numbers`, `progress`, `status`, `stream`, `variants`, `words`: an input
//    opened, plain or compressed; whole numbers; the progress bar; how a run went; a text read a
//    window at a time; `--variant`; errors in words.
// 1. `input`, `output`, `games`, `jobs`, `course`, `serve`, `puzzles`: reading the inputs;
//    where results go; the game arguments; `--jobs`; the commands `course`, `serve`, `puzzles`.
// 2. `diagnose`, `match_`, `play`, `perft`: what is said about input that cannot be read; the
//    commands `match`, `play`, `perft`.
// 3. `pick`, `convert`, `report`, `verify`: one game and turn of a file; the commands
//    `convert`, `report`, `verify`.
// 4. `options`, `show`: the commands `options` and `show`.
// 5. `command`: the command line as clap reads it, and the dispatch.
// 6. `mod.rs`: the table of contents.

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
