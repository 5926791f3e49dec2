//! Reading the inputs: files, or `-` for standard input, plain or compressed; whole (JSON), or
//! a window at a time (SDN and PGN).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use sade_ref::parse::{GameReader, ParseError};
use sade_ref::record::Game;

use super::decompress;
use super::exit::Exit;
use super::meter::Meter;

/// What a window gives for each game read: the game itself, or what a command makes of it on
/// the thread that read it (see [`GameReader::next_window_with`]).
pub type GameRead = Result<Game, ParseError>;

/// One input's name (as given, `-` for standard input) and bytes: the whole text, or a window
/// of it that starts on a line start.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
    /// Lines of the text (or of the source the text was cut from) before `bytes`.
    pub first_line: usize,
}

/// How the games of a text are read and numbered.
#[derive(clap::Args, Clone, Debug)]
pub struct Reading {
    /// The number of the first game of each input (for a chunk of a larger file, so that game
    /// numbers are those of the whole file); 1 to 2^53 - 1.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = |n: &str| super::numbers::first_game(n, MAX_NUMBER))]
    pub first_game: u64,
    /// The line number of each input's first line (for a chunk of a larger file, so that
    /// errors give the whole file's lines); 1 to 2^53 - 1.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = |n: &str| super::numbers::first_line(n, MAX_NUMBER))]
    pub first_line: u64,
    /// No progress bar (it is drawn only when standard error is a terminal anyway).
    #[arg(short, long)]
    pub quiet: bool,
}

/// The largest `--first-game` and `--first-line`: 2^53 - 1, the largest integer that every JSON
/// reader keeps exact (the verdict's `game` and `line` are JSON numbers). A game or line number
/// past it is refused, never wrapped.
pub const MAX_NUMBER: u64 = (1 << 53) - 1;

impl Reading {
    /// `--first-game` as a count (at most [`MAX_NUMBER`], so it fits).
    pub fn first_game(&self) -> usize {
        usize::try_from(self.first_game).unwrap_or(usize::MAX)
    }
}

/// Reads the games of `path` a window at a time (plain, gzip, zstd or bzip2 text) and hands
/// each window's games to `f` with the window and the number of its first game; `f` says
/// whether to go on. Reports what cannot be read: exit code 2, as for a missing file, since
/// the rest of that input was not verified.
///
/// Each game is given to `map` on the thread that read it (see
/// [`GameReader::next_window_with`]), and `f` gets what `map` made of the window's games; a
/// window is read in blocks by `jobs` threads of the current rayon pool.
pub fn each_window<T: Send>(
    path: &Path,
    reading: &Reading,
    jobs: usize,
    map: &(dyn Fn(GameRead) -> T + Sync),
    mut f: impl FnMut(&Input, usize, Vec<T>, &Meter) -> bool + Send,
) -> Exit {
    let name = path.to_string_lossy().into_owned();
    let opened = match decompress::open(path) {
        Ok(opened) => opened,
        Err(error) => {
            eprintln!("sade-ref: {name}: {}", super::words::io_words(&error));
            return Exit::Failed;
        }
    };
    let mut progress = Meter::new(reading.quiet, &name, opened.size);
    let mut stream = GameReader::new(opened.text).with_jobs(jobs);
    let mut number = reading.first_game();
    let mut input = Input {
        name,
        bytes: Vec::new(),
        first_line: 0,
    };
    let first_line = usize::try_from(reading.first_line - 1).unwrap_or(usize::MAX);
    let mut next = stream.next_window_with(map);
    let status = loop {
        match next {
            Ok(Some(window)) => {
                stream.recycle(std::mem::replace(&mut input.bytes, window.bytes));
                input.first_line = first_line.saturating_add(window.first_line);
                let count = window.games.len();
                // The next window is read (and its games judged) while `f` writes this one's.
                let go_on;
                (go_on, next) = rayon::join(
                    || f(&input, number, window.games, &progress),
                    || stream.next_window_with(map),
                );
                number = number.saturating_add(count);
                progress.advance(count, opened.read.load(Ordering::Relaxed));
                if !go_on {
                    break Exit::Ok;
                }
            }
            Ok(None) if number == reading.first_game() && stream.is_blank() => {
                progress.suspend(|| eprintln!("sade-ref: {}: no games", input.name));
                break Exit::Problems;
            }
            Ok(None) => break Exit::Ok,
            Err(error) => {
                let after = if number > reading.first_game() {
                    format!(" after game {}", number - 1)
                } else {
                    String::new()
                };
                progress.suspend(|| {
                    eprintln!(
                        "sade-ref: {}: stopped{after}: {}; the rest is not read",
                        input.name,
                        super::words::io_words(&error)
                    );
                });
                break Exit::Failed;
            }
        }
    };
    progress.finish();
    status
}

/// Reads every input whole (plain or compressed); one that cannot be read is reported and the
/// run goes on without it (exit code 2), and so is one that holds no game at all (an empty
/// file, standard input closed at once: exit code 1).
pub fn read_all(paths: &[PathBuf]) -> (Vec<Input>, Exit) {
    let mut inputs = Vec::new();
    let mut status = Exit::Ok;
    for path in paths {
        let name = path.to_string_lossy().into_owned();
        let read = decompress::open(path).and_then(|mut opened| {
            let mut bytes = Vec::new();
            opened.text.read_to_end(&mut bytes).map(|_| bytes)
        });
        match read {
            Ok(bytes) if is_blank(&bytes) => {
                eprintln!("sade-ref: {name}: no games");
                status = status.max(Exit::Problems);
            }
            Ok(bytes) => inputs.push(Input {
                name,
                bytes,
                first_line: 0,
            }),
            Err(error) => {
                eprintln!("sade-ref: {name}: {}", super::words::io_words(&error));
                status = Exit::Failed;
            }
        }
    }
    (inputs, status)
}

/// Whether a file is read as JSON by default: its name ends in `.json` or `.jsonl`, or in one
/// of them and a compression's suffix (`games.jsonl.gz`, `.zst`, `.zstd`, `.bz2`). Compression
/// itself is told apart by the first bytes, whatever the name.
pub fn is_json_name(path: &Path) -> bool {
    let name = path.to_string_lossy();
    let name = [".gz", ".zst", ".zstd", ".bz2"]
        .iter()
        .find_map(|suffix| name.strip_suffix(suffix))
        .unwrap_or(&name);
    name.ends_with(".json") || name.ends_with(".jsonl")
}

/// Nothing but white space (and a byte order mark): no game to read.
pub fn is_blank(bytes: &[u8]) -> bool {
    bytes
        .strip_prefix(b"\xef\xbb\xbf")
        .unwrap_or(bytes)
        .iter()
        .all(u8::is_ascii_whitespace)
}
