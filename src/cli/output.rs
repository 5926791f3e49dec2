//! Writing results: standard output or a file; a closed pipe is not an error.

use std::io::{self, Write};
use std::path::Path;

use super::Status;

/// Writes `text` to the file, or to standard output when there is none (or it is `-`).
pub fn emit(text: &str, to: Option<&Path>) -> Status {
    let result = match to.filter(|p| p.as_os_str() != "-") {
        Some(path) => std::fs::write(path, text).map_err(|e| (path.display().to_string(), e)),
        None => write_stdout(text).map_err(|e| ("standard output".to_owned(), e)),
    };
    match result {
        Ok(()) => Status::Ok,
        Err((_, e)) if e.kind() == io::ErrorKind::BrokenPipe => Status::Ok,
        Err((name, e)) => {
            eprintln!("sade-ref: cannot write {name}: {e}");
            Status::Failed
        }
    }
}

pub fn write_stdout(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}
