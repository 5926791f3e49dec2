//! The lexer: the movetext's text to tokens ([`Element`]s), handed to a [`Sink`]: a flat list,
//! variations nested at most [`MAX_DEPTH`] deep with an explicit stack (no recursion on the
//! input), or the grouping itself, token by token. It knows the notation, not chess, and not how
//! tokens group into turns.

use super::error::{ErrorKind, ParseError};
use super::scanner::{Text, invisible_len, line_end};
use super::token::{self, NumberToken};
use crate::record::{Action, Comment, DieFace, Face, GameResult, Nag, Span};

/// The deepest nesting of variations the reader follows.
pub const MAX_DEPTH: usize = 20;

/// A token of the movetext, before grouping.
#[derive(Clone)]
pub(super) enum Element {
    Number(NumberToken, Span),
    Face(DieFace),
    Action(Action),
    Comment(Comment),
    Nag(Nag),
    Variation(Vec<Element>, Span),
}

/// The offsets of the first moves of comma pairs (`e5,Nc6`, Marseillais): an action followed,
/// across nothing but white space, by a comma and another action.
pub(super) fn comma_pairs(src: &[u8], elements: &[Element], out: &mut Vec<usize>) {
    let mut previous: Option<Span> = None;
    for element in elements {
        match element {
            Element::Action(action) => {
                if let Some(prev) = previous {
                    let between = src.get(prev.end..action.span.start).unwrap_or_default();
                    if between.contains(&b',')
                        && between
                            .iter()
                            .all(|&c| c == b',' || c.is_ascii_whitespace())
                    {
                        out.push(prev.start);
                    }
                }
                previous = Some(action.span);
            }
            Element::Variation(inner, _) => {
                comma_pairs(src, inner, out);
                previous = None;
            }
            _ => previous = None,
        }
    }
}

/// Where the lexer puts the tokens it reads: a list of them ([`Nested`], the movetext's general
/// way), or the grouping itself, which takes them as they come (`super::movetext`'s quick way,
/// for the common records) and may decline one it does not handle: the reading then stops there.
pub(super) trait Sink {
    fn push(&mut self, element: Element);
    /// `7. ..`: the dots of Black's move number written apart from it. Makes the last token, a
    /// White move number, Black's and ends it at `end`; false where the last token is no such
    /// number (the dots are then a bad move number).
    fn black_dots(&mut self, end: usize) -> bool;
    /// A variation opens at `at`; false where the sink takes no variations (it declines).
    fn open(&mut self, at: usize) -> Result<bool, ParseError>;
    /// The variation open last closes with the `)` at `at`.
    fn close(&mut self, at: usize) -> Result<(), ParseError>;
    /// Where the innermost open variation began, if one is open.
    fn open_at(&self) -> Option<usize>;
    /// Whether the sink declined a token: the reading stops, and the caller reads the text again
    /// in the general way.
    fn declined(&self) -> bool {
        false
    }
}

/// The general way's sink: the main line's tokens, variations nested in them.
pub(super) struct Nested<'a> {
    current: &'a mut Vec<Element>,
    /// The open variations: the elements before each and where its `(` stood.
    stack: Vec<(Vec<Element>, usize)>,
}

impl Sink for Nested<'_> {
    fn push(&mut self, element: Element) {
        self.current.push(element);
    }

    fn black_dots(&mut self, end: usize) -> bool {
        match self.current.last_mut() {
            Some(Element::Number(number, span)) if number.white == Some(true) => {
                number.white = Some(false);
                span.end = end;
                true
            }
            _ => false,
        }
    }

    fn open(&mut self, at: usize) -> Result<bool, ParseError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(ParseError::new(ErrorKind::TooDeep(MAX_DEPTH), at, at + 1));
        }
        self.stack.push((std::mem::take(self.current), at));
        Ok(true)
    }

    fn close(&mut self, at: usize) -> Result<(), ParseError> {
        let Some((outer, open)) = self.stack.pop() else {
            return Err(ParseError::new(ErrorKind::StrayVariationClose, at, at + 1));
        };
        let inner = std::mem::replace(self.current, outer);
        if inner.is_empty() {
            return Err(ParseError::new(ErrorKind::EmptyVariation, open, at + 1));
        }
        self.current
            .push(Element::Variation(inner, Span::new(open, at + 1)));
        Ok(())
    }

    fn open_at(&self) -> Option<usize> {
        self.stack.last().map(|&(_, at)| at)
    }
}

