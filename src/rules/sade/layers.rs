//! The floors of the Sade rule set, held: the comment at the top of `mod.rs` lists them, every
//! file of this folder stands on exactly one, and a file names only modules on the floors below
//! its own. A file that named one on its own floor or above could close a circle of imports.
//! Besides, only the dispatch (`turn.rs`) names the faces.
//!
//! A file's imports are the paths its code writes (comments and strings aside): after `super::`
//! (after `super::super::` in its test module, where `super` is the file itself) and after
//! `crate::rules::sade::`. A name that is no file of the folder is an item of `mod.rs`, the top.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// This file, which no floor lists: a test that imports nothing of the rule set.
const THIS_FILE: &str = "layers";

/// The dispatch (`turn.rs`): the one file that names the faces (`faces_1_3.rs`, `face_4.rs`, ...).
const DISPATCH: &str = "turn";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/sade")
}

/// The floor of each file the comment at the top of `mod.rs` lists (`mod` for `mod.rs`): on
/// each numbered line (`// 3. ...`), the names in backticks before the colon. A file listed
/// twice is an error.
fn floors(mod_rs: &str) -> Result<BTreeMap<String, usize>, String> {
    let mut floors = BTreeMap::new();
    let header = mod_rs
        .lines()
        .take_while(|line| line.starts_with("//") && !line.starts_with("//!"));
    for line in header {
        let text = line.trim_start_matches('/').trim();
        let Some((number, rest)) = text.split_once(". ") else {
            continue;
        };
        let Ok(floor) = number.parse::<usize>() else {
            continue;
        };
        let names = rest.split_once(':').map_or(rest, |(names, _)| names);
        for name in names.split('`').skip(1).step_by(2) {
            let name = name.strip_suffix(".rs").unwrap_or(name);
            if floors.insert(name.to_owned(), floor).is_some() {
                return Err(format!("{name} stands on two floors"));
            }
        }
    }
    Ok(floors)
}

/// The code of `source`: its comments and the insides of its strings and character literals
/// blanked (lines kept), so that neither a doc link nor a message reads as a path.
fn code_of(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut code = String::with_capacity(source.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let next = chars.get(at + 1).copied();
        let skip = match (c, next) {
            // A line comment, to the end of the line.
            ('/', Some('/')) => chars[at..].iter().take_while(|&&c| c != '\n').count(),
            // A block comment (not nested in this folder).
            ('/', Some('*')) => {
                let mut end = at + 2;
                while end < chars.len() && !(chars[end - 1] == '*' && chars[end] == '/') {
                    end += 1;
                }
                end + 1 - at
            }
            // A string, to the quote that is not escaped.
            ('"', _) => {
                let mut end = at + 1;
                while end < chars.len() && chars[end] != '"' {
                    end += if chars[end] == '\\' { 2 } else { 1 };
                }
                end + 1 - at
            }
            // A character literal (`'{'`, `'\n'`), not a lifetime.
            ('\'', Some('\\')) => 4,
            ('\'', Some(_)) if chars.get(at + 2) == Some(&'\'') => 3,
            _ => 0,
        };
        if skip == 0 {
            code.push(c);
            at += 1;
        } else {
            let end = (at + skip).min(chars.len());
            code.extend(chars[at..end].iter().map(|&c| blank(c)));
            at = end;
        }
    }
    code
}

/// The code of a file's test module (`mod tests { ... }`), and the rest of its code.
fn split_tests(code: &str) -> (String, String) {
    let Some(start) = code.find("mod tests {") else {
        return (String::new(), code.to_owned());
    };
    let open = start + "mod tests ".len();
    let mut depth = 0;
    let mut end = code.len();
    for (at, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = open + at + 1;
            break;
        }
    }
    let rest = format!("{}{}", &code[..start], &code[end..]);
    (code[start..end].to_owned(), rest)
}

/// The first segment of every path written after `prefix` in `code`: `b` of `prefix b::c`, `a`
/// and `b` of `prefix {a, b::c}`; `self` and `*` name the parent itself. A path that climbs
/// further (`super::super::` after `super::`) leaves the folder and is skipped.
fn segments_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        // A longer name that ends in the prefix (`my_super::`) is no path to the parent.
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(climbs) = rest.strip_prefix("super::") {
            rest = climbs;
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let close = group
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map_or(group.len(), |(at, _)| at);
            let mut entry_depth = 0;
            let entries = group[..close].split(|c| {
                match c {
                    '{' => entry_depth += 1,
                    '}' => entry_depth -= 1,
                    _ => {}
                }
                c == ',' && entry_depth == 0
            });
            for entry in entries {
                let first = entry.trim().split("::").next().unwrap_or_default().trim();
                if !first.is_empty() {
                    names.push(first.to_owned());
                }
            }
            rest = &group[close..];
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '*'))
                .unwrap_or(rest.len());
            names.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    names
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
