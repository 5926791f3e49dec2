//! Byte spans: where in the source text a node of the record was read from.

use serde::{Deserialize, Serialize};

/// A byte range `start..end` in the source text a node was read from (JSON: `[start, end]`).
///
/// Spans compare as ranges: `==` means equal. To ask whether two records say the same thing
/// wherever their texts placed it, compare them without spans ([`super::Game::without_spans`]).
/// A record built by hand or read from JSON without spans has empty spans at 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(usize, usize)", into = "(usize, usize)")]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span from the start of `self` to the end of `other`.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Same position and length (the same as `==`).
    pub fn same_range(self, other: Span) -> bool {
        self == other
    }
}

/// JSON writes a span as `[start, end]`.
impl From<(usize, usize)> for Span {
    fn from((start, end): (usize, usize)) -> Span {
        Span::new(start, end)
    }
}

impl From<Span> for (usize, usize) {
    fn from(span: Span) -> (usize, usize) {
        (span.start, span.end)
    }
}
