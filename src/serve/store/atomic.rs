//! A file replaced whole: its new text written to a spare beside it, flushed, and exchanged
//! with it, so that a crash leaves the old text or the new, never half of one; and the folder's
//! flushes, shared by the files replaced at the same time (a group commit).

use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::sync::{Condvar, Mutex};

use super::storage::StoreError;

/// The new text written to the file's spare `.NAME.tmp` in the same folder and flushed, then put
/// in the file's place; the folder is not flushed.
///
/// On Linux the two files are exchanged (`renameat2` with `RENAME_EXCHANGE`): the file that was
/// `path` becomes the spare, holding the text before this write, and is overwritten by the
/// next one (a file's first write leaves an empty spare). No file is made or deleted at each write, which on some file systems costs more
/// than the write (ext4 without a journal scans for a free inode past the recently deleted
/// ones). Where there is no exchange (the first write of a file, another system, a file system
/// without it), the spare is renamed over the file.
pub(super) fn replace(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
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
pub(super) struct FolderSync {
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
    pub(super) fn after_rename(&self, dir: &Path) {
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

/// A test's own empty folder, made anew: `sade-ref-store-{name}-{pid}` in the temporary folder.
#[cfg(test)]
pub(crate) fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sade-ref-store-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_its_spare_keeps_the_text_before() {
        let dir = scratch("replace");
        let file = dir.join("0123456789abcdef.sdn");
        let spare = dir.join(".0123456789abcdef.sdn.tmp");
        replace(&file, b"1. e4 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. e4 *");
        if cfg!(target_os = "linux") {
            // The first write leaves the next one's spare, empty.
            assert_eq!(fs::read_to_string(&spare).unwrap(), "");
        }
        replace(&file, b"1. e4 e5 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. e4 e5 *");
        if cfg!(target_os = "linux") {
            // Exchanged, not renamed over: the spare is the file as it was.
            assert_eq!(fs::read_to_string(&spare).unwrap(), "1. e4 *");
        }
        replace(&file, b"1. d4 *").unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap(), "1. d4 *");
        let _ = fs::remove_dir_all(&dir);
    }
}
