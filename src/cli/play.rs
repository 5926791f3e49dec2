//! `sade-ref play`: games between bots, written as SDN.

use std::path::PathBuf;

use sade_ref::play::{self, Bot};
use sade_ref::write::sdn;

use super::exit::Exit;
use super::games::{GameArgs, progress};
use super::output::Sink;

/// Play games between bots and write them as SDN.
///
/// Output is the same for the same options and seed (and version of sade-ref). A Sade game
/// carries its die: `DieSeed` (and its `DieCommit`), from which `verify` recomputes every face.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref play --games 10 --seed 7\n  sade-ref play --variant standard --bot beginner -o games.sdn\n  sade-ref play --white club --black casual --max-turns 60\n  sade-ref play --variant marseillais --white club --nodes 20000"
)]
pub struct Args {
    #[command(flatten)]
    pub game: GameArgs,
    /// Games to play.
    #[arg(long, default_value_t = 1, value_parser = super::numbers::games)]
    games: u64,
    /// White's level: novice (default), beginner, casual or club (random and greedy are
    /// novice and beginner).
    #[arg(long)]
    white: Option<Bot>,
    /// Black's level (default: novice).
    #[arg(long)]
    black: Option<Bot>,
    /// The level for both colours.
    #[arg(long, conflicts_with_all = ["white", "black"])]
    bot: Option<Bot>,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(args: &Args) -> Exit {
    let white = args.bot.or(args.white).unwrap_or(Bot::NOVICE);
    let black = args.bot.or(args.black).unwrap_or(Bot::NOVICE);
    let options = args.game.options(white, black);
    if let Err(failed) = args.game.check_fen("play") {
        return failed;
    }
    let mut sink = match Sink::open(args.output.as_deref()) {
        Ok(sink) => sink,
        Err(failed) => return failed,
    };
    let bar = progress(args.games);
    for number in 1..=args.games {
        let played = match play::play_game(&options, number) {
            Ok(played) => played,
            Err(error) => {
                bar.finish_and_clear();
                eprintln!("sade-ref: game {number}: {error}");
                let _ = sink.finish();
                return Exit::Failed;
            }
        };
        let mut text = sdn::to_sdn(&played.game);
        if number < args.games {
            text.push('\n');
        }
        if !sink.write(&text) {
            break;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    sink.finish()
}
