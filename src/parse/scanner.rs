//! Byte helpers the reader and the lexer share: filler between games, invisible characters,
//! line ends.

/// White space, `%` escape lines, `[pgn]` / `[/pgn]` wrappers, stray BOMs and the invisible
/// characters that pasted text carries (no-break and zero-width spaces).
pub(crate) fn skip_filler(src: &[u8], mut pos: usize) -> usize {
    loop {
        let rest = &src[pos.min(src.len())..];
        let at_line_start = pos == 0 || src.get(pos - 1) == Some(&b'\n');
        match rest {
            [c, ..] if c.is_ascii_whitespace() => pos += 1,
            [b'%', ..] if at_line_start => pos += line_end(rest),
            _ if rest.starts_with(b"[pgn]") => pos += 5,
            _ if rest.starts_with(b"[/pgn]") => pos += 6,
            _ => match invisible_len(rest) {
                0 => return pos,
                n => pos += n,
            },
        }
    }
}

/// The length of a leading no-break space, zero-width space or joiner, word joiner or BOM.
pub(crate) fn invisible_len(rest: &[u8]) -> usize {
    match rest {
        [0xC2, 0xA0, ..] => 2,
        [0xE2, 0x80, 0x8B..=0x8D, ..] | [0xE2, 0x81, 0xA0, ..] | [0xEF, 0xBB, 0xBF, ..] => 3,
        _ => 0,
    }
}

/// Bytes up to and including the next newline.
pub(crate) fn line_end(rest: &[u8]) -> usize {
    memchr::memchr(b'\n', rest).map_or(rest.len(), |i| i + 1)
}

/// A text to read, with what is known of it as a whole: whether it is valid UTF-8 and free of
/// NUL bytes. That is checked once, in one pass over the text, so that a comment or a tag value
/// is then a slice of it with nothing left to check byte by byte; when the text is not clean,
/// each piece is checked where it stands and the error located there.
///
/// Readers of parts of one text (a window read in blocks on several threads) share one `Text`
/// and so one check: see [`Reader::in_text`](super::Reader::in_text).
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    pub(crate) bytes: &'a [u8],
    clean: Option<&'a str>,
}

impl<'a> Text<'a> {
    /// Checks `bytes` (UTF-8, no NUL).
    pub fn new(bytes: &'a [u8]) -> Text<'a> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Text::of_str(text),
            Err(_) => Text { bytes, clean: None },
        }
    }

    /// A text already known to be UTF-8 (only NUL bytes are looked for).
    pub fn of_str(text: &'a str) -> Text<'a> {
        let bytes = text.as_bytes();
        let clean = (!bytes.contains(&0)).then_some(text);
        Text { bytes, clean }
    }

    /// The text's bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// `bytes[start..end]` as a string, when the text is clean (`None`: check the bytes).
    pub(crate) fn clean_str(&self, start: usize, end: usize) -> Option<&'a str> {
        self.clean?.get(start..end)
    }
}
