//! `sade-ref store`: what `serve` keeps, taken out: every game written as a folder of canonical
//! SDN files (`export`), or a consistent copy of an SQLite database made while the server runs
//! (`backup`).

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use super::exit::Exit;
use sade_ref::serve::store::database::{Backend, default_url};
use sade_ref::serve::store::{Database, StoreError, export::export};

/// Export the games `serve` keeps, or back up its SQLite database while it runs.
#[derive(Parser)]
#[command(
    after_help = "Examples:\n  sade-ref store export exported/\n  sade-ref store backup backup.db --data games/\n  sade-ref store export exported/ --database postgres://sade@/games"
)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
    /// The data folder whose SQLite database (sade-ref.db) is meant, as for `serve`.
    #[arg(long, global = true, default_value = "sade-ref-games")]
    data: PathBuf,
    /// The database, as for `serve`: sqlite:PATH or postgres://…
    #[arg(long, global = true, value_name = "URL")]
    database: Option<String>,
}

#[derive(Subcommand)]
enum Action {
    /// Write every game as DIR/<id>.sdn (its canonical SDN) with DIR/<id>.seat.json (seats,
    /// tokens hashed, the die's seed, clocks), and each document as its file: a folder `serve`
    /// imports back.
    Export {
        /// A new or empty folder.
        dir: PathBuf,
    },
    /// Write a consistent copy of the SQLite database to FILE (a new file), while the server may
    /// be running. PostgreSQL: use pg_dump (docs/deployment.md).
    Backup {
        /// The copy, a new file.
        file: PathBuf,
    },
}

pub fn run(args: &Args) -> Exit {
    match open(args).and_then(|db| act(&db, &args.action)) {
        Ok(said) => {
            println!("{said}");
            Exit::Ok
        }
        Err(e) => {
            eprintln!("sade-ref store: {e}");
            Exit::Failed
        }
    }
}

/// The database the arguments name; an SQLite file that does not exist is not made.
fn open(args: &Args) -> Result<Database, StoreError> {
    let url = args
        .database
        .clone()
        .unwrap_or_else(|| default_url(&args.data));
    if Backend::of(&url)? == Backend::Sqlite {
        let path = url.trim_start_matches("sqlite:");
        let path = Path::new(path.split('?').next().unwrap_or(path));
        if !path.exists() {
            return Err(StoreError::Database(format!(
                "no database at {}: `serve` makes it at its first start",
                path.display()
            )));
        }
    }
    Database::open(&url)
}

fn act(db: &Database, action: &Action) -> Result<String, StoreError> {
    match action {
        Action::Export { dir } => {
            let (games, documents) = export(db, dir)?;
            Ok(format!(
                "exported {games} game(s) and {documents} document(s) to {}",
                dir.display()
            ))
        }
        Action::Backup { file } => {
            db.backup(file)?;
            Ok(format!(
                "backed up {} to {}",
                db.describe_url(),
                file.display()
            ))
        }
    }
}
