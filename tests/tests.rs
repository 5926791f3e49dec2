//! All integration tests, one binary (the ripgrep habit: one link step, one process).

mod arbiter_cli;
mod cli;
mod corpus_rules;
mod corpus_syntax;
mod deep_variations;
mod errors_records;
mod errors_table;
mod fuzz_regressions;
mod marseillais;
mod marseillais_turns;
mod options;
mod perft;
mod pgn_compat;
mod play;
mod reader_never_panics;
mod real_records;
mod render;
mod report_browser;
mod sade;
mod scale;
mod schemas;
mod second_referee;
mod standard;
mod support;
mod whole_games;
mod write;
