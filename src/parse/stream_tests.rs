//! The reader of a text a window at a time ([`GameReader`], [`Games`](super::Games)) against
//! the reader of the whole text: the same games and errors, at the same offsets and lines,
//! whatever the window, the blocks, the line ends, a byte order mark or a failing source.

use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::error::{ErrorKind, ParseError};
use super::reader::Reader;
use super::stream::GameReader;
use crate::record::Game;

/// Each game without its spans (or the error's kind), with the offset and the 1-based line of
/// its start (a game's first byte, an error's span) in the whole text.
type Found = Vec<(Result<Game, ErrorKind>, usize, usize)>;

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

/// The games of `text` read a window of `window` bytes at a time, in blocks read by `jobs`
/// threads (one without the `parallel` feature).
fn windowed(text: &[u8], jobs: usize, window: usize) -> Found {
    let read = || {
        let reader = GameReader::new(text).with_window(window);
        #[cfg(feature = "parallel")]
        let reader = reader.with_jobs(jobs);
        let mut reader = reader;
        let mut out = Vec::new();
        while let Some(w) = reader.next_window().unwrap() {
            for game in w.games {
                let at = start_of(&game);
                let line = w.first_line + lines(&w.bytes[..at]) + 1;
                out.push((unplaced(game), w.offset as usize + at, line));
            }
            reader.recycle(w.bytes);
        }
        out
    };
    #[cfg(feature = "parallel")]
    return rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .unwrap()
        .install(read);
    #[cfg(not(feature = "parallel"))]
    {
        let _ = jobs;
        read()
    }
}

/// The games of `text` one by one ([`GameReader::into_games`]), each at its line; the offset is
/// left out (0), as a [`GameText`](super::GameText) gives lines, not offsets.
fn one_by_one(text: &[u8], window: usize) -> Found {
    GameReader::new(text)
        .with_window(window)
        .into_games()
        .map(|read| {
            let read = read.unwrap();
            if let Ok(game) = &read.game {
                assert_eq!(read.bounds.start, game.span.start);
                assert_eq!(read.line, read.line_of(game.span.start));
            }
            let line = read.line_of(start_of(&read.game));
            (unplaced(read.game), 0, line)
        })
        .collect()
}

fn whole(text: &[u8]) -> Found {
    Reader::new(text)
        .map(|game| {
            let at = start_of(&game);
            (unplaced(game), at, lines(&text[..at]) + 1)
        })
        .collect()
}

fn without_offsets(found: Found) -> Found {
    found.into_iter().map(|(g, _, line)| (g, 0, line)).collect()
}

/// The text read every way (windows of each size, one and two jobs, one by one) gives the
/// games of the whole text; returns them.
fn every_way_reads(text: &[u8], windows: &[usize]) -> Found {
    let expected = whole(text);
    for &window in windows {
        for jobs in [1, 2] {
            assert!(
                windowed(text, jobs, window) == expected,
                "window {window}, jobs {jobs}"
            );
        }
        assert!(
            one_by_one(text, window) == without_offsets(expected.clone()),
            "one by one, window {window}"
        );
    }
    expected
}

const THREE: &str = "[Event \"a\"]\n\n1. e4 e5 {a\nlong comment} 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n[Site \"x\"]\n\n1. c4 e5\n2. Nc3 Qx9 *\n";

#[test]
fn small_windows_read_the_games_one_reader_reads() {
    let text = b"\xEF\xBB\xBF[Event \"a\"]\n\n1. e4 e5 {a\nlong comment} 2. Nf3 1-0\n\n% escape\n[Event \"b\"]\n[Site \"x\"]\n\n1. d4 (1. c4 c5\n) d5 *\n[Event \"c\"]\n[Event \"d\"]\n\n1. Zz9 e5 *\n\n[Event \"e\"]\n\n1. e4 {never closed\n\n[Event \"f\"]\n\n1. c4 *\n";
    let expected = every_way_reads(text, &[1, 2, 3, 7, 16, 64, 1 << 20]);
    assert!(expected.len() >= 5, "{}", expected.len());
}

#[test]
fn a_window_that_cuts_a_game_in_half_gives_it_whole_with_the_next_window() {
    let text = THREE.as_bytes();
    // The first game is 50 bytes: a window of 30 ends in its comment.
    let mut reader = GameReader::new(text).with_window(30);
    let first = reader.next_window().unwrap().unwrap();
    assert_eq!((first.offset, first.first_line), (0, 0));
    let [Ok(game)] = &first.games[..] else {
        panic!("{:?}", first.games)
    };
    assert_eq!(game.tag("Event"), Some("a"));
    assert_eq!(game.turns.len(), 3);
    let second = reader.next_window().unwrap().unwrap();
    assert!(second.offset > 0 && second.first_line > 0);
    let starts = second.games.iter().map(start_of);
    assert!(starts.clone().all(|at| at < second.bytes.len()));
    every_way_reads(text, &[5, 30, 31, 50, 51]);
}

