//! Puzzles as JSON Lines: one puzzle a line; a bad line is an error located at its line and
//! column, and the reading goes on to the next.

use std::fmt;

use super::puzzle::Puzzle;

/// A line that is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters of the line.
    pub column: usize,
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// The puzzles shipped in data/puzzles (Sade's, then Marseillais'), read once; a line that is
/// not a puzzle is left out (the tests hold both files to have none).
pub fn shipped() -> &'static [Puzzle] {
    static SHIPPED: std::sync::OnceLock<Vec<Puzzle>> = std::sync::OnceLock::new();
    SHIPPED.get_or_init(|| {
        [
            include_str!("../../data/puzzles/sade.jsonl"),
            include_str!("../../data/puzzles/marseillais.jsonl"),
        ]
        .iter()
        .flat_map(|text| read_jsonl(text).0.into_iter().map(|(_, p)| p))
        .collect()
    })
}

/// Every puzzle of `text`, with its line (1-based), and an error for each line that is not one.
/// Blank lines are skipped.
pub fn read_jsonl(text: &str) -> (Vec<(usize, Puzzle)>, Vec<LineError>) {
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(line);
        let read = serde_path_to_error::deserialize::<_, Puzzle>(&mut de)
            .map_err(|e| (e.path().to_string(), e.into_inner()))
            .and_then(|p| de.end().map(|()| p).map_err(|e| (".".to_owned(), e)));
        match read {
            Ok(p) => puzzles.push((index + 1, p)),
            Err((path, inner)) => {
                let byte = column_byte(line, inner.column());
                let message = inner.to_string();
                let message = message
                    .rsplit_once(" at line ")
                    .map_or(message.as_str(), |(m, _)| m)
                    .to_owned();
                errors.push(LineError {
                    line: index + 1,
                    column: line[..byte].chars().count() + 1,
                    message: if path == "." {
                        message
                    } else {
                        format!("{path}: {message}")
                    },
                });
            }
        }
    }
    (puzzles, errors)
}

/// The byte offset before serde_json's 1-based column (a byte count), kept on a char boundary.
fn column_byte(line: &str, column: usize) -> usize {
    let mut byte = column.saturating_sub(1).min(line.len());
    while !line.is_char_boundary(byte) {
        byte -= 1;
    }
    byte
}

/// The puzzles as JSON Lines, one a line, each line ending with a newline.
pub fn to_jsonl(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for p in puzzles {
        // A Puzzle has only strings, numbers and enums: it always serializes.
        out.push_str(&serde_json::to_string(p).unwrap_or_default());
        out.push('\n');
    }
    out
}
