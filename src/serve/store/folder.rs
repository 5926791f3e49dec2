//! The data folder: each game a canonical SDN file `<id>.sdn`, and beside it `<id>.seat.json`
//! (the seats, their tokens and the die's seed, which the record must not show before the end);
//! the course's learners in `course-progress.json`, each puzzle player in
//! `puzzles-<player>.json`. Every file is written atomically ([`super::atomic`]): its spare
//! `.NAME.tmp` in the same folder is written and flushed, then exchanged with it, and the
//! folder flushed, one flush shared by the files written at the same time. File names are made
//! from generated ids only.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::parse::parse_str;

use super::atomic::{FolderSync, replace};
use super::storage::{Account, Doc, ListFilter, Player, Session, Storage, StoreError, valid_id};
use crate::serve::glicko::{Rated, Rating, RatingChange, RatingPoint, Standing};
use crate::serve::kind::Kind;
use crate::serve::live::{Live, Meta};
use crate::serve::seek::Seek;
use crate::serve::summary::Summary;

/// The file of the course's learners.
pub const LEARNERS_FILE: &str = "course-progress.json";

/// The data folder.
#[derive(Clone, Debug)]
pub struct Folder {
    dir: PathBuf,
    folder_sync: Arc<FolderSync>,
}

impl Folder {
    /// Opens (and creates) the data folder.
    ///
    /// # Errors
    /// [`StoreError::CreateFolder`] when the folder cannot be created.
    pub fn open(dir: &Path) -> Result<Folder, StoreError> {
        fs::create_dir_all(dir).map_err(|source| StoreError::CreateFolder {
            dir: dir.to_path_buf(),
            source,
        })?;
        Ok(Folder {
            dir: dir.to_path_buf(),
            folder_sync: Arc::default(),
        })
    }

    fn path(&self, id: &str, ext: &str) -> PathBuf {
        debug_assert!(valid_id(id));
        self.dir.join(format!("{id}.{ext}"))
    }

    /// The file of game `id`'s record.
    pub fn game_path(&self, id: &str) -> PathBuf {
        self.path(id, "sdn")
    }

    /// The file of game `id`'s seats.
    pub fn seats_path(&self, id: &str) -> PathBuf {
        self.path(id, "seat.json")
    }

    /// The file of a document.
    ///
    /// # Errors
    /// [`StoreError::NotAnId`] for a player that is no id.
    pub fn doc_path(&self, doc: Doc<'_>) -> Result<PathBuf, StoreError> {
        match doc {
            Doc::Learners => Ok(self.dir.join(LEARNERS_FILE)),
            Doc::Solver(player) if valid_id(player) => {
                Ok(self.dir.join(format!("puzzles-{player}.json")))
            }
            Doc::Solver(player) => Err(StoreError::NotAnId(player.to_owned())),
        }
    }

    /// Writes a file of the folder atomically, and returns once its rename is on disk.
    fn put(&self, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        replace(path, bytes)?;
        self.folder_sync.after_rename(&self.dir);
        Ok(())
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
        let mut live = Live::new(id.to_owned(), game, meta);
        live.revision = 1;
        Ok(live)
    }

    /// Every game of the folder, by id, and why each one that could not be read was not (its
    /// id and the reason).
    pub fn load_games(&self) -> (Vec<Live>, Vec<(String, String)>) {
        let mut games = Vec::new();
        let mut problems = Vec::new();
        for id in self.game_ids() {
            match self.load_one(&id) {
                Ok(live) => games.push(live),
                Err(e) => problems.push((id, e)),
            }
        }
        (games, problems)
    }

    /// The ids of the games of the folder, in order.
    pub fn game_ids(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut ids: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter_map(|name| name.strip_suffix(".sdn").map(str::to_owned))
            .filter(|id| valid_id(id))
            .collect();
        ids.sort();
        ids
    }

