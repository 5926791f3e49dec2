//! What the server keeps between runs, behind one interface ([`Storage`]): every game (its
//! record and its seats) and the documents of the modes (the course's learners, each puzzle
//! player). One implementation today, the data folder ([`folder::Folder`]).

// The floors of serve/store/, from the bottom up (src/layers/ holds every file to them):
// 0. `storage`: the interface, the documents, the errors.
// 1. `atomic`: a file replaced whole, and the data folder's shared flushes.
// 2. `folder`: the data folder, one file a game, a seat file and a file a document.
// 3. `mod.rs`: the table of contents.

pub mod atomic;
pub mod folder;
pub mod storage;

pub use folder::Folder;
pub use storage::{Doc, Storage, StoreError, valid_id};
