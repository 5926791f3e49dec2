//! What the server keeps between runs, behind one interface ([`Storage`]): every game (its
//! record and its seats), the documents of the modes (the course's learners, each puzzle
//! player), the accounts, sessions and ratings. The database ([`database::Database`], SQLite
//! or PostgreSQL) keeps them; the data folder of sade-ref 0.2 ([`folder::Folder`], one file a
//! game) is imported into it at the first start, and an export writes one back.

// The floors of serve/store/, from the bottom up (src/layers/ holds every file to them):
// 0. `storage`: the interface, the list's filter, the documents, the accounts and sessions,
//    the ratings' calls, the errors.
// 1. `atomic`, `rows`: a file replaced whole, and the data folder's shared flushes; a game's
//    row and a document's, written and read back.
// 2. `batch`, `folder`: the saves of games committed together; the data folder, one file a
//    game.
// 3. `database`: the database opened, its writer and its listener started.
// 4. `ratings`, `admin`, `seeks`: the players' ratings kept (a game rated in one transaction,
//    and read back); the database's backup, export rows, import; the lobby's seeks.
// 5. `queries`: the database as a server's storage.
// 6. `import`, `export`: a data folder into a database, and a database into a folder.
// 7. `mod.rs`: the table of contents.

pub mod admin;
pub mod atomic;
pub mod batch;
pub mod database;
pub mod export;
pub mod folder;
pub mod import;
pub mod queries;
pub mod ratings;
pub mod rows;
pub mod seeks;
pub mod storage;

pub use database::Database;
pub use folder::Folder;
pub use storage::{Account, Doc, ListFilter, Player, Session, Storage, StoreError, valid_id};
