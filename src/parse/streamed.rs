//! The games of a text read from any [`Read`] one by one ([`Games`]), each with the text it was
//! read from and its line in the whole text: for a caller that wants a game at a time, not a
//! window.

use std::io::{self, Read};
use std::ops::Range;
use std::sync::Arc;
use std::vec;

use super::error::ParseError;
use super::stream::GameReader;
use crate::record::Game;

/// One game of a text read by [`Games`]: the game (or the first syntax error in it), the text
/// its spans count in, and where it stands in the whole text.
#[derive(Clone, Debug)]
pub struct GameText {
    /// The game, or the first syntax error in it; spans are offsets in `source`.
    pub game: Result<Game, ParseError>,
    /// The window of the text the game was read from, shared with the other games of that
    /// window; it starts on a line start.
    pub source: Arc<[u8]>,
    /// Lines of the whole text before `source` (the line of `source[0]` is `first_line + 1`).
    pub first_line: usize,
    /// Where the game stands in `source`: from its first byte to where the reader stood after
    /// it.
    pub bounds: Range<usize>,
    /// The 1-based line of the whole text on which the game begins.
    pub line: usize,
}

impl GameText {
    /// The game's own text.
    pub fn text(&self) -> &[u8] {
        &self.source[self.bounds.clone()]
    }

    /// The 1-based line, in the whole text, of a byte offset in `source` (the start of an
    /// error's span, say). The column is that of the window:
    /// `sade_ref::diagnostic::line_col(&text.source, offset).1`.
    pub fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.source.len());
        let (from, line) = if offset >= self.bounds.start {
            (self.bounds.start, self.line)
        } else {
            (0, self.first_line + 1)
        };
        line + memchr::memchr_iter(b'\n', &self.source[from..offset]).count()
    }
}

/// The games of a text read from any [`Read`] a window at a time, one by one
/// ([`GameReader::into_games`]): each item is a game with its text and line, or the error that
/// stopped the reading (then the last item). See [`GameReader`] for an example.
#[derive(Debug)]
pub struct Games<R> {
    reader: GameReader<R>,
    /// The window whose games are being given.
    source: Arc<[u8]>,
    first_line: usize,
    games: vec::IntoIter<(Range<usize>, Result<Game, ParseError>)>,
    /// Where the count of lines stands in `source`: an offset, and the 1-based line it is on.
    counted: (usize, usize),
}

impl<R: Read> GameReader<R> {
    /// The games one by one, each with the window it was read from and its line in the whole
    /// text. Memory holds the window being read, and the windows of the games the caller keeps.
    pub fn into_games(self) -> Games<R> {
        Games {
            reader: self,
            source: Arc::from(Vec::new()),
            first_line: 0,
            games: Vec::new().into_iter(),
            counted: (0, 1),
        }
    }
}

impl<R: Read> Iterator for Games<R> {
    type Item = io::Result<GameText>;

    fn next(&mut self) -> Option<io::Result<GameText>> {
        loop {
            if let Some((bounds, game)) = self.games.next() {
                let (at, line) = self.counted;
                let at = at.min(bounds.start);
                let line =
                    line + memchr::memchr_iter(b'\n', &self.source[at..bounds.start]).count();
                self.counted = (bounds.start, line);
                return Some(Ok(GameText {
                    game,
                    source: Arc::clone(&self.source),
                    first_line: self.first_line,
                    bounds,
                    line,
                }));
            }
            match self
                .reader
                .next_window_placed(&|bounds, game| (bounds, game))
            {
                Ok(Some(window)) => {
                    self.source = Arc::from(window.bytes);
                    self.first_line = window.first_line;
                    self.games = window.games.into_iter();
                    self.counted = (0, window.first_line + 1);
                }
                Ok(None) => return None,
                Err(error) => return Some(Err(error)),
            }
        }
    }
}
