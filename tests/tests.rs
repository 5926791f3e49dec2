//! All integration tests, one binary.

mod marseillais;
mod perft;
mod standard;
