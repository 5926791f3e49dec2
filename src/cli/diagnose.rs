//! What the command line says about input it cannot read: a code frame for a syntax error, a
//! line and column or a JSON pointer for a JSON error. Every command that reads records reports
//! through here, so none imports another command's module.

use sade_ref::diagnostic::Diagnostic;
use sade_ref::write::json;

use super::input::Input;

/// A JSON input's error: its line and column, and the JSON pointer where the JSON is not a
/// record.
pub fn report_json(input: &Input, error: &json::JsonError) {
    let line = input.first_line + error.line();
    match error.column() {
        0 => eprintln!("{}:{line}: error: {error}", input.name),
        column => eprintln!("{}:{line}:{column}: error: {error}", input.name),
    }
}

/// A syntax error with its code frame and help.
pub fn report_syntax(input: &Input, error: &sade_ref::parse::ParseError) {
    let diagnostic = Diagnostic {
        path: &input.name,
        source: &input.bytes,
        first_line: input.first_line,
        span: error.span,
        message: error.located(),
        help: error.help(),
    };
    eprintln!("{diagnostic:#}\n");
}
