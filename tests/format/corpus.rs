//! corpus/valid and corpus/invalid/syntax: each file's first lines say what the reader must
//! find; the test checks that before it compares the insta snapshot, so a snapshot can never
//! bless a wrong reading.

use sade_ref::diagnostic::{Diagnostic, line_col};
use sade_ref::parse::parse_bytes;
use sade_ref::record::Game;

use crate::support::{corpus_files, display, expectation, header};

#[test]
fn every_bad_input_is_reported_where_the_case_says() {
    let files = corpus_files("corpus/invalid/syntax", &["sdn", "pgn"]);
    assert!(
        files.len() >= 30,
        "the syntax corpus holds {} cases, fewer than 30",
        files.len()
    );
    let mut kinds = std::collections::BTreeSet::new();
    for path in files {
        let source = std::fs::read(&path).unwrap();
        let name = display(&path);
        let head = header(&source);
        let expect =
            expectation(&head, "expect").unwrap_or_else(|| panic!("{name}: no `; expect:` line"));
        let (kind, at) = expect
            .strip_prefix("parse-error ")
            .and_then(|rest| rest.split_once(" at "))
            .unwrap_or_else(|| {
                panic!("{name}: expectation {expect:?} is not `parse-error KIND at LINE:COL`")
            });
        let games = parse_bytes(&source);
        let error = games
            .iter()
            .find_map(|g| g.as_ref().err())
            .unwrap_or_else(|| panic!("{name}: expected a {kind} error, the reader found none"));
        assert_eq!(
            error.kind.code(),
            kind,
            "{name}: wrong kind of error: {error}"
        );
        let (line, column) = line_col(&source, error.span.start);
        assert_eq!(
            format!("{line}:{column}"),
            at,
            "{name}: {error} reported at the wrong place"
        );
        kinds.insert(kind.to_owned());
        let rendered = Diagnostic {
            path: &name,
            source: &source,
            first_line: 0,
            span: error.span,
            message: error.to_string(),
            help: error.help(),
        };
        insta::assert_snapshot!(
            format!("syntax__{}", stem(&path)),
            format!("{rendered:#}"),
            &name
        );
    }
    assert!(
        kinds.len() >= 29,
        "only {} distinct kinds of bad input: {kinds:?}",
        kinds.len()
    );
}

#[test]
fn every_valid_file_reads_without_error() {
    let files = corpus_files("corpus/valid", &["sdn", "pgn"]);
    assert!(!files.is_empty());
    for path in files {
        let source = std::fs::read(&path).unwrap();
        let name = display(&path);
        assert_eq!(
            expectation(&header(&source), "expect"),
            Some("valid"),
            "{name}: not marked `; expect: valid`"
        );
        let games: Vec<Game> = parse_bytes(&source)
            .into_iter()
            .map(|g| g.unwrap_or_else(|e| panic!("{name}: {e} at byte {}", e.span.start)))
            .collect();
        assert!(!games.is_empty(), "{name}: no game read");
        for game in &games {
            check_spans(&name, &source, game);
        }
        insta::assert_json_snapshot!(format!("valid__{}", stem(&path)), games, &name);
    }
}

/// Spans lie inside the source and follow one another.
fn check_spans(name: &str, source: &[u8], game: &Game) {
    let mut last = 0;
    for tag in &game.tags {
        assert!(
            tag.span.start >= last && tag.span.end <= source.len(),
            "{name}: tag {} span out of order",
            tag.name
        );
        last = tag.span.end;
    }
    for turn in &game.turns {
        assert!(
            turn.span.start >= last,
            "{name}: turn {} starts before what precedes it",
            turn.number
        );
        assert!(
            turn.span.end <= source.len() && turn.span.start <= turn.span.end,
            "{name}: turn {} span",
            turn.number
        );
        for action in turn.actions() {
            assert!(
                action.span.start >= turn.span.start && action.span.end <= turn.span.end,
                "{name}: action {action} outside its turn"
            );
        }
        last = turn.span.end;
    }
}

fn stem(path: &std::path::Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}
