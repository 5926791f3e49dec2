//! The movetext of one game: tokens, then turns.
//!
//! First the tokens are read into a flat list (variations nested, at most [`MAX_DEPTH`] deep,
//! with an explicit stack: no recursion on the input). Then they are grouped into turns by the
//! notation alone: a die face opens a turn (SDN for Sade); without die faces, each move is a turn
//! (PGN), except in Marseillais records, where a move number opens a turn and the referee splits
//! a turn that holds more than one player's moves (ruling M1).

use super::error::{ErrorKind, ParseError};
use super::reader::{invisible_len, line_end};
use super::token::{self, NumberToken};
use crate::record::{
    Action, Comment, DieFace, GameResult, Item, MoveNumber, Nag, Side, Span, Tag, Turn,
    VariantName, Variation,
};

/// The deepest nesting of variations the reader follows.
pub const MAX_DEPTH: usize = 20;

pub struct Movetext {
    pub preamble: Vec<Item>,
    pub turns: Vec<Turn>,
    pub result: Option<GameResult>,
    /// Offset just past the last token of the game.
    pub end: usize,
}

/// A token of the movetext, before grouping.
enum Element {
    Number(NumberToken, Span),
    Face(DieFace),
    Action(Action),
    Comment(Comment),
    Nag(Nag),
    Variation(Vec<Element>, Span),
}

/// How tokens group into turns.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Grouping {
    /// A die face opens a turn.
    Faces,
    /// Each move is a turn.
    OneMove,
    /// A move number opens a turn.
    Numbers,
}

pub fn read(src: &[u8], pos: &mut usize, tags: &[Tag]) -> Result<Movetext, ParseError> {
    let (elements, result, end) = read_elements(src, pos)?;
    let has_faces = contains_face(&elements);
    let variant = VariantName::from_tag(
        tags.iter()
            .find(|t| t.name == "Variant")
            .map(|t| t.value.as_str()),
        has_faces,
    );
    let grouping = match variant {
        _ if has_faces => Grouping::Faces,
        VariantName::Sade => Grouping::Faces,
        VariantName::Marseillais | VariantName::MarseillaisClassical => Grouping::Numbers,
        _ => Grouping::OneMove,
    };
    let first = start_number(tags);
    let mut pairs = Vec::new();
    if grouping == Grouping::Numbers {
        comma_pairs(src, &elements, &mut pairs);
    }
    let (preamble, turns) = group(elements, grouping, first, &pairs)?;
    Ok(Movetext {
        preamble,
        turns,
        result,
        end,
    })
}

