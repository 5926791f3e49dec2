//! Every Rust and JavaScript file of `src/` short enough to read whole, and every function in it
//! short enough to hold in the head: no file over [`FILE_LINES`] lines, no function over
//! [`FUNCTION_LINES`]. A file long past them is split along its jobs, never at a line count.

use std::fs;
use std::path::Path;

use super::reader::{code_of, src};

/// The most lines a file of `src/` may have (as `wc -l` counts them).
pub(crate) const FILE_LINES: usize = 500;
/// The most lines a function may span, from its `fn` (or `function`) line to its closing brace.
pub(crate) const FUNCTION_LINES: usize = 120;

/// The folder of vendored code, which is not ours to split.
const VENDORED: &str = "serve/assets/chessground";

/// Every function of `code` (comments and strings blanked) longer than `most` lines: its name,
/// its first line (1-based) and its length. A function is a line that declares one (`fn name`,
/// `function name`) and the block its first `{` opens; a declaration with no body (`fn f();`)
/// is none.
pub(crate) fn long_functions(code: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut long = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some(name) = declared(line) else {
            continue;
        };
        let mut depth = 0usize;
        let mut opened = false;
        let mut end = None;
        'lines: for (offset, text) in lines[at..].iter().enumerate() {
            for c in text.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth = depth.saturating_sub(1),
                    ';' if !opened => break 'lines,
                    _ => {}
                }
                if opened && depth == 0 {
                    end = Some(at + offset);
                    break 'lines;
                }
            }
        }
        if let Some(end) = end
            && end + 1 - at > most
        {
            long.push((name, at + 1, end + 1 - at));
        }
    }
    long
}

/// The name a line declares a function by, if it does.
fn declared(line: &str) -> Option<String> {
    let words: Vec<&str> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    let at = words.iter().position(|&w| w == "fn" || w == "function")?;
    let before_ok = words[..at].iter().all(|w| {
        matches!(
            *w,
            "pub"
                | "crate"
                | "super"
                | "self"
                | "in"
                | "async"
                | "const"
                | "unsafe"
                | "export"
                | "extern"
                | "default"
        )
    });
    let name = words.get(at + 1)?;
    before_ok.then(|| (*name).to_owned())
}

/// Every Rust and JavaScript file below `dir`, with its path from `src/`.
fn sources(dir: &Path, found: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let relative = path
            .strip_prefix(src())
            .unwrap_or(&path)
            .display()
            .to_string();
        if relative.starts_with(VENDORED) {
            continue;
        }
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs" || e == "js")
            && let Ok(text) = fs::read_to_string(&path)
        {
            found.push((relative, text));
        }
    }
}

#[test]
fn no_file_and_no_function_is_too_long_to_read() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    files.sort();
    assert!(
        files.len() > 200,
        "only {} files read: the walk is broken",
        files.len()
    );
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let lines = text.lines().count();
        if lines > FILE_LINES {
            wrong.push(format!("{path}: {lines} lines (at most {FILE_LINES})"));
        }
        // JavaScript's strings and comments read as Rust's for this count; its template
        // literals are not blanked, and a brace in one would only lengthen a function.
        for (name, line, length) in long_functions(&code_of(text), FUNCTION_LINES) {
            wrong.push(format!(
                "{path}:{line}: fn {name} spans {length} lines (at most {FUNCTION_LINES})"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "split along their jobs:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_long_function_is_found_and_a_short_one_or_a_declaration_is_not() {
    let body = "    x += 1;\n".repeat(10);
    let code = format!(
        "fn short() {{\n{body}}}\n\npub(crate) async fn long(a: u8) -> u8 {{\n{body}{body}    \
         if a > 0 {{ 1 }} else {{ 2 }}\n}}\n\ntrait T {{\n    fn declared(&self);\n}}\n"
    );
    let long = long_functions(&code, 15);
    assert_eq!(long, vec![("long".to_owned(), 14, 23)]);
    let js = "export function render(state) {\n  if (a) {\n    b();\n  }\n}\n";
    assert_eq!(long_functions(js, 4), vec![("render".to_owned(), 1, 5)]);
    assert!(long_functions(js, 5).is_empty());
}
