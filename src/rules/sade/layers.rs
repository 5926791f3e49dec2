//! The floors of the Sade rule set, held: the comment at the top of `mod.rs` lists them, every
//! file of this folder stands on exactly one, and a file names only modules on the floors below
//! its own. A file that named one on its own floor or above could close a circle of imports.
//! Besides, only the dispatch (`turn.rs`) names the faces.
//!
//! A file's imports are the paths its code writes (comments and strings aside): after `super::`
//! (after `super::super::` in its test module, where `super` is the file itself) and after
//! `crate::rules::sade::`. A name that is no file of the folder is an item of `mod.rs`, the top.

use crate::layers::{floors, folder_held, named_siblings};

/// The dispatch (`turn.rs`): the one file that names the faces (`faces_1_3.rs`, `face_4.rs`, ...).
const DISPATCH: &str = "turn";

#[test]
fn imports_run_downward() {
    let imports = folder_held("rules/sade", "crate::rules::sade::", |file, module| {
        (module.starts_with("face") && file != DISPATCH)
            .then(|| format!("{file}.rs imports {module}: only {DISPATCH}.rs knows the faces"))
    })
    .unwrap_or_else(|wrong| panic!("{wrong}"));
    assert!(
        imports > 50,
        "only {imports} imports found: the reader is broken"
    );
}

#[test]
fn the_reader_finds_every_kind_of_path() {
    let source = "\
use super::state::{self, State};
use super::{
    face_4,
    search::{first, any_step},
};
use crate::rules::names::possessive; // super::commented
/// [`super::doc_link`]
fn f() -> &'static str {
    super::reach::may_leave('{', '\\'', \"{ super::in_a_string \\\" }\");
    /* super::in_a_block */ super::super::names::color_name()
}
#[cfg(test)]
mod tests {
    use super::*;
    use super::super::open_turn::Series;
    fn g() {
        crate::rules::sade::pool::add(\"{}\");
    }
}
fn after_the_tests() {
    super::turn::begin();
}
";
    assert_eq!(
        named_siblings(source, "crate::rules::sade::"),
        [
            "state",
            "face_4",
            "search",
            "reach",
            "turn",
            "open_turn",
            "pool"
        ]
    );
}

#[test]
fn the_floors_are_read_from_the_comment() {
    let mod_rs = "\
// 0. `step`, `ends`: the words
// 1. `state`: the game, from a `FEN`
//    (a continuation, `notation`)
// 2. `mod.rs`: the top
//! 3. `docs`: not a floor
";
    let read = floors(mod_rs).expect("floors");
    let listed: Vec<(&str, usize)> = read.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(listed, [("ends", 0), ("mod", 2), ("state", 1), ("step", 0)]);
    assert!(floors("// 0. `a`, `a`: twice\n").is_err());
}
