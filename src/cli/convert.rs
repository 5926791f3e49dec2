//! `sade-ref convert`: SDN ⇄ JSON, canonical SDN.

use std::path::PathBuf;

use clap::ValueEnum;
use sade_ref::record::Game;
use sade_ref::write::{json, sdn};

use super::diagnose::{report_json, report_syntax};
use super::exit::Exit;
use super::input::{Input, Reading, each_window, is_json_name, read_all};
use super::output::Sink;

/// Convert game records between SDN (and PGN) and JSON.
///
/// Reads every game of every input; a game with a syntax error is reported with its place and
/// a code frame, and the others are still converted (exit code 1).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref convert game.sdn --to json\n  sade-ref convert game.json --to sdn -o game.sdn\n  sade-ref convert game.sdn --to sdn --adjudicate\n  cat game.pgn | sade-ref convert - --to sdn"
)]
pub struct Args {
    /// Input files; `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum)]
    to: Format,
    /// Input format (default: JSON for `.json` and `.jsonl` files, compressed or not; SDN
    /// otherwise).
    #[arg(long, value_enum)]
    from: Option<Format>,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// With `--to json` only: add to every action what the referee resolved (colour and piece moved,
    /// from/to, UCI, capture, promotion, FEN after it).
    #[arg(long)]
    annotate: bool,
    /// Write the referee's adjudication into each record: its `Result`, result
    /// token and `Termination`, a comment at the first illegal action or at a dispute; the
    /// players' own differing values are kept in a comment.
    #[arg(long, conflicts_with = "annotate")]
    adjudicate: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Sdn,
    Json,
}

pub fn run(args: &Args) -> Exit {
    if args.annotate && args.to == Format::Sdn {
        eprintln!(
            "sade-ref: --annotate writes what the referee resolved into JSON; SDN has no place \
             for it: use --to json"
        );
        return Exit::Failed;
    }
    let mut status = Exit::Ok;
    let mut sink = match Sink::open(args.output.as_deref()) {
        Ok(sink) => sink,
        Err(failed) => return failed,
    };
    // Games are written as they are read, so memory holds one game at a time.
    let mut written = 0;
    let mut emit = |game: Game| {
        let text = match args.to {
            Format::Sdn if args.adjudicate => {
                let verdict = sade_ref::verify(&game);
                sdn::to_sdn(&sade_ref::write::adjudicate::adjudicate(&game, &verdict))
            }
            Format::Sdn => sdn::to_sdn(&game),
            Format::Json if args.annotate => sade_ref::write::annotated::to_json(&game),
            Format::Json if args.adjudicate => {
                let verdict = sade_ref::verify(&game);
                json::to_json_value(&sade_ref::write::adjudicate::adjudicate(&game, &verdict))
            }
            Format::Json => json::to_json_value(&game),
        };
        let separator = match (args.to, written) {
            (Format::Sdn, 0) => "",
            (Format::Sdn, _) => "\n",
            (Format::Json, 0) => "[\n",
            (Format::Json, _) => ",\n",
        };
        written += 1;
        sink.write(separator) && sink.write(&text)
    };
    for path in &args.files {
        let json = args.from.map_or(is_json_name(path), |f| f == Format::Json);
        if json {
            let (inputs, read) = read_all(std::slice::from_ref(path));
            status = status.max(read);
            for input in &inputs {
                status = status.max(read_json(input, &mut emit));
            }
            continue;
        }
        // SDN and PGN a window at a time: memory holds a window, never the file.
        let quiet = Reading {
            first_game: 1,
            first_line: 1,
            quiet: true,
        };
        let mut problems = Exit::Ok;
        let read = each_window(path, &quiet, 1, &|game| game, |input, _, games, _| {
            for game in games {
                match game {
                    Ok(game) => {
                        if !emit(game) {
                            return false;
                        }
                    }
                    Err(error) => {
                        report_syntax(input, &error);
                        problems = Exit::Problems;
                    }
                }
            }
            true
        });
        status = status.max(read).max(problems);
    }
    if args.to == Format::Json {
        sink.write(if written == 0 { "[]\n" } else { "\n]\n" });
    }
    status.max(sink.finish())
}

/// Reads the games of one JSON input and hands each to `emit` (which says whether to go on);
/// reports what cannot be read.
fn read_json(input: &Input, emit: &mut impl FnMut(Game) -> bool) -> Exit {
    let Ok(text) = std::str::from_utf8(&input.bytes) else {
        eprintln!("{}: error: JSON input is not UTF-8", input.name);
        return Exit::Problems;
    };
    let mut status = Exit::Ok;
    for game in json::read_json(text) {
        match game {
            Ok(game) => {
                if !emit(game) {
                    break;
                }
            }
            Err(error) => {
                report_json(input, &error);
                status = Exit::Problems;
            }
        }
    }
    status
}
