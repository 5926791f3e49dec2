//! `Game` and `Turn`: a record read from a text (or the reason it could not be read), with the
//! text it was read from, its input's name and its number in it.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyType};
use sade_ref::parse::ParseError;
use sade_ref::record::Side;
use sade_ref::verdict_line::VerdictLine;
use sade_ref::write::json::{self, JsonError};
use sade_ref::write::sdn;

use crate::error::{parse_error, value_error};

/// Why a game could not be read.
pub enum Unread {
    Sdn(ParseError),
    Json(JsonError),
}

/// One game of an input, as the referee is handed it.
pub struct Record {
    pub game: Result<sade_ref::Game, Unread>,
    /// The whole input the game was read from (spans count in it).
    pub source: Arc<[u8]>,
    pub file: Arc<str>,
    /// 1-based number of the game in its input.
    pub number: usize,
    /// Lines of the input before `source` (a chunk's first line is `lines_before + 1`).
    pub lines_before: usize,
}

/// Where a text starts in its input: the number of its first game and of its first line.
#[derive(Clone, Copy)]
pub struct Start {
    pub game: usize,
    pub line: usize,
}

impl Start {
    pub const WHOLE: Start = Start { game: 1, line: 1 };
}

impl Record {
    /// The verdict, as the JSON object `sade-ref verify --format json` writes (without its
    /// newline).
    pub fn report(&self) -> String {
        let verdict;
        let mut report = match (&self.game, self.unread_report()) {
            (_, Some(unread)) => unread,
            (Ok(game), None) => {
                verdict = sade_ref::verify(game);
                VerdictLine::of_verdict(&self.file, self.number, &self.source, game, &verdict)
            }
            (Err(_), None) => return String::new(),
        };
        self.shift(&mut report);
        serde_json::to_string(&report).unwrap_or_default()
    }

    /// The error object of the report of a game that could not be read.
    fn unread_error(&self) -> Option<String> {
        let mut report = self.unread_report()?;
        self.shift(&mut report);
        serde_json::to_string(&report.error).ok()
    }

    /// The report of a game that could not be read.
    fn unread_report(&self) -> Option<VerdictLine<'_>> {
        match &self.game {
            Ok(_) => None,
            Err(Unread::Json(error)) => {
                Some(VerdictLine::of_json_error(&self.file, self.number, error))
            }
            Err(Unread::Sdn(error)) => Some(VerdictLine::of_syntax_error(
                &self.file,
                self.number,
                &self.source,
                error,
            )),
        }
    }

    /// Puts an error's line in the whole input's terms.
    fn shift(&self, report: &mut VerdictLine<'_>) {
        if let Some(error) = &mut report.error {
            error.line += self.lines_before;
        }
    }

    /// The game, or its reading error as a `ParseError`.
    fn game(&self, py: Python<'_>) -> PyResult<&sade_ref::Game> {
        match &self.game {
            Ok(game) => Ok(game),
            Err(_) => Err(self.exception(py)),
        }
    }

    fn exception(&self, py: Python<'_>) -> PyErr {
        let error = self.unread_error().unwrap_or_default();
        parse_error(py, &error, &self.file, self.number)
    }
}

/// Every game of an input: SDN or PGN, or JSON records.
pub fn read(data: Vec<u8>, file: &str, json: bool, at: Start) -> Vec<Record> {
    let source: Arc<[u8]> = Arc::from(data);
    let file: Arc<str> = Arc::from(file);
    let games: Vec<Result<sade_ref::Game, Unread>> = if json {
        json_games(&source)
    } else {
        sade_ref::parse_bytes(&source)
            .into_iter()
            .map(|g| g.map_err(Unread::Sdn))
            .collect()
    };
    games
        .into_iter()
        .enumerate()
        .map(|(i, game)| Record {
            game,
            source: Arc::clone(&source),
            file: Arc::clone(&file),
            number: at.game + i,
            lines_before: at.line - 1,
        })
        .collect()
}

/// JSON records, as `verify` reads a `.json` or `.jsonl` file (a text that is not UTF-8 is one
/// error at its first bad byte).
fn json_games(bytes: &[u8]) -> Vec<Result<sade_ref::Game, Unread>> {
    let games = match std::str::from_utf8(bytes) {
        Ok(text) => json::read_json(text),
        Err(e) => {
            let before = &bytes[..e.valid_up_to()];
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            vec![Err(JsonError::Syntax {
                line: before.iter().filter(|&&b| b == b'\n').count() + 1,
                column: before.len() - line_start + 1,
                message: format!("JSON input is not UTF-8 (byte {})", e.valid_up_to()),
            })]
        }
    };
    games.into_iter().map(|g| g.map_err(Unread::Json)).collect()
}

/// A game record: its tags (`headers`), its turns, its result; or, when it could not be read,
/// the reason (`errors`).
#[pyclass(frozen, module = "sade_ref")]
pub struct Game {
    record: Arc<Record>,
}

impl From<Record> for Game {
    fn from(record: Record) -> Game {
        Game {
            record: Arc::new(record),
        }
    }
}

