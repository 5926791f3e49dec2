//! Splits a text into games and reads each one's tag section.

use nom::Parser;
use nom::bytes::complete::tag;

use super::error::{ErrorKind, ParseError};
use super::lexer::Element;
use super::movetext;
use super::scanner::{Text, line_end, skip_filler};
use super::token;
use crate::record::{Game, Span, Tag};

/// An iterator over the games of a text: each item is a game or the first syntax error in it.
///
/// Memory stays proportional to one game: the reader holds only the game it is reading.
pub struct Reader<'a> {
    text: Text<'a>,
    pos: usize,
    /// The tokens of the game being read: one buffer for every game.
    elements: Vec<Element>,
    /// Whether a movetext is first read the quick way ([`movetext::read`]); false in the test
    /// that holds the two ways equal.
    quick: bool,
}

impl<'a> Reader<'a> {
    pub fn new(src: &'a [u8]) -> Reader<'a> {
        Reader::of(Text::new(src))
    }

    /// A reader of a text checked before ([`Text`]), from its start (past a byte order mark).
    pub fn of(text: Text<'a>) -> Reader<'a> {
        let pos = if text.bytes.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        Reader::in_text(text, pos)
    }

    /// A reader of `src` that starts at `pos`, as a reader that reached `pos` between two games
    /// goes on: for a text read a window at a time (`pos` on a line start or where a game began).
    pub fn at(src: &'a [u8], pos: usize) -> Reader<'a> {
        Reader::in_text(Text::new(src), pos)
    }

    /// [`Reader::at`] in a text checked before: readers of one window share its check.
    pub fn in_text(text: Text<'a>, pos: usize) -> Reader<'a> {
        Reader {
            text,
            pos: pos.min(text.bytes.len()),
            elements: Vec::new(),
            quick: true,
        }
    }

    /// The byte offset the reader has reached.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Where the next game begins (past white space and `%` lines), or the end of the text.
    pub fn next_start(&mut self) -> usize {
        self.pos = skip_filler(self.text.bytes, self.pos);
        self.pos
    }
}

impl Iterator for Reader<'_> {
    type Item = Result<Game, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let src = self.text.bytes;
        self.pos = skip_filler(src, self.pos);
        if self.pos >= src.len() {
            return None;
        }
        let start = self.pos;
        let mut in_tags = true;
        let mut result = read_game(
            self.text,
            &mut self.pos,
            &mut in_tags,
            &mut self.elements,
            self.quick,
        );
        if let Err(error) = &mut result {
            // An error is located inside the text, even one found at its very end.
            error.span.end = error.span.end.min(src.len());
            error.span.start = error.span.start.min(error.span.end);
            self.pos = recover(src, error.span.end.max(start + 1), in_tags);
        }
        debug_assert!(self.pos > start);
        Some(result)
    }
}

/// After an error: the start of the next game. In a tag section, past the rest of the game's
/// tags and its movetext; in movetext, the next line that opens a tag pair.
fn recover(src: &[u8], from: usize, in_tags: bool) -> usize {
    let mut pos = from.min(src.len());
    // Finish the line the error is on.
    if pos > 0 && src.get(pos - 1) != Some(&b'\n') {
        pos += line_end(&src[pos..]);
    }
    let mut seen_movetext = !in_tags;
    while pos < src.len() {
        let line = &src[pos..pos + line_end(&src[pos..])];
        let trimmed = line.trim_ascii_start();
        if trimmed.starts_with(b"[")
            && !trimmed.starts_with(b"[pgn]")
            && !trimmed.starts_with(b"[/pgn]")
        {
            if seen_movetext {
                return pos;
            }
        } else if !trimmed.is_empty() {
            seen_movetext = true;
        }
        pos += line.len();
    }
    src.len()
}

fn read_game(
    text: Text<'_>,
    pos: &mut usize,
    in_tags: &mut bool,
    elements: &mut Vec<Element>,
    quick: bool,
) -> Result<Game, ParseError> {
    let src = text.bytes;
    let start = *pos;
    let mut game = Game::default();
    // Comments before the tag section (`; expect: …` lines) belong to the game.
    let mut leading = Vec::new();
    loop {
        *pos = skip_filler(src, *pos);
        match movetext::comment_at(text, *pos)? {
            Some((comment, end)) if tag_section_follows(text, end) => {
                leading.push(crate::record::Item::Comment(comment));
                *pos = end;
            }
            _ => break,
        }
    }
    // The tag section. A tag name seen before in this game starts the next game (header-only
    // games one after another, as tournament files hold them).
    // A bit per (length, first byte) of the names seen: the names are compared only when the bit
    // of a new name is set already.
    let mut seen: u64 = 0;
    loop {
        *pos = skip_filler(src, *pos);
        if src.get(*pos) != Some(&b'[') {
            break;
        }
        let (tag, end) = read_tag(text, *pos)?;
        let bit =
            1u64 << ((tag.name.len() * 7 + usize::from(tag.name.bytes().next().unwrap_or(0))) % 64);
        if seen & bit != 0 && game.tags.iter().any(|t| t.name == tag.name) {
            break;
        }
        seen |= bit;
        game.tags.push(tag);
        *pos = end;
    }
    *in_tags = false;
    let movetext = movetext::read(text, pos, &game.tags, elements, quick)?;
    leading.extend(movetext.preamble);
    game.preamble = leading;
    game.turns = movetext.turns;
    game.result = movetext.result;
    let mut end = movetext.end;
    if game.result.is_some() {
        end = read_closing_comments(text, pos, &mut game)?.unwrap_or(end);
    }
    game.span = Span::new(start, end.max(start));
    Ok(game)
}

/// The comments written after a game's result token belong to that game, as python-chess reads
/// them: one on the result's line always; one on a later line unless a tag section follows it
/// (then it opens the next game, as `; expect:` lines do). They join the last turn's items (the
/// preamble when there is no turn), so the canonical writer puts them before the result token.
/// Returns the end of the last one taken.
fn read_closing_comments(
    text: Text<'_>,
    pos: &mut usize,
    game: &mut Game,
) -> Result<Option<usize>, ParseError> {
    let src = text.bytes;
    let mut end = None;
    loop {
        let at = skip_filler(src, *pos);
        let on_the_same_line = !src[*pos..at].contains(&b'\n');
        let Some((comment, after)) = movetext::comment_at(text, at)? else {
            return Ok(end);
        };
        if !on_the_same_line && tag_section_follows(text, after) {
            return Ok(end);
        }
        let holder = match game.turns.last_mut() {
            Some(turn) => {
                turn.span.end = after;
                &mut turn.items
            }
            None => &mut game.preamble,
        };
        holder.push(crate::record::Item::Comment(comment));
        *pos = after;
        end = Some(after);
    }
}

/// Reads `[Name "value"]` at `pos`; returns the tag and the offset after `]`.
fn read_tag(text: Text<'_>, pos: usize) -> Result<(Tag, usize), ParseError> {
    let src = text.bytes;
    let line_len = || line_end(&src[pos..]);
    let err = |kind, s: usize, e: usize| Err(ParseError::new(kind, s, e));
    let mut i = pos + 1;
    i = skip_spaces(src, i);
    let name = match token::tag_name(&src[i..]) {
        Ok((_, name)) => name,
        // The span takes the character where the name should start, if there is one.
        Err(_) => return err(ErrorKind::MissingTagName, pos, (i + 1).min(src.len())),
    };
    let name_start = i;
    i += name.len();
    let name = match text.clean_str(name_start, i) {
        Some(clean) => clean,
        None => std::str::from_utf8(name)
            .map_err(|_| ParseError::new(ErrorKind::InvalidUtf8, name_start, i))?,
    }
    .to_owned();
    i = skip_spaces(src, i);
    if tag::<_, _, nom::error::Error<&[u8]>>(&b"\""[..])
        .parse(&src[i..])
        .is_err()
    {
        return if src.get(i) == Some(&b']') {
            err(ErrorKind::MissingTagValue(name), pos, i + 1)
        } else {
            err(ErrorKind::UnclosedTag, pos, pos + line_len().max(1))
        };
    }
    let value_start = i + 1;
    let (value, value_end) = read_tag_value(text, value_start)?;
    i = skip_spaces(src, value_end + 1);
    match src.get(i) {
        Some(b']') => {}
        Some(b'\n' | b'\r') | None => return err(ErrorKind::UnclosedTag, pos, i),
        Some(_) => {
            let junk_end = i + line_end(&src[i..]);
            let junk = super::error::shown(&src[i..junk_end]);
            // `[Event "NII - Lille 2 / Tour Blanche Paris]`: the quote is missing, not the `]`.
            return err(ErrorKind::JunkAfterTagValue(junk), i, junk_end);
        }
    }
    let tag = Tag {
        name,
        value,
        span: Span::new(pos, i + 1),
    };
    Ok((tag, i + 1))
}

/// Whether only comments and white space stand between `pos` and a tag pair.
fn tag_section_follows(text: Text<'_>, mut pos: usize) -> bool {
    loop {
        pos = skip_filler(text.bytes, pos);
        match movetext::comment_at(text, pos) {
            Ok(Some((_, end))) => pos = end,
            _ => return text.bytes.get(pos) == Some(&b'['),
        }
    }
}

fn skip_spaces(src: &[u8], mut i: usize) -> usize {
    while matches!(src.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

/// The value after the opening quote: `\"` and `\\` are escapes, any other backslash stands for
/// itself. Ends at the closing quote; a line end before it is an unclosed value.
fn read_tag_value(text: Text<'_>, start: usize) -> Result<(String, usize), ParseError> {
    let src = text.bytes;
    // Most values hold no escape and no line end: then, in a clean text, the value is a slice
    // of it.
    let line = &src[start..start + line_end(&src[start..])];
    if let Some(stop) = memchr::memchr3(b'"', b'\\', b'\r', line)
        && line[stop] == b'"'
        && let Some(value) = text.clean_str(start, start + stop)
    {
        return Ok((value.to_owned(), start + stop));
    }
    let mut bytes = Vec::new();
    let mut i = start;
    loop {
        match src.get(i) {
            Some(b'"') => break,
            Some(b'\\') if matches!(src.get(i + 1), Some(b'"' | b'\\')) => {
                bytes.push(src[i + 1]);
                i += 2;
            }
            Some(b'\n' | b'\r') | None => {
                return Err(ParseError::new(ErrorKind::UnclosedTagValue, start - 1, i));
            }
            Some(0) => return Err(ParseError::new(ErrorKind::Nul, i, i + 1)),
            Some(&c) => {
                bytes.push(c);
                i += 1;
            }
        }
    }
    match String::from_utf8(bytes) {
        Ok(value) => Ok((value, i)),
        Err(e) => {
            let bad = bad_utf8_offset(&src[start..i], e.utf8_error().valid_up_to());
            Err(ParseError::new(
                ErrorKind::InvalidUtf8,
                start + bad,
                start + bad + 1,
            ))
        }
    }
}

/// Where the first invalid byte of `raw` is, given how far its unescaped form was valid (the
/// unescaped form is never longer, so this scans the raw bytes themselves).
fn bad_utf8_offset(raw: &[u8], _hint: usize) -> usize {
    match std::str::from_utf8(raw) {
        Ok(_) => 0,
        Err(e) => e.valid_up_to(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Every game of `src` read both ways, with where the reader stood after each.
    fn both_ways(src: &[u8]) {
        let mut quick = Reader::new(src);
        let mut general = Reader::new(src);
        general.quick = false;
        loop {
            let (a, b) = (quick.next(), general.next());
            assert_eq!(a, b, "in {:?}", String::from_utf8_lossy(src));
            assert_eq!(quick.position(), general.position());
            if a.is_none() {
                return;
            }
        }
    }

    /// Games without tags between them, one a line: the quick way sizes each game's turns from
    /// a few KiB of the text ahead, not from the rest of the text (which asked room for a
    /// quarter of the file's bytes in turns, for every game, and looked through the whole rest
    /// for a tag each time).
    #[test]
    fn a_game_without_tags_asks_room_for_its_own_turns_only() {
        let text = "1. e4 e5 2. Nf3 Nc6 *\n".repeat(20_000);
        let mut games = 0;
        for game in Reader::new(text.as_bytes()) {
            let game = game.expect("a game");
            assert_eq!(game.turns.len(), 4);
            assert!(game.turns.capacity() <= 2_000, "{}", game.turns.capacity());
            games += 1;
        }
        assert_eq!(games, 20_000);
    }

    fn files(dir: &std::path::Path, out: &mut Vec<Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if let Some("sdn" | "pgn" | "txt") = path.extension().and_then(|e| e.to_str())
                && let Ok(bytes) = std::fs::read(&path)
            {
                out.push(bytes);
            }
        }
    }

    /// The quick way and the general way give the same games, errors (and their places) and
    /// positions: on every record of the corpus and the test data, and on those records with
    /// tokens of every kind put in, or bytes taken out, at random places.
    #[test]
    fn the_quick_way_reads_as_the_general_way() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts = Vec::new();
        files(&root.join("corpus"), &mut texts);
        files(&root.join("tests/data"), &mut texts);
        assert!(texts.len() > 250, "{} files", texts.len());
        for text in &texts {
            both_ways(text);
        }
        let put_in: &[&[u8]] = &[
            b" ( e4 ) ",
            b"(",
            b")",
            b" $1 ",
            b" 3: ",
            b" 7: ",
            b" 7. .. ",
            b" 12... ",
            b" 4 ",
            b" {x} ",
            b"; y\n",
            b" { ",
            b" } ",
            b"\n[Event \"x\"]\n",
            b" 1-0 ",
            b" 1/2 ",
            b" * ",
            b" -- ",
            b" -Nc3 ",
            b" Q@d4 ",
            b" e8=Q+ ",
            b" O-O-O# ",
            b"\xE2\x9A\x82",
            b" \0 ",
            b" ]",
            b",",
            b" Nf3!? ",
            b" ??? ",
            b"\n%x\n",
            b"\xC2\xA0",
            b" e2e4 ",
        ];
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(32);
        for text in texts.iter().filter(|t| t.len() < 20_000) {
            for _ in 0..40 {
                let mut changed = text.clone();
                for _ in 0..rng.random_range(1..4) {
                    let at = rng.random_range(0..=changed.len());
                    if rng.random_bool(0.7) {
                        let piece = put_in[rng.random_range(0..put_in.len())];
                        changed.splice(at..at, piece.iter().copied());
                    } else {
                        let to = changed.len().min(at + rng.random_range(1..6));
                        changed.drain(at..to);
                    }
                }
                both_ways(&changed);
            }
        }
    }
}
