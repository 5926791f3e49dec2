//! The data folder: each game a canonical SDN file `<id>.sdn`, and beside it `<id>.seat.json`
//! (the seats, their tokens and the die's seed, which the record must not show before the end).
//! Both are written atomically: a temporary file in the same folder, flushed to disk, then
//! renamed over the old one. File names are made from generated ids only.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::parse_str;
use crate::write::sdn::to_sdn;

use super::live::{Live, Meta};

/// Whether `id` is one the server makes: 16 lowercase hex digits. Nothing else is ever joined
/// to the data folder.
pub fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The data folder.
#[derive(Clone, Debug)]
pub struct Store {
    pub dir: PathBuf,
}

impl Store {
    /// Opens (and creates) the data folder.
    ///
    /// # Errors
    /// When the folder cannot be created.
    pub fn open(dir: &Path) -> Result<Store, String> {
        fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the data folder {}: {e}", dir.display()))?;
        Ok(Store {
            dir: dir.to_path_buf(),
        })
    }

    fn path(&self, id: &str, ext: &str) -> PathBuf {
        debug_assert!(valid_id(id));
        self.dir.join(format!("{id}.{ext}"))
    }

    /// Writes the game's record and its seats, each atomically.
    ///
    /// # Errors
    /// The system's words when a file cannot be written; the files on disk are then the ones
    /// of the last accepted action.
    pub fn save(&self, live: &Live, with_meta: bool) -> Result<(), String> {
        if !valid_id(&live.id) {
            return Err(format!("not a game id: {}", live.id));
        }
        if with_meta {
            let meta = serde_json::to_string_pretty(&live.meta).map_err(|e| e.to_string())?;
            write_atomic(&self.path(&live.id, "seat.json"), meta.as_bytes())?;
        }
        write_atomic(&self.path(&live.id, "sdn"), to_sdn(&live.game).as_bytes())
    }

    /// Every game of the folder, and why each file that is not one could not be read.
    pub fn load(&self) -> (Vec<Live>, Vec<String>) {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return (games, problems);
        };
        let mut ids: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter_map(|name| name.strip_suffix(".sdn").map(str::to_owned))
            .filter(|id| valid_id(id))
            .collect();
        ids.sort();
        for id in ids {
            match self.load_one(&id) {
                Ok(live) => games.push(live),
                Err(e) => problems.push(format!("{id}: {e}")),
            }
        }
        (games, problems)
    }

    fn load_one(&self, id: &str) -> Result<Live, String> {
        let text = fs::read_to_string(self.path(id, "sdn")).map_err(|e| e.to_string())?;
        let meta = fs::read_to_string(self.path(id, "seat.json")).map_err(|e| e.to_string())?;
        let meta: Meta = serde_json::from_str(&meta).map_err(|e| e.to_string())?;
        let game = parse_str(&text)
            .into_iter()
            .next()
            .ok_or("the file holds no game")?
            .map_err(|e| e.to_string())?;
        Ok(Live::new(id.to_owned(), game, meta))
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that a
/// crash leaves the old file or the new one, never half of one.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or("not a file name")?;
    let temp = path.with_file_name(format!(".{name}.tmp"));
    let written = (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)?;
        if let Some(dir) = path.parent()
            && let Ok(dir) = fs::File::open(dir)
        {
            let _ = dir.sync_all();
        }
        Ok(())
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&temp);
        format!("cannot write {}: {}", path.display(), crate_io_words(&e))
    })
}

fn crate_io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}
