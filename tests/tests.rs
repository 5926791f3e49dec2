//! All integration tests, one binary (the ripgrep habit: one link step, one process).

mod cli;
mod corpus_syntax;
mod reader_never_panics;
mod sade;
mod support;
mod write;
