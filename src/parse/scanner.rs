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

/// The text a reader reads, with what is known of it as a whole: whether it is valid UTF-8 and
/// free of NUL bytes. Checked once, in one pass over the text, so that a comment or a tag value
/// is then a slice of it with nothing left to check byte by byte; when the text is not clean,
/// each piece is checked where it stands and the error located there.
#[derive(Clone, Copy)]
pub(crate) struct Text<'a> {
    pub bytes: &'a [u8],
    clean: Option<&'a str>,
}

impl<'a> Text<'a> {
    pub fn new(bytes: &'a [u8]) -> Text<'a> {
        let clean = std::str::from_utf8(bytes)
            .ok()
            .filter(|_| !bytes.contains(&0));
        Text { bytes, clean }
    }

    /// `bytes[start..end]` as a string, when the text is clean (`None`: check the bytes).
    pub fn clean_str(&self, start: usize, end: usize) -> Option<&'a str> {
        self.clean?.get(start..end)
    }
}
