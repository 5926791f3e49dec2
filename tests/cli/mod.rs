//! The real binary's record commands: `convert` and `verify`, stdout, stderr and exit code
//! ([`commands`], transcripts in `snapshots/`), and verification at scale ([`scale`]).

mod commands;
mod scale;
