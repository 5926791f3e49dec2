//! One version everywhere: the crate (`Cargo.toml`), the Python package (`python/Cargo.toml`
//! and `python/pyproject.toml`), the lock file and the newest release of `CHANGELOG.md`.

use crate::support::root;

/// The `version = "…"` of the first line of that key after the `[section]` header of a TOML
/// file (the files' own layout: one table a header, no inline tables for it).
fn version_in(file: &str, section: &str) -> String {
    let text = format!("\n{}", std::fs::read_to_string(root().join(file)).unwrap());
    let after = text
        .split_once(&format!("\n[{section}]\n"))
        .unwrap_or_else(|| panic!("{file} has no [{section}]"))
        .1;
    let table = after.split("\n[").next().unwrap_or_default();
    table
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{file} [{section}] has no version"))
        .to_owned()
}

/// The version of a package in `Cargo.lock`.
fn locked_version(name: &str) -> String {
    let text = std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
    let entry = text
        .split("[[package]]\n")
        .find(|entry| entry.starts_with(&format!("name = \"{name}\"\n")))
        .unwrap_or_else(|| panic!("Cargo.lock has no {name}"));
    entry
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("a locked version")
        .to_owned()
}

/// The newest release of the changelog: its first `## [x.y.z] — date` heading (an
/// `## [Unreleased]` heading above it is no release).
fn changelog_version() -> String {
    let text = std::fs::read_to_string(root().join("CHANGELOG.md")).unwrap();
    text.lines()
        .filter_map(|line| line.strip_prefix("## ["))
        .filter_map(|rest| rest.split_once(']'))
        .map(|(version, _)| version)
        .find(|version| *version != "Unreleased")
        .expect("a released version in CHANGELOG.md")
        .to_owned()
}

#[test]
fn the_crate_the_python_package_and_the_changelog_give_one_version() {
    let crate_version = version_in("Cargo.toml", "package");
    assert_eq!(crate_version, env!("CARGO_PKG_VERSION"));
    for (place, version) in [
        (
            "python/Cargo.toml",
            version_in("python/Cargo.toml", "package"),
        ),
        (
            "python/pyproject.toml",
            version_in("python/pyproject.toml", "project"),
        ),
        ("Cargo.lock (sade-ref)", locked_version("sade-ref")),
        (
            "Cargo.lock (sade-ref-python)",
            locked_version("sade-ref-python"),
        ),
        ("CHANGELOG.md", changelog_version()),
    ] {
        assert_eq!(
            version, crate_version,
            "{place} says {version}, Cargo.toml {crate_version}"
        );
    }
}

#[test]
fn every_release_of_the_changelog_is_dated_and_newest_first() {
    let text = std::fs::read_to_string(root().join("CHANGELOG.md")).unwrap();
    let releases: Vec<(Vec<u32>, &str)> = text
        .lines()
        .filter_map(|line| line.strip_prefix("## ["))
        .filter(|rest| !rest.starts_with("Unreleased]"))
        .map(|rest| {
            let (version, date) = rest.split_once("] — ").expect("`## [x.y.z] — YYYY-MM-DD`");
            let numbers = version.split('.').map(|n| n.parse().unwrap()).collect();
            (numbers, date)
        })
        .collect();
    assert!(!releases.is_empty());
    for pair in releases.windows(2) {
        assert!(pair[0].0 > pair[1].0, "versions newest first: {releases:?}");
        assert!(pair[0].1 >= pair[1].1, "dates newest first: {releases:?}");
    }
    for (_, date) in &releases {
        let digits: Vec<&str> = date.split('-').collect();
        assert!(
            digits.len() == 3 && digits.iter().all(|d| d.parse::<u32>().is_ok()),
            "a date as YYYY-MM-DD: {date}"
        );
    }
}
