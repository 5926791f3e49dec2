//! Shared by the bench binaries: timing by the best of several runs, and the pgn-reader
//! visitors they compare with.

// Each bench uses some of what is here.
#![allow(dead_code)]

pub mod pgn;

use std::hint::black_box;
use std::time::{Duration, Instant};

/// The shortest of `runs` runs of `f`, and what the last run returned.
pub fn best_of<F: FnMut() -> usize>(runs: usize, mut f: F) -> (Duration, usize) {
    let mut best = Duration::MAX;
    let mut out = 0;
    for _ in 0..runs {
        let start = Instant::now();
        out = black_box(f());
        best = best.min(start.elapsed());
    }
    (best, out)
}
