//! Reading the inputs: files, or `-` for standard input.

use std::io::Read;
use std::path::PathBuf;

use super::Status;

/// One input's name (as given, `-` for standard input) and bytes.
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads every input; one that cannot be read is reported and the run goes on without it.
pub fn read_all(paths: &[PathBuf]) -> (Vec<Input>, Status) {
    let mut inputs = Vec::new();
    let mut status = Status::Ok;
    for path in paths {
        let name = path.to_string_lossy().into_owned();
        let read = if name == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
        } else {
            std::fs::read(path)
        };
        match read {
            Ok(bytes) => inputs.push(Input { name, bytes }),
            Err(error) => {
                eprintln!("sade-ref: {name}: {error}");
                status = Status::Failed;
            }
        }
    }
    (inputs, status)
}
