//! Canonical SDN: export format, 80 columns, a fixed point of `normalize`.

#[allow(unused_imports)]
use super::*;

// ---------------------------------------------------------------------------------------------
// Canonical SDN

#[test]
fn the_rulings_example_is_written_as_the_rulings_print_it() {
    let expected = r#"[Event "Boudoir Open"]
[Site "Paris"]
[Date "2026.11.29"]
[Round "1"]
[White "Justine"]
[Black "Juliette"]
[Result "*"]
[Variant "Sade"]

1. 3: e6 d6 Nf6 1... 4: -Nb8 e5 2. 5: N@a6 2... 1: Nc3 *
"#;
    assert_eq!(sdn::to_sdn(&boudoir_open()), expected);
}

#[test]
fn every_construct_is_written_in_export_format() {
    let expected = r#"[Event "The \"Boudoir\" \\ Open"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Variant "Sade"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nq] w KQkq - 0 1"]
[Annotator "D.A.F."]
[Zebra "z"]

{Before the first roll} $7 1. 3: e6!? d6 Nf6+? ;a } in it
$13 1... 4: -Nb8 e5 2. 5: N@a6# {two
lines} 2... 1: g1f3 ( {instead} 2... 1: b1c3 ( 2... 2: Nc3 Nh3 ) ) -- 3. 4: -e2
;x}
{y} Qh5# 0-1
"#;
    assert_eq!(sdn::to_sdn(&everything()), expected);
}

#[test]
fn standard_game_leaves_out_blacks_number_only_straight_after_whites_move() {
    let text = sdn::to_sdn(&ruy_lopez());
    assert_eq!(
        movetext(&text),
        "1. e4 e5 2. Nf3 {Main line} 2... Nc6 3. Bb5 $1 a6 4. Ba4 ( 4. Bxc6 dxc6 ) 4...\n\
         Nf6 5. O-O 5... {Black thinks} Be7\n"
    );
}

#[test]
fn standard_game_numbers_black_when_the_numbers_do_not_follow() {
    let g = game(
        vec![],
        vec![
            white(1, vec![san("e4")]),
            black(2, vec![san("e5")]),
            black(2, vec![san("d5"), san("d4")]),
        ],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. e4 2... e5 2... d5 d4\n");
}

#[test]
fn marseillais_turns_are_all_numbered() {
    assert_eq!(
        movetext(&sdn::to_sdn(&marseillais())),
        "1. e4 1... e5 d5 2. Bb5+ 1/2-1/2\n"
    );
}

#[test]
fn sade_turns_with_die_faces_are_all_numbered() {
    let g = game(
        vec![],
        vec![
            turn(1, Side::White, Some(Face::Six), vec![san("e4")]),
            turn(1, Side::Black, Some(Face::Two), vec![san("e5"), san("d5")]),
        ],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. 6: e4 1... 2: e5 d5\n");
}

#[test]
fn missing_roster_tags_are_filled_and_result_tag_follows_the_token() {
    let text = sdn::to_sdn(&game(vec![], vec![], Some(GameResult::WhiteWins)));
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n\n1-0\n"
    );
    // No result token and no Result tag: the record claims no result, and the text claims none
    // either (`*` would be a dispute on a finished game, R13).
    let text = sdn::to_sdn(&Game::default());
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n"
    );
    let text = sdn::to_sdn(&game(vec![tag("Result", "1-0")], vec![], None));
    assert!(text.ends_with("[Result \"1-0\"]\n"), "{text}");
}

#[test]
fn other_tags_follow_variant_setup_fen_sorted_by_name() {
    let g = game(
        vec![
            tag("ECO", "C60"),
            tag("Annotator", "A"),
            tag("FEN", "8/8/8/8/8/8/8/K6k w - - 0 1"),
            tag("Variant", "Standard"),
            tag("Event", "E"),
        ],
        vec![],
        None,
    );
    let text = sdn::to_sdn(&g);
    let names: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('['))
        .map(|l| &l[1..l.find(' ').unwrap_or(1)])
        .collect();
    assert_eq!(
        names,
        [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Variant",
            "FEN",
            "Annotator",
            "ECO"
        ]
    );
}

