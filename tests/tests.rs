//! All integration tests, one binary (the ripgrep habit: one link step, one process).

mod cli;
mod corpus_rules;
mod corpus_syntax;
mod marseillais;
mod perft;
mod pgn_compat;
mod reader_never_panics;
mod real_records;
mod sade;
mod scale;
mod schemas;
mod standard;
mod support;
mod whole_games;
mod write;
