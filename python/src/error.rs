//! Errors as Python exceptions: `sade_ref.ParseError` (python/sade_ref/_errors.py) is made from
//! the error object of a verify report, so that it carries what the JSON carries (code, line,
//! column, turn, side, face, action).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A `sade_ref.ParseError` from a report's `error` object (JSON), its input and game number.
pub fn parse_error(py: Python<'_>, error_json: &str, file: &str, number: usize) -> PyErr {
    let made = py
        .import("sade_ref._errors")
        .and_then(|m| m.getattr("ParseError"))
        .and_then(|class| class.call_method1("_from_report", (error_json, file, number)));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(e) => e,
    }
}

/// A `ValueError` with the referee's message.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
