//! The floors of `serve/`, held: the comment in `mod.rs` lists them, every file of this folder
//! stands on exactly one, and a file names only modules on the floors below its own, so that no
//! circle of imports can close.
//!
//! A file's imports are the paths its code writes (comments and strings aside, attributes
//! included): after `super::` (after `super::super::` in its test module) and after
//! `crate::serve::`. A name that is no file of the folder is an item of `mod.rs`, the top.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// This file, which no floor lists: a test that imports nothing of the server.
const THIS_FILE: &str = "layers";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/serve")
}

/// The floor of each file the comment of `mod.rs` lists: on each numbered line
/// (`// 3. ...`), the names in backticks before the colon. A file listed twice is an error.
fn floors(mod_rs: &str) -> Result<BTreeMap<String, usize>, String> {
    let mut floors = BTreeMap::new();
    for line in mod_rs.lines().filter(|l| l.starts_with("// ")) {
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

/// `source` with its comments and the insides of its strings and character literals blanked
/// (lines kept), so that neither a doc link nor a message reads as a path.
fn code_of(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut code = String::with_capacity(source.len());
    let mut at = 0;
    while at < chars.len() {
        let skip = match (chars[at], chars.get(at + 1).copied()) {
            ('/', Some('/')) => chars[at..].iter().take_while(|&&c| c != '\n').count(),
            ('"', _) => {
                let mut end = at + 1;
                while end < chars.len() && chars[end] != '"' {
                    end += if chars[end] == '\\' { 2 } else { 1 };
                }
                end + 1 - at
            }
            ('\'', Some('\\')) => 4,
            ('\'', Some(_)) if chars.get(at + 2) == Some(&'\'') => 3,
            _ => 0,
        };
        if skip == 0 {
            code.push(chars[at]);
            at += 1;
        } else {
            let end = (at + skip).min(chars.len());
            code.extend(
                chars[at..end]
                    .iter()
                    .map(|&c| if c == '\n' { '\n' } else { ' ' }),
            );
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
    let mut depth = 0;
    let mut end = code.len();
    for (at, c) in code[start..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 1 => {
                end = start + at + 1;
                break;
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    let rest = format!("{}{}", &code[..start], &code[end..]);
    (code[start..end].to_owned(), rest)
}

/// The first segment of every path written after `prefix` in `code`: `b` of `prefix b::c`, `a`
/// and `b` of `prefix {a, b::c}`. A path that climbs further (`super::super::`) is skipped.
fn segments_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
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
            let close = group.find('}').unwrap_or(group.len());
            for entry in group[..close].split(',') {
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

/// The modules of this folder (or items of `mod.rs`) a file's code names.
fn named_siblings(source: &str) -> Vec<String> {
    let code = code_of(source);
    let (tests, rest) = split_tests(&code);
    let mut names = segments_after(&rest, "super::");
    names.extend(segments_after(&tests, "super::super::"));
    names.extend(segments_after(&code, "crate::serve::"));
    names
}

#[test]
fn imports_run_downward() {
    let folder = folder();
    let mod_rs = fs::read_to_string(folder.join("mod.rs")).expect("mod.rs");
    let floors = floors(&mod_rs).expect("the floors listed in mod.rs");
    let mut files: Vec<String> = fs::read_dir(&folder)
        .expect("src/serve")
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
        .map(|name| format!("mod.rs lists {name}, which is no file of src/serve/"))
        .collect();
    let mut imports = 0;
    for file in &files {
        let Some(&floor) = floors.get(file) else {
            wrong.push(format!("{file}.rs stands on no floor: list it in mod.rs"));
            continue;
        };
        let source = fs::read_to_string(folder.join(format!("{file}.rs"))).expect("a file");
        for name in named_siblings(&source) {
            imports += 1;
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
use super::error::{self, ApiError};
use super::{games, page::with_type};
/// [`super::doc_link`]
#[schema(schema_with = super::schema::variant)]
fn f() -> &'static str {
    super::live::over('{', '\\'', \"{ super::in_a_string \\\" }\"); // super::commented
    super::super::names::color_name()
}
#[cfg(test)]
mod tests {
    use super::*;
    use super::super::store::valid_id;
    fn g() {
        crate::serve::seat::Seat::of(\"{}\");
    }
}
fn after_the_tests() {
    super::view::version_of();
}
";
    assert_eq!(
        named_siblings(source),
        [
            "error", "games", "page", "schema", "live", "view", "store", "seat"
        ]
    );
}
