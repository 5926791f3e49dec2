//! `sade-ref match`: two bots play a series of games, colours alternating, and the score.

use sade_ref::play::{self, Bot, Report, Seat, Tally};

use super::Status;
use super::play::{GameArgs, progress};

/// Play a match between two bots and print the score of each, with a 95% confidence interval,
/// and the terminations by kind.
///
/// Colours alternate: the `--white` bot has White in the odd-numbered games, the `--black` bot
/// in the even-numbered ones. A win counts 1, a draw or a game unfinished at `--max-turns` 1/2.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref match --variant sade --games 200 --white club --black casual\n  sade-ref match --variant standard --games 200 --max-turns 300"
)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, default_value_t = 200, value_parser = super::numbers::games)]
    games: u64,
    /// The level with White in the first game: novice, beginner, casual or club.
    #[arg(long, default_value = "beginner")]
    white: Bot,
    /// The level with Black in the first game.
    #[arg(long, default_value = "novice")]
    black: Bot,
}

pub fn run(args: &Args) -> Status {
    let first = args.white;
    let second = args.black;
    if let Err(failed) = args.game.check_fen("match") {
        return failed;
    }
    let mut tally = Tally::default();
    let bar = progress(args.games);
    for number in 1..=args.games {
        let options = match Seat::white_in(number) {
            Seat::First => args.game.options(first, second),
            Seat::Second => args.game.options(second, first),
        };
        match play::play_game(&options, number) {
            Ok(played) => tally.add(number, &played.verdict),
            Err(error) => {
                bar.finish_and_clear();
                eprintln!("sade-ref: game {number}: {error}");
                return Status::Failed;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let options = args.game.options(first, second);
    println!(
        "{}: {} games, seed {}, colours alternating, at most {} turns a game",
        options.variant.tag(),
        tally.games(),
        options.seed,
        options.max_turns
    );
    let names = [
        format!("{} (1)", first.name()),
        format!("{} (2)", second.name()),
    ];
    print!(
        "{}",
        Report {
            tally: &tally,
            names: [&names[0], &names[1]],
        }
    );
    Status::Ok
}
