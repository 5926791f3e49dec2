//! `sade-ref report`: a self-contained HTML page to step through the games of a file.

use std::path::PathBuf;

use sade_ref::analysis::{self, Settings};
use sade_ref::parse::Reader;
use sade_ref::record::Game;
use sade_ref::render::review::Review;
use sade_ref::render::{html, model};

use super::diagnose::report_syntax;
use super::exit::Exit;
use super::input::read_all;
use super::output::Sink;

/// Write one self-contained HTML page (no network, no other file) that steps through the
/// game turn by turn and action by action, with the tags, the verdict, each turn's die face,
/// numbered arrows and the illegal action highlighted. A file of several games gives one page
/// with a game picker. The page honours `#turn=12b&action=2`. With --analyse, each game is
/// analysed as `sade-ref analyse` does and the page shows White's chance along the game, the
/// judged turns, the best turns as arrows, each turn and each player in words and, in Sade, the
/// luck of each roll.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref report corpus/games/sade_05.sdn -o game.html\n  sade-ref report games.sdn -o games.html   (a page with a game picker)\n  sade-ref report game.sdn --analyse --jobs 2 -o game.html"
)]
pub struct Args {
    /// An SDN or PGN file; `-` reads standard input.
    file: PathBuf,
    /// The page to write (`-`: standard output).
    #[arg(short, long, value_name = "game.html")]
    output: PathBuf,
    /// Analyse each game (sade-ref's own engine) and show the analysis in the page.
    #[arg(long)]
    analyse: bool,
    /// With --analyse: the node budget of a turn (default: as `analyse`).
    #[arg(long, requires = "analyse", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// With --analyse: turns analysed at once (the page does not depend on it).
    #[arg(long, requires = "analyse", default_value = "1", value_parser = super::jobs::parse)]
    jobs: std::num::NonZeroUsize,
}

pub fn run(args: &Args) -> Exit {
    let (inputs, mut status) = read_all(std::slice::from_ref(&args.file));
    let Some(input) = inputs.first() else {
        return status;
    };
    let mut views = Vec::new();
    let mut reviews = Vec::new();
    // The games left off the page, with their numbers: every game keeps its number in the file,
    // as `verify` gives it, in the picker and in `#game=`.
    let mut unread = Vec::new();
    for (index, game) in Reader::new(&input.bytes).enumerate() {
        let number = index + 1;
        match game.map(|g| (model::game_view(&g), g)) {
            Ok((Ok(mut view), game)) => {
                view.number = number;
                if args.analyse {
                    let (review, problem) = analysed(args, &game, &input.name, number);
                    reviews.push(review);
                    status = status.max(problem);
                }
                views.push(view);
            }
            Ok((Err(reason), _)) => {
                eprintln!("sade-ref: {} game {number}: {reason}", input.name);
                unread.push((number, reason.to_string()));
                status = status.max(Exit::Problems);
            }
            Err(error) => {
                report_syntax(input, &error);
                eprintln!(
                    "sade-ref: {} game {number}: left out of the page (it cannot be read)",
                    input.name,
                );
                unread.push((number, format!("cannot be read: {error}")));
                status = status.max(Exit::Problems);
            }
        }
    }
    if views.is_empty() {
        eprintln!("sade-ref: {}: no game to show", input.name);
        return Exit::Failed;
    }
    let title = format!("sade-ref report: {}", input.name);
    let Ok(mut sink) = Sink::open(Some(&args.output)) else {
        return Exit::Failed;
    };
    sink.write(&html::page_with_reviews(&views, &reviews, &unread, &title));
    status.max(sink.finish())
}

/// The page's view of game `number`'s analysis, or none (with the reason on standard error and
/// `Exit::Problems`) when it cannot be analysed: an illegal record, say.
fn analysed(args: &Args, game: &Game, input: &str, number: usize) -> (Option<Review>, Exit) {
    let settings = Settings {
        nodes: args.nodes,
        jobs: args.jobs.get(),
        ..Settings::default()
    };
    match analysis::analyse(game, &settings) {
        Ok(found) => (Some(analysis::review(game, &found)), Exit::Ok),
        Err(error) => {
            eprintln!("sade-ref: {input} game {number}: not analysed: {error}");
            (None, Exit::Problems)
        }
    }
}
