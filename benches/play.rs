//! Self-play throughput: bot turns per second for each game and each bot.
//!
//! `cargo bench --bench play`: for each game and bot, the bot plays both colours for a fixed
//! set of games ([`play_turns`]: the bot's choice of every turn and, in Sade, the referee's
//! check of the turn written), and the figure is turns/s, the best of three runs. Sade's
//! `random` enumerates every fulfilment of the face (its choice is uniform among them);
//! `greedy` stops at the first one that wins.

mod support;

use sade_ref::play::{Bot, Options, VARIANTS, play_turns};
use sade_ref::record::Variant;
use support::best_of;

fn main() {
    println!("bot turns per second (best of 3 runs; the machine is shared: compare ratios)");
    for variant in VARIANTS {
        for bot in [Bot::Random, Bot::Greedy] {
            let options = Options {
                variant,
                white: bot,
                black: bot,
                max_turns: 100,
                fen: None,
                seed: 1,
            };
            let games = if variant == Variant::Sade { 10 } else { 40 };
            let (time, turns) = best_of(3, || {
                (1..=games)
                    .map(|n| play_turns(&options, n).expect("the bots play").turns.len())
                    .sum()
            });
            println!(
                "{:<22} {:<7} {games:>3} games, {turns:>5} turns in {:>8.3} s: {:>9.0} turns/s",
                variant.tag(),
                bot.name(),
                time.as_secs_f64(),
                turns as f64 / time.as_secs_f64()
            );
        }
    }
}
