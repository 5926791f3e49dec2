//! Every corpus game and every real PGN game: read back and round-tripped through JSON.

#[allow(unused_imports)]
use super::*;

// ---------------------------------------------------------------------------------------------
// The corpus

/// Every game the reader gives for a text: written, read back, and through JSON.
fn check_text(name: &str, source: &[u8]) -> usize {
    let mut checked = 0;
    for (i, game) in sade_ref::parse::parse_bytes(source).into_iter().enumerate() {
        let Ok(g) = game else { continue };
        let text = sdn::to_sdn(&g);
        check_writer(&g);
        let read: Vec<_> = parse_str(&text)
            .into_iter()
            .map(|r| r.map(|g| g.without_spans()).map_err(|e| format!("{e}")))
            .collect();
        assert_eq!(
            read,
            vec![Ok(sdn::normalize(&g).without_spans())],
            "{name}, game {}: reading back\n{text}",
            i + 1
        );
        let json_text = json::to_json(std::slice::from_ref(&g));
        let back = json::from_json(&json_text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, vec![g], "{name}, game {}", i + 1);
        assert_eq!(json::to_json(&back), json_text, "{name}: spans changed");
        let errors = schema::validate(&json_value(&json_text));
        assert!(errors.is_empty(), "{name}, game {}: {errors:?}", i + 1);
        checked += 1;
    }
    checked
}

#[test]
fn every_corpus_game_reads_back_and_round_trips_through_json() {
    // corpus/valid, corpus/rules and corpus/games; the syntax cases give no game to write.
    let mut checked = 0;
    for path in corpus_files("corpus", &["sdn", "pgn"]) {
        let source = std::fs::read(&path).unwrap_or_default();
        checked += check_text(&display(&path), &source);
    }
    assert!(checked >= 160, "only {checked} corpus games checked");
}

#[test]
fn every_real_pgn_game_reads_back_and_round_trips_through_json() {
    let data = crate::support::data();
    let mut checked = 0;
    let mut stack = vec![data.join("pgn")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                let source = std::fs::read(&path).unwrap_or_default();
                checked += check_text(&path.display().to_string(), &source);
            }
        }
    }
    assert!(checked >= 1100, "only {checked} real games checked");
}

#[test]
fn the_deepest_variations_the_reader_allows_survive_sdn_and_json() {
    // The reader's limit (parse::movetext::MAX_DEPTH): one more is an error.
    let nested = |depth: usize| {
        format!(
            "1. e4 {}{} *\n",
            "( 1. d4 ".repeat(depth),
            ")".repeat(depth)
        )
    };
    assert!(parse_str(&nested(21))[0].is_err());
    assert_eq!(check_text("nested variations", nested(20).as_bytes()), 1);
}

#[test]
fn a_missing_result_tag_is_filled_from_the_token_so_conversion_adds_no_dispute() {
    let mut g = game(
        vec![],
        vec![
            white(1, vec![san("f3")]),
            black(1, vec![san("e5")]),
            white(2, vec![san("g4")]),
            black(2, vec![marked(san("Qh4"), Some(Check::Mate), None)]),
        ],
        Some(GameResult::BlackWins),
    );
    let before = sade_ref::referee::verify(&g);
    assert_eq!(before.result, GameResult::BlackWins, "{before:?}");
    assert_eq!(before.dispute, None);
    let read = parse_str(&sdn::to_sdn(&g));
    let Some(Ok(after)) = read.first() else {
        panic!("canonical text does not read back: {read:?}");
    };
    assert_eq!(after.tag("Result"), Some("0-1"));
    assert_eq!(sade_ref::referee::verify(after).dispute, None);
    // A "*" there would have been a dispute with Fool's mate.
    g.set_tag("Result", "*");
    assert!(sade_ref::referee::verify(&g).dispute.is_some());
}
