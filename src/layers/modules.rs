//! The crate's modules held to the floors listed at the top of `lib.rs`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::reader::{code_of, floors, segments_after, split_tests, src};

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
