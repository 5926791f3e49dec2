//! The command line as clap reads it, and the dispatch of each command to its module; the
//! process exits with the status the command reports.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use super::exit::Exit;
use super::{
    analyse, convert, course, match_, options, perft, play, puzzles, report, serve, show, store,
    verify,
};

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
    Analyse(analyse::Args),
    Play(play::Args),
    Match(match_::Args),
    Perft(perft::Args),
    Serve(serve::Args),
    Store(store::Args),
    Course(course::Args),
    Puzzles(puzzles::Args),
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return ExitCode::from(if error.use_stderr() {
                Exit::Failed as u8
            } else {
                0
            });
        }
    };
    let status = match cli.command {
        Command::Analyse(args) => analyse::run(&args),
        Command::Convert(args) => convert::run(&args),
        Command::Options(args) => options::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => match_::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Serve(args) => serve::run_command(&args),
        Command::Store(args) => store::run(&args),
        Command::Course(args) => course::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
    };
    ExitCode::from(status as u8)
}