#[test]
fn movetext_lines_are_filled_up_to_80_characters() {
    let text = sdn::to_sdn(&long_game());
    let lines: Vec<&str> = movetext(&text).lines().collect();
    assert!(lines.len() > 5);
    for pair in lines.windows(2) {
        let width = pair[0].chars().count();
        assert!(width <= 80, "{:?}", pair[0]);
        let next = pair[1].split(' ').next().unwrap_or("");
        assert!(
            width + 1 + next.chars().count() > 80,
            "{next:?} would have fit after {:?}",
            pair[0]
        );
        assert!(!pair[0].ends_with(' ') && !pair[0].starts_with(' '));
    }
}

#[test]
fn a_comment_longer_than_a_line_stands_alone_on_its_line() {
    let long = "é".repeat(100);
    let g = game(
        vec![],
        vec![
            white(1, vec![san("e4"), comment(&long)]),
            black(1, vec![san("e5")]),
        ],
        None,
    );
    assert_eq!(
        movetext(&sdn::to_sdn(&g)),
        format!("1. e4\n{{{long}}}\n1... e5\n")
    );
}

#[test]
fn games_are_one_blank_line_apart_and_the_file_ends_with_a_newline() {
    let games = [boudoir_open(), ruy_lopez()];
    let text = sdn::games_to_sdn(&games);
    assert_eq!(
        text,
        format!("{}\n{}", sdn::to_sdn(&games[0]), sdn::to_sdn(&games[1]))
    );
    assert!(text.contains("Nc3 *\n\n[Event \"?\"]"));
    assert!(text.ends_with("Be7\n") && !text.ends_with("\n\n"));
    assert_eq!(sdn::games_to_sdn(&[]), "");
}

#[test]
fn normalize_orders_and_fills_tags_and_splits_line_comments() {
    let g = game(
        vec![tag("Zebra", "z"), tag("Black", "B")],
        vec![white(1, vec![san("e4"), comment("a}\nb"), comment("c\nd")])],
        None,
    );
    let n = sdn::normalize(&g);
    let names: Vec<&str> = n.tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["Event", "Site", "Date", "Round", "White", "Black", "Zebra"]
    );
    assert_eq!(n.tag("Black"), Some("B"));
    assert_eq!(n.tag("Date"), Some("????.??.??"));
    // No result written, none read back: no Result tag, no token.
    assert_eq!(n.tag("Result"), None);
    assert_eq!(n.result, None);
    assert_eq!(
        n.turns[0].items,
        vec![san("e4"), comment("a}"), comment("b"), comment("c\nd")]
    );
}

/// Writer properties every record must have (hand-built and generated alike).
pub(super) fn check_writer(g: &Game) {
    let text = sdn::to_sdn(g);
    let normal = sdn::normalize(g);
    assert_eq!(
        sdn::to_sdn(&normal),
        text,
        "write(normalize(g)) != write(g)"
    );
    assert_eq!(
        sdn::normalize(&normal),
        normal,
        "normalize is not idempotent"
    );
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{text:?}");
}

/// Reading the canonical text back gives the normalized record.
pub(super) fn check_reads_back(g: &Game) {
    let text = sdn::to_sdn(g);
    // The same record, wherever the text placed it: compared without spans.
    let read: Vec<_> = parse_str(&text)
        .into_iter()
        .map(|r| r.map(|g| g.without_spans()).map_err(|e| format!("{e}")))
        .collect();
    assert_eq!(
        read,
        vec![Ok(sdn::normalize(g).without_spans())],
        "reading back:\n{text}"
    );
}

#[test]
fn hand_built_games_are_a_fixed_point_of_normalize() {
    for g in hand_built() {
        check_writer(&g);
    }
}

#[test]
fn hand_built_games_read_back_as_their_normal_form() {
    for g in hand_built() {
        check_reads_back(&g);
    }
    let games = hand_built();
    let read: Vec<_> = parse_str(&sdn::games_to_sdn(&games))
        .into_iter()
        .map(|r| r.map(|g| g.without_spans()).map_err(|e| format!("{e}")))
        .collect();
    let normal: Vec<_> = games
        .iter()
        .map(|g| Ok(sdn::normalize(g).without_spans()))
        .collect();
    assert_eq!(read, normal);
}

#[test]
fn a_repeated_tag_name_is_written_once() {
    let g = game(
        vec![
            tag("Event", "first"),
            tag("ECO", "C60"),
            tag("Event", "second"),
        ],
        vec![white(1, vec![san("e4")])],
        None,
    );
    let text = sdn::to_sdn(&g);
    assert!(text.starts_with("[Event \"first\"]\n[Site"), "{text}");
    assert!(!text.contains("second"));
    check_reads_back(&g);
}

