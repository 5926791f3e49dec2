//! Command-line parsing (clap derive), dispatch and exit codes.
//!
//! Exit codes: 0 all is well, 1 some input had errors or some game is invalid or disputed (the
//! rest was still processed), 2 the command could not run (no such file, bad flags).

mod convert;
mod course;
mod decompress;
mod diagnose;
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
mod stream;
mod variants;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "sade-ref",
    version,
    about = "Referee and record toolkit for Marquis de Sade chess, Marseillais chess and standard chess"
)]
#[command(
    after_help = "Examples:\n  sade-ref verify corpus/games/*.sdn\n  sade-ref convert game.sdn --to json -o game.json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Convert(convert::Args),
    Options(options::Args),
    Report(report::Args),
    Show(show::Args),
    Verify(verify::Args),
    Play(play::Args),
    Match(match_::Args),
    Perft(perft::Args),
    Serve(serve::Args),
    Course(course::Args),
    Puzzles(puzzles::Args),
}

/// How a run went, from best to worst; the process exits with the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    /// Some input had errors, or some game is invalid or disputed.
    Problems = 1,
    /// Something could not be done at all.
    Failed = 2,
}

/// An input or output error as the system says it, without the error number Rust's standard
/// library adds (`No such file or directory (os error 2)`).
pub fn io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}

/// Why a `--fen` position cannot be played, without the words that name the FEN tag of a
/// record or repeat "cannot be played": the caller says that, and names `--fen`.
pub fn fen_reason(reason: &str) -> &str {
    [
        "the start position cannot be played: ",
        "the FEN tag is not a playable position: ",
        "not a playable position: ",
    ]
    .iter()
    .find_map(|prefix| reason.strip_prefix(prefix))
    .unwrap_or(reason)
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                Status::Failed as u8
            } else {
                0
            });
        }
    };
    let status = match cli.command {
        Command::Convert(args) => convert::run(&args),
        Command::Options(args) => options::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => match_::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Serve(args) => serve::run_command(&args),
        Command::Course(args) => course::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
    };
    ExitCode::from(status as u8)
}
