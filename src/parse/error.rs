//! Syntax errors: what is wrong, where (a byte span), and how to mend it.

use std::fmt;

use crate::record::{Face, MoveNumber, Span};

/// A syntax error in one game. The reader skips to the next game after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ErrorKind,
    pub span: Span,
    /// The turn the error stands in, where the notation tells (in the main line).
    pub place: Option<Place>,
}

/// Where in the main line a syntax error stands, as the notation counts it (the reader knows
/// no rules: a Marseillais text without numbers is counted a move a turn here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The turn's number and side (the player whose turn it is).
    pub turn: MoveNumber,
    /// Its die face, when one was written.
    pub face: Option<Face>,
    /// The action at fault, 1-based; 0 for the turn as a whole (its number or die face, or a
    /// number followed by no move); `None` for what is no action (a comment, a NAG, a stray
    /// bracket, the result).
    pub action: Option<usize>,
}

impl ParseError {
    pub(crate) fn new(kind: ErrorKind, start: usize, end: usize) -> ParseError {
        ParseError {
            kind,
            span: Span::new(start, end.max(start)),
            place: None,
        }
    }

    /// A hint for mending the text, where one helps.
    pub fn help(&self) -> Option<String> {
        self.kind.help()
    }

    /// The message with its place in the main line where the notation tells, as the referee
    /// names a turn: `turn 3. (White, face 2), action 2: `Qx` is not a move`.
    pub fn located(&self) -> String {
        let Some(place) = self.place else {
            return self.to_string();
        };
        let side = match place.turn.side {
            crate::record::Side::White => "White",
            crate::record::Side::Black => "Black",
        };
        let face = place
            .face
            .map(|f| format!(", face {f}"))
            .unwrap_or_default();
        let action = match place.action {
            Some(0) => ", the turn".to_owned(),
            Some(n) => format!(", action {n}"),
            None => String::new(),
        };
        format!("turn {} ({side}{face}){action}: {self}", place.turn)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)
    }
}

impl std::error::Error for ParseError {}

/// The kinds of syntax error, each with its message (short, lower case, no trailing period).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `[Event "x"` with no `]`.
    #[error("tag pair is not closed by `]`")]
    UnclosedTag,
    /// `[Event "x` with no closing quote.
    #[error("tag value is not closed by `\"`")]
    UnclosedTagValue,
    /// `[Event]`.
    #[error("tag `{0}` has no value")]
    MissingTagValue(String),
    /// `[ "x"]`.
    #[error("tag pair has no name")]
    MissingTagName,
    /// `[Event "x" junk]`.
    #[error("unexpected `{0}` after the tag value")]
    JunkAfterTagValue(String),
    /// `{ ...` to the end of the text.
    #[error("comment is not closed by `}}`")]
    UnclosedComment,
    /// `}` with no `{`.
    #[error("`}}` closes no comment")]
    StrayCommentClose,
    /// `)` with no `(`.
    #[error("`)` closes no variation")]
    StrayVariationClose,
    /// `(` with no `)` before the end of the game.
    #[error("variation is not closed by `)`")]
    UnclosedVariation,
    /// `()`.
    #[error("variation is empty")]
    EmptyVariation,
    /// `( e4 )` before any move.
    #[error("variation before any move: a variation replaces the move before it")]
    VariationBeforeMove,
    /// More nested variations than the reader follows.
    #[error("variations nested deeper than {0} levels")]
    TooDeep(usize),
    /// `7:` or `0:`.
    #[error("`{0}` is not a die face")]
    BadDieFace(String),
    /// `12..`, `12....`.
    #[error("`{0}` is not a move number")]
    BadMoveNumber(String),
    /// A move number too large to be one.
    #[error("move number `{0}` is too large")]
    MoveNumberTooLarge(String),
    /// Two move numbers with nothing between them.
    #[error("move number `{0}` is followed by no move")]
    DanglingMoveNumber(String),
    /// `$` with no digits, or `$300`.
    #[error("`{0}` is not a NAG ($0 to $255)")]
    BadNag(String),
    /// `Nf3!!!`.
    #[error("`{0}` is not an annotation glyph")]
    BadGlyph(String),
    /// `Nf3+#`.
    #[error("`{0}` has more than one check mark")]
    BadCheckMark(String),
    /// `OO`, `O-O-O-O`, `0-O`.
    #[error("`{0}` is not castling")]
    BadCastling(String),
    /// `Nf9`, `Zf3`, `e4e5e6`.
    #[error("`{0}` is not a move")]
    BadMove(String),
    /// `e8=P`, `Nf3=Q`.
    #[error("`{0}` is not a promotion")]
    BadPromotion(String),
    /// `-`, `-Z3`, `-e9`.
    #[error("`{0}` is not a sacrifice: write `-` then the piece and its square, `-Nc3`")]
    BadSacrifice(String),
    /// `@d4`, `Q@`, `Q@d9`.
    #[error("`{0}` is not a resurrection: write the piece, `@` and the square, `Q@d4`")]
    BadResurrection(String),
    /// `1-1`, `2-0`, `1/2`.
    #[error("`{0}` is not a result")]
    BadResult(String),
    /// A NUL byte.
    #[error("NUL byte in the text")]
    Nul,
    /// Bytes that are not UTF-8 inside a tag value or comment.
    #[error("text is not valid UTF-8")]
    InvalidUtf8,
    /// A character that starts no token (`&`, `"`, ...).
    #[error("unexpected `{0}`")]
    UnexpectedChar(String),
    /// `]` in the movetext.
    #[error("`]` closes no tag pair")]
    StrayTagClose,
}

