//! Tokens of the movetext, recognised with nom: move numbers, die faces, results, NAGs and the
//! action tokens (SAN, UCI, sacrifice, resurrection, `--`). Nothing here knows the rules.

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{digit1, one_of};
use nom::combinator::{all_consuming, opt, recognize};
use shakmaty::{Role, Square};

use super::error::ErrorKind;
use crate::record::{Action, ActionKind, Check, Face, GameResult, Glyph, SanMove, Span, UciMove};

/// A move number as written: `12.`, `12...`, or `12` (side left to the count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberToken {
    pub number: u32,
    /// `Some(true)` for White (`12.`), `Some(false)` for Black (`12...`), `None` for a bare `12`.
    pub white: Option<bool>,
}

/// The digits a word starts with, and what follows them: a die face (`3:`) or a move number
/// (`12.`, `12...`) when a colon or dots come next.
pub fn leading_digits(i: &[u8]) -> (&[u8], &[u8]) {
    let n = i.iter().take_while(|c| c.is_ascii_digit()).count();
    i.split_at(n)
}

/// The value of ASCII digits (`None` when there are none, or when it does not fit `T`).
pub fn decimal<T: TryFrom<u64>>(digits: &[u8]) -> Option<T> {
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
    }
    T::try_from(value).ok()
}

/// The Unicode die faces ⚀ (U+2680) … ⚅ (U+2685), as 1 … 6.
pub fn unicode_die_face(i: &[u8]) -> Option<(Face, &[u8])> {
    match i {
        [0xE2, 0x9A, b @ 0x80..=0x85, rest @ ..] => Some((Face::ALL[usize::from(b - 0x80)], rest)),
        _ => None,
    }
}

/// `$12`.
pub fn nag(i: &[u8]) -> IResult<&[u8], &[u8]> {
    let (rest, (_, digits)) = (tag("$"), digit1).parse(i)?;
    Ok((rest, digits))
}

/// The result tokens, with `½-½` and typographic dashes already mapped to `-` by the caller.
pub fn result(word: &[u8]) -> Option<GameResult> {
    match word {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" => Some(GameResult::Draw),
        b"*" => Some(GameResult::Unknown),
        _ => None,
    }
}

/// Whether a word looks like a (mis-spelt) result: digits, `/` and `-` only, with a `-` or `/`.
pub fn looks_like_result(word: &[u8]) -> bool {
    word.iter()
        .all(|c| c.is_ascii_digit() || matches!(c, b'-' | b'/'))
        && word.iter().any(|c| matches!(c, b'-' | b'/'))
        && !word.iter().all(|c| matches!(c, b'0' | b'-'))
}

/// Maps the typographic dashes people paste (U+2010–U+2015, U+2212) and `½` to ASCII.
#[inline]
pub fn normalize_word(word: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if word.is_ascii() {
        return word.into();
    }
    normalize_unicode(word)
}

fn normalize_unicode(word: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let Ok(text) = std::str::from_utf8(word) else {
        return word.into();
    };
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' => out.push('-'),
            '½' => out.push_str("1/2"),
            c => out.push(c),
        }
    }
    out.into_bytes().into()
}

fn piece_letter(i: &[u8]) -> IResult<&[u8], Role> {
    one_of("KQRBNP")
        .map(|c| Role::from_char(c.to_ascii_lowercase()).unwrap_or(Role::Pawn))
        .parse(i)
}

fn square(i: &[u8]) -> IResult<&[u8], Square> {
    let (rest, text) = recognize((one_of("abcdefgh"), one_of("12345678"))).parse(i)?;
    let square = Square::from_ascii(text)
        .map_err(|_| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Verify)))?;
    Ok((rest, square))
}

/// `-Nc3`, `-e4`.
fn sacrifice(i: &[u8]) -> IResult<&[u8], ActionKind> {
    all_consuming((tag("-"), opt(piece_letter), square))
        .map(|(_, role, square)| ActionKind::Sacrifice { role, square })
        .parse(i)
}

/// `Q@d4`.
fn resurrection(i: &[u8]) -> IResult<&[u8], ActionKind> {
    all_consuming((piece_letter, tag("@"), square))
        .map(|(role, _, square)| ActionKind::Resurrection { role, square })
        .parse(i)
}

/// `--`, `Z0`, `0000`: nothing (a null move in other games).
fn nothing(i: &[u8]) -> IResult<&[u8], ActionKind> {
    all_consuming(nom::branch::alt((tag("--"), tag("Z0"), tag("0000"))))
        .map(|_| ActionKind::Nothing {})
        .parse(i)
}

