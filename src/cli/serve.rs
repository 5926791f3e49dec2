//! `sade-ref serve`: the local web application to play, record and review games.

use std::path::PathBuf;

use clap::Parser;

use super::exit::Exit;
use sade_ref::serve::{Config, run};

/// Play, record and review games in the browser, with the referee at every click.
#[derive(Parser)]
#[command(
    after_help = "Examples:\n  sade-ref serve\n  sade-ref serve --port 0 --data games/\n  sade-ref serve --host 0.0.0.0 --games corpus/games\n  sade-ref serve --openapi > spec/openapi.json"
)]
pub struct Args {
    /// The address to listen on; 127.0.0.1 (this machine only) unless told otherwise.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port; 0 picks any free one (the one chosen is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Where the games are kept, one SDN file each.
    #[arg(long, default_value = "sade-ref-games")]
    data: PathBuf,
    /// A folder of SDN and PGN files to review in the page (read only).
    #[arg(long)]
    games: Option<PathBuf>,
    /// Games in progress at most (1 to 100000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_games: u32,
    /// Print the API's OpenAPI document (spec/openapi.json) and exit, without serving.
    #[arg(long)]
    openapi: bool,
}

pub fn run_command(args: &Args) -> Exit {
    if args.openapi {
        return match sade_ref::serve::openapi::json() {
            Ok(text) => {
                print!("{text}");
                Exit::Ok
            }
            Err(e) => {
                eprintln!("sade-ref serve --openapi: {e}");
                Exit::Failed
            }
        };
    }
    let config = Config {
        host: args.host.clone(),
        port: args.port,
        data: args.data.clone(),
        games: args.games.clone(),
        max_games: args.max_games as usize,
    };
    let result = run(&config, |addr, app, problems| {
        let count = app.games.read().map(|g| g.len()).unwrap_or(0);
        println!("sade-ref serve: http://{addr}/");
        println!("{} ({count} game(s) loaded)", app.store.describe());
        if let Some(dir) = &app.review {
            println!("games to review: {}", dir.display());
        }
        if !addr.ip().is_loopback() {
            println!(
                "note: listening on {}: other machines of the network can reach this server",
                addr.ip()
            );
        }
        for problem in problems {
            eprintln!("sade-ref serve: a file of the data folder was not loaded: {problem}");
        }
    });
    match result {
        Ok(()) => Exit::Ok,
        Err(e) => {
            eprintln!("sade-ref serve: {e}");
            Exit::Failed
        }
    }
}
