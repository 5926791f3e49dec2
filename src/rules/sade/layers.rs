//! The floors of the Sade rule set, held: the comment at the top of `mod.rs` lists them, every
//! file of this folder stands on exactly one, and a file names only modules on the floors below
//! its own. A file that named one on its own floor or above could close a circle of imports.
//! Besides, only the dispatch (`turn.rs`) names the faces.
//!
//! A file's imports are the paths its code writes (comments and strings aside): after `super::`
//! (after `super::super::` in its test module, where `super` is the file itself) and after
//! `crate::rules::sade::`. A name that is no file of the folder is an item of `mod.rs`, the top.

use std::fs;
use std::path::{Path, PathBuf};

use crate::layers::{code_of, floors, segments_after, split_tests};

/// This file, which no floor lists: a test that imports nothing of the rule set.
const THIS_FILE: &str = "layers";

/// The dispatch (`turn.rs`): the one file that names the faces (`faces_1_3.rs`, `face_4.rs`, ...).
const DISPATCH: &str = "turn";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/sade")
}

/// The modules of this folder (or items of `mod.rs`) a file's code names, in the order written:
/// first outside its test module, then inside it, then after `crate::rules::sade::`.
fn named_siblings(source: &str) -> Vec<String> {
    let code = code_of(source);
    let (tests, rest) = split_tests(&code);
    let mut names = segments_after(&rest, "super::");
    names.extend(segments_after(&tests, "super::super::"));
    names.extend(segments_after(&code, "crate::rules::sade::"));
    names
}

#[test]
fn imports_run_downward() {
    let folder = folder();
    let mod_rs = fs::read_to_string(folder.join("mod.rs")).expect("mod.rs");
    let floors = floors(&mod_rs).expect("the floors at the top of mod.rs");
    let mut files: Vec<String> = fs::read_dir(&folder)
        .expect("src/rules/sade")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_owned();
            (path.extension()? == "rs" && stem != THIS_FILE).then_some(stem)
        })
        .collect();
    files.sort();
    let mut wrong: Vec<String> = floors
        .keys()
        .filter(|name| !files.contains(name))
        .map(|name| format!("mod.rs lists {name}, which is no file of src/rules/sade/"))
        .collect();
    let mut imports = 0;
    for file in &files {
        let Some(&floor) = floors.get(file) else {
            wrong.push(format!(
                "{file}.rs stands on no floor: add it to the list at the top of mod.rs"
            ));
            continue;
        };
        let source = fs::read_to_string(folder.join(format!("{file}.rs"))).expect("a file");
        for name in named_siblings(&source) {
            imports += 1;
            // A name that is no file of the folder is an item of mod.rs (or mod.rs itself).
            let module = if files.contains(&name) { &name } else { "mod" };
            let Some(&other) = floors.get(module) else {
                continue;
            };
            if other >= floor && module != file {
                wrong.push(format!(
                    "{file}.rs (floor {floor}) imports {name} ({module}.rs, floor {other}): a \
                     file imports only from the floors below its own"
                ));
            }
            if module.starts_with("face") && module != file && file != DISPATCH {
                wrong.push(format!(
                    "{file}.rs imports {name}: only {DISPATCH}.rs knows the faces"
                ));
            }
        }
    }
    assert!(
        imports > 50,
        "only {imports} imports found: the reader is broken"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
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
    use super::super::progress::Series;
    fn g() {
        crate::rules::sade::pool::add(\"{}\");
    }
}
fn after_the_tests() {
    super::turn::begin();
}
";
    assert_eq!(
        named_siblings(source),
        [
            "state", "face_4", "search", "reach", "turn", "progress", "pool"
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