/// Splits the suffix marks (`+`, `#`, `!`, `?`) off the end of an action token.
fn split_suffix(word: &[u8]) -> (&[u8], &[u8]) {
    let core_len = word.len()
        - word
            .iter()
            .rev()
            .take_while(|c| matches!(c, b'+' | b'#' | b'!' | b'?'))
            .count();
    word.split_at(core_len)
}

/// The common action token, read in one pass: a SAN move of a piece or a pawn (`Nf3`, `exd5`,
/// `Rae1`), with a check or mate mark or none. `None` for anything else, which [`action`] reads
/// (and reads the same way: this is the path [`action`] would take, with its other tests
/// skipped because the first byte and the shape already rule them out).
#[inline]
pub fn common_action(word: &[u8], start: usize) -> Option<Action> {
    // A file, or a piece letter that is not castling's `O`.
    if !matches!(
        word.first(),
        Some(b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N')
    ) {
        return None;
    }
    let (core, check) = match word {
        [core @ .., b'+'] => (core, Some(Check::Check)),
        [core @ .., b'#'] => (core, Some(Check::Mate)),
        _ => (word, None),
    };
    // Another suffix mark, an en passant mark (`ep`, `e.p.`) or a UCI move's shape (`e2e4`,
    // `e7e8q`): the general reading.
    let uci_shaped = matches!(core.len(), 4 | 5) && core[1].is_ascii_digit();
    let marked = matches!(core.last(), Some(b'+' | b'#' | b'!' | b'?' | b'p' | b'.'));
    if uci_shaped || marked {
        return None;
    }
    let san = SanMove::from_ascii(core).ok()?;
    Some(Action {
        kind: ActionKind::San(san),
        check,
        glyph: None,
        span: Span::new(start, start + word.len()),
    })
}

/// Reads an action token with its suffixes. `start` is the token's byte offset, for the span.
pub fn action(word: &[u8], start: usize) -> Result<Action, (ErrorKind, Span)> {
    let span = Span::new(start, start + word.len());
    let shown = || super::error::shown(word);
    let normalized = normalize_word(word);
    let (core, suffix) = split_suffix(&normalized);
    let (check, glyph) = suffix_marks(suffix).map_err(|kind| match kind {
        ErrorKind::BadCheckMark(_) => (ErrorKind::BadCheckMark(shown()), span),
        kind => (kind, span),
    })?;
    // `--`, `Z0` and `0000` are the only tokens that start with those bytes and are not
    // castling or a sacrifice; the test is skipped for every other first byte.
    let maybe_nothing = matches!(core.first(), Some(b'-' | b'Z' | b'0'));
    let kind = if let Some(kind) = maybe_nothing.then(|| nothing(core).ok()).flatten() {
        kind.1
    } else if core.first() == Some(&b'-') {
        sacrifice(core)
            .map(|(_, k)| k)
            .map_err(|_| (ErrorKind::BadSacrifice(shown()), span))?
    } else if core.contains(&b'@') {
        resurrection(core)
            .map(|(_, k)| k)
            .map_err(|_| (ErrorKind::BadResurrection(shown()), span))?
    } else if !core.is_empty() && core.iter().all(|c| matches!(c, b'O' | b'o' | b'0' | b'-')) {
        match SanMove::from_ascii(core) {
            Ok(san) => ActionKind::San(san),
            Err(_) => return Err((ErrorKind::BadCastling(shown()), span)),
        }
    } else {
        let core = strip_en_passant_mark(core);
        if let Ok(uci) = UciMove::from_ascii(core) {
            ActionKind::Uci(uci)
        } else if let Ok(san) = SanMove::from_ascii(core) {
            ActionKind::San(san)
        } else if core.contains(&b'=') || promotion_shaped(core) {
            return Err((ErrorKind::BadPromotion(shown()), span));
        } else {
            return Err((ErrorKind::BadMove(shown()), span));
        }
    };
    Ok(Action {
        kind,
        check,
        glyph,
        span,
    })
}

/// `e8K`, `e1P`: a pawn move to the last rank with a letter after it.
fn promotion_shaped(core: &[u8]) -> bool {
    matches!(core, [.., b'1' | b'8', c] if c.is_ascii_alphabetic())
}

/// `exf6ep`, `exf6e.p.`: the en passant mark says nothing the board does not.
fn strip_en_passant_mark(core: &[u8]) -> &[u8] {
    for mark in [&b"e.p."[..], b"ep"] {
        if let Some(rest) = core.strip_suffix(mark)
            && rest.last().is_some_and(u8::is_ascii_digit)
        {
            return rest;
        }
    }
    core
}

fn suffix_marks(suffix: &[u8]) -> Result<(Option<Check>, Option<Glyph>), ErrorKind> {
    // The check marks and the glyph marks, each in the order written (a suffix is short: a
    // longer one is an error either way, and the first bytes are enough to say so).
    let mut checks = [0u8; 3];
    let mut glyphs = [0u8; 3];
    let (mut n_checks, mut n_glyphs) = (0, 0);
    for &c in suffix {
        let (marks, n) = if matches!(c, b'+' | b'#') {
            (&mut checks, &mut n_checks)
        } else {
            (&mut glyphs, &mut n_glyphs)
        };
        if let Some(slot) = marks.get_mut(*n) {
            *slot = c;
        }
        *n += 1;
    }
    let check = match (n_checks, &checks[..n_checks.min(3)]) {
        (0, _) => None,
        (1, b"+") | (2, b"++") => Some(Check::Check),
        (1, b"#") => Some(Check::Mate),
        _ => {
            return Err(ErrorKind::BadCheckMark(super::error::shown(suffix)));
        }
    };
    let glyph = match n_glyphs {
        0 => None,
        1 | 2 => {
            let g = &glyphs[..n_glyphs];
            Some(Glyph::from_ascii(g).ok_or_else(|| ErrorKind::BadGlyph(super::error::shown(g)))?)
        }
        _ => {
            let g: Vec<u8> = suffix
                .iter()
                .copied()
                .filter(|c| matches!(c, b'!' | b'?'))
                .collect();
            return Err(ErrorKind::BadGlyph(super::error::shown(&g)));
        }
    };
    Ok((check, glyph))
}

/// A tag name: anything up to white space, `"`, `[` or `]` (`BlackType:` is read as written).
pub fn tag_name(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while1(|c: u8| !c.is_ascii_whitespace() && !matches!(c, b'"' | b'[' | b']'))(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> String {
        match action(s.as_bytes(), 0) {
            Ok(a) => a.to_string(),
            Err((kind, _)) => format!("error: {kind}"),
        }
    }

    #[test]
    fn actions() {
        assert_eq!(read("Nf3"), "Nf3");
        assert_eq!(read("Rh7++"), "Rh7+");
        assert_eq!(read("exf6ep"), "exf6");
        assert_eq!(read("exf6e.p.+"), "exf6+");
        assert_eq!(read("e8Q"), "e8=Q");
        assert_eq!(read("e7e8q"), "e7e8q");
        assert_eq!(read("O\u{2011}O"), "O-O");
        assert_eq!(read("0-0-0#!?"), "O-O-O#!?");
        assert_eq!(read("-Nc3"), "-Nc3");
        assert_eq!(read("-e4"), "-e4");
        assert_eq!(read("Q@d4+"), "Q@d4+");
        assert_eq!(read("--"), "--");
        assert_eq!(read("Z0"), "--");
        assert_eq!(read("Nf3+#"), "error: `Nf3+#` has more than one check mark");
        assert_eq!(read("Nf3!!!"), "error: `!!!` is not an annotation glyph");
        assert_eq!(read("e8=P"), "error: `e8=P` is not a promotion");
        assert_eq!(read("fxe8=K"), "fxe8=K");
        assert_eq!(read("OO"), "error: `OO` is not castling");
        assert_eq!(
            read("-Z3"),
            "error: `-Z3` is not a sacrifice: write `-` then the piece and its square, `-Nc3`"
        );
        assert_eq!(
            read("@d4"),
            "error: `@d4` is not a resurrection: write the piece, `@` and the square, `Q@d4`"
        );
        assert_eq!(read("Nf9"), "error: `Nf9` is not a move");
    }

    #[test]
    fn decimal_reads_what_str_parse_reads() {
        for text in [
            "0",
            "7",
            "007",
            "255",
            "256",
            "4294967295",
            "4294967296",
            "",
            "99999999999999999999999",
        ] {
            let ours8 = decimal::<u8>(text.as_bytes());
            let ours32 = decimal::<u32>(text.as_bytes());
            assert_eq!(ours8, text.parse::<u8>().ok(), "{text}");
            assert_eq!(ours32, text.parse::<u32>().ok(), "{text}");
        }
    }

    #[test]
    fn unicode_faces() {
        assert_eq!(
            unicode_die_face("⚀".as_bytes()),
            Some((Face::One, &b""[..]))
        );
        assert_eq!(
            unicode_die_face("⚅e4".as_bytes()),
            Some((Face::Six, &b"e4"[..]))
        );
        assert_eq!(unicode_die_face("⚆".as_bytes()), None);
    }
}
