//! `--jobs N`: rayon's work-stealing pool of N threads reads and verifies games.

use std::num::NonZeroUsize;

use rayon::{ThreadPool, ThreadPoolBuilder};

use super::Status;

/// A pool of `jobs` threads (default: one per core).
///
/// The command runs inside it ([`ThreadPool::install`]), so that one of its threads reads a
/// window while the others wait for its games: with one job everything runs on one thread, and
/// a game is freed on the thread that read it (a record freed on another thread costs the
/// allocator more: callgrind counted 2.5 times the instructions for dropping the records).
pub fn start(jobs: Option<NonZeroUsize>) -> Result<ThreadPool, Status> {
    let jobs = jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    match ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => Ok(pool),
        Err(e) => {
            eprintln!("sade-ref: cannot start {jobs} threads: {e}");
            Err(Status::Failed)
        }
    }
}
