//! Reading a text a window at a time, games whole: memory holds a window (a few hundred
//! kilobytes, or one game when a game is longer), never the file.
//!
//! The games are those the reader finds in the whole text, at the same places: each window is
//! read by [`Reader`] from where the previous window's last whole game ended, and a game is
//! taken from a window only when nothing past the window's end could have changed how it reads
//! (see [`settled`]). Spans are offsets in the window; the window starts on a line start, and
//! [`Window::first_line`] says how many lines of the file come before it, so line and column
//! are those of the whole file.
//!
//! With more than one job the window is cut into blocks at likely game starts (a `[` line
//! after a blank line), read in parallel, and stitched: a block counts from the first game
//! where the reading of the blocks before it arrives, so the games are exactly those one reader
//! finds, whatever the cut.

use std::io::{self, Read};

use rayon::prelude::*;
use sade_ref::parse::{ErrorKind, ParseError, Reader, Text};
use sade_ref::record::Game;

/// Bytes read at a time; a window grows past this only to hold a game longer than it.
const WINDOW: usize = 512 * 1024;

/// What a stream gives for each game read: the game itself, or what a command makes of it on
/// the thread that read it (see [`GameStream::next_window_with`]).
pub type GameRead = Result<Game, ParseError>;

/// A window of the text and the games read whole from it.
pub struct Window<T = GameRead> {
    /// The window's bytes (spans of its games are offsets in here).
    pub bytes: Vec<u8>,
    /// Lines of the text before the window.
    pub first_line: usize,
    /// The offset in the text of the window's first byte (the tests check spans with it).
    #[cfg(test)]
    pub offset: u64,
    /// The games that begin in this window, in order.
    pub games: Vec<T>,
}

/// A game as a block read it: where it began, where the reader stood after it and where the
/// next game begins, whether it reads the same in the whole text when the window does not end
/// the text ([`settled`]), and what the command made of it.
struct Parsed<T> {
    start: usize,
    after: usize,
    next: usize,
    settled: bool,
    game: T,
}

/// Reads the games of a text a window at a time.
pub struct GameStream<R> {
    source: R,
    buf: Vec<u8>,
    first_line: usize,
    /// The offset in the text of `buf[0]`.
    offset: u64,
    /// Where in `buf` the reader goes on.
    start: usize,
    /// Bytes a window holds at least.
    window: usize,
    /// Bytes to hold before reading games: doubled while a game is longer than the window.
    want: usize,
    /// Nothing read yet (a byte order mark may open the text).
    fresh: bool,
    /// Nothing but white space (and a byte order mark) read so far.
    blank: bool,
    eof: bool,
    /// A read failed: the games held whole before it are given, then this error.
    error: Option<io::Error>,
    /// Blocks a window is cut into (1: no parallel reading).
    blocks: usize,
    /// A window's buffer given back ([`GameStream::recycle`]), for the next window: memory the
    /// process has touched already, where a fresh buffer of a window's size costs the kernel a
    /// page fault for every 4 KB the next read fills.
    spare: Vec<u8>,
}

impl<R: Read> GameStream<R> {
    /// `jobs` blocks per window are read in parallel (on the current rayon pool).
    pub fn new(source: R, jobs: usize) -> GameStream<R> {
        GameStream {
            source,
            buf: Vec::new(),
            first_line: 0,
            offset: 0,
            start: 0,
            window: WINDOW,
            want: WINDOW,
            fresh: true,
            blank: true,
            eof: false,
            error: None,
            blocks: if jobs <= 1 { 1 } else { jobs * 4 },
            spare: Vec::new(),
        }
    }

    /// The next window with its games as read (the tests look at them).
    #[cfg(test)]
    pub fn next_window(&mut self) -> io::Result<Option<Window>> {
        self.next_window_with(&|game| game)
    }

