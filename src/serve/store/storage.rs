//! The interface of what the server keeps ([`Storage`]), the documents kept beside the games,
//! the list's filter, and why something cannot be kept or read.

use std::fmt::Debug;
use std::path::PathBuf;

use crate::serve::events::Notice;
use crate::serve::glicko::{Rated, Rating, RatingChange, RatingPoint, Standing};
use crate::serve::live::Live;
use crate::serve::seek::Seek;
use crate::serve::summary::{GameKind, Summary};
use crate::write::sdn::to_sdn;

/// What the server keeps between runs. Every save returns once what it wrote is kept (committed
/// to the database, or on disk for the data folder): a game's answer is sent only then.
pub trait Storage: Debug + Send + Sync {
    /// Writes a game's record (`sdn`, its canonical SDN) and, with `with_meta`, its seats. A
    /// game of [`Live::revision`] 0 is new; any other is written only over that revision, and
    /// `live.revision` is the new one once it is kept.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game was changed by another writer since `live` was
    /// read (or a new game's id is taken); another [`StoreError`] when it cannot be kept. What
    /// was kept before stays as it was.
    fn save_game(&self, live: &mut Live, sdn: &str, with_meta: bool) -> Result<(), StoreError>;

    /// [`Storage::save_game`], the record written here.
    ///
    /// # Errors
    /// As for [`Storage::save_game`].
    fn save(&self, live: &mut Live, with_meta: bool) -> Result<(), StoreError> {
        let sdn = to_sdn(&live.game);
        self.save_game(live, &sdn, with_meta)
    }

    /// The game `id` as kept, or `None` when there is none.
    ///
    /// # Errors
    /// [`StoreError`] when it is kept but cannot be read.
    fn load_game(&self, id: &str) -> Result<Option<Live>, StoreError>;

    /// The games in progress (neither over nor a counted puzzle attempt), and why each one that
    /// could not be read was not: what the server holds at its start.
    fn load_going(&self) -> (Vec<Live>, Vec<String>);

    /// The games in progress not saved since `before` (milliseconds since the Unix epoch), the
    /// longest idle first, at most `limit`: those an abandoned game is looked for among.
    ///
    /// # Errors
    /// [`StoreError`] when they cannot be read.
    fn idle(&self, before: u64, limit: usize) -> Result<Vec<String>, StoreError>;

    /// How many games are in progress.
    ///
    /// # Errors
    /// [`StoreError`] when they cannot be counted.
    fn going(&self) -> Result<usize, StoreError>;

    /// A page of the list of games, newest first (games kept before the server kept their
    /// time last, by id); the course's lessons are never listed.
    ///
    /// # Errors
    /// [`StoreError`] when the list cannot be read.
    fn list(&self, filter: &ListFilter) -> Result<Vec<Summary>, StoreError>;

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

    /// Tells `tell` of every change saved through another server sharing the store, for as
    /// long as the store is open; a store only one server uses tells nothing.
    fn listen(&self, tell: Box<dyn Fn(Notice) + Send + Sync>) {
        drop(tell);
    }

    /// Where it keeps them, in a line for the server's start (`data folder: /srv/sade`).
    fn describe(&self) -> String;

    /// Keeps a new account.
    ///
    /// # Errors
    /// [`StoreError::NameTaken`] when an account of that name in any case is kept;
    /// [`StoreError::NoAccounts`] for a store that keeps none; another [`StoreError`] when it
    /// cannot be kept.
    fn add_account(&self, account: &Account) -> Result<(), StoreError>;

    /// The account of `name`, compared without case, or `None`.
    ///
    /// # Errors
    /// [`StoreError::NoAccounts`] for a store that keeps none; another [`StoreError`] when it
    /// cannot be read.
    fn account(&self, name: &str) -> Result<Option<Account>, StoreError>;

    /// Keeps a new session (and forgets those expired).
    ///
    /// # Errors
    /// As for [`Storage::add_account`], but for the name.
    fn add_session(&self, session: &Session) -> Result<(), StoreError>;

    /// The player of the session whose token's hash is `token_hash`, when it has not expired
    /// at `now` (milliseconds since the Unix epoch).
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn session(&self, token_hash: &str, now: u64) -> Result<Option<Player>, StoreError>;

    /// Forgets the session whose token's hash is `token_hash` (none kept: nothing to do).
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn end_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Keeps a new seek.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn add_seek(&self, seek: &Seek) -> Result<(), StoreError>;

    /// The seeks open at `now` (neither accepted nor lapsed), oldest first, at most `limit`.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn open_seeks(&self, now: u64, limit: usize) -> Result<Vec<Seek>, StoreError>;

    /// The seek `id`, open or not, or `None`.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn seek(&self, id: &str) -> Result<Option<Seek>, StoreError>;

    /// Takes seek `id` for `taker` as game `game` when it is still open at `now`; whether it
    /// was (a seek is taken once). With `None`, gives a taken seek back (its game could not be
    /// made).
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn take_seek(
        &self,
        id: &str,
        taken: Option<(&str, &str)>,
        now: u64,
    ) -> Result<bool, StoreError>;

    /// Withdraws seek `id` of the seeker named `by` while it is open; whether it was.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn drop_seek(&self, id: &str, by: &str) -> Result<bool, StoreError>;