/// Reads tokens up to the result, the next tag section or the end of the text, into `current`
/// (emptied first: the reader passes the same buffer for every game, so that a long file's
/// games grow it once).
///
/// On an error, `current` holds the main line's elements before it, so that the caller can
/// tell which turn the error stands in; an error inside a variation leaves it empty.
pub(super) fn read_elements(
    text: Text<'_>,
    pos: &mut usize,
    current: &mut Vec<Element>,
) -> Result<(Option<GameResult>, usize), ParseError> {
    current.clear();
    let mut sink = Nested {
        current,
        stack: Vec::new(),
    };
    let read = read_into(text, pos, &mut sink);
    if read.is_err() && !sink.stack.is_empty() {
        sink.current.clear();
    }
    read
}

/// Reads tokens up to the result, the next tag section or the end of the text into `sink`: the
/// result token and the end of the last token. Where the sink declines a token, the reading
/// stops there (`pos` and the end are then of no use).
pub(super) fn read_into(
    text: Text<'_>,
    pos: &mut usize,
    sink: &mut impl Sink,
) -> Result<(Option<GameResult>, usize), ParseError> {
    let src = text.bytes;
    let mut end = *pos;
    let mut i = *pos;
    let unclosed = |open: usize| ParseError::new(ErrorKind::UnclosedVariation, open, open + 1);
    loop {
        i = skip_movetext_space(src, i);
        let Some(&c) = src.get(i) else {
            if let Some(open) = sink.open_at() {
                return Err(unclosed(open));
            }
            *pos = i;
            return Ok((None, end));
        };
        match c {
            b'{' | b';' => {
                if let Some((comment, after)) = comment_at(text, i)? {
                    sink.push(Element::Comment(comment));
                    i = after;
                }
            }
            b'(' => {
                if !sink.open(i)? {
                    return Ok((None, end));
                }
                i += 1;
            }
            b')' => {
                sink.close(i)?;
                i += 1;
            }
            b'[' => {
                if let Some(open) = sink.open_at() {
                    return Err(unclosed(open));
                }
                // The next game's tag section: this game had no result token.
                *pos = i;
                return Ok((None, end));
            }
            b']' => return Err(ParseError::new(ErrorKind::StrayTagClose, i, i + 1)),
            b'}' => return Err(ParseError::new(ErrorKind::StrayCommentClose, i, i + 1)),
            0 => return Err(ParseError::new(ErrorKind::Nul, i, i + 1)),
            b'$' => {
                let (rest, digits) = token::nag(&src[i..]).unwrap_or((&src[i + 1..], &[]));
                let len = src.len() - i - rest.len();
                let nag = token::decimal(digits);
                let Some(nag) = nag else {
                    let word_len = word_len(&src[i + 1..]) + 1;
                    let shown = super::error::shown(&src[i..i + word_len.max(len)]);
                    return Err(ParseError::new(
                        ErrorKind::BadNag(shown),
                        i,
                        i + word_len.max(len),
                    ));
                };
                sink.push(Element::Nag(Nag {
                    nag,
                    span: Span::new(i, i + len),
                }));
                i += len;
            }
            _ => {
                let starts_token = !c.is_ascii()
                    || c.is_ascii_alphanumeric()
                    || matches!(c, b'-' | b'*' | b'.' | b'@');
                let len = if starts_token { word_len(&src[i..]) } else { 0 };
                if len == 0 {
                    let ch = char_at(src, i);
                    return Err(ParseError::new(
                        ErrorKind::UnexpectedChar(ch.0),
                        i,
                        i + ch.1,
                    ));
                }
                if let Some(result) = read_word(src, i, len, sink)? {
                    if let Some(open) = sink.open_at() {
                        return Err(unclosed(open));
                    }
                    *pos = i + len;
                    return Ok((Some(result), i + len));
                }
                i += len;
            }
        }
        if sink.declined() {
            return Ok((None, end));
        }
        end = i;
    }
}

