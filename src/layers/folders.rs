//! Every folder held to the floors its `mod.rs` lists, and no folder's files in a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use super::reader::{code_of, floors, named_siblings, segments_after, src};

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
        // A folder of the folder is held by its own list inside; here it is one member, and
        // what its files name of this folder (by `within`) stands below its floor.
        if !is_file(file) {
            for (path, source) in files_below(&dir.join(file))? {
                // Only the folder's modules: an item of its `mod.rs` named from below is
                // mostly a module's item it re-exports, whose floor is that module's.
                for name in segments_after(&code_of(&source), within) {
                    imports += 1;
                    match floors.get(&name) {
                        Some(&other) if other >= floor && name != *file => wrong.push(format!(
                            "{path} (in {file}/, floor {floor}) imports {name} (floor {other}): \
                             a folder imports only from the floors below its own"
                        )),
                        _ => {}
                    }
                }
            }
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

/// Every `.rs` file below `dir`, each with its path from src/ and its text.
fn files_below(dir: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source =
                    fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let name = path
                    .strip_prefix(src())
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push((name, source));
            }
        }
    }
    found.sort();
    Ok(found)
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