    /// The next window with at least one game; `Ok(None)` at the end of the text. Each game is
    /// given to `map` on the thread that read it, as soon as it is read: a game is then judged,
    /// and freed, where it was read, and a window's games are read and judged in one pass of
    /// the pool over its blocks. A game that the window's end may have cut is mapped, dropped,
    /// and read again with the next window.
    ///
    /// # Errors
    /// The source could not be read (or decoded); the games before the failure were given.
    pub fn next_window_with<T: Send>(
        &mut self,
        map: &(dyn Fn(GameRead) -> T + Sync),
    ) -> io::Result<Option<Window<T>>> {
        loop {
            if let Some(error) = self.error.take() {
                self.buf.clear();
                self.eof = true;
                return Err(error);
            }
            self.fill();
            if std::mem::take(&mut self.fresh) && self.buf.starts_with(b"\xEF\xBB\xBF") {
                self.start = 3;
            }
            let at_end = self.eof && self.error.is_none();
            let (games, cut) = self.read_games(at_end, map);
            if games.is_empty() {
                if at_end {
                    self.buf = Vec::new();
                    return Ok(None);
                }
                if self.error.is_none() {
                    // A game longer than the window: read more of it.
                    self.want = self.want.saturating_mul(2);
                }
                continue;
            }
            self.want = self.window;
            let first_line = self.first_line;
            #[cfg(test)]
            let offset = self.offset;
            let bytes = self.advance(cut);
            return Ok(Some(Window {
                bytes,
                first_line,
                #[cfg(test)]
                offset,
                games,
            }));
        }
    }

    /// Gives back the bytes of a window the caller is done with, for a later window to reuse
    /// (not a window grown to hold a game far longer than a window: that memory goes back).
    pub fn recycle(&mut self, bytes: Vec<u8>) {
        if bytes.capacity() <= 4 * self.window && bytes.capacity() > self.spare.capacity() {
            self.spare = bytes;
        }
    }

    /// Whether the text read so far is nothing but white space (and a byte order mark).
    pub fn is_blank(&self) -> bool {
        self.blank
    }

    /// Reads until `buf` holds `want` bytes past `start`, or the text ends or fails.
    fn fill(&mut self) {
        let target = self.start + self.want;
        let len = self.buf.len();
        if self.eof || self.error.is_some() || len >= target {
            return;
        }
        let want = target - len;
        self.buf.reserve(want);
        // `read_to_end` on a `Take` reads into the buffer's spare room without zeroing it
        // first, retries when interrupted, and keeps what it read before a failure.
        match (&mut self.source)
            .take(want as u64)
            .read_to_end(&mut self.buf)
        {
            Ok(n) if n < want => self.eof = true,
            Ok(_) => {}
            Err(e) => self.error = Some(e),
        }
        if self.blank {
            let read = &self.buf[len..];
            let read = if self.offset == 0 && len == 0 {
                read.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(read)
            } else {
                read
            };
            self.blank = read.iter().all(u8::is_ascii_whitespace);
        }
    }

    /// The games of the buffer settled by what it holds, and where the first unsettled one
    /// begins.
    fn read_games<T: Send>(
        &self,
        at_end: bool,
        map: &(dyn Fn(GameRead) -> T + Sync),
    ) -> (Vec<T>, usize) {
        let src = &self.buf[..];
        let read = read_blocks(src, self.start, self.blocks, map);
        let mut games = Vec::with_capacity(read.len());
        let mut cut = self.start;
        for r in read {
            if !at_end && !r.settled {
                cut = r.start;
                break;
            }
            // Not `r.next`: white space and `%` lines after the game may go on past the window.
            cut = r.after;
            games.push(r.game);
        }
        (games, cut)
    }

    /// Goes on from the line `cut` is on; returns the window read.
    fn advance(&mut self, cut: usize) -> Vec<u8> {
        let cut = cut.min(self.buf.len());
        let line_start = self.buf[..cut]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let mut rest = std::mem::take(&mut self.spare);
        rest.clear();
        rest.reserve(self.want.max(self.buf.len() - line_start) + 1);
        rest.extend_from_slice(&self.buf[line_start..]);
        let window = std::mem::replace(&mut self.buf, rest);
        self.first_line += memchr::memchr_iter(b'\n', &window[..line_start]).count();
        self.offset += line_start as u64;
        self.start = cut - line_start;
        window
    }
}

