//! `--jobs N`: rayon's work-stealing pool of N threads reads and verifies games.

use std::num::NonZeroUsize;

use rayon::ThreadPoolBuilder;

use super::Status;

/// Sizes the process's pool at `jobs` threads (default: one per core); returns its size.
pub fn start(jobs: Option<NonZeroUsize>) -> Result<usize, Status> {
    let jobs = jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    match ThreadPoolBuilder::new().num_threads(jobs).build_global() {
        Ok(()) => Ok(jobs),
        Err(e) => {
            eprintln!("sade-ref: cannot start {jobs} threads: {e}");
            Err(Status::Failed)
        }
    }
}