    /// Rates game `game` (its id) of `rated` between the accounts `white` and `black` (names
    /// in any case), White scoring `white_score` (1, 0.5 or 0), at `now` (milliseconds since
    /// the Unix epoch): in one transaction, both ratings are read (a player new in that game
    /// starts at 1500, 350, 0.06), updated (Glicko-2, [`crate::serve::glicko::update`]) and
    /// written, with a row of each player's history. A game already rated (its id in the
    /// history, by whatever players) is never rated again: nothing changes and the answer is
    /// `None`; else White's change and Black's.
    ///
    /// # Errors
    /// [`StoreError::NotAnId`] for an id the server does not make; [`StoreError::NotRated`]
    /// for a score that is not 1, 0.5 or 0, a name that is no account's, or one account on
    /// both sides; [`StoreError::NoAccounts`] for a store that keeps none; another
    /// [`StoreError`] when it cannot be kept (nothing then is).
    fn rate_game(
        &self,
        game: &str,
        rated: Rated,
        white: &str,
        black: &str,
        white_score: f64,
        now: u64,
    ) -> Result<Option<[RatingChange; 2]>, StoreError>;

    /// The rating of the account `account` (any case) in `rated`, or `None` when it has played
    /// no game of it rated (or is no account).
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn rating(&self, account: &str, rated: Rated) -> Result<Option<Rating>, StoreError>;

    /// Every rating of the account `account` (any case), by game rated ([`Rated::ALL`]'s
    /// order); the games it has played no game of rated are left out.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn ratings_of(&self, account: &str) -> Result<Vec<(Rated, Rating)>, StoreError>;

    /// The `limit` highest ratings in `rated`, highest first (equal ratings by name), the
    /// provisional ones left out.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn leaderboard(&self, rated: Rated, limit: usize) -> Result<Vec<Standing>, StoreError>;

    /// The account's rating after each of its last `limit` games rated in `rated`, oldest
    /// first.
    ///
    /// # Errors
    /// As for [`Storage::account`].
    fn rating_history(
        &self,
        account: &str,
        rated: Rated,
        limit: usize,
    ) -> Result<Vec<RatingPoint>, StoreError>;
}

/// Who a browser is: the player of its session, an account or a guest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Player {
    /// The account's name as it was typed at sign-up, or the guest's (`Guest-3fa2c1`).
    pub name: String,
    /// A guest: a session without an account.
    pub guest: bool,
}

/// An account as kept: its name as typed (unique without case) and its password's hash, an
/// Argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub name: String,
    pub password_hash: String,
}

/// A session as kept: its token's hash ([`crate::serve::secret::kept`]), whose it is, and
/// when it expires (milliseconds since the Unix epoch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub token_hash: String,
    pub player: Player,
    pub expires: u64,
}

/// A document the server keeps beside the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doc<'a> {
    /// Every learner's tries at the course's lessons.
    Learners,
    /// One player of the Puzzles mode, by the player's id (a [`valid_id`]).
    Solver(&'a str),
}

/// Which games a page of the list holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Only games of this status (`finished`, `unfinished`, `invalid`).
    pub status: Option<crate::referee::Status>,
    /// Only games of this variant (its name: `Sade`, `Standard`, `Marseillais`).
    pub variant: Option<String>,
    /// Only games of this kind (never lessons: they are not games of the list).
    pub kind: Option<GameKind>,
    /// Only games with a player of this name (the `White` or `Black` tag).
    pub player: Option<String>,
    /// Only games whose seat this player holds (by name, without case): a player's own games.
    pub owner: Option<String>,
    /// Who reads the list: the games not listed to everyone are shown only to their players
    /// (by name, without case); `None`: to nobody.
    pub viewer: Option<String>,
    /// Games skipped before the page.
    pub offset: usize,
    /// Games in the page at most.
    pub limit: usize,
}

/// Whether the player named `name` holds a seat of `summary`'s game.
fn owns(summary: &Summary, name: &str) -> bool {
    summary
        .owners
        .iter()
        .flatten()
        .any(|owner| owner.eq_ignore_ascii_case(name))
}

impl ListFilter {
    /// Whether `summary` is a game of the list under this filter (offset and limit aside).
    pub fn admits(&self, summary: &Summary) -> bool {
        summary.kind != GameKind::Lesson
            && self.status.is_none_or(|s| s == summary.status)
            && self.variant.as_ref().is_none_or(|v| *v == summary.variant)
            && self.kind.is_none_or(|k| k == summary.kind)
            && self
                .player
                .as_ref()
                .is_none_or(|p| summary.names.contains(p))
            && self.owner.as_ref().is_none_or(|o| owns(summary, o))
            && (summary.listed || self.viewer.as_ref().is_some_and(|v| owns(summary, v)))
    }
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
    /// The game was changed by another writer since it was read, or a new game's id is taken:
    /// nothing was written.
    #[error("game {0} was changed by another request since it was read: nothing was written")]
    Conflict(String),
    /// The database cannot be reached, read or written (its driver's words).
    #[error("the database: {0}")]
    Database(String),
    /// A game kept in the database cannot be read back (its id, and why).
    #[error("game {id} as kept cannot be read: {reason}")]
    Unreadable { id: String, reason: String },
    /// A data folder that cannot be imported: every file that cannot be read, located.
    #[error(
        "cannot import the data folder {}: nothing was imported and the folder is unchanged:\n  {}",
        dir.display(),
        problems.join("\n  ")
    )]
    NotImported { dir: PathBuf, problems: Vec<String> },
    /// A path with no file name.
    #[error("not a file name")]
    NotAFileName,
    /// A new account's name is taken (by an account of that name in any case).
    #[error("the name {0} is taken")]
    NameTaken(String),
    /// A game that cannot be rated (why): its score is not 1, 0.5 or 0, a name is no
    /// account's, or one account is on both sides.
    #[error("the game cannot be rated: {0}")]
    NotRated(String),
    /// A store that keeps no accounts, sessions nor ratings (the data folder).
    #[error("accounts are kept only in a database (sqlite: or postgres:)")]
    NoAccounts,
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