/// Whether a game read from a window of `len` bytes reads the same in the whole text: it ended
/// before the window's end, and nothing in it was looked for up to that end (a comment or a
/// variation never closed in the window may close later; a word or a tag cut by the window's
/// end may go on).
fn settled(len: usize, after: usize, game: &GameRead) -> bool {
    match game {
        Ok(_) => after < len,
        Err(e) => {
            !matches!(
                e.kind,
                ErrorKind::UnclosedComment | ErrorKind::UnclosedVariation
            ) && e.span.end < len
                && after < len
        }
    }
}

/// Reads the games of `src` from `start`, in `blocks` blocks read in parallel, stitched into
/// what one reader finds.
fn read_blocks<T: Send>(
    src: &[u8],
    start: usize,
    blocks: usize,
    map: &(dyn Fn(GameRead) -> T + Sync),
) -> Vec<Parsed<T>> {
    // Checked once for every block (UTF-8, no NUL), not once a block.
    let text = Text::new(src);
    let cuts = block_starts(src, start, blocks);
    if cuts.len() == 1 {
        return read_block(text, start, src.len(), map);
    }
    let parts: Vec<Vec<Parsed<T>>> = cuts
        .par_iter()
        .enumerate()
        .map(|(i, &from)| {
            let until = cuts.get(i + 1).copied().unwrap_or(src.len());
            read_block(text, from, until, map)
        })
        .collect();
    let mut games: Vec<Parsed<T>> = Vec::new();
    let mut next = Reader::in_text(text, start).next_start();
    for part in parts {
        for r in part {
            if r.start < next {
                continue; // inside a game an earlier block read on into this one
            }
            if r.start > next {
                // The block began where no game begins: read on from the true place, alone.
                games.extend(read_block(text, next, src.len(), map));
                return games;
            }
            next = r.next;
            games.push(r);
        }
    }
    games
}

/// Reads the games that begin in `from..until` (the last may run past `until`).
fn read_block<T>(
    text: Text<'_>,
    from: usize,
    until: usize,
    map: &(dyn Fn(GameRead) -> T + Sync),
) -> Vec<Parsed<T>> {
    let mut reader = Reader::in_text(text, from);
    let mut out = Vec::new();
    let mut start = reader.next_start();
    while start < until {
        let Some(game) = reader.next() else { break };
        let after = reader.position();
        let next = reader.next_start();
        out.push(Parsed {
            start,
            after,
            next,
            settled: settled(text.as_bytes().len(), after, &game),
            game: map(game),
        });
        start = next;
    }
    out
}

/// Up to `blocks` offsets cutting `src[start..]` into blocks of about equal size, each after
/// the first on a line that opens a tag pair after a blank line (where a game likely begins).
fn block_starts(src: &[u8], start: usize, blocks: usize) -> Vec<usize> {
    let mut cuts = vec![start];
    let size = (src.len() - start.min(src.len())) / blocks.max(1);
    if blocks <= 1 || size < 4096 {
        return cuts;
    }
    let mut target = start + size;
    while target < src.len() {
        match find_game_start(src, target) {
            Some(at) if at < src.len() => {
                cuts.push(at);
                target = at + size;
            }
            _ => break,
        }
    }
    cuts
}

