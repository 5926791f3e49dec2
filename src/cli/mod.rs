//! Command-line parsing (clap derive), dispatch and exit codes.
//!
//! Exit codes: 0 all is well, 1 some input had errors or some game is invalid or disputed (the
//! rest was still processed), 2 the command could not run (no such file, bad flags).

// The floors of cli/, from the bottom up: a file names only modules of the floors below its own
// (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `decompress`, `numbers`, `meter`, `exit`, `format`, `variants`, `words`: an input opened,
//    plain or compressed; whole numbers; the progress bar; how a run went; `--format`;
//    `--variant`; errors in words.
// 1. `input`, `output`, `games`, `jobs`, `course`, `serve`, `store`, `puzzles`: reading the
//    inputs (a text a window at a time by the library's `parse::GameReader`); where results go;
//    the game arguments; `--jobs`; the commands `course`, `serve`, `store`, `puzzles`.
// 2. `diagnose`, `match_`, `play`, `perft`: what is said about input that cannot be read; the
//    commands `match`, `play`, `perft`.
// 3. `pick`, `convert`, `report`, `verify`, `analyse`: one game and turn of a file; the commands
//    `convert`, `report`, `verify`, `analyse`.
// 4. `options`, `show`: the commands `options` and `show`.
// 5. `command`: the command line as clap reads it, and the dispatch.
// 6. `mod.rs`: the table of contents.

mod analyse;
mod command;
mod convert;
mod course;
mod decompress;
mod diagnose;
mod exit;
mod format;
mod games;
mod input;
mod jobs;
mod match_;
mod meter;
mod numbers;
mod options;
mod output;
mod perft;
mod pick;
mod play;
mod puzzles;
mod report;
mod serve;
mod show;
mod store;
mod variants;
mod verify;
mod words;

pub use command::run;
