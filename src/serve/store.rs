//! The data folder: each game a canonical SDN file `<id>.sdn`, and beside it `<id>.seat.json`
//! (the seats, their tokens and the die's seed, which the record must not show before the end).
//! Both are written atomically: the file's spare `.NAME.tmp` in the same folder is written and
//! flushed to disk, then exchanged with the file (renamed over it where there is no exchange),
//! and the folder flushed so that the exchange is on disk too. The
//! folder's flush is shared by the games written at the same time (a group commit): one flush of
//! the folder, begun after a game's exchange, covers it. File names are made from generated ids
//! only.

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

use crate::parse::parse_str;
use crate::write::sdn::to_sdn;

use super::kind::Kind;
use super::live::{Live, Meta};

/// Why the data folder or a file of it cannot be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The data folder cannot be created.
    #[error("cannot create the data folder {}: {source}", dir.display())]
    CreateFolder {
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A game whose id the server does not make (nothing else is joined to the folder).
    #[error("not a game id: {0}")]
    NotAnId(String),
    /// The seats cannot be written as JSON.
    #[error(transparent)]
    Meta(#[from] serde_json::Error),
    /// A path with no file name.
    #[error("not a file name")]
    NotAFileName,
    /// A file cannot be written (the system's words, without the error number).
    #[error("cannot write {}: {}", path.display(), crate_io_words(source))]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Whether `id` is one the server makes: 16 lowercase hex digits. Nothing else is ever joined
/// to the data folder.
pub fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The data folder.
#[derive(Clone, Debug)]
pub struct Store {
    pub dir: PathBuf,
    folder_sync: Arc<FolderSync>,
}

impl Store {
    /// Opens (and creates) the data folder.
    ///
    /// # Errors
    /// [`StoreError::CreateFolder`] when the folder cannot be created.
    pub fn open(dir: &Path) -> Result<Store, StoreError> {
        fs::create_dir_all(dir).map_err(|source| StoreError::CreateFolder {
            dir: dir.to_path_buf(),
            source,
        })?;
        Ok(Store {
            dir: dir.to_path_buf(),
            folder_sync: Arc::default(),
        })
    }

    fn path(&self, id: &str, ext: &str) -> PathBuf {
        debug_assert!(valid_id(id));
        self.dir.join(format!("{id}.{ext}"))
    }

    /// Writes the game's record and its seats, each atomically.
    ///
    /// # Errors
    /// [`StoreError::Write`], with the system's words, when a file cannot be written; the files
    /// on disk are then the ones of the last accepted action.
    pub fn save(&self, live: &Live, with_meta: bool) -> Result<(), StoreError> {
        self.save_as(live, &to_sdn(&live.game), with_meta)
    }

    /// [`Store::save`] with the record's canonical SDN already written (`sdn`), which the
    /// answer then reuses.
    ///
    /// # Errors
    /// As for [`Store::save`].
    pub fn save_as(&self, live: &Live, sdn: &str, with_meta: bool) -> Result<(), StoreError> {
        if !valid_id(&live.id) {
            return Err(StoreError::NotAnId(live.id.clone()));
        }
        if with_meta {
            let meta = serde_json::to_string_pretty(&live.meta)?;
            self.write(&self.path(&live.id, "seat.json"), meta.as_bytes())?;
        }
        self.write(&self.path(&live.id, "sdn"), sdn.as_bytes())
    }

    /// Writes a file of the folder atomically, and returns once its rename is on disk.
    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        replace(path, bytes)?;
        self.folder_sync.after_rename(&self.dir);
        Ok(())
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
        let mut meta: Meta = serde_json::from_str(&meta).map_err(|e| e.to_string())?;
        let game = parse_str(&text)
            .into_iter()
            .next()
            .ok_or("the file holds no game")?
            .map_err(|e| e.to_string())?;
        if meta.kind.is_game() {
            meta.kind = Kind::of_legacy(&game);
        }
        Ok(Live::new(id.to_owned(), game, meta))
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so that a
/// crash leaves the old file or the new one, never half of one; then flushes the folder, so that
/// the rename is on disk too.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    replace(path, bytes)?;
    if let Some(dir) = path.parent() {
        flush(dir);
    }
    Ok(())
}

/// The new text written to the file's spare `.NAME.tmp` in the same folder and flushed, then put
/// in the file's place; the folder is not flushed.
///
/// On Linux the two files are exchanged (`renameat2` with `RENAME_EXCHANGE`): the file that was
/// `path` becomes the spare, holding the text before this write, and is overwritten by the
/// next one (a file's first write leaves an empty spare). No file is made or deleted at each write, which on some file systems costs more
/// than the write (ext4 without a journal scans for a free inode past the recently deleted
/// ones). Where there is no exchange (the first write of a file, another system, a file system
/// without it), the spare is renamed over the file.
fn replace(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or(StoreError::NotAFileName)?;
    let temp = path.with_file_name(format!(".{name}.tmp"));
    let written = (|| -> std::io::Result<()> {
        // The spare opened as it is when there is one: making a file locks the folder against
        // every other game's write.
        let mut file = match fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&temp)
        {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => fs::File::create(&temp)?,
            file => file?,
        };
        file.write_all(bytes)?;
        file.sync_data()?;
        put_in_place(&temp, path)
    })();
    written.map_err(|source| {
        let _ = fs::remove_file(&temp);
        StoreError::Write {
            path: path.to_path_buf(),
            source,
        }
    })
}

/// `temp` made `path`, atomically: exchanged with it where the system can, renamed over it
/// otherwise.
fn put_in_place(temp: &Path, path: &Path) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        match renameat_with(CWD, temp, CWD, path, RenameFlags::EXCHANGE) {
            Ok(()) => return Ok(()),
            // The file's first write (a game being made): renamed, and its next write's spare
            // made now rather than at that write, which is a player's action.
            Err(rustix::io::Errno::NOENT) => {
                fs::rename(temp, path)?;
                let _ = fs::File::create(temp);
                return Ok(());
            }
            Err(_) => {}
        }
    }
    fs::rename(temp, path)
}

