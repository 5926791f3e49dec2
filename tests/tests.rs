//! All integration tests, one binary (the ripgrep habit: one link step, one process), one module
//! an area.

mod arbiter;
mod cli;
mod course;
mod engine;
mod errors;
mod format;
mod puzzles;
mod render;
mod rules;
mod serve;
mod support;
mod version;