    /// The players of the Puzzles mode the folder keeps a document of, in order.
    pub fn documents(&self) -> Vec<String> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut players: Vec<String> = entries
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter_map(|name| {
                let player = name.strip_prefix("puzzles-")?.strip_suffix(".json")?;
                valid_id(player).then(|| player.to_owned())
            })
            .collect();
        players.sort();
        players
    }

    /// The folder itself.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Storage for Folder {
    fn save_game(&self, live: &mut Live, sdn: &str, with_meta: bool) -> Result<(), StoreError> {
        if !valid_id(&live.id) {
            return Err(StoreError::NotAnId(live.id.clone()));
        }
        if with_meta {
            let meta = serde_json::to_string_pretty(&live.meta)?;
            self.put(&self.path(&live.id, "seat.json"), meta.as_bytes())?;
        }
        self.put(&self.path(&live.id, "sdn"), sdn.as_bytes())?;
        live.revision += 1;
        Ok(())
    }

    fn load_game(&self, id: &str) -> Result<Option<Live>, StoreError> {
        if !valid_id(id) || !self.path(id, "sdn").exists() {
            return Ok(None);
        }
        self.load_one(id)
            .map(Some)
            .map_err(|reason| StoreError::Unreadable {
                id: id.to_owned(),
                reason,
            })
    }

    fn load_going(&self) -> (Vec<Live>, Vec<String>) {
        let (games, problems) = self.load_games();
        (
            games.into_iter().filter(Live::going).collect(),
            problems
                .into_iter()
                .map(|(id, e)| format!("{id}: {e}"))
                .collect(),
        )
    }

    fn idle(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError> {
        let changed = |id: &str| {
            fs::metadata(self.path(id, "sdn"))
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .and_then(|d| u64::try_from(d.as_millis()).ok())
                .unwrap_or(u64::MAX)
        };
        let mut idle: Vec<(u64, String)> = self
            .load_games()
            .0
            .into_iter()
            .filter(Live::going)
            .map(|live| (changed(&live.id), live.id))
            .filter(|(at, _)| *at < before)
            .collect();
        idle.sort();
        Ok(idle.into_iter().take(limit).map(|(_, id)| id).collect())
    }

    fn going(&self) -> Result<usize, StoreError> {
        Ok(self.load_games().0.iter().filter(|l| l.going()).count())
    }

    fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError> {
        let mut out: Vec<Summary> = self
            .load_games()
            .0
            .iter()
            .map(Summary::of)
            .filter(|s| filter.admits(s))
            .collect();
        out.sort_by(|a, b| b.created.cmp(&a.created).then_with(|| a.id.cmp(&b.id)));
        Ok(out
            .into_iter()
            .skip(filter.offset)
            .take(filter.limit)
            .collect())
    }

    fn read(&self, doc: Doc<'_>) -> Result<Option<String>, StoreError> {
        let path = self.doc_path(doc)?;
        match fs::read_to_string(&path) {
            Ok(text) => Ok(Some(text)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(StoreError::Read { path, source }),
        }
    }

    fn write(&self, doc: Doc<'_>, text: &str) -> Result<(), StoreError> {
        self.put(&self.doc_path(doc)?, text.as_bytes())
    }

    fn describe(&self) -> String {
        let dir = fs::canonicalize(&self.dir).unwrap_or_else(|_| self.dir.clone());
        format!("data folder: {}", dir.display())
    }

    // The data folder keeps no accounts nor sessions: each is refused in the same words.

    fn add_account(&self, _: &Account) -> Result<(), StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn account(&self, _: &str) -> Result<Option<Account>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn add_session(&self, _: &Session) -> Result<(), StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn session(&self, _: &str, _: u64) -> Result<Option<Player>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn end_session(&self, _: &str) -> Result<(), StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn add_seek(&self, _: &Seek) -> Result<(), StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn open_seeks(&self, _: u64, _: usize) -> Result<Vec<Seek>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn seek(&self, _: &str) -> Result<Option<Seek>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn take_seek(&self, _: &str, _: Option<(&str, &str)>, _: u64) -> Result<bool, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn drop_seek(&self, _: &str, _: &str) -> Result<bool, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn rate_game(
        &self,
        _: &str,
        _: Rated,
        _: &str,
        _: &str,
        _: f64,
        _: u64,
    ) -> Result<Option<[RatingChange; 2]>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn rating(&self, _: &str, _: Rated) -> Result<Option<Rating>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn ratings_of(&self, _: &str) -> Result<Vec<(Rated, Rating)>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn leaderboard(&self, _: Rated, _: usize) -> Result<Vec<Standing>, StoreError> {
        Err(StoreError::NoAccounts)
    }

    fn rating_history(&self, _: &str, _: Rated, _: usize) -> Result<Vec<RatingPoint>, StoreError> {
        Err(StoreError::NoAccounts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::serve::store::atomic::scratch;

    #[test]
    fn a_document_is_none_until_written_and_then_its_text() {
        let dir = scratch("docs");
        let folder = Folder::open(&dir).unwrap();
        let player = "0123456789abcdef";
        assert_eq!(folder.read(Doc::Solver(player)).unwrap(), None);
        folder.write(Doc::Solver(player), "{}").unwrap();
        folder.write(Doc::Learners, "{\"learners\":{}}").unwrap();
        assert_eq!(
            folder.read(Doc::Solver(player)).unwrap().as_deref(),
            Some("{}")
        );
        assert_eq!(
            fs::read_to_string(dir.join("puzzles-0123456789abcdef.json")).unwrap(),
            "{}"
        );
        assert_eq!(
            fs::read_to_string(dir.join(LEARNERS_FILE)).unwrap(),
            "{\"learners\":{}}"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_player_that_is_no_id_names_no_file() {
        let dir = scratch("no-id");
        let folder = Folder::open(&dir).unwrap();
        for player in ["../seat", "0123456789ABCDEF", ""] {
            assert!(matches!(
                folder.write(Doc::Solver(player), "{}"),
                Err(StoreError::NotAnId(_))
            ));
            assert!(matches!(
                folder.read(Doc::Solver(player)),
                Err(StoreError::NotAnId(_))
            ));
        }
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&dir);
    }
}