/// The data folder's flushes, shared (a group commit). Every game written renames a file in the
/// one folder and must wait for a flush of the folder begun after its rename; under load, one
/// flush serves every game renamed while the previous one ran, instead of one flush a game
/// (each of which also holds the folder's lock against the other games' renames).
///
/// A failed flush is not reported, as before the sharing: the rename is done and the new file
/// is the game's (a later flush, or the system's own writeback, puts it on disk); refusing the
/// action then would leave on disk an action the server said it refused.
#[derive(Debug, Default)]
struct FolderSync {
    tickets: Mutex<Tickets>,
    flushed: Condvar,
}

#[derive(Debug, Default)]
struct Tickets {
    /// Renames done and waiting for a flush, numbered from 1.
    asked: u64,
    /// Every rename up to this one is covered by a finished flush.
    covered: u64,
    /// A flush is running.
    running: bool,
}

impl FolderSync {
    /// Returns once a flush of `dir` begun after this call's start has finished.
    fn after_rename(&self, dir: &Path) {
        let Ok(mut tickets) = self.tickets.lock() else {
            return flush(dir);
        };
        tickets.asked += 1;
        let mine = tickets.asked;
        while tickets.covered < mine {
            if tickets.running {
                tickets = match self.flushed.wait(tickets) {
                    Ok(tickets) => tickets,
                    Err(_) => return flush(dir),
                };
                continue;
            }
            // This caller flushes for every rename asked so far.
            tickets.running = true;
            let covers = tickets.asked;
            drop(tickets);
            flush(dir);
            tickets = match self.tickets.lock() {
                Ok(tickets) => tickets,
                Err(_) => return,
            };
            tickets.running = false;
            tickets.covered = tickets.covered.max(covers);
            self.flushed.notify_all();
        }
    }
}

/// The folder's entries flushed to disk.
fn flush(dir: &Path) {
    if let Ok(dir) = fs::File::open(dir) {
        let _ = dir.sync_all();
    }
}

fn crate_io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sade-ref-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_is_replaced_whole_and_its_spare_keeps_the_text_before() {
        let dir = scratch("replace");
        let file = dir.join("0123456789abcdef.sdn");
        let spare = dir.join(".0123456789abcdef.sdn.tmp");
        write_atomic(&file, b"1. e4 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. e4 *");
        if cfg!(target_os = "linux") {
            // The first write leaves the next one's spare, empty.
            assert_eq!(fs::read_to_string(&spare).unwrap(), "");
        }
        write_atomic(&file, b"1. e4 e5 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. e4 e5 *");
        if cfg!(target_os = "linux") {
            // Exchanged, not renamed over: the spare is the file as it was.
            assert_eq!(fs::read_to_string(&spare).unwrap(), "1. e4 *");
        }
        write_atomic(&file, b"1. d4 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. d4 *");
        let _ = fs::remove_dir_all(&dir);
    }
}
