//! Code frames for syntax errors and rule violations.
//!
//! Errors carry a byte span; line and column are computed here, when rendering (1-based,
//! counting characters, not bytes). `{}` gives one line, `{:#}` adds the source line, carets
//! under the span and a help line:
//!
//! ```text
//! game.sdn:3:9: error: `7:` is not a die face
//!   |
//! 3 | 1. 3: e6 7: Nf6 *
//!   |          ^^
//!   = help: a die face is 1: to 6: (or ⚀ to ⚅)
//! ```

use std::fmt;

use crate::record::Span;

/// Source lines longer than this (in characters) are shown as a window around the span.
const MAX_SHOWN: usize = 120;
/// Characters shown on each side of the span in such a window.
const CONTEXT: usize = 40;

/// A message about a span of a source text, ready to print.
#[derive(Clone, Debug)]
pub struct Diagnostic<'a> {
    pub path: &'a str,
    pub source: &'a [u8],
    /// Lines of the file before `source` (0 when `source` is the whole file; a window of a
    /// file read a piece at a time starts on a line start, so only line numbers shift).
    pub first_line: usize,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &[u8], offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = char_count(&before[line_start..]) + 1;
    (line, column)
}

/// Characters in a byte run (invalid bytes count one each; a BOM at the start counts none).
fn char_count(bytes: &[u8]) -> usize {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).chars().count()
}

impl fmt::Display for Diagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = line_col(self.source, self.span.start);
        let line = line + self.first_line;
        write!(f, "{}:{line}:{column}: error: {}", self.path, self.message)?;
        if !f.alternate() {
            return Ok(());
        }
        let start = self.span.start.min(self.source.len());
        let line_start = self.source[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = self.source[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.source.len(), |i| start + i);
        let text = String::from_utf8_lossy(&self.source[line_start..line_end]);
        // Control characters (a NUL, say) are shown as their pictures, one column each.
        let text: String = text
            .trim_end_matches('\r')
            .chars()
            .map(|c| match c {
                '\t' => ' ',
                c if (c as u32) < 0x20 => char::from_u32(0x2400 + c as u32).unwrap_or('?'),
                c => c,
            })
            .collect();
        let gutter = " ".repeat(line.to_string().len());
        let mut lead = char_count(&self.source[line_start..start]);
        let end = self.span.end.clamp(start, line_end);
        let width = char_count(&self.source[start..end]).max(1);
        // A long line (a whole game on one line, say) is shown as a window around the span.
        let (text, width) = if text.chars().count() > MAX_SHOWN {
            let from = lead.saturating_sub(CONTEXT);
            let shown_width = width.min(MAX_SHOWN - 2 * CONTEXT);
            let to = (lead + shown_width + CONTEXT).min(text.chars().count());
            let mut window: String = text.chars().skip(from).take(to - from).collect();
            if from > 0 {
                window.insert(0, '…');
                lead = lead - from + 1;
            }
            if to < text.chars().count() {
                window.push('…');
            }
            (window, shown_width)
        } else {
            (text, width)
        };
        writeln!(f)?;
        writeln!(f, "{gutter} |")?;
        writeln!(f, "{line} | {text}")?;
        write!(f, "{gutter} | {}{}", " ".repeat(lead), "^".repeat(width))?;
        if let Some(help) = &self.help {
            write!(f, "\n{gutter} = help: {help}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        assert_eq!(line_col(b"", 0), (1, 1));
        assert_eq!(line_col(b"abc", 3), (1, 4));
        assert_eq!(line_col(b"ab\ncd", 3), (2, 1));
        assert_eq!(line_col("é x".as_bytes(), 3), (1, 3));
        assert_eq!(line_col(b"\xEF\xBB\xBFab", 4), (1, 2));
        assert_eq!(line_col(b"ab", 99), (1, 3));
    }

    #[test]
    fn frame_points_at_the_span() {
        let d = Diagnostic {
            path: "g.sdn",
            first_line: 0,
            source: b"[Event \"x\"]\n\n1. 3: e6 7: Nf6 *\n",
            span: Span::new(22, 24),
            message: "`7:` is not a die face".into(),
            help: Some("a die face is 1: to 6:".into()),
        };
        assert_eq!(d.to_string(), "g.sdn:3:10: error: `7:` is not a die face");
        assert_eq!(
            format!("{d:#}"),
            "g.sdn:3:10: error: `7:` is not a die face\n  |\n3 | 1. 3: e6 7: Nf6 *\n  |          ^^\n  = help: a die face is 1: to 6:"
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_span() {
        let source = format!("{}Zf3{}", "e4 ".repeat(100), " e5".repeat(100));
        let d = Diagnostic {
            path: "-",
            first_line: 0,
            source: source.as_bytes(),
            span: Span::new(300, 303),
            message: "m".into(),
            help: None,
        };
        let frame = format!("{d:#}");
        let lines: Vec<&str> = frame.lines().collect();
        assert_eq!(lines[0], "-:1:301: error: m");
        assert!(lines[2].chars().count() < 100, "{}", lines[2]);
        let text_at = lines[2].find("Zf3").unwrap();
        let caret_at = lines[3].find('^').unwrap();
        assert_eq!(
            lines[2][..text_at].chars().count(),
            lines[3][..caret_at].chars().count(),
            "{frame}"
        );
        assert_eq!(lines[3].matches('^').count(), 3);
    }

    #[test]
    fn frame_at_end_of_file() {
        let d = Diagnostic {
            path: "-",
            first_line: 0,
            source: b"1. e4 {",
            span: Span::new(6, 7),
            message: "m".into(),
            help: None,
        };
        assert_eq!(
            format!("{d:#}"),
            "-:1:7: error: m\n  |\n1 | 1. e4 {\n  |       ^"
        );
    }
}
