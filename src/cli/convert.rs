//! `sade-ref convert`: SDN ⇄ JSON, canonical SDN.

use std::path::PathBuf;

use clap::ValueEnum;
use sade_ref::diagnostic::Diagnostic;
use sade_ref::parse::parse_bytes;
use sade_ref::record::Game;
use sade_ref::write::{json, sdn};

use super::Status;
use super::input::{Input, read_all};
use super::output::emit;

/// Convert game records between SDN (and PGN) and JSON.
///
/// Reads every game of every input; a game with a syntax error is reported with its place and
/// a code frame, and the others are still converted (exit code 1).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref convert game.sdn --to json\n  sade-ref convert game.json --to sdn -o game.sdn\n  cat game.pgn | sade-ref convert - --to sdn"
)]
pub struct Args {
    /// Input files; `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum)]
    to: Format,
    /// Input format (default: JSON for `.json` files, SDN otherwise).
    #[arg(long, value_enum)]
    from: Option<Format>,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// With `--to json`: add to every action what the referee resolved (colour and piece moved,
    /// from/to, UCI, capture, promotion, FEN after it).
    #[arg(long)]
    annotate: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Sdn,
    Json,
}

pub fn run(args: &Args) -> Status {
    let (inputs, mut status) = read_all(&args.files);
    let mut games = Vec::new();
    for input in &inputs {
        status = status.max(read_games(input, args.from, &mut games));
    }
    let text = match args.to {
        Format::Sdn => sdn::games_to_sdn(&games),
        Format::Json if args.annotate => super::verify::annotated_json(&games),
        Format::Json => json::to_json(&games),
    };
    status.max(emit(&text, args.output.as_deref()))
}

/// Reads the games of one input into `games`; reports what cannot be read.
fn read_games(input: &Input, from: Option<Format>, games: &mut Vec<Game>) -> Status {
    let format = from.unwrap_or(if input.name.ends_with(".json") {
        Format::Json
    } else {
        Format::Sdn
    });
    match format {
        Format::Sdn => {
            let mut status = Status::Ok;
            for game in parse_bytes(&input.bytes) {
                match game {
                    Ok(game) => games.push(game),
                    Err(error) => {
                        report_syntax(input, &error);
                        status = Status::Problems;
                    }
                }
            }
            status
        }
        Format::Json => {
            let Ok(text) = std::str::from_utf8(&input.bytes) else {
                eprintln!("{}: error: JSON input is not UTF-8", input.name);
                return Status::Problems;
            };
            match json::from_json(text) {
                Ok(read) => {
                    games.extend(read);
                    Status::Ok
                }
                Err(error) => {
                    eprintln!(
                        "{}:{}:{}: error: {error}",
                        input.name,
                        error.line(),
                        error.column().max(1)
                    );
                    Status::Problems
                }
            }
        }
    }
}

pub fn report_syntax(input: &Input, error: &sade_ref::parse::ParseError) {
    let diagnostic = Diagnostic {
        path: &input.name,
        source: &input.bytes,
        span: error.span,
        message: error.to_string(),
        help: error.help(),
    };
    eprintln!("{diagnostic:#}\n");
}