#[test]
fn a_game_longer_than_the_window_is_read_whole() {
    let mut text = String::from("[Event \"long\"]\n\n");
    for n in 1..=400 {
        let (a, b) = (2 * n - 1, 2 * n);
        text.push_str(&format!("{a}. Nf3 Nf6 {{note {a}}} {b}. Ng1 Ng8\n"));
    }
    text.push_str("*\n\n[Event \"after\"]\n\n1. e4 *\n");
    let mut reader = GameReader::new(text.as_bytes()).with_window(64);
    let first = reader.next_window().unwrap().unwrap();
    assert!(first.bytes.len() > 10_000, "{}", first.bytes.len());
    let Ok(game) = &first.games[0] else {
        panic!("{:?}", first.games[0])
    };
    assert_eq!(game.tag("Event"), Some("long"));
    every_way_reads(text.as_bytes(), &[64, 1000]);
}

#[test]
fn crlf_line_ends_give_the_same_games_and_lines() {
    let text = THREE.replace('\n', "\r\n");
    let found = every_way_reads(text.as_bytes(), &[1, 9, 40, 1 << 20]);
    let lines: Vec<usize> = found.iter().map(|f| f.2).collect();
    assert_eq!(lines, [1, 6, 14]);
}

#[test]
fn a_byte_order_mark_opens_the_first_window_and_counts_no_line() {
    let text = [b"\xEF\xBB\xBF".as_slice(), THREE.as_bytes()].concat();
    let found = every_way_reads(&text, &[1, 2, 3, 4, 50]);
    assert_eq!(found[0].1, 3);
    assert_eq!(found[0].2, 1);
    let mut reader = GameReader::new(&text[..]);
    let window = reader.next_window().unwrap().unwrap();
    assert!(window.bytes.starts_with(b"\xEF\xBB\xBF"));
    assert_eq!(window.games.len(), 3);
    // A BOM and white space alone: no game, and blank.
    let mut bom_only = GameReader::new(&b"\xEF\xBB\xBF \r\n"[..]);
    assert!(bom_only.next_window().unwrap().is_none());
    assert!(bom_only.is_blank());
}

#[test]
fn an_error_in_the_third_game_is_at_its_line_of_the_whole_text() {
    for window in [1, 7, 16, 1 << 20] {
        let games: Vec<_> = GameReader::new(THREE.as_bytes())
            .with_window(window)
            .into_games()
            .collect::<io::Result<_>>()
            .unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games.iter().map(|g| g.line).collect::<Vec<_>>(), [1, 6, 10]);
        let error = games[2].game.as_ref().unwrap_err();
        assert_eq!(error.kind.code(), "bad-move");
        assert_eq!(games[2].line_of(error.span.start), 14, "window {window}");
        let text = std::str::from_utf8(games[2].text()).unwrap();
        assert!(
            text.starts_with("[Event \"c\"]") && text.contains("Qx9"),
            "{text:?}"
        );
        assert!(games[..2].iter().all(|g| g.game.is_ok()));
    }
}

#[test]
fn empty_input_has_no_game() {
    for (text, blank) in [
        (&b""[..], true),
        (b" \n\n\t", true),
        (b"% only a comment\n", false),
    ] {
        let mut reader = GameReader::new(text);
        assert!(reader.next_window().unwrap().is_none());
        assert_eq!(reader.is_blank(), blank, "{text:?}");
        assert!(reader.next_window().unwrap().is_none());
        assert_eq!(GameReader::new(text).into_games().count(), 0);
    }
}

/// A source that gives its text, then fails.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("the disk is gone"));
        }
        let n = buf.len().min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_source_gives_the_whole_games_before_the_failure_then_the_error() {
    // Cut in the third game: the two before it are given, then the error, then nothing.
    let cut = THREE.find("1. c4").unwrap();
    let mut games = GameReader::new(Failing(&THREE.as_bytes()[..cut]))
        .with_window(8)
        .into_games();
    let events: Vec<_> = games
        .by_ref()
        .take(2)
        .map(|g| g.unwrap().game.unwrap().tag("Event").map(str::to_owned))
        .collect();
    assert_eq!(events, [Some("a".to_owned()), Some("b".to_owned())]);
    let error = games.next().unwrap().unwrap_err();
    assert_eq!(error.to_string(), "the disk is gone");
    assert!(games.next().is_none());
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
            _ => text
                .extend_from_slice(format!("[Event \"g{i}\"]\n\n1. d4 d5 2. c4 *\n\n").as_bytes()),
        }
    }
    let expected = whole(&text);
    assert_eq!(expected.len(), 2000);
    for (jobs, window) in [(4, 1 << 16), (1, 1 << 12), (3, 5000)] {
        assert!(windowed(&text, jobs, window) == expected, "jobs {jobs}");
    }
}

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

/// Every corpus file and every PGN file of `tests/data`, read in small windows, gives the games
/// of one reader at the same offsets and lines.
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
        assert!(
            one_by_one(&text, 4096) == without_offsets(expected),
            "{}: one by one",
            path.display()
        );
    }
}
