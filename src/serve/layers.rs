//! The floors of `serve/`, held: the comment in `mod.rs` lists them, every file of this folder
//! stands on exactly one, and a file names only modules on the floors below its own, so that no
//! circle of imports can close.
//!
//! A file's imports are the paths its code writes (comments and strings aside, attributes
//! included): after `super::` (after `super::super::` in its test module) and after
//! `crate::serve::`. A name that is no file of the folder is an item of `mod.rs`, the top.

use crate::layers::folder_held;

#[test]
fn imports_run_downward() {
    let imports = folder_held("serve", "crate::serve::", |_, _| None)
        .unwrap_or_else(|wrong| panic!("{wrong}"));
    assert!(
        imports > 50,
        "only {imports} imports found: the reader is broken"
    );
}