/// The comment starting at `i` (`{…}` or `;…` to the end of the line) and the offset after it.
pub(crate) fn comment_at(text: Text<'_>, i: usize) -> Result<Option<(Comment, usize)>, ParseError> {
    let src = text.bytes;
    match src.get(i) {
        Some(b'{') => {
            let Some(close) = memchr::memchr(b'}', &src[i..]).map(|p| i + p) else {
                return Err(ParseError::new(ErrorKind::UnclosedComment, i, i + 1));
            };
            let text = comment_text(text, i + 1, close)?;
            Ok(Some((
                Comment {
                    text,
                    span: Span::new(i, close + 1),
                },
                close + 1,
            )))
        }
        Some(b';') => {
            let len = line_end(&src[i..]);
            let mut text_end = i + len;
            while text_end > i + 1 && matches!(src[text_end - 1], b'\n' | b'\r') {
                text_end -= 1;
            }
            let text = comment_text(text, i + 1, text_end)?;
            Ok(Some((
                Comment {
                    text,
                    span: Span::new(i, text_end),
                },
                i + len,
            )))
        }
        _ => Ok(None),
    }
}

/// White space, invisible characters and `%` escape lines.
#[inline(always)]
fn skip_movetext_space(src: &[u8], mut i: usize) -> usize {
    loop {
        match src.get(i) {
            // `e5,Nc6`: Marseillais records pair a turn's moves with a comma.
            Some(b' ' | b'\n' | b'\r' | b'\t' | b'\x0C' | b',') => i += 1,
            Some(b'%') if i == 0 || src[i - 1] == b'\n' => i += line_end(&src[i..]),
            // Invisible characters are never ASCII.
            Some(c) if c.is_ascii() => return i,
            Some(_) => match invisible_len(&src[i..]) {
                0 => return i,
                n => i += n,
            },
            None => return i,
        }
    }
}

/// The character at `i` (or the invalid byte), for messages: its text and byte length.
fn char_at(src: &[u8], i: usize) -> (String, usize) {
    let rest = &src[i..src.len().min(i + 4)];
    let valid = match std::str::from_utf8(rest) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) => (c.to_string(), c.len_utf8()),
        None => (format!("\\x{:02X}", src[i]), 1),
    }
}

/// The ASCII bytes that end a word: white space and the characters that start another token.
const ENDS_WORD: [bool; 128] = {
    let mut table = [false; 128];
    let mut c = 0;
    while c < 128 {
        table[c] = (c as u8).is_ascii_whitespace()
            || matches!(
                c as u8,
                b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$' | b'"' | b',' | 0
            );
        c += 1;
    }
    table
};

/// The length of a word: up to white space or a character that starts another token.
fn word_len(rest: &[u8]) -> usize {
    let mut n = 0;
    while let Some(&c) = rest.get(n) {
        let ends = match ENDS_WORD.get(usize::from(c)) {
            Some(&ends) => ends,
            // An invisible character (no-break or zero-width space) is never ASCII.
            None => invisible_len(&rest[n..]) > 0,
        };
        if ends {
            break;
        }
        n += 1;
    }
    n
}