impl Game {
    pub fn record(&self) -> Arc<Record> {
        Arc::clone(&self.record)
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

#[pymethods]
impl Game {
    /// The tag pairs in the order written, as a new dict (`{}` for a game that could not be
    /// read). A name written twice keeps its first value, as the referee reads it.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        if let Ok(game) = &self.record.game {
            for tag in &game.tags {
                if !headers.contains(&tag.name)? {
                    headers.set_item(&tag.name, &tag.value)?;
                }
            }
        }
        Ok(headers)
    }

    /// The turns of the main line, in order.
    #[getter]
    fn turns(&self, py: Python<'_>) -> PyResult<Vec<Turn>> {
        let game = self.record.game(py)?;
        game.turns
            .iter()
            .map(|turn| {
                Ok(Turn {
                    number: turn.number.number,
                    side: side_name(turn.number.side),
                    face: turn.face.map(|f| f.value.get()),
                    actions: turn.actions().map(ToString::to_string).collect(),
                    json: serde_json::to_string(turn).map_err(|e| value_error(e.to_string()))?,
                })
            })
            .collect()
    }

    /// The game the record is: `Sade`, `Standard`, `Marseillais`, ... (`None` when it could
    /// not be read).
    #[getter]
    fn variant(&self) -> Option<String> {
        self.record.game.as_ref().ok().map(|g| g.variant_name())
    }

    /// The result token closing the movetext (`None` when there is none, or the game could
    /// not be read).
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.record.game.as_ref().ok()?.result.map(|r| r.as_str())
    }

    /// Why the game could not be read: `[]`, or one `ParseError`.
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<PyObject> {
        match &self.record.game {
            Ok(_) => Vec::new(),
            Err(_) => vec![self.record.exception(py).into_value(py).into_any()],
        }
    }

    /// The input's name, as verdicts give it (`"file"`).
    #[getter]
    fn file(&self) -> &str {
        &self.record.file
    }

    /// 1-based number of the game in its input (`"game"` in verdicts).
    #[getter]
    fn number(&self) -> usize {
        self.record.number
    }

    /// The record as canonical SDN. Raises the game's `ParseError` if it could not be read.
    fn to_sdn(&self, py: Python<'_>) -> PyResult<String> {
        Ok(sdn::to_sdn(self.record.game(py)?))
    }

    /// The record as one JSON object (spec/sdn.schema.json). Raises the game's `ParseError` if
    /// it could not be read.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        Ok(json::to_json_value(self.record.game(py)?))
    }

    /// The game of one JSON record (as `to_json` writes it). Raises `ParseError` (code
    /// `bad-json` or `bad-record`, with the line and column) when it is not one.
    #[staticmethod]
    #[pyo3(signature = (text, file="<json>"))]
    fn from_json(py: Python<'_>, text: &str, file: &str) -> PyResult<Game> {
        let mut records = read(text.as_bytes().to_vec(), file, true, Start::WHOLE);
        if records.len() != 1 {
            return Err(value_error(format!(
                "{file}: from_json reads one record, this text holds {} (read_games reads many)",
                records.len()
            )));
        }
        let record = records.remove(0);
        record.game(py)?;
        Ok(Game::from(record))
    }

    fn __repr__(&self) -> String {
        let record = &self.record;
        match &record.game {
            Ok(game) => format!(
                "<Game {} #{} {} {}-{} ({} turns)>",
                record.file,
                record.number,
                game.variant_name(),
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?"),
                game.turns.len()
            ),
            Err(_) => format!("<Game {} #{} (unread)>", record.file, record.number),
        }
    }
}

/// One player's turn of the main line.
#[pyclass(frozen, module = "sade_ref")]
pub struct Turn {
    /// The move number.
    #[pyo3(get)]
    number: u32,
    /// `"white"` or `"black"`: whose turn it is (given to Python as a `sade_ref.Color`).
    side: &'static str,
    /// The die face (Sade), 1 to 6; `None` in other games.
    #[pyo3(get)]
    face: Option<u8>,
    /// The actions as written in SDN, in order (comments, NAGs and variations left out).
    #[pyo3(get)]
    actions: Vec<String>,
    json: String,
}

/// The enum `sade_ref.Color` (python/sade_ref/_enums.py), imported once.
static COLOR: GILOnceCell<Py<PyType>> = GILOnceCell::new();

#[pymethods]
impl Turn {
    /// Whose turn it is: `Color.WHITE` or `Color.BLACK`.
    #[getter]
    fn side<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        COLOR
            .import(py, "sade_ref._enums", "Color")?
            .call1((self.side,))
    }

    /// The turn as `12.` or `12...`.
    #[getter]
    fn label(&self) -> String {
        match self.side {
            "white" => format!("{}.", self.number),
            _ => format!("{}...", self.number),
        }
    }

    /// The turn as the JSON record writes it (spec/sdn.schema.json), as a string.
    fn to_json(&self) -> &str {
        &self.json
    }

    fn __repr__(&self) -> String {
        let face = self.face.map(|f| format!(" {f}:")).unwrap_or_default();
        format!("<Turn {}{face} {}>", self.label(), self.actions.join(" "))
    }
}
