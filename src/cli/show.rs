//! `sade-ref show`: one turn of a record, as text or as an SVG diagram.

use std::path::PathBuf;

use sade_ref::arbiter::locate::TurnName;
use sade_ref::render::{board_text, model, svg};

use super::exit::Exit;
use super::output::Sink;
use super::pick;

/// Show one turn: the board before and after, both pools, the die face, every action with the
/// move it resolved to, and the referee's verdict on the turn. With --svg, a board diagram
/// with the actions as numbered arrows instead.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref show corpus/games/sade_05.sdn --turn 12b\n  sade-ref show game.sdn --game-index 2 --turn 30. --svg turn.svg"
)]
pub struct Args {
    /// An SDN or PGN file.
    file: PathBuf,
    /// Which game of the file (1-based).
    #[arg(long, default_value_t = 1, value_parser = super::numbers::game_index)]
    game_index: usize,
    /// The turn: 12w or 12. (White's 12th), 12b or 12... (Black's).
    #[arg(long)]
    turn: TurnName,
    /// Write an SVG diagram of the turn to this file (`-`: standard output).
    #[arg(long, value_name = "OUT.svg")]
    svg: Option<PathBuf>,
}

pub fn run(args: &Args) -> Exit {
    let (input, game) = match pick::game(&args.file, args.game_index) {
        Ok(picked) => picked,
        Err(status) => return status,
    };
    let index = match pick::turn(&input, &game, args.turn) {
        Ok(index) => index,
        Err(status) => return status,
    };
    let view = match model::game_view(&game) {
        Ok(view) => view,
        Err(reason) => {
            eprintln!("sade-ref: {}: {reason}", input.name);
            return Exit::Failed;
        }
    };
    let Some(turn) = view.turns.get(index) else {
        eprintln!(
            "sade-ref: {}: turn {} is not written in the record",
            input.name, args.turn
        );
        return Exit::Failed;
    };
    let (text, to) = match &args.svg {
        Some(path) => (svg::turn(&view, turn), Some(path.as_path())),
        None => (board_text::turn(&view, turn), None),
    };
    let Ok(mut sink) = Sink::open(to) else {
        return Exit::Failed;
    };
    sink.write(&text);
    sink.finish()
}
