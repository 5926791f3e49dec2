//! What the command line says about input it cannot read: a code frame for a syntax error, a
//! line and column or a JSON pointer for a JSON error. Every command that reads records reports
//! through here, so none imports another command's module.

use sade_ref::diagnostic::Diagnostic;
use sade_ref::write::json;

use super::input::Input;

/// A JSON input's error: line and column where the text is not JSON, the JSON pointer where a
/// value is not a record's.
pub fn report_json(input: &Input, error: &json::JsonError) {
    match error.pointer() {
        Some(_) => eprintln!("{}: error: {error}", input.name),
        None => eprintln!(
            "{}:{}:{}: error: {error}",
            input.name,
            error.line(),
            error.column().max(1)
        ),
    }
}

/// A syntax error with its code frame and help.
pub fn report_syntax(input: &Input, error: &sade_ref::parse::ParseError) {
    let diagnostic = Diagnostic {
        path: &input.name,
        source: &input.bytes,
        first_line: input.first_line,
        span: error.span,
        message: error.to_string(),
        help: error.help(),
    };
    eprintln!("{diagnostic:#}\n");
}
