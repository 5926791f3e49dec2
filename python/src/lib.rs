//! `sade_ref._sade_ref`: the referee for Python (PyO3). The package `sade_ref` (python/sade_ref)
//! wraps it in the python-chess-like API; this module does the work in Rust.
//!
//! A game read from a text keeps the text (shared by every game of it), its input's name and
//! its number there, so that a verdict is the line `sade-ref verify --format json` writes for
//! it, word for word. The GIL is released while a text is read and while games are verified.
//! A file larger than memory is read a window at a time, game by game (`stream`).

use pyo3::prelude::*;
use rayon::prelude::*;

mod error;
mod game;
mod query;
mod stream;

use game::{Game, Turn};

/// Reads every game of `data` (SDN or PGN; JSON records when `json`), named `file` in verdicts
/// and errors. A game that cannot be read is a `Game` whose `errors` say why. A chunk of a
/// larger file gives the whole file's numbers with `first_game` and `first_line` (the number
/// of its first game, and of its first line, in the file), as `verify --first-game
/// --first-line` does.
#[pyfunction]
#[pyo3(signature = (data, file, json=false, first_game=1, first_line=1))]
fn read(
    py: Python<'_>,
    data: &[u8],
    file: &str,
    json: bool,
    first_game: usize,
    first_line: usize,
) -> PyResult<Vec<Game>> {
    if first_game == 0 || first_line == 0 {
        return Err(error::value_error("first_game and first_line count from 1"));
    }
    let at = game::Start {
        game: first_game,
        line: first_line,
    };
    // `&[u8]` borrows the bytes object (a `Vec<u8>` would be extracted item by item).
    let records = py.allow_threads(|| game::read(data.to_vec(), file, json, at));
    Ok(records.into_iter().map(Game::from).collect())
}

/// The verdict on one game, as the JSON object `verify --format json` writes for it.
#[pyfunction]
fn verify(py: Python<'_>, game: &Game) -> String {
    let record = game.record();
    py.allow_threads(|| record.report())
}

/// The verdicts on many games, in their order, verified on `jobs` threads (default: one per
/// core) with the GIL released.
#[pyfunction]
#[pyo3(signature = (games, jobs=None))]
fn verify_many(
    py: Python<'_>,
    games: Vec<PyRef<'_, Game>>,
    jobs: Option<usize>,
) -> PyResult<Vec<String>> {
    let records: Vec<_> = games.iter().map(|g| g.record()).collect();
    drop(games);
    let pool = match jobs {
        // As `sade-ref verify --jobs`: 1 to 256.
        Some(n @ 1..=256) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?,
        ),
        Some(n) => {
            return Err(error::value_error(format!(
                "jobs={n}: 1 to 256 threads (None: one per core)"
            )));
        }
        None => None,
    };
    Ok(py.allow_threads(|| {
        let run = || records.par_iter().map(|r| r.report()).collect();
        match pool {
            Some(pool) => pool.install(run),
            None => run(),
        }
    }))
}

#[pymodule]
fn _sade_ref(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<Turn>()?;
    m.add_class::<stream::GameStream>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(stream::stream, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(verify_many, m)?)?;
    m.add_function(wrap_pyfunction!(query::options, m)?)?;
    m.add_function(wrap_pyfunction!(query::play, m)?)?;
    Ok(())
}
