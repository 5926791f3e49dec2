//! `sade-ref serve`: the local web application to play, record and review games.

use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

use super::exit::Exit;
use sade_ref::serve::{Config, run};

/// Play, record and review games in the browser, with the referee at every click.
#[derive(Parser)]
#[command(
    after_help = "Examples:\n  sade-ref serve\n  sade-ref serve --port 0 --data games/\n  sade-ref serve --database postgres://sade@/games\n  sade-ref serve --host 0.0.0.0 --games corpus/games\n  sade-ref serve --openapi > spec/openapi.json"
)]
pub struct Args {
    /// The address to listen on; 127.0.0.1 (this machine only) unless told otherwise.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port; 0 picks any free one (the one chosen is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The data folder: it holds the SQLite database (sade-ref.db) when no --database is given;
    /// a folder of sade-ref 0.2's games (one SDN file each) is imported at the first start.
    #[arg(long, default_value = "sade-ref-games")]
    data: PathBuf,
    /// Where the games are kept: sqlite:PATH, postgres://USER@HOST/DB (several servers on one
    /// database), or folder:PATH (one file a game, as sade-ref 0.2 kept them).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// A folder of SDN and PGN files to review in the page (read only).
    #[arg(long)]
    games: Option<PathBuf>,
    /// Games in progress at most (1 to 100000).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_games: u32,
    /// Close a game without a clock that has seen no action for this long (90s, 30m, 12h, 7d;
    /// `never`: keep every game open).
    #[arg(long, default_value = "7d", value_name = "DURATION", value_parser = duration)]
    abandon_after: Idle,
    /// New games per client address and minute (0: no limit).
    #[arg(long, default_value_t = 30)]
    create_limit: u32,
    /// Behind a reverse proxy: the client's address is the last of the X-Forwarded-For header
    /// (the one the proxy added), not the connection's.
    #[arg(long)]
    forwarded_for: bool,
    /// In a game between two people without clocks, the player not to move may claim the win
    /// once the opponent has left the turn standing this long (90s, 5m; `never`).
    #[arg(long, default_value = "5m", value_name = "DURATION", value_parser = duration)]
    claim_after: Idle,
    /// Sign-ups, logins and guest sessions per client address and minute (0: no limit).
    #[arg(long, default_value_t = 10)]
    login_limit: u32,
    /// The address the players reach the server at, when a reverse proxy stands in front
    /// (https://sade.example.org): only its pages may send changes, and with https:// the
    /// session's cookie is Secure.
    #[arg(long, value_name = "URL", value_parser = public_url)]
    public_url: Option<String>,
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
        database: args.database.clone(),
        games: args.games.clone(),
        max_games: args.max_games as usize,
        abandon_after: args.abandon_after.0,
        create_per_minute: args.create_limit,
        forwarded_for: args.forwarded_for,
        claim_after: args.claim_after.0,
        login_per_minute: args.login_limit,
        public_url: args.public_url.clone(),
    };
    let result = run(&config, |addr, app, problems| {
        let count = app.games.read().map(|g| g.len()).unwrap_or(0);
        println!("sade-ref serve: http://{addr}/");
        println!("{} ({count} game(s) loaded)", app.store.describe());
        if let Some(imported) = app.imported {
            println!(
                "imported the data folder {}: {} game(s), {} document(s)",
                args.data.display(),
                imported.games,
                imported.documents
            );
        }
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
            eprintln!("sade-ref serve: a stored game was not loaded: {problem}");
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

/// `--public-url`: an http:// or https:// URL with a host.
fn public_url(text: &str) -> Result<String, String> {
    sade_ref::serve::http::origin_of(text).map(|_| text.to_owned())
}

/// `--abandon-after`, `--claim-after`: a time, or none.
#[derive(Clone, Copy, Debug)]
struct Idle(Option<Duration>);

/// Reads `90s`, `30m`, `12h`, `7d` (a whole number and its unit; a bare number is seconds), or
/// `never`.
fn duration(text: &str) -> Result<Idle, String> {
    if text == "never" {
        return Ok(Idle(None));
    }
    let (number, unit) = match text.find(|c: char| !c.is_ascii_digit()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let seconds = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 3_600,
        "d" => 86_400,
        _ => return Err(format!("{unit:?} is no unit: s, m, h or d (7d), or never")),
    };
    let number: u64 = number
        .parse()
        .map_err(|_| format!("{text:?} is no duration: 90s, 30m, 12h, 7d or never"))?;
    if number == 0 {
        return Err("0 is no time to wait: give a duration, or never".to_owned());
    }
    Ok(Idle(Some(Duration::from_secs(
        number.saturating_mul(seconds),
    ))))
}
