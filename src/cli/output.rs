//! Where results go: standard output or a file, buffered; a closed pipe ends the run quietly.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::exit::Exit;

/// A buffered output that remembers the first failure instead of reporting every write.
pub struct Sink {
    out: Box<dyn Write + Send>,
    name: String,
    failed: Option<io::Error>,
}

impl Sink {
    /// Standard output, or the file (`-` is standard output).
    pub fn open(to: Option<&Path>) -> Result<Sink, Exit> {
        match to.filter(|p| p.as_os_str() != "-") {
            Some(path) => match File::create(path) {
                Ok(file) => Ok(Sink::new(
                    Box::new(BufWriter::new(file)),
                    path.display().to_string(),
                )),
                Err(e) => {
                    eprintln!(
                        "sade-ref: cannot write {}: {}",
                        path.display(),
                        super::words::io_words(&e)
                    );
                    Err(Exit::Failed)
                }
            },
            None => Ok(Sink::new(
                Box::new(BufWriter::new(io::stdout())),
                "standard output".to_owned(),
            )),
        }
    }

    fn new(out: Box<dyn Write + Send>, name: String) -> Sink {
        Sink {
            out,
            name,
            failed: None,
        }
    }

    /// Writes `text`; false once the output is gone (the caller may stop).
    pub fn write(&mut self, text: &str) -> bool {
        if self.failed.is_none()
            && let Err(e) = self.out.write_all(text.as_bytes())
        {
            self.failed = Some(e);
        }
        self.failed.is_none()
    }

    /// Flushes and says how writing went: a closed pipe is not an error.
    pub fn finish(mut self) -> Exit {
        if self.failed.is_none()
            && let Err(e) = self.out.flush()
        {
            self.failed = Some(e);
        }
        match self.failed {
            None => Exit::Ok,
            Some(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Ok,
            Some(e) => {
                eprintln!(
                    "sade-ref: cannot write {}: {}",
                    self.name,
                    super::words::io_words(&e)
                );
                Exit::Failed
            }
        }
    }
}
