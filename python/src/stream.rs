//! `GameStream`: the games of a file read a window at a time by the library's
//! `parse::GameReader`, so that a file larger than memory is read game by game. Each game is
//! the `Game` that `read` gives for it: the same record, number, verdict and error (its line
//! and column in the whole file).

use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use sade_ref::parse::{GameReader, Games};

use crate::error::value_error;
use crate::game::{Game, Record, Unread};

/// What a stream reads: a file opened here, or a Python file object.
type Source = Box<dyn Read + Send + Sync>;

/// A Python file object as a `Read`: its `read(n)` called with the GIL held, what it gives
/// (bytes, or a text file's str as UTF-8) handed out as asked. An exception it raises comes
/// back to Python as itself.
struct PyFile {
    file: Py<PyAny>,
    /// What a read gave beyond what was asked (a str of `n` characters is more than `n` bytes).
    pending: Vec<u8>,
    at: usize,
}

impl PyFile {
    /// One call of `read(n)`: `pending` holds what it gave (nothing at the end of the file).
    fn read_more(&mut self, n: usize) -> PyResult<()> {
        Python::with_gil(|py| {
            let chunk = self.file.bind(py).call_method1("read", (n,))?;
            self.pending.clear();
            self.at = 0;
            if let Ok(bytes) = chunk.downcast::<PyBytes>() {
                self.pending.extend_from_slice(bytes.as_bytes());
            } else if let Ok(text) = chunk.downcast::<PyString>() {
                self.pending.extend_from_slice(text.to_str()?.as_bytes());
            } else if !chunk.is_none() {
                let kind = chunk.get_type().name()?;
                return Err(PyTypeError::new_err(format!(
                    "the file's read() gave {kind}, not bytes"
                )));
            }
            Ok(())
        })
    }
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            self.read_more(buf.len())?;
        }
        let given = &self.pending[self.at..];
        let n = buf.len().min(given.len());
        buf[..n].copy_from_slice(&given[..n]);
        self.at += n;
        Ok(n)
    }
}

/// The games of a file, read a window at a time; an iterator of `Game`. A game that cannot be
/// read is yielded with its `errors`, and reading goes on; a read that fails raises its error
/// after the games before it.
#[pyclass(module = "sade_ref")]
pub struct GameStream {
    games: Games<Source>,
    file: Arc<str>,
    /// The number of the next game.
    number: usize,
    /// Lines of the whole file before the text read.
    lines_before: usize,
}

#[pymethods]
impl GameStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        let games = &mut self.games;
        // Read and parsed without the GIL (a Python file object takes it back to be read).
        let Some(read) = py.allow_threads(|| games.next()) else {
            return Ok(None);
        };
        let read = read?;
        let record = Record {
            game: read.game.map_err(Unread::Sdn),
            source: read.source,
            file: Arc::clone(&self.file),
            number: self.number,
            lines_before: self.lines_before + read.first_line,
        };
        self.number += 1;
        Ok(Some(Game::from(record)))
    }
}

/// The games of `source` (SDN or PGN), read a window of `window` bytes at a time (default
/// 512 KiB; a game longer than that is still read whole): `source` is a path (str or
/// os.PathLike), opened and read here without the GIL, or a file object whose `read(n)` gives
/// bytes. `file`, `first_game` and `first_line` are as in `read`.
#[pyfunction]
#[pyo3(signature = (source, file, first_game=1, first_line=1, window=None))]
pub fn stream(
    source: &Bound<'_, PyAny>,
    file: &str,
    first_game: usize,
    first_line: usize,
    window: Option<usize>,
) -> PyResult<GameStream> {
    if first_game == 0 || first_line == 0 {
        return Err(value_error("first_game and first_line count from 1"));
    }
    if window == Some(0) {
        return Err(value_error("window counts bytes: at least 1"));
    }
    let source: Source = if let Ok(path) = source.extract::<PathBuf>() {
        Box::new(File::open(path)?)
    } else if source.hasattr("read")? {
        Box::new(PyFile {
            file: source.clone().unbind(),
            pending: Vec::new(),
            at: 0,
        })
    } else {
        let kind = source.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "stream reads a path or a binary file object, not {kind}"
        )));
    };
    let mut reader = GameReader::new(source);
    if let Some(bytes) = window {
        reader = reader.with_window(bytes);
    }
    Ok(GameStream {
        games: reader.into_games(),
        file: Arc::from(file),
        number: first_game,
        lines_before: first_line - 1,
    })
}
