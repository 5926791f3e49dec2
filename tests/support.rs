//! Helpers shared by the integration tests: corpus files and their stated expectations.

use std::path::{Path, PathBuf};

/// The crate root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files of a corpus folder (recursively), sorted, with any of the given extensions.
pub fn corpus_files(folder: &str, extensions: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root().join(folder)];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| extensions.iter().any(|x| e == *x))
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The `; key: value` lines at the top of a corpus file, in order.
pub fn header(source: &[u8]) -> Vec<(String, String)> {
    let text = String::from_utf8_lossy(source);
    let text = text.trim_start_matches('\u{feff}');
    text.lines()
        .take_while(|line| line.starts_with(';'))
        .filter_map(|line| {
            let (key, value) = line.trim_start_matches(';').split_once(':')?;
            Some((key.trim().to_owned(), value.trim().to_owned()))
        })
        .collect()
}

/// The value of the first `; key:` line.
pub fn expectation<'a>(header: &'a [(String, String)], key: &str) -> Option<&'a str> {
    header
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// A path relative to the crate root, with `/` separators, for messages and snapshots.
pub fn display(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// `tests/data`: the public test material of other projects that the tests read (its README
/// gives each file's source, commit and licence).
pub fn data() -> PathBuf {
    root().join("tests/data")
}

/// The project's `shared/data` folder, in the nearest folder above the crate that has one: only
/// for the few files `tests/data` leaves out (see its README), whose tests are skipped without
/// it.
pub fn shared_data() -> Option<PathBuf> {
    let mut dir = root();
    loop {
        let candidate = dir.join("shared/data");
        if candidate.is_dir() {
            return Some(candidate);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// Runs the `sade-ref` binary with `args` from the repository's root: its standard output, its
/// standard error and its exit code (-1 when a signal ended it).
pub fn run_binary(args: &[&str]) -> (String, String, i32) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
