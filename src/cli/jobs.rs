//! `--jobs N`: rayon's work-stealing pool of N threads reads and verifies games.

use std::num::NonZeroUsize;

use rayon::{ThreadPool, ThreadPoolBuilder};

use super::exit::Exit;

/// The most `--jobs` accepts. Verifying is work for the processor alone, so more threads than
/// cores only wait for each other; and each job reads its own block of every window, so a
/// thousand threads on a small file cost more than the file (`--jobs 100000` ran for minutes
/// at a load near 4,000 before it was refused).
pub const MAX_JOBS: usize = 256;

/// `--jobs N`: 1 to [`MAX_JOBS`].
pub fn parse(text: &str) -> Result<NonZeroUsize, String> {
    let jobs: usize = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of jobs (1 to {MAX_JOBS})"))?;
    match NonZeroUsize::new(jobs) {
        Some(jobs) if jobs.get() <= MAX_JOBS => Ok(jobs),
        _ => Err(format!("{jobs} jobs: give 1 to {MAX_JOBS}")),
    }
}

/// A pool of `jobs` threads, at most one per core (default: one per core).
///
/// The command runs inside it ([`ThreadPool::install`]), so that one of its threads reads a
/// window while the others wait for its games: with one job everything runs on one thread, and
/// a game is freed on the thread that read it (a record freed on another thread costs the
/// allocator more: callgrind counted 2.5 times the instructions for dropping the records).
pub fn start(jobs: Option<NonZeroUsize>) -> Result<ThreadPool, Exit> {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let jobs = jobs.map_or(cores, |jobs| jobs.get().min(cores));
    match ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(pool) => Ok(pool),
        Err(e) => {
            eprintln!("sade-ref: cannot start {jobs} threads: {e}");
            Err(Exit::Failed)
        }
    }
}
