//! Reading a text from any [`Read`] a window at a time, games whole: memory holds a window (a
//! few hundred kilobytes, or one game when a game is longer), never the whole text.
//!
//! The games are those the [`Reader`](super::Reader) finds in the whole text, at the same
//! places: each window is read from where the previous window's last whole game ended, and a
//! game is taken from a window only when nothing past the window's end could have changed how
//! it reads. Spans are offsets in the window; the window starts on a line start, and
//! [`Window::first_line`] says how many lines of the text come before it, so line and column
//! are those of the whole text.

use std::io::{self, Read};

use super::blocks::{Map, read_blocks};
use super::error::ParseError;
use crate::record::Game;

/// Bytes read at a time; a window grows past this only to hold a game longer than it.
const WINDOW: usize = 512 * 1024;

/// A window of the text and the games read whole from it.
#[derive(Debug)]
pub struct Window<T = Result<Game, ParseError>> {
    /// The window's bytes (spans of its games are offsets in here); it starts on a line start.
    pub bytes: Vec<u8>,
    /// Lines of the text before the window.
    pub first_line: usize,
    /// The offset in the text of the window's first byte.
    pub offset: u64,
    /// The games that begin in this window, in order (or what the caller made of them).
    pub games: Vec<T>,
}

/// Reads the games of a text from any [`Read`] a window at a time, as
/// [`parse_bytes`](super::parse_bytes) reads them from the whole text: the same games, the same
/// errors, at the same lines and columns.
///
/// A byte order mark may open the text. A game longer than a window is read whole (the window
/// grows to hold it). A read that fails ends the reading: the games held whole before it are
/// given first, then the error.
///
/// [`GameReader::next_window`] gives the games a window at a time, with the window's bytes
/// (what the spans count in); [`GameReader::into_games`] gives them one by one, each with the
/// text it was read from and its line.
///
/// ```
/// use sade_ref::parse::GameReader;
///
/// let text = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Qx9 *\n\n[Event \"c\"]\n\n1. c4 *\n";
/// // Any `std::io::Read`: a file, standard input, a decompressor; here a window of 16 bytes
/// // (the default is 512 KiB), so that each game is cut by a window's end.
/// let mut windows = GameReader::new(text.as_bytes()).with_window(16);
/// let mut events = Vec::new();
/// while let Some(window) = windows.next_window()? {
///     for game in &window.games {
///         events.push(match game {
///             Ok(game) => game.tag("Event").unwrap_or("?").to_owned(),
///             Err(error) => format!("error: {}", error.kind.code()),
///         });
///     }
/// }
/// assert_eq!(events, ["a", "error: bad-move", "c"]);
///
/// // One by one, each error at its line in the whole text.
/// let games: Vec<_> = GameReader::new(text.as_bytes()).into_games().collect::<Result<_, _>>()?;
/// assert_eq!(games.iter().map(|g| g.line).collect::<Vec<_>>(), [1, 5, 9]);
/// let error = games[1].game.as_ref().unwrap_err();
/// assert_eq!(games[1].line_of(error.span.start), 7);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
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
    /// A window's buffer given back ([`GameReader::recycle`]), for the next window: memory the
    /// process has touched already, where a fresh buffer of a window's size costs the kernel a
    /// page fault for every 4 KB the next read fills.
    spare: Vec<u8>,
}

impl<R: Read> GameReader<R> {
    /// A reader of `source` a window of 512 KiB at a time, on the calling thread.
    pub fn new(source: R) -> GameReader<R> {
        GameReader {
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
            blocks: 1,
            spare: Vec::new(),
        }
    }

    /// Reads `bytes` at a time (at least one; a window still grows to hold a longer game).
    #[must_use]
    pub fn with_window(mut self, bytes: usize) -> GameReader<R> {
        self.window = bytes.max(1);
        self.want = self.window;
        self
    }

    /// Reads each window in `jobs * 4` blocks in parallel, on the current rayon pool (`jobs`
    /// 0 or 1: on the calling thread). The games are the same, in the same order.
    #[cfg(feature = "parallel")]
    #[must_use]
    pub fn with_jobs(mut self, jobs: usize) -> GameReader<R> {
        self.blocks = if jobs <= 1 { 1 } else { jobs * 4 };
        self
    }

    /// The next window with its games; `Ok(None)` at the end of the text.
    ///
    /// # Errors
    /// The source could not be read; the games before the failure were given.
    pub fn next_window(&mut self) -> io::Result<Option<Window>> {
        self.next_window_with(&|game| game)
    }

    /// The next window with at least one game; `Ok(None)` at the end of the text. Each game is
    /// given to `map` on the thread that read it, as soon as it is read: a game may then be
    /// judged, and freed, where it was read, and a window's games are read and judged in one
    /// pass over its blocks. A game that the window's end may have cut is mapped, dropped, and
    /// read again with the next window.
    ///
    /// # Errors
    /// The source could not be read; the games before the failure were given.
    pub fn next_window_with<T: Send>(
        &mut self,
        map: &(dyn Fn(Result<Game, ParseError>) -> T + Sync),
    ) -> io::Result<Option<Window<T>>> {
        self.next_window_placed(&|_, game| map(game))
    }

    /// [`GameReader::next_window_with`], `map` given where each game stands in the window.
    pub(super) fn next_window_placed<T: Send>(
        &mut self,
        map: Map<'_, T>,
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
            let offset = self.offset;
            let bytes = self.advance(cut);
            return Ok(Some(Window {
                bytes,
                first_line,
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

    /// Whether the text read so far is nothing but white space (and a byte order mark): at
    /// the end, a text with no game at all.
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
    fn read_games<T: Send>(&self, at_end: bool, map: Map<'_, T>) -> (Vec<T>, usize) {
        let read = read_blocks(&self.buf, self.start, self.blocks, map);
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
