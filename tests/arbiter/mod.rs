//! The arbiter's commands: `options`, `show` and `report` through the real binary ([`cli`],
//! transcripts in `snapshots/`), and `options` against the referee ([`options`]).

mod cli;
pub mod options;