#[test]
fn a_pawn_move_with_an_origin_rank_is_not_read_as_a_move_number() {
    let g = game(
        vec![],
        vec![white(1, vec![san("P3xd4")]), black(1, vec![san("P7d5")])],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. P3xd4 P7d5\n");
    check_reads_back(&g);
}

#[test]
fn a_line_comment_loses_the_carriage_return_that_would_end_its_line() {
    let g = game(
        vec![],
        vec![white(1, vec![san("e4"), comment("a}\r\nb\r")])],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. e4 ;a}\n{b\r}\n");
    assert_eq!(
        sdn::normalize(&g).turns[0].items[1..],
        [comment("a}"), comment("b\r")]
    );
    check_reads_back(&g);
}

#[test]
fn a_die_face_in_a_variation_numbers_every_turn() {
    let g = game(
        vec![],
        vec![
            white(1, vec![san("e4")]),
            black(
                1,
                vec![
                    san("e5"),
                    variation(
                        vec![],
                        vec![turn(1, Side::Black, Some(Face::Three), vec![san("c5")])],
                    ),
                ],
            ),
            white(2, vec![san("Nf3")]),
            black(2, vec![san("Nc6")]),
        ],
        None,
    );
    assert_eq!(
        movetext(&sdn::to_sdn(&g)),
        "1. e4 1... e5 ( 1... 3: c5 ) 2. Nf3 2... Nc6\n"
    );
    check_reads_back(&g);
}

// --- Conversion never changes a verdict (issue 16) ------------------------------------------

#[test]
fn r15_a_bare_face_is_written_bare_so_its_fault_stays_on_the_turn_as_a_whole() {
    // White rolls a 3 and writes nothing before Black's turn: R15 reads it as `--`, a false
    // claim here, at action 0 (nothing was written). A written `--` would be action 1.
    let g = game(
        vec![tag("Variant", "Sade")],
        vec![
            turn(1, Side::White, Some(Face::Three), vec![]),
            turn(1, Side::Black, Some(Face::One), vec![san("Nc3")]),
        ],
        Some(GameResult::Unknown),
    );
    let text = sdn::to_sdn(&g);
    assert_eq!(movetext(&text), "1. 3: 1... 1: Nc3 *\n");
    let before = sade_ref::referee::verify(&g);
    let read = parse_str(&text);
    let after = sade_ref::referee::verify(read[0].as_ref().expect("reads back"));
    let place = |v: &sade_ref::referee::Verdict| v.error.as_ref().map(|e| (e.code, e.action));
    assert_eq!(place(&before).map(|p| p.1), Some(0));
    assert_eq!(place(&after), place(&before));
    check_reads_back(&g);
}

#[test]
fn a_record_that_states_no_result_is_written_without_one_so_conversion_adds_no_dispute() {
    // Fool's mate with neither a result token nor a Result tag: no claim, no dispute. `*`
    // written in would be one (R13: `*` on a finished game).
    let mut g = game(
        vec![],
        vec![
            white(1, vec![san("f3")]),
            black(1, vec![san("e5")]),
            white(2, vec![san("g4")]),
            black(2, vec![san("Qh4")]),
        ],
        None,
    );
    let verdict = |g: &Game| sade_ref::referee::verify(g);
    let read_back = |g: &Game| {
        let text = sdn::to_sdn(g);
        parse_str(&text)
            .pop()
            .and_then(Result::ok)
            .unwrap_or_else(|| panic!("reads back: {text}"))
    };
    assert_eq!(verdict(&g).dispute, None);
    assert!(!sdn::to_sdn(&g).contains('*'), "{}", sdn::to_sdn(&g));
    assert_eq!(verdict(&read_back(&g)).dispute, None);
    // A Result tag without a token is a declared end when nothing on the board explains it; the
    // text keeps it so, without a `*` token that would make the game unfinished.
    g.turns.truncate(2);
    g.set_tag("Result", "1-0");
    let before = verdict(&g);
    assert_eq!(
        before.termination,
        Some(sade_ref::rules::Termination::Resignation)
    );
    let after = verdict(&read_back(&g));
    assert_eq!(
        (after.status, after.termination, after.dispute),
        (before.status, before.termination, before.dispute)
    );
}
