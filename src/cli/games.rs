//! What the commands that play games share (`play` and `match`): the game arguments, the
//! options they give the bots, and the progress bar of a run of games.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use sade_ref::play::{self, Bot, Options, PlayError};
use sade_ref::record::Variant;

use super::exit::Exit;

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
    pub fn check_fen(&self, command: &str) -> Result<(), Exit> {
        let Some(fen) = &self.fen else {
            return Ok(());
        };
        if let Some(problem) = sade_ref::rules::fen_problem(fen) {
            eprintln!("sade-ref: {command}: --fen `{fen}` is not a position: {problem}");
            return Err(Exit::Failed);
        }
        let options = self.options(Bot::Random, Bot::Random);
        play::check_start(&options).map_err(|error| {
            let reason = match &error {
                PlayError::Setup(reason) => super::words::fen_reason(reason).to_owned(),
                _ => error.to_string(),
            };
            eprintln!(
                "sade-ref: {command}: --fen `{fen}` cannot start a {} game: {reason}",
                options.variant.tag()
            );
            Exit::Failed
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
