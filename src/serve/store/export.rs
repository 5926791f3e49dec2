//! Every game a database keeps written out as a data folder: `<id>.sdn` (its canonical SDN, as
//! kept) and `<id>.seat.json` (its seats, tokens hashed, seed, clocks and kind), and each
//! document as the file the folder kept it in; the folder imports back into the same database
//! ([`super::import`]).

use std::fs;
use std::path::Path;

use super::database::Database;
use super::folder::{Folder, LEARNERS_FILE};
use super::storage::{StoreError, valid_id};

/// Writes every game and document of `db` into `dir`, a new or empty folder; the number of
/// games and documents written.
///
/// # Errors
/// [`StoreError::Write`] when `dir` is not empty or a file cannot be written;
/// [`StoreError::Database`] when the database cannot be read.
pub fn export(db: &Database, dir: &Path) -> Result<(usize, usize), StoreError> {
    let folder = Folder::open(dir)?;
    let not_empty = fs::read_dir(dir)
        .map(|mut entries| entries.next().is_some())
        .unwrap_or(false);
    if not_empty {
        return Err(StoreError::Write {
            path: dir.to_path_buf(),
            source: std::io::Error::other("the folder is not empty: an export makes a new one"),
        });
    }
    let (games, documents) = db.everything()?;
    for (id, sdn, meta) in &games {
        if !valid_id(id) {
            return Err(StoreError::NotAnId(id.clone()));
        }
        let meta: serde_json::Value = serde_json::from_str(meta)?;
        write(&folder.game_path(id), sdn)?;
        write(
            &folder.seats_path(id),
            &serde_json::to_string_pretty(&meta)?,
        )?;
    }
    for (name, text) in &documents {
        let file = match name.as_str() {
            "course-progress" => LEARNERS_FILE.to_owned(),
            other => format!("{other}.json"),
        };
        write(&dir.join(file), text)?;
    }
    Ok((games.len(), documents.len()))
}

fn write(path: &Path, text: &str) -> Result<(), StoreError> {
    fs::write(path, text).map_err(|source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    })
}
