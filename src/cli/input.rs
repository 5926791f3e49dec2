//! Reading the inputs: files, or `-` for standard input.

use std::io::Read;
use std::path::PathBuf;

use super::Status;

/// One input's name (as given, `-` for standard input) and bytes.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads every input; one that cannot be read is reported and the run goes on without it
/// (exit code 2), and so is one that holds no game at all (an empty file, standard input closed
/// at once: exit code 1).
pub fn read_all(paths: &[PathBuf]) -> (Vec<Input>, Status) {
    let mut inputs = Vec::new();
    let mut status = Status::Ok;
    for path in paths {
        let name = path.to_string_lossy().into_owned();
        if path.is_dir() {
            eprintln!("sade-ref: {name}: is a directory, not a file of games");
            status = Status::Failed;
            continue;
        }
        let read = if name == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
        } else {
            std::fs::read(path)
        };
        match read {
            // Nothing but white space (and a byte order mark): no game to read.
            Ok(bytes)
                if bytes
                    .strip_prefix(b"\xef\xbb\xbf")
                    .unwrap_or(&bytes)
                    .iter()
                    .all(u8::is_ascii_whitespace) =>
            {
                eprintln!("sade-ref: {name}: no games");
                status = status.max(Status::Problems);
            }
            Ok(bytes) => inputs.push(Input { name, bytes }),
            Err(error) => {
                eprintln!("sade-ref: {name}: {error}");
                status = Status::Failed;
            }
        }
    }
    (inputs, status)
}
