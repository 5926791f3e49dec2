//! A data folder (one file a game, as sade-ref 0.2 kept them, or as `sade-ref store export`
//! writes them) taken into a database: every game with its seats, clocks and seed, and every
//! document, in one transaction; each game's record read back equal to its file. A folder with
//! a file that cannot be read is refused, every such file named with its line and column, and
//! nothing is imported. The folder itself is only read.

use std::fs;
use std::path::Path;

use super::database::Database;
use super::folder::Folder;
use super::storage::{Doc, StoreError};
use crate::diagnostic::line_col;
use crate::parse::parse_str;
use crate::serve::kind::Kind;
use crate::serve::live::{Live, Meta};

/// What an import moved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    pub games: usize,
    pub documents: usize,
}

/// Imports the data folder `folder` into `db` unless it was imported before or holds nothing
/// to import: `None` then.
///
/// # Errors
/// [`StoreError::NotImported`] naming every file that cannot be read (nothing is imported);
/// [`StoreError::Conflict`] when a game's id is in the database already; another
/// [`StoreError`] when the database cannot be written.
pub fn import_once(folder: &Folder, db: &Database) -> Result<Option<Imported>, StoreError> {
    let key = fs::canonicalize(folder.dir())
        .unwrap_or_else(|_| folder.dir().to_path_buf())
        .display()
        .to_string();
    if db.imported(&key)? {
        return Ok(None);
    }
    let ids = folder.game_ids();
    let players = folder.documents();
    let learners = folder.dir().join(super::folder::LEARNERS_FILE);
    if ids.is_empty() && players.is_empty() && !learners.exists() {
        return Ok(None);
    }
    let mut problems = Vec::new();
    let mut games = Vec::new();
    for id in &ids {
        match read_game(folder, id) {
            Ok(game) => games.push(game),
            Err(problem) => problems.push(problem),
        }
    }
    let mut documents = Vec::new();
    let mut docs: Vec<(String, Doc<'_>)> = players
        .iter()
        .map(|p| (format!("puzzles-{p}"), Doc::Solver(p)))
        .collect();
    if learners.exists() {
        docs.insert(0, ("course-progress".to_owned(), Doc::Learners));
    }
    for (name, doc) in docs {
        let path = folder.doc_path(doc)?;
        match read_document(&path) {
            Ok(text) => documents.push((name, text)),
            Err(problem) => problems.push(problem),
        }
    }
    if !problems.is_empty() {
        return Err(StoreError::NotImported {
            dir: folder.dir().to_path_buf(),
            problems,
        });
    }
    db.import(&key, &games, &documents)?;
    for (live, text) in &games {
        if db.record(&live.id)?.as_deref() != Some(text.as_str()) {
            return Err(StoreError::Database(format!(
                "game {} was imported, but its record reads back unlike {}",
                live.id,
                folder.game_path(&live.id).display()
            )));
        }
    }
    Ok(Some(Imported {
        games: games.len(),
        documents: documents.len(),
    }))
}

/// A game of the folder and the text of its record, or what is wrong, located.
fn read_game(folder: &Folder, id: &str) -> Result<(Live, String), String> {
    let path = folder.game_path(id);
    let text = read(&path)?;
    let game = match parse_str(&text).into_iter().next() {
        Some(Ok(game)) => game,
        Some(Err(e)) => {
            let (line, column) = line_col(text.as_bytes(), e.span.start);
            return Err(format!(
                "{}:{line}:{column}: {}",
                path.display(),
                e.located()
            ));
        }
        None => return Err(format!("{}: the file holds no game", path.display())),
    };
    let seats = folder.seats_path(id);
    let seat_text = read(&seats)?;
    let mut meta: Meta = serde_json::from_str(&seat_text)
        .map_err(|e| format!("{}:{}:{}: {e}", seats.display(), e.line(), e.column()))?;
    if meta.kind.is_game() {
        meta.kind = Kind::of_legacy(&game);
    }
    Ok((Live::new(id.to_owned(), game, meta), text))
}

/// A document of the folder (JSON), or what is wrong, located.
fn read_document(path: &Path) -> Result<String, String> {
    let text = read(path)?;
    serde_json::from_str::<serde_json::Value>(&text)
        .map_err(|e| format!("{}:{}:{}: {e}", path.display(), e.line(), e.column()))?;
    Ok(text)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}
