//! The writers that know no rules: canonical SDN text ([`sdn`]) and JSON ([`json`]), written
//! from the record alone.

// The floors of write/plain/, from the bottom up: a file names only modules of the floors below
// its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `nested`: walking variations without recursion.
// 1. `sdn`, `json`: canonical SDN text; JSON (a folder with floors of its own).
// 2. `mod.rs`: the table of contents.

pub mod json;
mod nested;
pub mod sdn;
