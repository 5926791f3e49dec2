//! The reader of imports the layer tests share: a file's code with its comments and strings
//! blanked, the paths it writes after a prefix, and the floors a comment lists.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The crate's source folder.
pub(super) fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}
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