impl ErrorKind {
    /// A stable name for the kind, for tests and JSON: `bad-die-face`.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::UnclosedTag => "unclosed-tag",
            ErrorKind::UnclosedTagValue => "unclosed-tag-value",
            ErrorKind::MissingTagValue(..) => "missing-tag-value",
            ErrorKind::MissingTagName => "missing-tag-name",
            ErrorKind::JunkAfterTagValue(..) => "junk-after-tag-value",
            ErrorKind::UnclosedComment => "unclosed-comment",
            ErrorKind::StrayCommentClose => "stray-comment-close",
            ErrorKind::StrayVariationClose => "stray-variation-close",
            ErrorKind::UnclosedVariation => "unclosed-variation",
            ErrorKind::EmptyVariation => "empty-variation",
            ErrorKind::VariationBeforeMove => "variation-before-move",
            ErrorKind::TooDeep(..) => "too-deep",
            ErrorKind::BadDieFace(..) => "bad-die-face",
            ErrorKind::BadMoveNumber(..) => "bad-move-number",
            ErrorKind::MoveNumberTooLarge(..) => "move-number-too-large",
            ErrorKind::DanglingMoveNumber(..) => "dangling-move-number",
            ErrorKind::BadNag(..) => "bad-nag",
            ErrorKind::BadGlyph(..) => "bad-glyph",
            ErrorKind::BadCheckMark(..) => "bad-check-mark",
            ErrorKind::BadCastling(..) => "bad-castling",
            ErrorKind::BadMove(..) => "bad-move",
            ErrorKind::BadPromotion(..) => "bad-promotion",
            ErrorKind::BadSacrifice(..) => "bad-sacrifice",
            ErrorKind::BadResurrection(..) => "bad-resurrection",
            ErrorKind::BadResult(..) => "bad-result",
            ErrorKind::Nul => "nul",
            ErrorKind::InvalidUtf8 => "invalid-utf8",
            ErrorKind::UnexpectedChar(..) => "unexpected-char",
            ErrorKind::StrayTagClose => "stray-tag-close",
        }
    }

    /// A hint for mending the text, where one helps.
    pub fn help(&self) -> Option<String> {
        Some(match self {
            ErrorKind::UnclosedTag => "a tag pair is written `[Name \"value\"]`".into(),
            ErrorKind::UnclosedTagValue => "close the value with `\"`; write `\\\"` for a quote inside it".into(),
            ErrorKind::MissingTagValue(name) => format!("write the value in quotes: `[{name} \"?\"]`"),
            ErrorKind::MissingTagName => "a tag pair is written `[Name \"value\"]`".into(),
            ErrorKind::JunkAfterTagValue(_) => "a tag pair holds one quoted value; write `\\\"` for a quote inside it".into(),
            ErrorKind::UnclosedComment => "close the comment with `}`".into(),
            ErrorKind::StrayVariationClose => "remove the `)` or open the variation with `(`".into(),
            ErrorKind::UnclosedVariation => "close the variation with `)` before the result".into(),
            ErrorKind::VariationBeforeMove => "write the variation after the move it replaces".into(),
            ErrorKind::BadDieFace(_) => "a die face is 1: to 6: (or ⚀ to ⚅)".into(),
            ErrorKind::BadMoveNumber(_) => "write `12.` before White's turn and `12...` before Black's".into(),
            ErrorKind::BadNag(_) => "a NAG is `$` and a number from 0 to 255".into(),
            ErrorKind::BadGlyph(_) => "the glyphs are !, ?, !!, ??, !? and ?!; others are NAGs like `$10`".into(),
            ErrorKind::BadCheckMark(_) => "write `+` for check or `#` for mate".into(),
            ErrorKind::BadCastling(text) => {
                let long = text.matches(['O', 'o', '0']).count() >= 3;
                format!("did you mean `{}`?", if long { "O-O-O" } else { "O-O" })
            }
            ErrorKind::BadMove(_) => {
                "a move is SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`) or UCI (`g1f3`)".into()
            }
            ErrorKind::BadPromotion(_) => "a pawn promotes to Q, R, B or N: `e8=Q`".into(),
            ErrorKind::BadResult(text) if text.contains('/') => "did you mean `1/2-1/2`?".into(),
            ErrorKind::BadResult(_) => "the results are 1-0, 0-1, 1/2-1/2 and *".into(),
            ErrorKind::UnexpectedChar(_) => "movetext holds move numbers, die faces, actions, comments `{…}`, NAGs `$n`, variations `(…)` and a result".into(),
            ErrorKind::StrayTagClose => "tag pairs stand before the movetext: `[Name \"value\"]`".into(),
            ErrorKind::TooDeep(_) => "flatten the deepest variations".into(),
            _ => return None,
        })
    }
}

/// The text of a bad token as an error message quotes it: at most 60 characters, then `…`
/// (a 100 MB line must not make a 100 MB message). Trailing spaces dropped.
pub(crate) fn shown(bytes: &[u8]) -> String {
    const MAX: usize = 60;
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX * 4)]);
    let text = text.trim_end();
    if bytes.len() > MAX && text.chars().count() > MAX {
        let mut short: String = text.chars().take(MAX).collect();
        short.push('…');
        short
    } else {
        text.to_owned()
    }
}
