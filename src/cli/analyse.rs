//! `sade-ref analyse`: where each game of a file was won and lost, and what the die did.

use std::path::PathBuf;

use clap::ValueEnum;
use sade_ref::analysis::{self, Engine, Settings};
use sade_ref::parse::Reader;
use sade_ref::play::uci::EngineSpec;
use sade_ref::write::sdn::to_sdn;

use super::diagnose::report_syntax;
use super::exit::Exit;
use super::input::read_all;
use super::output::Sink;

/// Analyse each game: every turn's chance of winning for its player before and after it, the
/// engine's best turns, the loss and its judgement (inaccuracy, mistake, blunder: lichess's 5,
/// 10 and 15 points), each player's accuracy and, in de Sade chess, the luck of each roll (the
/// best turn's chance with the face that came less the mean over the six faces) and the
/// luck-adjusted result. The same output on every run, with any --jobs. The JSON answer:
/// spec/ANALYSIS.md, spec/analysis.schema.json
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref analyse game.sdn\n  sade-ref analyse games.pgn --format json --jobs 2 -o analysis.jsonl\n  sade-ref analyse game.pgn --engine 'uci:/usr/games/stockfish depth=14'\n  sade-ref analyse game.sdn --format sdn -o annotated.sdn"
)]
pub struct Args {
    /// An SDN or PGN file; `-` reads standard input.
    file: PathBuf,
    /// Text for a person, one JSON object a game (a line each), or the record with the
    /// analysis written in as comments, glyphs and variations.
    #[arg(long, value_enum, default_value = "text")]
    format: AnalysisFormat,
    /// The node budget of a turn (default: standard and Marseillais 120000 positions, Sade
    /// 150000 fulfilments).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Turns analysed at once (the output does not depend on it).
    #[arg(long, default_value = "1", value_parser = super::jobs::parse)]
    jobs: std::num::NonZeroUsize,
    /// Standard chess only: an outside engine spoken to over UCI, `uci:PATH [name=value ...]`
    /// with `depth=N`, `nodes=N` or `movetime=MS` (default 1000) a position.
    #[arg(long, value_name = "uci:PATH")]
    engine: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AnalysisFormat {
    Text,
    Json,
    Sdn,
}

pub fn run(args: &Args) -> Exit {
    let engine = match args.engine.as_deref().map(engine) {
        None => Engine::Own,
        Some(Ok(spec)) => Engine::Uci(spec),
        Some(Err(reason)) => {
            eprintln!("sade-ref: analyse: --engine: {reason}");
            return Exit::Failed;
        }
    };
    let settings = Settings {
        engine,
        nodes: args.nodes,
        jobs: args.jobs.get(),
        progress: None,
    };
    let (inputs, mut status) = read_all(std::slice::from_ref(&args.file));
    let Some(input) = inputs.first() else {
        return status;
    };
    let Ok(mut sink) = Sink::open(args.output.as_deref()) else {
        return Exit::Failed;
    };
    for (index, game) in Reader::new(&input.bytes).enumerate() {
        let number = index + 1;
        let game = match game {
            Ok(game) => game,
            Err(error) => {
                report_syntax(input, &error);
                eprintln!("sade-ref: {} game {number}: not analysed", input.name);
                status = status.max(Exit::Problems);
                continue;
            }
        };
        match analysis::analyse(&game, &settings) {
            Ok(found) => {
                let text = match args.format {
                    AnalysisFormat::Text => {
                        format!(
                            "{} game {number}: {}",
                            input.name,
                            analysis::to_text(&found)
                        )
                    }
                    AnalysisFormat::Json => {
                        let mut line = serde_json::to_string(&found).unwrap_or_default();
                        line.push('\n');
                        line
                    }
                    AnalysisFormat::Sdn => to_sdn(&analysis::annotated(&game, &found)),
                };
                if !sink.write(&text) {
                    return Exit::Failed;
                }
            }
            Err(reason) => {
                eprintln!(
                    "sade-ref: {} game {number}: not analysed: {reason}",
                    input.name
                );
                status = status.max(Exit::Problems);
            }
        }
    }
    status.max(sink.finish())
}

fn engine(text: &str) -> Result<EngineSpec, String> {
    let Some(rest) = text.strip_prefix("uci:") else {
        return Err(format!("`{text}`: give uci:PATH [name=value ...]"));
    };
    EngineSpec::parse(rest).map_err(|e| e.to_string())
}