/// The first `\n\n[` (or `\n\r\n[`) at or after `from`: the offset of its `[`.
fn find_game_start(src: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 2 < src.len() {
        let nl = i + src[i..].iter().position(|&b| b == b'\n')?;
        let rest = &src[nl + 1..];
        if rest.starts_with(b"\n[") {
            return Some(nl + 2);
        }
        if rest.starts_with(b"\r\n[") {
            return Some(nl + 3);
        }
        i = nl + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each game without its spans (or the error's kind), with its offset and line in the
    /// whole text.
    pub type Found = Vec<(Result<Game, ErrorKind>, usize, usize)>;

    fn unplaced(game: Result<Game, ParseError>) -> Result<Game, ErrorKind> {
        game.map(|g| g.without_spans()).map_err(|e| e.kind)
    }

    fn start_of(game: &Result<Game, ParseError>) -> usize {
        match game {
            Ok(g) => g.span.start,
            Err(e) => e.span.start,
        }
    }

    fn lines(bytes: &[u8]) -> usize {
        bytes.iter().filter(|&&b| b == b'\n').count()
    }

    pub fn windowed(text: &[u8], jobs: usize, window: usize) -> Found {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .unwrap();
        pool.install(|| {
            let mut stream = GameStream::new(text, jobs);
            stream.window = window;
            stream.want = window;
            let mut out = Vec::new();
            while let Some(w) = stream.next_window().unwrap() {
                for game in w.games {
                    let at = start_of(&game);
                    let line = w.first_line + lines(&w.bytes[..at]);
                    out.push((unplaced(game), w.offset as usize + at, line));
                }
            }
            out
        })
    }

    pub fn whole(text: &[u8]) -> Found {
        Reader::new(text)
            .map(|game| {
                let at = start_of(&game);
                (unplaced(game), at, lines(&text[..at]))
            })
            .collect()
    }

    #[test]
    fn small_windows_read_the_games_one_reader_reads() {
        let text = b"\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 e5 {a\nlong comment} 2. Nf3 1-0\n\n% escape\n[Event \"b\"]\n[Site \"x\"]\n\n1. d4 (1. c4 c5\n) d5 *\n[Event \"c\"]\n[Event \"d\"]\n\n1. Zz9 e5 *\n\n[Event \"e\"]\n\n1. e4 {never closed\n\n[Event \"f\"]\n\n1. c4 *\n";
        let expected = whole(text);
        assert!(expected.len() >= 5, "{}", expected.len());
        for window in [1, 2, 3, 7, 16, 64, 1 << 20] {
            for jobs in [1, 2] {
                assert!(
                    windowed(text, jobs, window) == expected,
                    "window {window}, jobs {jobs}"
                );
            }
        }
    }

    #[test]
    fn blocks_stitch_into_the_games_of_one_reader() {
        let mut text = Vec::new();
        for i in 0..2000 {
            match i % 7 {
                0 => text.extend_from_slice(
                    b"[Event \"x\"]\n\n1. e4 {\n\n[Event \"in a comment\"]\n\n} e5 1-0\n\n",
                ),
                3 => text.extend_from_slice(b"[Event \"y\"]\n\n1. e4 ]\n\n"),
                _ => text.extend_from_slice(
                    format!("[Event \"g{i}\"]\n\n1. d4 d5 2. c4 *\n\n").as_bytes(),
                ),
            }
        }
        let expected = whole(&text);
        assert_eq!(expected.len(), 2000);
        for (jobs, window) in [(4, 1 << 16), (1, 1 << 12), (3, 5000)] {
            assert!(windowed(&text, jobs, window) == expected, "jobs {jobs}");
        }
    }
}

#[cfg(test)]
mod corpus_tests {
    use std::path::{Path, PathBuf};

    use crate::cli::stream::tests::{whole, windowed};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "sdn" || e == "pgn") {
                out.push(path);
            }
        }
    }

    /// Every corpus file and every PGN file of `tests/data`, read in small windows, gives
    /// the games of one reader at the same offsets and lines.
    #[test]
    fn every_corpus_file_reads_the_same_in_windows() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        files(&root.join("corpus"), &mut paths);
        files(&root.join("tests/data"), &mut paths);
        assert!(paths.len() > 100, "{} files", paths.len());
        for path in paths {
            let text = std::fs::read(&path).unwrap();
            let expected = whole(&text);
            for (jobs, window) in [(1, 97), (2, 4096)] {
                assert!(
                    windowed(&text, jobs, window) == expected,
                    "{}: window {window}, jobs {jobs}",
                    path.display()
                );
            }
        }
    }
}
