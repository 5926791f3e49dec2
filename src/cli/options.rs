//! `sade-ref options`: every legal fulfilment of a die face (Sade), legal move (Standard) or
//! legal full turn (Marseillais), from the referee's own search.

use std::path::PathBuf;

use sade_ref::arbiter::locate::{self, TurnName};
use sade_ref::arbiter::options::{self, Limits, Query};
use sade_ref::record::Face;
use sade_ref::record::{Game, Tag, Variant};
use sade_ref::rules::marseillais::TurnStart;
use sade_ref::rules::sade::State;
use sade_ref::rules::standard;

use super::exit::Exit;
use super::format::Format;
use super::output::Sink;
use super::pick;

/// What could the player have done? Every legal way to fulfil the die face, with the end of the
/// game it leads to at once, then the count. For faces 1–3 it states whose pieces move (the
/// opponent's, or one's own when fewer than N of the opponent's can move at the roll, R4) with
/// the pieces counted as proof; "none" comes with
/// its consequence and Article, and so does a game already over (exit code 0). A series that
/// gives a forbidden check loses (Art. 4.1), and so does one started and left with no way to
/// complete it (Poverty of the Flesh, Art. 13.2): neither is a fulfilment, so neither is counted
/// as one; each is listed after the count as a losing way, and those are counted apart. The
/// JSON answer:
/// spec/OPTIONS.md, spec/options.schema.json.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref options --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --face 3 --limit 5\n  sade-ref options --game corpus/games/sade_05.sdn --turn 12b\n  sade-ref options --game game.sdn --game-index 2 --turn 30. --count-only"
)]
pub struct Args {
    /// The position (Sade: a pocket of captured pieces may follow the placement, `[Qrn]`).
    #[arg(long, conflicts_with = "game", required_unless_present = "game")]
    fen: Option<String>,
    /// The die face rolled (Sade); with --game it replaces the record's face.
    #[arg(long, value_parser = super::numbers::face)]
    face: Option<Face>,
    /// The game of --fen (default: sade); a record says its own.
    #[arg(
        long,
        value_parser = super::variants::parser(&super::variants::POSITIONS),
        conflicts_with = "game"
    )]
    variant: Option<Variant>,
    /// A record: the position is the one before --turn.
    #[arg(long, requires = "turn")]
    game: Option<PathBuf>,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1, value_parser = super::numbers::game_index)]
    game_index: usize,
    /// The turn: 12w or 12. (White's 12th), 12b or 12... (Black's).
    #[arg(long, conflicts_with = "fen")]
    turn: Option<TurnName>,
    /// List at most K options (all are counted).
    #[arg(long, value_name = "K", value_parser = super::numbers::limit)]
    limit: Option<usize>,
    /// Only the count (and the mode, and what follows when there is none).
    #[arg(long)]
    count_only: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(args: &Args) -> Exit {
    let query = match query(args) {
        Ok(query) => query,
        Err(Some(reason)) => {
            eprintln!("sade-ref: options: {reason}");
            return Exit::Failed;
        }
        Err(None) => return Exit::Failed,
    };
    let limits = Limits {
        limit: args.limit,
        count_only: args.count_only,
    };
    let answer = match options::answer(&query, limits) {
        Ok(answer) => answer,
        Err(reason) => {
            eprintln!("sade-ref: options: {reason}");
            return Exit::Failed;
        }
    };
    let text = match args.format {
        Format::Text => options::text(&answer),
        Format::Json => match serde_json::to_string_pretty(&answer) {
            Ok(json) => json + "\n",
            Err(e) => {
                eprintln!("sade-ref: options: {e}");
                return Exit::Failed;
            }
        },
    };
    let Ok(mut sink) = Sink::open(None) else {
        return Exit::Failed;
    };
    sink.write(&text);
    sink.finish()
}

/// The position asked about. `Err(None)`: already reported.
fn query(args: &Args) -> Result<Query, Option<String>> {
    if let Some(fen) = &args.fen {
        if let Some(problem) = sade_ref::rules::fen_problem(fen) {
            return Err(Some(format!("--fen `{fen}` is not a position: {problem}")));
        }
        let game = Game {
            tags: vec![Tag {
                name: "FEN".to_owned(),
                value: fen.clone(),
                span: Default::default(),
            }],
            ..Game::default()
        };
        let cannot = |reason: String| {
            Some(format!(
                "--fen `{fen}` cannot be played: {}",
                super::words::fen_reason(&reason)
            ))
        };
        return match args.variant.unwrap_or(Variant::Sade) {
            Variant::Sade => {
                let face = args.face.ok_or_else(|| {
                    "a Sade position needs the die face: --face 1 to 6".to_owned()
                })?;
                let state = State::from_game(&game).map_err(|e| cannot(e.reason))?;
                Ok(Query::Sade { state, face })
            }
            Variant::Standard | Variant::Chess960 => {
                refuse_face(args, "Standard")?;
                let start = standard::start_position(&game).map_err(|e| cannot(e.reason))?;
                Ok(Query::Standard(standard::Standing::new(start.pos)))
            }
            Variant::Marseillais | Variant::MarseillaisClassical => {
                refuse_face(args, "Marseillais")?;
                TurnStart::from_fen(fen)
                    .map(Query::Marseillais)
                    .map_err(|e| cannot(e.to_string()))
            }
        };
    }
    let (Some(path), Some(name)) = (&args.game, args.turn) else {
        return Err(Some("give --fen, or --game with --turn".to_owned()));
    };
    let (input, game) = pick::game(path, args.game_index).map_err(|_| None)?;
    let index = pick::turn(&input, &game, name).map_err(|_| None)?;
    locate::query_before(&game, index, name, args.face)
        .map_err(|e| Some(format!("{}: before turn {name}: {e}", input.name)))
}

/// `--face` asks about a die: refused for a game without one, never ignored.
fn refuse_face(args: &Args, variant: &str) -> Result<(), Option<String>> {
    match args.face {
        Some(face) => Err(Some(locate::no_die(face, variant).to_string())),
        None => Ok(()),
    }
}
