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
//! A module's imports are the first segments of the paths its code writes after `crate::`, and
//! after as many `super::` as climb from its file to the crate's root. `lib.rs`, the front door,
//! re-exports what a tool builder calls most and is no floor; a module names the module an item
//! lives in (`crate::parse::parse_str`), never the front door (`crate::parse_str`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The floor of each name a file's plain comments list (`mod` for `mod.rs`): on each numbered
/// line (`// 3. ...`, at the start of the line), the names in backticks before the colon. A
/// name listed twice is an error.
pub(crate) fn floors(header: &str) -> Result<BTreeMap<String, usize>, String> {
    let mut floors = BTreeMap::new();
    for line in header.lines().filter(|line| line.starts_with("// ")) {
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
pub(crate) fn code_of(source: &str) -> String {
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
pub(crate) fn split_tests(code: &str) -> (String, String) {
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
pub(crate) fn segments_after(code: &str, prefix: &str) -> Vec<String> {
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

/// The modules of one folder (or items of its `mod.rs`) a file's code names, in the order
/// written: after `super::` outside its test module, after `super::super::` inside it, then
/// after `within` (`crate::rules::sade::`).
pub(crate) fn named_siblings(source: &str, within: &str) -> Vec<String> {
    let code = code_of(source);
    let (tests, rest) = split_tests(&code);
    let mut names = segments_after(&rest, "super::");
    names.extend(segments_after(&tests, "super::super::"));
    names.extend(segments_after(&code, within));
    names
}

/// One folder of the crate (`rules/sade`, named `crate::rules::sade::` in paths) held to the
/// floors its `mod.rs` lists: every file but `layers.rs` stands on one, and names only files of
/// the floors below its own (a name that is no file of the folder is an item of `mod.rs`, the
/// top). `also` may refuse an import for a reason of the folder's own: it is given the file and
/// the module named. The number of imports read, or every import refused, in words.
pub(crate) fn folder_held(
    folder: &str,
    within: &str,
    also: impl Fn(&str, &str) -> Option<String>,
) -> Result<usize, String> {
    let dir = src().join(folder);
    let mod_rs = fs::read_to_string(dir.join("mod.rs")).map_err(|e| format!("{folder}: {e}"))?;
    let floors = floors(&mod_rs)?;
    let mut files: Vec<String> = fs::read_dir(&dir)
        .map_err(|e| format!("{folder}: {e}"))?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_owned();
            let member = if path.is_dir() {
                path.join("mod.rs").exists()
            } else {
                path.extension()? == "rs" && stem != "layers"
            };
            member.then_some(stem)
        })
        .collect();
    files.sort();
    let is_file = |name: &str| dir.join(format!("{name}.rs")).exists();
    let mut wrong: Vec<String> = floors
        .keys()
        .filter(|name| !files.contains(name))
        .map(|name| format!("mod.rs lists {name}, which is no file of src/{folder}/"))
        .collect();
    let mut imports = 0;
    for file in &files {
        let Some(&floor) = floors.get(file) else {
            wrong.push(format!(
                "{file}.rs stands on no floor: add it to the list in src/{folder}/mod.rs"
            ));
            continue;
        };
        // A folder of the folder is held by its own list; here it is one member.
        if !is_file(file) {
            continue;
        }
        let source = fs::read_to_string(dir.join(format!("{file}.rs")))
            .map_err(|e| format!("{folder}/{file}.rs: {e}"))?;
        for name in named_siblings(&source, within) {
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
            if module != file {
                wrong.extend(also(file, module));
            }
        }
    }
    if wrong.is_empty() {
        Ok(imports)
    } else {
        Err(wrong.join("\n"))
    }
}

/// The crate's source folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, as paths relative to `src/`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top module a file under `src/` belongs to (`rules` for `src/rules/sade/turn.rs`), and how
/// many `super::` climb from its code to the crate's root (1 for `src/die.rs` and
/// `src/rules/mod.rs`, 2 for `src/rules/fault.rs`).
fn place(relative: &Path) -> Option<(String, usize)> {
    let parts: Vec<&str> = relative.iter().filter_map(|p| p.to_str()).collect();
    let top = parts.first()?.trim_end_matches(".rs").to_owned();
    let in_mod_rs = parts.last().is_some_and(|p| *p == "mod.rs");
    let depth = parts.len() - usize::from(in_mod_rs);
    Some((top, depth.max(1)))
}

/// The crate's top modules a file's code names: after `crate::`, and after the `super::`s that
/// reach the root (one more in its test module).
fn named_modules(source: &str, depth: usize) -> Vec<String> {
    let code = code_of(source);
    let (tests, rest) = split_tests(&code);
    let mut names = segments_after(&code, "crate::");
    names.extend(segments_after(&rest, &"super::".repeat(depth)));
    names.extend(segments_after(&tests, &"super::".repeat(depth + 1)));
    names.retain(|name| !matches!(name.as_str(), "self" | "*" | ""));
    names
}

#[test]
fn imports_run_downward_across_the_crate() {
    let src = src();
    let lib = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let floors = floors(&lib).expect("the floors at the top of lib.rs");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| place(f.strip_prefix(&src).ok()?).map(|(top, _)| top))
        .collect();
    let mut wrong: Vec<String> = floors
        .keys()
        .filter(|name| !modules.contains(*name))
        .map(|name| format!("lib.rs lists {name}, which is no module of src/"))
        .collect();
    let mut imports = 0;
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src/");
        let Some((top, depth)) = place(relative) else {
            continue;
        };
        // The front door and the command line (a crate of its own, on the top floor).
        if matches!(top.as_str(), "lib" | "main" | "cli") {
            continue;
        }
        let Some(&floor) = floors.get(&top) else {
            wrong.push(format!(
                "src/{top} stands on no floor: add it to the list at the top of lib.rs"
            ));
            continue;
        };
        let source = fs::read_to_string(file).expect("a source file");
        for name in named_modules(&source, depth) {
            if name == top {
                continue;
            }
            imports += 1;
            let Some(&other) = floors.get(&name) else {
                wrong.push(format!(
                    "src/{} names crate::{name}, an item of the front door: name the module it \
                     lives in",
                    relative.display()
                ));
                continue;
            };
            if other >= floor {
                wrong.push(format!(
                    "src/{} ({top}, floor {floor}) imports {name} (floor {other}): a module \
                     imports only from the floors below its own",
                    relative.display()
                ));
            }
        }
    }
    assert!(
        imports > 200,
        "only {imports} imports found: the reader is broken"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_file_climbs_to_the_root_by_its_depth() {
    assert_eq!(place(Path::new("die.rs")), Some(("die".into(), 1)));
    assert_eq!(place(Path::new("rules/mod.rs")), Some(("rules".into(), 1)));
    assert_eq!(
        place(Path::new("rules/fault.rs")),
        Some(("rules".into(), 2))
    );
    assert_eq!(
        place(Path::new("rules/sade/mod.rs")),
        Some(("rules".into(), 2))
    );
    assert_eq!(
        place(Path::new("rules/sade/turn.rs")),
        Some(("rules".into(), 3))
    );
    let source = "\
use super::super::record::Face;
use super::fault::Refused;
use crate::{die, referee::verify};
/// [`crate::serve`]
fn f() { let _ = \"crate::cli\"; }
#[cfg(test)]
mod tests {
    use super::super::super::play::Bot;
    use super::*;
}
";
    assert_eq!(
        named_modules(source, 2),
        ["die", "referee", "record", "play"]
    );
}

#[test]
fn every_folder_is_held_to_its_floors() {
    let mut folders = Vec::new();
    let mut stack = vec![src()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).expect("a folder of src/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path.clone());
                if path.join("mod.rs").exists()
                    && let Ok(relative) = path.strip_prefix(src())
                {
                    folders.push(relative.display().to_string());
                }
            }
        }
    }
    folders.sort();
    let mut wrong = Vec::new();
    let mut held = 0;
    for folder in &folders {
        let mod_rs = fs::read_to_string(src().join(folder).join("mod.rs")).expect("mod.rs");
        let floors = match floors(&mod_rs) {
            Ok(floors) => floors,
            Err(why) => {
                wrong.push(format!("src/{folder}/mod.rs: {why}"));
                continue;
            }
        };
        if floors.is_empty() {
            wrong.push(format!(
                "src/{folder}/mod.rs lists no floors: list them (`// 0. `file`: what it is`)"
            ));
            continue;
        }
        let within = format!("crate::{}::", folder.replace('/', "::"));
        match folder_held(folder, &within, |_, _| None) {
            Ok(_) => held += 1,
            Err(why) => wrong.push(format!("src/{folder}:\n{why}")),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(held > 15, "only {held} folders held: the walk is broken");
}

/// A circle among `edges` (each file and the files it names), as the files around it, if any.
fn circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        file: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|f| f == file) {
            return Some(path[at..].to_vec());
        }
        if done.contains(file) {
            return None;
        }
        path.push(file.to_owned());
        for next in edges.get(file).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(file.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|file| visit(file, edges, &mut Vec::new(), &mut done))
}

#[test]
fn no_folder_has_a_circle_of_imports() {
    let mut folders = vec![src()];
    let mut checked = 0;
    let mut wrong = Vec::new();
    while let Some(dir) = folders.pop() {
        let mut files = BTreeMap::new();
        for entry in fs::read_dir(&dir).expect("a folder of src/").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
                && !matches!(stem, "mod" | "lib" | "main")
            {
                files.insert(stem.to_owned(), fs::read_to_string(&path).expect("a file"));
            }
        }
        if !dir.join("mod.rs").exists() {
            continue;
        }
        let within = dir
            .strip_prefix(src())
            .map(|p| format!("crate::{}::", p.display().to_string().replace('/', "::")))
            .unwrap_or_default();
        let edges: BTreeMap<String, BTreeSet<String>> = files
            .iter()
            .map(|(file, source)| {
                let named = named_siblings(source, &within)
                    .into_iter()
                    .filter(|name| name != file && files.contains_key(name))
                    .collect();
                (file.clone(), named)
            })
            .collect();
        checked += edges.len();
        if let Some(files) = circle(&edges) {
            wrong.push(format!(
                "src/{}: {} import each other in a circle",
                dir.strip_prefix(src()).unwrap_or(&dir).display(),
                files.join(" → ")
            ));
        }
    }
    assert!(
        checked > 100,
        "only {checked} files read: the walk is broken"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_circle_is_found() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            edges
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
            edges.entry((*to).to_owned()).or_default();
        }
        edges
    };
    assert_eq!(circle(&edges(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    assert_eq!(
        circle(&edges(&[
            ("ends", "replayer"),
            ("replayer", "ends"),
            ("x", "ends")
        ])),
        Some(vec!["ends".to_owned(), "replayer".to_owned()])
    );
}
