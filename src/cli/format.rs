//! `--format`: text for a person, or JSON for a tool, as `verify`, `perft` and `options` print.

use clap::ValueEnum;

/// What a command prints: text for a person, or JSON for a tool.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}
