//! The interface of what the server keeps ([`Storage`]), the documents kept beside the games,
//! and why something cannot be kept or read.

use std::fmt::Debug;
use std::path::PathBuf;

use crate::serve::live::Live;
use crate::write::sdn::to_sdn;

/// What the server keeps between runs. Every save returns once what it wrote is kept (on disk,
/// for the data folder): a game's answer is sent only then.
pub trait Storage: Debug + Send + Sync {
    /// Writes a game's record (`sdn`, its canonical SDN) and, with `with_meta`, its seats.
    ///
    /// # Errors
    /// [`StoreError`] when it cannot be kept; what was kept before stays as it was.
    fn save_game(&self, live: &Live, sdn: &str, with_meta: bool) -> Result<(), StoreError>;

    /// [`Storage::save_game`], the record written here.
    ///
    /// # Errors
    /// As for [`Storage::save_game`].
    fn save(&self, live: &Live, with_meta: bool) -> Result<(), StoreError> {
        self.save_game(live, &to_sdn(&live.game), with_meta)
    }

    /// Every game kept, and why each one that could not be read was not.
    fn load_games(&self) -> (Vec<Live>, Vec<String>);

    /// A document's text, or `None` when none is kept.
    ///
    /// # Errors
    /// [`StoreError::Read`] when one is kept but cannot be read.
    fn read(&self, doc: Doc<'_>) -> Result<Option<String>, StoreError>;

    /// Replaces a document's text, whole.
    ///
    /// # Errors
    /// [`StoreError`] when it cannot be kept; the text before stays.
    fn write(&self, doc: Doc<'_>, text: &str) -> Result<(), StoreError>;

    /// Where it keeps them, in a line for the server's start (`data folder: /srv/sade`).
    fn describe(&self) -> String;
}

/// A document the server keeps beside the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doc<'a> {
    /// Every learner's tries at the course's lessons.
    Learners,
    /// One player of the Puzzles mode, by the player's id (a [`valid_id`]).
    Solver(&'a str),
}

/// Why what the server keeps cannot be read or written.
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
    /// An id the server does not make (nothing else is joined to the folder).
    #[error("not a game id: {0}")]
    NotAnId(String),
    /// A kept document cannot be read (the system's words, without the error number).
    #[error("cannot read {}: {}", path.display(), io_words(source))]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The seats cannot be written as JSON.
    #[error(transparent)]
    Meta(#[from] serde_json::Error),
    /// A path with no file name.
    #[error("not a file name")]
    NotAFileName,
    /// A file cannot be written (the system's words, without the error number).
    #[error("cannot write {}: {}", path.display(), io_words(source))]
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

/// The system's words for an I/O error, without the error number.
fn io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}
