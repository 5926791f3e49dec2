//! All integration tests, one binary (the ripgrep habit: one link step, one process).

mod corpus_syntax;
mod support;
mod write;
