//! What the tool says when something is wrong: `spec/ERRORS.md` row by row through the real
//! binary ([`table`], and [`records`] for the rows about records), and every message in an
//! arbiter's words, never a library's ([`arbiters_words`]).

mod arbiters_words;
mod records;
mod table;
