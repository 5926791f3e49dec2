//! Every game of a text read at once, from a string or from bytes that may not be UTF-8.

use crate::record::Game;

use super::error::ParseError;
use super::reader::Reader;
use super::scanner::Text;

/// Reads every game of a text.
pub fn parse_str(text: &str) -> Vec<Result<Game, ParseError>> {
    Reader::of(Text::of_str(text)).collect()
}

/// Reads every game of a text that may not be valid UTF-8 (bad bytes are errors where they
/// stand, inside a tag value or a comment; anywhere else they start no token).
pub fn parse_bytes(text: &[u8]) -> Vec<Result<Game, ParseError>> {
    Reader::new(text).collect()
}
