//! The floors of the crate, held: the comment at the top of `lib.rs` lists the modules from the
//! bottom up, and a module names only modules on the floors below its own, so no import points
//! up or sideways and no two modules form a circle. The reader of imports here (comments and
//! strings blanked, then the paths after `crate::` and `super::`) serves the Sade rule set's own
//! layer test too (`rules/sade/layers.rs`).
//!
//! Inside a folder the same holds one level down: every folder's `mod.rs` lists the floors of
//! its files and subfolders, and a file names only those below its own, never an item through
//! its folder's `mod.rs` (`every_folder_is_held_to_its_floors`); no files of a folder import
//! each other in a circle (`no_folder_has_a_circle_of_imports`).
//!
//! And every file and function stays short enough to read (`sizes`): no file of `src/` over
//! 500 lines, no function over 120.
//!
//! A module's imports are the first segments of the paths its code writes after `crate::`, and
//! after as many `super::` as climb from its file to the crate's root. `lib.rs`, the front door,
//! re-exports what a tool builder calls most and is no floor; a module names the module an item
//! lives in (`crate::parse::parse_str`), never the front door (`crate::parse_str`).

// The files stand on floors, from the bottom up; a file names only files of the floors below
// its own (the test in `folders.rs` reads this list and holds every file to it):
// 0. `reader`: the reader of imports
// 1. `folders`, `modules`, `sizes`: every folder held to its floors; the crate's modules to
//    theirs; no file or function too long to read
// 2. `mod.rs`: the table of contents

mod folders;
mod modules;
mod reader;
mod sizes;

pub(crate) use folders::folder_held;
pub(crate) use reader::{floors, named_siblings};
