//! What fuzzing found (fuzz/README.md), kept as checks over the corpus cases it left behind.

use sade_ref::parse::parse_bytes;

use crate::support::{corpus_files, display};

/// `[` at the very end of a file gave a span one byte past the text
/// (corpus/invalid/syntax/tag_bracket_at_end_of_file.sdn).
#[test]
fn every_syntax_error_is_located_inside_the_text() {
    for path in corpus_files("corpus", &["sdn", "pgn"]) {
        let source = std::fs::read(&path).expect("readable");
        for error in parse_bytes(&source).into_iter().filter_map(Result::err) {
            assert!(
                error.span.start <= error.span.end && error.span.end <= source.len(),
                "{}: {error} at {:?}, the text has {} bytes",
                display(&path),
                error.span,
                source.len()
            );
        }
    }
}
