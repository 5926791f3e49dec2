//! `sade-ref play`: games between bots, written as SDN.

use std::io::IsTerminal;
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use sade_ref::play::{self, Bot, Options, PlayError};
use sade_ref::record::Variant;
use sade_ref::write::sdn;

use super::Status;
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

/// What every game of a run shares (`play` and `match`).
#[derive(clap::Args)]
pub struct GameArgs {
    /// The game.
    #[arg(long, value_parser = super::variants::parser(&super::variants::PLAYED), default_value = "sade")]
    pub variant: Variant,
    /// Seed of the bots' generator and of the Sade die.
    #[arg(long, default_value_t = 0, value_parser = super::numbers::seed)]
    pub seed: u64,
    /// Turns at most in a game (a Sade roll, a Marseillais pair, a chess move); a game still
    /// going then ends with `*`.
    #[arg(long, default_value_t = 200, value_parser = super::numbers::turns)]
    pub max_turns: usize,
    /// Start from this position (Sade: with the pocket, `…/RNBQKBNR[Qrn] w KQkq - 0 1`).
    #[arg(long)]
    pub fen: Option<String>,
    /// The node limit of a turn of the levels that search (casual, club) instead of their own
    /// (casual 2000, club 40000). The games stay the same for the same seed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// A time limit per turn, in milliseconds, for the levels that search, on top of the node
    /// limit. The games then depend on the machine's speed.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
}

impl GameArgs {
    /// Refuses, once and before any game is played, a `--fen` that cannot start a game.
    pub fn check_fen(&self, command: &str) -> Result<(), Status> {
        let Some(fen) = &self.fen else {
            return Ok(());
        };
        if let Some(problem) = sade_ref::rules::fen_problem(fen) {
            eprintln!("sade-ref: {command}: --fen `{fen}` is not a position: {problem}");
            return Err(Status::Failed);
        }
        let options = self.options(Bot::Random, Bot::Random);
        play::check_start(&options).map_err(|error| {
            let reason = match &error {
                PlayError::Setup(reason) => super::fen_reason(reason).to_owned(),
                _ => error.to_string(),
            };
            eprintln!(
                "sade-ref: {command}: --fen `{fen}` cannot start a {} game: {reason}",
                options.variant.tag()
            );
            Status::Failed
        })
    }

    pub fn options(&self, white: Bot, black: Bot) -> Options {
        Options {
            variant: self.variant,
            white: white.with_limit(self.nodes, self.movetime),
            black: black.with_limit(self.nodes, self.movetime),
            max_turns: self.max_turns,
            fen: self.fen.clone(),
            seed: self.seed,
        }
    }
}

/// A progress bar on standard error when it is a terminal, hidden otherwise.
pub fn progress(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}

pub fn run(args: &Args) -> Status {
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
                return Status::Failed;
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
