//! `sade-ref options`: every legal fulfilment of a die face (Sade), legal move (Standard) or
//! legal full turn (Marseillais), from the referee's own search.

use std::path::PathBuf;

use clap::ValueEnum;
use sade_ref::arbiter::locate::{self, TurnName};
use sade_ref::arbiter::options::{self, Limits, Query};
use sade_ref::record::{Game, Tag, VariantName};
use sade_ref::rules::marseillais::TurnStart;
use sade_ref::rules::sade::State;

use super::Status;
use super::output::Sink;
use super::pick;

/// What could the player have done? Every legal way to fulfil the die face, with what it ends
/// in, then the count. For faces 1–3 it states whose pieces move (the opponent's, or one's own
/// because the opponent's cannot) with the proof; "none" comes with its consequence.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref options --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --face 3 --limit 5\n  sade-ref options --game corpus/games/sade_05.sdn --turn 12b\n  sade-ref options --game game.sdn --game-index 2 --turn 30. --count-only"
)]
pub struct Args {
    /// The position (Sade: a pocket of captured pieces may follow the placement, `[Qrn]`).
    #[arg(long, conflicts_with = "game", required_unless_present = "game")]
    fen: Option<String>,
    /// The die face rolled (Sade); with --game it replaces the record's face.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    face: Option<u8>,
    /// The game of --fen.
    #[arg(long, value_enum, default_value = "sade")]
    variant: Variant,
    /// A record: the position is the one before --turn.
    #[arg(long, requires = "turn")]
    game: Option<PathBuf>,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1)]
    game_index: usize,
    /// The turn: 12w or 12. (White's 12th), 12b or 12... (Black's).
    #[arg(long)]
    turn: Option<TurnName>,
    /// List at most K options (all are counted).
    #[arg(long, value_name = "K")]
    limit: Option<usize>,
    /// Only the count (and the mode, and what follows when there is none).
    #[arg(long)]
    count_only: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Variant {
    Sade,
    Standard,
    Marseillais,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    let query = match query(args) {
        Ok(query) => query,
        Err(Some(reason)) => {
            eprintln!("sade-ref: options: {reason}");
            return Status::Failed;
        }
        Err(None) => return Status::Failed,
    };
    let limits = Limits {
        limit: args.limit,
        count_only: args.count_only,
    };
    let answer = match options::answer(&query, limits) {
        Ok(answer) => answer,
        Err(reason) => {
            eprintln!("sade-ref: options: {reason}");
            return Status::Failed;
        }
    };
    let text = match args.format {
        Format::Text => options::text(&answer),
        Format::Json => match serde_json::to_string_pretty(&answer) {
            Ok(json) => json + "\n",
            Err(e) => {
                eprintln!("sade-ref: options: {e}");
                return Status::Failed;
            }
        },
    };
    let Ok(mut sink) = Sink::open(None) else {
        return Status::Failed;
    };
    sink.write(&text);
    sink.finish()
}

/// The position asked about. `Err(None)`: already reported.
fn query(args: &Args) -> Result<Query, Option<String>> {
    if let Some(fen) = &args.fen {
        return match args.variant {
            Variant::Sade => {
                let face = args
                    .face
                    .ok_or_else(|| "a Sade position needs --face 1..6".to_owned())?;
                let game = Game {
                    tags: vec![Tag {
                        name: "FEN".to_owned(),
                        value: fen.clone(),
                        span: Default::default(),
                    }],
                    ..Game::default()
                };
                let state = State::from_game(&game).map_err(|e| format!("--fen: {e}"))?;
                Ok(Query::Sade { state, face })
            }
            Variant::Standard => {
                let game = Game {
                    tags: vec![Tag {
                        name: "FEN".to_owned(),
                        value: fen.clone(),
                        span: Default::default(),
                    }],
                    ..Game::default()
                };
                let (pos, _) = locate::standard_position_before(&game, 0)
                    .map_err(|e| format!("--fen: {e}"))?;
                Ok(Query::Standard(pos))
            }
            Variant::Marseillais => TurnStart::from_fen(fen)
                .map(Query::Marseillais)
                .map_err(|e| Some(format!("--fen: {e}"))),
        };
    }
    let (Some(path), Some(name)) = (&args.game, args.turn) else {
        return Err(Some("give --fen, or --game with --turn".to_owned()));
    };
    let (input, game) = pick::game(path, args.game_index).map_err(|_| None)?;
    let index = pick::turn(&input, &game, name).map_err(|_| None)?;
    let at = |e: String| Some(format!("{}: before turn {name}: {e}", input.name));
    match locate::variant_of(&game) {
        VariantName::Sade => {
            let state = locate::sade_state_before(&game, index).map_err(at)?;
            let face = args
                .face
                .or_else(|| game.turns.get(index).and_then(|t| t.face.map(|f| f.value)))
                .ok_or_else(|| at(format!("turn {name} has no die face: give --face")))?;
            Ok(Query::Sade { state, face })
        }
        VariantName::Marseillais | VariantName::MarseillaisClassical => {
            let start = locate::marseillais_before(&game, index).map_err(at)?;
            Ok(Query::Marseillais(start))
        }
        VariantName::Standard | VariantName::Chess960 => {
            let (pos, _) = locate::standard_position_before(&game, index).map_err(at)?;
            Ok(Query::Standard(pos))
        }
        other => Err(Some(format!("sade-ref does not referee {other} games"))),
    }
}