fn comment_text(text: Text<'_>, start: usize, end: usize) -> Result<String, ParseError> {
    if let Some(clean) = text.clean_str(start, end) {
        return Ok(clean.to_owned());
    }
    let raw = &text.bytes[start..end];
    if let Some(nul) = raw.iter().position(|&b| b == 0) {
        return Err(ParseError::new(
            ErrorKind::Nul,
            start + nul,
            start + nul + 1,
        ));
    }
    match std::str::from_utf8(raw) {
        Ok(text) => Ok(text.to_owned()),
        Err(e) => {
            let at = start + e.valid_up_to();
            Err(ParseError::new(ErrorKind::InvalidUtf8, at, at + 1))
        }
    }
}

/// Reads the tokens of one word (`1.e4` holds two, `3:e6` two): pushes them, or returns the
/// result token that ends the game.
fn read_word(
    src: &[u8],
    start: usize,
    len: usize,
    out: &mut impl Sink,
) -> Result<Option<GameResult>, ParseError> {
    let mut at = start;
    let end = start + len;
    while at < end {
        let rest = &src[at..end];
        if let Some(action) = token::common_action(rest, at) {
            out.push(Element::Action(action));
            return Ok(None);
        }
        let shown = || super::error::shown(rest);
        if let Some((value, after)) = token::unicode_die_face(rest) {
            let next = end - after.len();
            out.push(Element::Face(DieFace {
                value,
                span: Span::new(at, next),
            }));
            at = next;
            continue;
        }
        if rest.first().is_some_and(u8::is_ascii_digit) {
            let (digits, after_digits) = token::leading_digits(rest);
            // `3:` — a die face.
            if let Some(after) = after_digits.strip_prefix(b":") {
                let next = end - after.len();
                let value = token::decimal::<u64>(digits).and_then(|n| Face::new(n).ok());
                match value {
                    Some(value) => out.push(Element::Face(DieFace {
                        value,
                        span: Span::new(at, next),
                    })),
                    _ => {
                        let text = super::error::shown(&rest[..next - at]);
                        return Err(ParseError::new(ErrorKind::BadDieFace(text), at, next));
                    }
                }
                at = next;
                continue;
            }
            // `12.`, `12...` or `12` — a move number.
            let dots = after_digits.iter().take_while(|&&c| c == b'.').count();
            let after = &after_digits[dots..];
            let continues = after
                .first()
                .is_some_and(|&c| !c.is_ascii_digit() && c != b'-' && c != b'/');
            if dots > 0 || after.is_empty() || (continues && !token::looks_like_result(rest)) {
                let next = end - after.len();
                let text = || super::error::shown(&rest[..next - at]);
                if dots > 3 {
                    return Err(ParseError::new(ErrorKind::BadMoveNumber(text()), at, next));
                }
                let number = token::decimal(digits).ok_or_else(|| {
                    ParseError::new(ErrorKind::MoveNumberTooLarge(text()), at, next)
                })?;
                let white = match dots {
                    0 => None,
                    1 => Some(true),
                    _ => Some(false),
                };
                out.push(Element::Number(
                    NumberToken { number, white },
                    Span::new(at, next),
                ));
                at = next;
                continue;
            }
        }
        // `7. ..`: the dots of Black's move number written apart from it.
        if rest.iter().all(|&c| c == b'.') {
            if (2..=3).contains(&rest.len()) && out.black_dots(end) {
                return Ok(None);
            }
            return Err(ParseError::new(ErrorKind::BadMoveNumber(shown()), at, end));
        }
        // Results start with a digit, `*` or `½`; typographic dashes are not ASCII.
        if matches!(rest[0], b'0'..=b'9' | b'*') || !rest.is_ascii() {
            let normalized = token::normalize_word(rest);
            if let Some(result) = token::result(&normalized) {
                return Ok(Some(result));
            }
            if token::looks_like_result(&normalized) {
                return Err(ParseError::new(ErrorKind::BadResult(shown()), at, end));
            }
        }
        let action = token::action(rest, at).map_err(|(kind, span)| ParseError {
            kind,
            span,
            place: None,
        })?;
        out.push(Element::Action(action));
        return Ok(None);
    }
    Ok(None)
}