/// The offsets of the first moves of comma pairs (`e5,Nc6`, Marseillais): an action followed,
/// across nothing but white space, by a comma and another action.
fn comma_pairs(src: &[u8], elements: &[Element], out: &mut Vec<usize>) {
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

fn contains_face(elements: &[Element]) -> bool {
    elements.iter().any(|e| match e {
        Element::Face(_) => true,
        Element::Variation(inner, _) => contains_face(inner),
        _ => false,
    })
}

/// The first turn's number: from the FEN tag's side to move and move number, or `1.`.
fn start_number(tags: &[Tag]) -> MoveNumber {
    let fen = tags
        .iter()
        .find(|t| t.name == "FEN")
        .map(|t| t.value.as_str())
        .unwrap_or("");
    let mut fields = fen.split_ascii_whitespace();
    let side = match fields.nth(1) {
        Some("b") => Side::Black,
        _ => Side::White,
    };
    let number = fields
        .nth(3)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    MoveNumber { number, side }
}

/// Reads tokens up to the result, the next tag section or the end of the text.
fn read_elements(
    src: &[u8],
    pos: &mut usize,
) -> Result<(Vec<Element>, Option<GameResult>, usize), ParseError> {
    // The open variations: their elements so far and where each `(` stood.
    let mut stack: Vec<(Vec<Element>, usize)> = Vec::new();
    let mut current: Vec<Element> = Vec::new();
    let mut end = *pos;
    let mut i = *pos;
    let unclosed = |stack: &[(Vec<Element>, usize)]| {
        let open = stack.last().map_or(0, |&(_, at)| at);
        ParseError::new(ErrorKind::UnclosedVariation, open, open + 1)
    };
    loop {
        i = skip_movetext_space(src, i);
        let Some(&c) = src.get(i) else {
            if !stack.is_empty() {
                return Err(unclosed(&stack));
            }
            *pos = i;
            return Ok((current, None, end));
        };
        match c {
            b'{' | b';' => {
                if let Some((comment, after)) = comment_at(src, i)? {
                    current.push(Element::Comment(comment));
                    i = after;
                }
            }
            b'(' => {
                if stack.len() >= MAX_DEPTH {
                    return Err(ParseError::new(ErrorKind::TooDeep(MAX_DEPTH), i, i + 1));
                }
                stack.push((std::mem::take(&mut current), i));
                i += 1;
            }
            b')' => {
                let Some((outer, open)) = stack.pop() else {
                    return Err(ParseError::new(ErrorKind::StrayVariationClose, i, i + 1));
                };
                let inner = std::mem::replace(&mut current, outer);
                if inner.is_empty() {
                    return Err(ParseError::new(ErrorKind::EmptyVariation, open, i + 1));
                }
                current.push(Element::Variation(inner, Span::new(open, i + 1)));
                i += 1;
            }
            b'[' => {
                if !stack.is_empty() {
                    return Err(unclosed(&stack));
                }
                // The next game's tag section: this game had no result token.
                *pos = i;
                return Ok((current, None, end));
            }
            b']' => return Err(ParseError::new(ErrorKind::StrayTagClose, i, i + 1)),
            b'}' => return Err(ParseError::new(ErrorKind::StrayCommentClose, i, i + 1)),
            0 => return Err(ParseError::new(ErrorKind::Nul, i, i + 1)),
            b'$' => {
                let (rest, digits) = token::nag(&src[i..]).unwrap_or((&src[i + 1..], &[]));
                let len = src.len() - i - rest.len();
                let nag = std::str::from_utf8(digits)
                    .ok()
                    .and_then(|d| d.parse::<u8>().ok());
                let Some(nag) = nag else {
                    let word_len = word_len(&src[i + 1..]) + 1;
                    let shown = super::error::shown(&src[i..i + word_len.max(len)]);
                    return Err(ParseError::new(
                        ErrorKind::BadNag(shown),
                        i,
                        i + word_len.max(len),
                    ));
                };
                current.push(Element::Nag(Nag {
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
                if let Some(result) = read_word(src, i, len, &mut current)? {
                    if !stack.is_empty() {
                        return Err(unclosed(&stack));
                    }
                    *pos = i + len;
                    return Ok((current, Some(result), i + len));
                }
                i += len;
            }
        }
        end = i;
    }
}

/// The comment starting at `i` (`{…}` or `;…` to the end of the line) and the offset after it.
pub fn comment_at(src: &[u8], i: usize) -> Result<Option<(Comment, usize)>, ParseError> {
    match src.get(i) {
        Some(b'{') => {
            let Some(close) = src[i..].iter().position(|&b| b == b'}').map(|p| i + p) else {
                return Err(ParseError::new(ErrorKind::UnclosedComment, i, i + 1));
            };
            let text = comment_text(src, i + 1, close)?;
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
            let text = comment_text(src, i + 1, text_end)?;
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
fn skip_movetext_space(src: &[u8], mut i: usize) -> usize {
    loop {
        match src.get(i) {
            // `e5,Nc6`: Marseillais records pair a turn's moves with a comma.
            Some(c) if c.is_ascii_whitespace() || *c == b',' => i += 1,
            Some(b'%') if i == 0 || src[i - 1] == b'\n' => i += line_end(&src[i..]),
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

/// The length of a word: up to white space or a character that starts another token.
fn word_len(rest: &[u8]) -> usize {
    let mut n = 0;
    while n < rest.len() {
        let c = rest[n];
        if c.is_ascii_whitespace()
            || matches!(
                c,
                b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$' | b'"' | b',' | 0
            )
            || invisible_len(&rest[n..]) > 0
        {
            break;
        }
        n += 1;
    }
    n
}

fn comment_text(src: &[u8], start: usize, end: usize) -> Result<String, ParseError> {
    let raw = &src[start..end];
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
    out: &mut Vec<Element>,
) -> Result<Option<GameResult>, ParseError> {
    let mut at = start;
    let end = start + len;
    while at < end {
        let rest = &src[at..end];
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
            if let Ok((after, digits)) = token::die_face(rest) {
                let next = end - after.len();
                let value = std::str::from_utf8(digits)
                    .ok()
                    .and_then(|d| d.parse::<u8>().ok());
                match value {
                    Some(value @ 1..=6) => out.push(Element::Face(DieFace {
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
            if let Ok((after, (digits, dots))) = token::move_number(rest) {
                let continues = after
                    .first()
                    .is_some_and(|&c| !c.is_ascii_digit() && c != b'-' && c != b'/');
                if dots > 0 || after.is_empty() || (continues && !token::looks_like_result(rest)) {
                    let next = end - after.len();
                    let text = || super::error::shown(&rest[..next - at]);
                    if dots > 3 {
                        return Err(ParseError::new(ErrorKind::BadMoveNumber(text()), at, next));
                    }
                    let number = std::str::from_utf8(digits)
                        .ok()
                        .and_then(|d| d.parse::<u32>().ok())
                        .ok_or_else(|| {
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
        }
        // `7. ..`: the dots of Black's move number written apart from it.
        if rest.iter().all(|&c| c == b'.') {
            if let (2..=3, Some(Element::Number(number, span))) = (rest.len(), out.last_mut())
                && number.white == Some(true)
            {
                number.white = Some(false);
                span.end = end;
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
        let action = token::action(rest, at).map_err(|(kind, span)| ParseError { kind, span })?;
        out.push(Element::Action(action));
        return Ok(None);
    }
    Ok(None)
}

/// A turn being put together.
struct Builder {
    number: Option<(NumberToken, Span)>,
    face: Option<DieFace>,
    items: Vec<Item>,
    has_action: bool,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            number: None,
            face: None,
            items: Vec::new(),
            has_action: false,
        }
    }

    fn is_opened(&self) -> bool {
        self.face.is_some() || self.has_action
    }
}

/// Groups tokens into turns; `first` is the number of the first turn when none is written.
fn group(
    elements: Vec<Element>,
    grouping: Grouping,
    first: MoveNumber,
    pairs: &[usize],
) -> Result<(Vec<Item>, Vec<Turn>), ParseError> {
    let mut preamble = Vec::new();
    let mut turns: Vec<Turn> = Vec::new();
    let mut current: Option<Builder> = None;
    let mut next_number = first;
    for element in elements {
        match element {
            Element::Number(number, span) => {
                match current.take() {
                    Some(b) if b.is_opened() => finish(b, &mut turns, &mut next_number)?,
                    Some(Builder {
                        number: Some((prev, prev_span)),
                        ..
                    }) => {
                        return Err(dangling(prev, prev_span));
                    }
                    Some(b) => preamble.extend(b.items),
                    None => {}
                }
                let mut b = Builder::new();
                b.number = Some((number, span));
                current = Some(b);
            }
            Element::Face(face) => {
                // A face with no action after it is a turn of its own: the referee judges it
                // (R15), the reader does not.
                let b = current.get_or_insert_with(Builder::new);
                if b.is_opened() {
                    let done = std::mem::replace(b, Builder::new());
                    finish(done, &mut turns, &mut next_number)?;
                }
                b.face = Some(face);
            }
            Element::Action(action) => {
                let b = current.get_or_insert_with(Builder::new);
                // `e5,Nc6`: a comma pair is one Marseillais turn; it opens a turn of its own
                // when the group already holds moves.
                let pair_opens =
                    grouping == Grouping::Numbers && pairs.contains(&action.span.start);
                if (grouping == Grouping::OneMove || pair_opens) && b.has_action {
                    let done = std::mem::replace(b, Builder::new());
                    finish(done, &mut turns, &mut next_number)?;
                }
                b.items.push(Item::Action(action));
                b.has_action = true;
            }
            Element::Comment(comment) => {
                push_note(&mut current, &mut preamble, Item::Comment(comment))
            }
            Element::Nag(nag) => push_note(&mut current, &mut preamble, Item::Nag(nag)),
            Element::Variation(inner, span) => {
                let Some(b) = current.as_mut().filter(|b| b.has_action) else {
                    return Err(ParseError::new(
                        ErrorKind::VariationBeforeMove,
                        span.start,
                        span.start + 1,
                    ));
                };
                let start = b
                    .number
                    .map_or(next_number, |(n, _)| resolve_number(n, next_number));
                let (inner_preamble, inner_turns) = group(inner, grouping, start, pairs)?;
                b.items.push(Item::Variation(Variation {
                    preamble: inner_preamble,
                    turns: inner_turns,
                    span,
                }));
            }
        }
    }
    match current {
        Some(b) if b.is_opened() => finish(b, &mut turns, &mut next_number)?,
        Some(Builder {
            number: Some((number, span)),
            ..
        }) => return Err(dangling(number, span)),
        Some(b) => preamble.extend(b.items),
        None => {}
    }
    Ok((preamble, turns))
}

fn dangling(number: NumberToken, span: Span) -> ParseError {
    let text = match number.white {
        Some(true) => format!("{}.", number.number),
        Some(false) => format!("{}...", number.number),
        None => number.number.to_string(),
    };
    ParseError::new(ErrorKind::DanglingMoveNumber(text), span.start, span.end)
}

fn push_note(current: &mut Option<Builder>, preamble: &mut Vec<Item>, item: Item) {
    match current {
        Some(b) => b.items.push(item),
        None => preamble.push(item),
    }
}

/// A written number, its side taken from the count when the text gives none.
fn resolve_number(written: NumberToken, counted: MoveNumber) -> MoveNumber {
    let side = match written.white {
        Some(true) => Side::White,
        Some(false) => Side::Black,
        None => counted.side,
    };
    MoveNumber {
        number: written.number,
        side,
    }
}

fn finish(
    b: Builder,
    turns: &mut Vec<Turn>,
    next_number: &mut MoveNumber,
) -> Result<(), ParseError> {
    let number = b
        .number
        .map_or(*next_number, |(n, _)| resolve_number(n, *next_number));
    *next_number = number.next();
    let start = b
        .number
        .map(|(_, s)| s)
        .or(b.face.map(|f| f.span))
        .or_else(|| b.items.first().map(item_span))
        .unwrap_or_default();
    let end = b
        .items
        .last()
        .map(item_span)
        .or(b.face.map(|f| f.span))
        .unwrap_or(start);
    turns.push(Turn {
        number,
        face: b.face,
        items: b.items,
        span: Span::new(start.start, end.end),
    });
    Ok(())
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Action(a) => a.span,
        Item::Comment(c) => c.span,
        Item::Nag(n) => n.span,
        Item::Variation(v) => v.span,
    }
}
