//! The writers: canonical SDN (export format, 80 columns, fixed point of `normalize`) and JSON
//! (lossless both ways, valid against `spec/sdn.schema.json`).

use proptest::prelude::*;
use sade_ref::parse::parse_str;
use sade_ref::record::{
    Action, ActionKind, Check, Comment, DieFace, Game, GameResult, Glyph, Item, MoveNumber, Nag,
    SanMove, Side, Span, Tag, Turn, UciMove, Variation,
};
use sade_ref::write::{json, sdn};

use crate::support::{corpus_files, display};
use serde_json::Value;
use shakmaty::{CastlingSide, File, Rank, Role, Square};

// ---------------------------------------------------------------------------------------------
// Building records by hand

fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: name.to_owned(),
        value: value.to_owned(),
        span: Span::default(),
    }
}

fn action(kind: ActionKind) -> Item {
    Item::Action(Action::new(kind))
}

fn san(text: &str) -> Item {
    let mv = SanMove::from_ascii(text.as_bytes())
        .unwrap_or_else(|_| panic!("test move {text:?} is SAN"));
    action(ActionKind::San(mv))
}

fn uci(text: &str) -> Item {
    let mv = UciMove::from_ascii(text.as_bytes())
        .unwrap_or_else(|_| panic!("test move {text:?} is UCI"));
    action(ActionKind::Uci(mv))
}

/// The same action with a check/mate suffix and a glyph.
fn marked(item: Item, check: Option<Check>, glyph: Option<Glyph>) -> Item {
    match item {
        Item::Action(action) => Item::Action(Action {
            check,
            glyph,
            ..action
        }),
        other => other,
    }
}

fn comment(text: &str) -> Item {
    Item::Comment(Comment {
        text: text.to_owned(),
        span: Span::default(),
    })
}

fn nag(nag: u8) -> Item {
    Item::Nag(Nag {
        nag,
        span: Span::default(),
    })
}

fn variation(preamble: Vec<Item>, turns: Vec<Turn>) -> Item {
    Item::Variation(Variation {
        preamble,
        turns,
        span: Span::default(),
    })
}

fn turn(number: u32, side: Side, face: Option<u8>, items: Vec<Item>) -> Turn {
    Turn {
        number: MoveNumber { number, side },
        face: face.map(|value| DieFace {
            value,
            span: Span::default(),
        }),
        items,
        span: Span::default(),
    }
}

fn white(number: u32, items: Vec<Item>) -> Turn {
    turn(number, Side::White, None, items)
}

fn black(number: u32, items: Vec<Item>) -> Turn {
    turn(number, Side::Black, None, items)
}

fn game(tags: Vec<Tag>, turns: Vec<Turn>, result: Option<GameResult>) -> Game {
    Game {
        tags,
        preamble: Vec::new(),
        turns,
        result,
        span: Span::default(),
    }
}

/// The movetext of a written game: what follows the blank line after the tags.
fn movetext(text: &str) -> &str {
    text.split_once("\n\n").map_or("", |(_, moves)| moves)
}

// ---------------------------------------------------------------------------------------------
// Hand-built games

/// The example of sdn-v1-and-rulings.md, tags given out of order.
fn boudoir_open() -> Game {
    game(
        vec![
            tag("Variant", "Sade"),
            tag("Black", "Juliette"),
            tag("White", "Justine"),
            tag("Event", "Boudoir Open"),
            tag("Site", "Paris"),
            tag("Date", "2026.11.29"),
            tag("Round", "1"),
            tag("Result", "*"),
        ],
        vec![
            turn(
                1,
                Side::White,
                Some(3),
                vec![san("e6"), san("d6"), san("Nf6")],
            ),
            turn(
                1,
                Side::Black,
                Some(4),
                vec![
                    action(ActionKind::Sacrifice {
                        role: Some(Role::Knight),
                        square: Square::B8,
                    }),
                    san("e5"),
                ],
            ),
            turn(
                2,
                Side::White,
                Some(5),
                vec![action(ActionKind::Resurrection {
                    role: Role::Knight,
                    square: Square::A6,
                })],
            ),
            turn(2, Side::Black, Some(1), vec![san("Nc3")]),
        ],
        Some(GameResult::Unknown),
    )
}

/// Every construct of the record in one Sade game.
fn everything() -> Game {
    let mut g = game(
        vec![
            tag("Event", r#"The "Boudoir" \ Open"#),
            tag(
                "FEN",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nq] w KQkq - 0 1",
            ),
            tag("Zebra", "z"),
            tag("Annotator", "D.A.F."),
            tag("SetUp", "1"),
            tag("Variant", "Sade"),
            tag("Result", "0-1"),
        ],
        vec![
            turn(
                1,
                Side::White,
                Some(3),
                vec![
                    marked(san("e6"), None, Some(Glyph::Speculative)),
                    san("d6"),
                    marked(san("Nf6"), Some(Check::Check), Some(Glyph::Mistake)),
                    comment("a } in it"),
                    nag(13),
                ],
            ),
            turn(
                1,
                Side::Black,
                Some(4),
                vec![
                    action(ActionKind::Sacrifice {
                        role: Some(Role::Knight),
                        square: Square::B8,
                    }),
                    san("e5"),
                ],
            ),
            turn(
                2,
                Side::White,
                Some(5),
                vec![
                    marked(
                        action(ActionKind::Resurrection {
                            role: Role::Knight,
                            square: Square::A6,
                        }),
                        Some(Check::Mate),
                        None,
                    ),
                    comment("two\nlines"),
                ],
            ),
            turn(
                2,
                Side::Black,
                Some(1),
                vec![
                    uci("g1f3"),
                    variation(
                        vec![comment("instead")],
                        vec![turn(
                            2,
                            Side::Black,
                            Some(1),
                            vec![
                                uci("b1c3"),
                                variation(
                                    vec![],
                                    vec![turn(
                                        2,
                                        Side::Black,
                                        Some(2),
                                        vec![san("Nc3"), san("Nh3")],
                                    )],
                                ),
                            ],
                        )],
                    ),
                    action(ActionKind::Nothing {}),
                ],
            ),
            turn(
                3,
                Side::White,
                Some(4),
                vec![
                    action(ActionKind::Sacrifice {
                        role: None,
                        square: Square::E2,
                    }),
                    comment("x}\ny"),
                    marked(san("Qh5"), Some(Check::Mate), None),
                ],
            ),
        ],
        Some(GameResult::BlackWins),
    );
    g.preamble = vec![comment("Before the first roll"), nag(7)];
    g
}

/// A Standard game whose comments, NAGs and variations interrupt the move numbers.
fn ruy_lopez() -> Game {
    game(
        vec![tag("White", "Anderssen")],
        vec![
            white(1, vec![san("e4")]),
            black(1, vec![san("e5")]),
            white(2, vec![san("Nf3"), comment("Main line")]),
            black(2, vec![san("Nc6")]),
            white(3, vec![san("Bb5"), nag(1)]),
            black(3, vec![san("a6")]),
            white(
                4,
                vec![
                    san("Ba4"),
                    variation(
                        vec![],
                        vec![white(4, vec![san("Bxc6")]), black(4, vec![san("dxc6")])],
                    ),
                ],
            ),
            black(4, vec![san("Nf6")]),
            white(5, vec![san("O-O")]),
            black(5, vec![comment("Black thinks"), san("Be7")]),
        ],
        None,
    )
}

/// A Marseillais game: two moves a turn, every turn numbered.
fn marseillais() -> Game {
    game(
        vec![tag("Variant", "Marseillais")],
        vec![
            white(1, vec![san("e4")]),
            black(1, vec![san("e5"), san("d5")]),
            white(2, vec![marked(san("Bb5"), Some(Check::Check), None)]),
        ],
        Some(GameResult::Draw),
    )
}

/// A long Standard game, no comments: 120 turns.
fn long_game() -> Game {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let turns = (0..120u32)
        .map(|i| {
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            turn(i / 2 + 1, side, None, vec![san(moves[i as usize % 4])])
        })
        .collect();
    game(vec![], turns, Some(GameResult::Draw))
}

fn hand_built() -> Vec<Game> {
    vec![
        boudoir_open(),
        everything(),
        ruy_lopez(),
        marseillais(),
        long_game(),
        Game::default(),
    ]
}

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
         Nf6 5. O-O 5... {Black thinks} Be7 *\n"
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
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. e4 2... e5 2... d5 d4 *\n");
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
            turn(1, Side::White, Some(6), vec![san("e4")]),
            turn(1, Side::Black, Some(2), vec![san("e5"), san("d5")]),
        ],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. 6: e4 1... 2: e5 d5 *\n");
}

#[test]
fn missing_roster_tags_are_filled_and_result_tag_follows_the_token() {
    let text = sdn::to_sdn(&game(vec![], vec![], Some(GameResult::WhiteWins)));
    assert_eq!(
        text,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n\n1-0\n"
    );
    let text = sdn::to_sdn(&Game::default());
    assert!(text.contains("[Result \"*\"]\n\n*\n"), "{text}");
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
            "Result",
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
        format!("1. e4\n{{{long}}}\n1... e5 *\n")
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
    assert!(text.ends_with("Be7 *\n") && !text.ends_with("\n\n"));
    assert_eq!(sdn::games_to_sdn(&[]), "");
}

#[test]
fn normalize_orders_and_fills_tags_sets_the_result_and_splits_line_comments() {
    let g = game(
        vec![tag("Zebra", "z"), tag("Black", "B")],
        vec![white(1, vec![san("e4"), comment("a}\nb"), comment("c\nd")])],
        None,
    );
    let n = sdn::normalize(&g);
    let names: Vec<&str> = n.tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Zebra"
        ]
    );
    assert_eq!(n.tag("Black"), Some("B"));
    assert_eq!(n.tag("Date"), Some("????.??.??"));
    assert_eq!(n.tag("Result"), Some("*"));
    assert_eq!(n.result, Some(GameResult::Unknown));
    assert_eq!(
        n.turns[0].items,
        vec![san("e4"), comment("a}"), comment("b"), comment("c\nd")]
    );
}

/// Writer properties every record must have (hand-built and generated alike).
fn check_writer(g: &Game) {
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
fn check_reads_back(g: &Game) {
    let text = sdn::to_sdn(g);
    let read: Vec<_> = parse_str(&text)
        .into_iter()
        .map(|r| r.map_err(|e| format!("{e}")))
        .collect();
    assert_eq!(read, vec![Ok(sdn::normalize(g))], "reading back:\n{text}");
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
        .map(|r| r.map_err(|e| format!("{e}")))
        .collect();
    let normal: Vec<_> = games.iter().map(|g| Ok(sdn::normalize(g))).collect();
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
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. P3xd4 P7d5 *\n");
    check_reads_back(&g);
}

#[test]
fn a_line_comment_loses_the_carriage_return_that_would_end_its_line() {
    let g = game(
        vec![],
        vec![white(1, vec![san("e4"), comment("a}\r\nb\r")])],
        None,
    );
    assert_eq!(movetext(&sdn::to_sdn(&g)), "1. e4 ;a}\n{b\r} *\n");
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
                    variation(vec![], vec![turn(1, Side::Black, Some(3), vec![san("c5")])]),
                ],
            ),
            white(2, vec![san("Nf3")]),
            black(2, vec![san("Nc6")]),
        ],
        None,
    );
    assert_eq!(
        movetext(&sdn::to_sdn(&g)),
        "1. e4 1... e5 ( 1... 3: c5 ) 2. Nf3 2... Nc6 *\n"
    );
    check_reads_back(&g);
}

// ---------------------------------------------------------------------------------------------
// JSON

fn json_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("writer gave bad JSON: {e}"))
}

#[test]
fn json_round_trip_is_exact_for_hand_built_games() {
    let games = hand_built();
    let text = json::to_json(&games);
    let back = json::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, games);
    assert_eq!(json::to_json(&back), text, "spans or field order changed");
    let lines = json::to_json_lines(&games);
    assert_eq!(lines.lines().count(), games.len());
    assert_eq!(json::from_json(&lines).ok(), Some(games.clone()));
    let one = serde_json::to_string(&games[1]).unwrap_or_default();
    assert_eq!(json::from_json(&one).ok(), Some(vec![games[1].clone()]));
}

#[test]
fn json_spans_survive_the_round_trip() {
    let mut g = boudoir_open();
    g.span = Span::new(3, 400);
    g.tags[0].span = Span::new(10, 30);
    if let Some(Item::Action(a)) = g.turns[1].items.get_mut(1) {
        a.span = Span::new(200, 202);
    }
    let back = json::from_json(&json::to_json(&[g.clone()])).unwrap_or_default();
    assert!(back[0].span.same_range(Span::new(3, 400)));
    assert!(back[0].tags[0].span.same_range(Span::new(10, 30)));
    let Some(Item::Action(a)) = back[0].turns[1].items.get(1) else {
        panic!("action lost");
    };
    assert!(a.span.same_range(Span::new(200, 202)));
}

#[test]
fn json_shape_of_actions_and_items() {
    let doc = json_value(&json::to_json(&[everything()]));
    let turns = &doc[0]["turns"];
    let first = &turns[0]["items"];
    assert_eq!(first[0]["type"], "action");
    assert_eq!(first[0]["san"], "e6");
    assert_eq!(first[0]["glyph"], "!?");
    assert!(first[0].get("check").is_none());
    assert_eq!(first[2]["check"], "+");
    assert_eq!(first[3]["type"], "comment");
    assert_eq!(first[3]["text"], "a } in it");
    assert_eq!(
        first[4],
        serde_json::json!({"type": "nag", "nag": 13, "span": [0, 0]})
    );
    assert_eq!(turns[0]["face"]["value"], 3);
    assert_eq!(
        turns[0]["number"],
        serde_json::json!({"number": 1, "side": "white"})
    );
    assert_eq!(
        turns[1]["items"][0]["sacrifice"],
        serde_json::json!({"role": "N", "square": "b8"})
    );
    assert_eq!(
        turns[2]["items"][0]["resurrection"],
        serde_json::json!({"role": "N", "square": "a6"})
    );
    assert_eq!(turns[3]["items"][0]["uci"], "g1f3");
    assert_eq!(turns[3]["items"][1]["type"], "variation");
    assert_eq!(turns[3]["items"][2]["nothing"], serde_json::json!({}));
    assert_eq!(
        turns[4]["items"][0]["sacrifice"],
        serde_json::json!({"square": "e2"})
    );
    assert_eq!(doc[0]["result"], "0-1");
    assert_eq!(doc[0]["preamble"][1]["nag"], 7);
}

#[test]
fn json_errors_say_where_and_what() {
    let text = r#"{"tags": [], "turns": [
 {"number": {"number": 1, "side": "white"},
  "items": [{"type": "action", "sacrifice": {"square": "i9"}}]}]}"#;
    let err = json::from_json(text)
        .err()
        .map(|e| (e.line(), e.to_string()));
    let Some((line, message)) = err else {
        panic!("square i9 accepted");
    };
    assert_eq!(line, 3);
    assert!(message.contains("\"i9\" is not a square"), "{message}");
    let err = json::from_json("[{\"tags\": [], \"turns\": []},\n 7]").err();
    assert_eq!(err.map(|e| (e.line(), e.column())), Some((2, 2)));
    assert!(
        json::from_json("{\"tags\": []}").is_err(),
        "turns are required"
    );
}

// ---------------------------------------------------------------------------------------------
// JSON Schema: spec/sdn.schema.json, checked by a small validator for the keywords it uses.

mod schema {
    use std::collections::HashMap;
    use std::sync::OnceLock;

    use regex_automata::meta::Regex;
    use serde_json::{Map, Value};

    const ANNOTATIONS: [&str; 5] = ["$schema", "$id", "title", "description", "$defs"];
    const KEYWORDS: [&str; 16] = [
        "$ref",
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "pattern",
        "minimum",
        "maximum",
        "minItems",
        "maxItems",
        "oneOf",
        "anyOf",
        "not",
    ];

    pub fn root() -> &'static Value {
        static ROOT: OnceLock<Value> = OnceLock::new();
        ROOT.get_or_init(|| {
            let text = include_str!("../spec/sdn.schema.json");
            serde_json::from_str(text).unwrap_or_else(|e| panic!("schema is not JSON: {e}"))
        })
    }

    fn regex(pattern: &str) -> Regex {
        static CACHE: OnceLock<std::sync::Mutex<HashMap<String, Regex>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(pattern.to_owned())
            .or_insert_with(|| {
                Regex::new(pattern).unwrap_or_else(|e| panic!("bad pattern {pattern}: {e}"))
            })
            .clone()
    }

    /// Every keyword anywhere in the schema is one this validator checks (or an annotation).
    pub fn unsupported_keywords(schema: &Value, path: &str, found: &mut Vec<String>) {
        let Value::Object(map) = schema else {
            found.push(format!("{path}: not a schema object"));
            return;
        };
        for (key, value) in map {
            let here = format!("{path}/{key}");
            match key.as_str() {
                "$defs" | "properties" => {
                    if let Value::Object(children) = value {
                        for (name, child) in children {
                            unsupported_keywords(child, &format!("{here}/{name}"), found);
                        }
                    }
                }
                "items" | "not" => unsupported_keywords(value, &here, found),
                "additionalProperties" if !value.is_boolean() => {
                    unsupported_keywords(value, &here, found);
                }
                "oneOf" | "anyOf" => {
                    for (i, child) in value.as_array().into_iter().flatten().enumerate() {
                        unsupported_keywords(child, &format!("{here}/{i}"), found);
                    }
                }
                k if KEYWORDS.contains(&k) || ANNOTATIONS.contains(&k) => {}
                _ => found.push(here),
            }
        }
    }

    /// The errors of `instance` against `schema` (empty: valid).
    pub fn validate(instance: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        check(root(), instance, "", &mut errors);
        errors
    }

    fn resolve(reference: &str) -> &'static Value {
        let name = reference
            .strip_prefix("#/$defs/")
            .unwrap_or_else(|| panic!("only local $defs references: {reference}"));
        root()
            .get("$defs")
            .and_then(|defs| defs.get(name))
            .unwrap_or_else(|| panic!("no $defs/{name}"))
    }

    fn type_matches(name: &str, value: &Value) -> bool {
        match name {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "integer" => value.is_i64() || value.is_u64(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            other => panic!("unknown type {other}"),
        }
    }

    pub fn check(schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
        let Value::Object(schema) = schema else {
            panic!("schema at {at} is not an object");
        };
        for (key, rule) in schema {
            match key.as_str() {
                "$ref" => check(resolve(rule.as_str().unwrap_or("")), value, at, errors),
                "type" => {
                    let ok = match rule {
                        Value::String(name) => type_matches(name, value),
                        Value::Array(names) => names
                            .iter()
                            .any(|n| type_matches(n.as_str().unwrap_or(""), value)),
                        _ => panic!("bad type at {at}"),
                    };
                    if !ok {
                        errors.push(format!("{at}: expected {rule}, found {value}"));
                    }
                }
                "enum" => {
                    if !rule
                        .as_array()
                        .is_some_and(|options| options.contains(value))
                    {
                        errors.push(format!("{at}: {value} is not one of {rule}"));
                    }
                }
                "const" => {
                    if rule != value {
                        errors.push(format!("{at}: {value} is not {rule}"));
                    }
                }
                "pattern" => {
                    if let Value::String(text) = value {
                        let pattern = rule.as_str().unwrap_or("");
                        if !regex(pattern).is_match(text) {
                            errors.push(format!("{at}: {text:?} does not match {pattern}"));
                        }
                    }
                }
                "minimum" | "maximum" => {
                    if let (Some(n), Some(limit)) = (value.as_f64(), rule.as_f64()) {
                        let ok = if key == "minimum" {
                            n >= limit
                        } else {
                            n <= limit
                        };
                        if !ok {
                            errors.push(format!("{at}: {n} is out of range ({key} {limit})"));
                        }
                    }
                }
                "minItems" | "maxItems" => {
                    if let (Value::Array(list), Some(limit)) = (value, rule.as_u64()) {
                        let n = list.len() as u64;
                        let ok = if key == "minItems" {
                            n >= limit
                        } else {
                            n <= limit
                        };
                        if !ok {
                            errors.push(format!("{at}: {n} items ({key} {limit})"));
                        }
                    }
                }
                "required" => {
                    if let Value::Object(map) = value {
                        for name in rule.as_array().into_iter().flatten() {
                            let name = name.as_str().unwrap_or("");
                            if !map.contains_key(name) {
                                errors.push(format!("{at}: missing {name:?}"));
                            }
                        }
                    }
                }
                "properties" => {
                    if let (Value::Object(map), Value::Object(props)) = (value, rule) {
                        for (name, sub) in props {
                            if let Some(v) = map.get(name) {
                                check(sub, v, &format!("{at}/{name}"), errors);
                            }
                        }
                    }
                }
                "additionalProperties" => {
                    if let Value::Object(map) = value {
                        additional(schema, rule, map, at, errors);
                    }
                }
                "items" => {
                    if let Value::Array(list) = value {
                        for (i, v) in list.iter().enumerate() {
                            check(rule, v, &format!("{at}/{i}"), errors);
                        }
                    }
                }
                "oneOf" | "anyOf" => {
                    let options = rule.as_array().map_or(&[][..], Vec::as_slice);
                    let mut passed = 0;
                    let mut reasons = Vec::new();
                    for option in options {
                        let mut sub = Vec::new();
                        check(option, value, at, &mut sub);
                        if sub.is_empty() {
                            passed += 1;
                        } else {
                            reasons.extend(sub);
                        }
                    }
                    let ok = if key == "oneOf" {
                        passed == 1
                    } else {
                        passed >= 1
                    };
                    if !ok {
                        errors.push(format!(
                            "{at}: {passed} of {key} matched; {}",
                            reasons.join("; ")
                        ));
                    }
                }
                "not" => {
                    let mut sub = Vec::new();
                    check(rule, value, at, &mut sub);
                    if sub.is_empty() {
                        errors.push(format!("{at}: matches a `not` schema"));
                    }
                }
                k if ANNOTATIONS.contains(&k) => {}
                other => panic!("unsupported keyword {other} at {at}"),
            }
        }
    }

    fn additional(
        schema: &Map<String, Value>,
        rule: &Value,
        map: &Map<String, Value>,
        at: &str,
        errors: &mut Vec<String>,
    ) {
        let declared = schema.get("properties").and_then(Value::as_object);
        for (name, v) in map {
            if declared.is_some_and(|d| d.contains_key(name)) {
                continue;
            }
            match rule {
                Value::Bool(false) => errors.push(format!("{at}: unexpected property {name:?}")),
                Value::Bool(true) => {}
                sub => check(sub, v, &format!("{at}/{name}"), errors),
            }
        }
    }
}

#[test]
fn schema_uses_only_keywords_the_test_validator_checks() {
    let mut found = Vec::new();
    schema::unsupported_keywords(schema::root(), "#", &mut found);
    assert!(found.is_empty(), "unchecked keywords: {found:?}");
}

#[test]
fn schema_validator_rejects_what_it_should() {
    use serde_json::json;
    let s = |schema: Value, value: Value| {
        let mut errors = Vec::new();
        schema::check(&schema, &value, "", &mut errors);
        errors.len()
    };
    assert_eq!(s(json!({"type": "integer"}), json!(3)), 0);
    assert_eq!(s(json!({"type": "integer"}), json!("3")), 1);
    assert_eq!(
        s(
            json!({"type": "integer", "minimum": 1, "maximum": 6}),
            json!(7)
        ),
        1
    );
    assert_eq!(s(json!({"type": "integer", "minimum": 1}), json!(0)), 1);
    assert_eq!(s(json!({"enum": ["a", null]}), json!(null)), 0);
    assert_eq!(s(json!({"enum": ["a", null]}), json!("b")), 1);
    assert_eq!(s(json!({"const": "a"}), json!("b")), 1);
    assert_eq!(s(json!({"pattern": "^[a-h][1-8]$"}), json!("e4")), 0);
    assert_eq!(s(json!({"pattern": "^[a-h][1-8]$"}), json!("e44")), 1);
    let obj = json!({"properties": {"a": {"type": "string"}}, "required": ["a"],
                     "additionalProperties": false});
    assert_eq!(s(obj.clone(), json!({"a": "x"})), 0);
    assert_eq!(s(obj.clone(), json!({})), 1);
    assert_eq!(s(obj.clone(), json!({"a": "x", "b": 1})), 1);
    assert_eq!(s(obj, json!({"a": 1})), 1);
    let one = json!({"oneOf": [{"required": ["a"]}, {"required": ["b"]}]});
    assert_eq!(s(one.clone(), json!({"a": 1})), 0);
    assert_eq!(s(one.clone(), json!({"a": 1, "b": 2})), 1);
    assert_eq!(s(one, json!({})), 1);
    assert_eq!(
        s(json!({"items": {"type": "string"}}), json!(["a", 2, "c"])),
        1
    );
    assert_eq!(s(json!({"not": {"type": "string"}}), json!("a")), 1);
    let pair = json!({"type": "array", "minItems": 2, "maxItems": 2});
    assert_eq!(s(pair.clone(), json!([0, 4])), 0);
    assert_eq!(s(pair.clone(), json!([0])), 1);
    assert_eq!(s(pair, json!([0, 4, 5])), 1);
    assert_eq!(
        s(
            json!({"anyOf": [{"type": "string"}, {"type": "null"}]}),
            json!(null)
        ),
        0
    );
}

#[test]
fn json_of_hand_built_games_matches_the_schema() {
    let games = hand_built();
    let doc = json_value(&json::to_json(&games));
    assert_eq!(schema::validate(&doc), Vec::<String>::new());
    for g in &games {
        let one = json_value(&serde_json::to_string(g).unwrap_or_default());
        assert_eq!(
            schema::validate(&one),
            Vec::<String>::new(),
            "a single game object"
        );
    }
}

#[test]
fn schema_rejects_records_the_reader_would_not_give() {
    let valid = json_value(&json::to_json(&[everything()]));
    assert!(schema::validate(&valid).is_empty());
    type Mutation = fn(&mut Value);
    let broken: [(&str, Mutation); 10] = [
        ("die face 7", |d| {
            d[0]["turns"][0]["face"]["value"] = 7.into()
        }),
        ("two kinds in one action", |d| {
            d[0]["turns"][0]["items"][0]["uci"] = "e2e4".into();
        }),
        ("no kind", |d| {
            d[0]["turns"][0]["items"][0] = serde_json::json!({"type": "action"});
        }),
        ("square i9", |d| {
            d[0]["turns"][1]["items"][0]["sacrifice"]["square"] = "i9".into();
        }),
        ("SAN Zf3", |d| {
            d[0]["turns"][0]["items"][1]["san"] = "Zf3".into()
        }),
        ("unknown item type", |d| {
            d[0]["turns"][0]["items"][3]["type"] = "remark".into();
        }),
        ("unknown game field", |d| d[0]["verdict"] = "valid".into()),
        ("span as an object", |d| {
            d[0]["span"] = serde_json::json!({"start": 0, "end": 3});
        }),
        ("side red", |d| {
            d[0]["turns"][0]["number"]["side"] = "red".into()
        }),
        ("result 2-0", |d| d[0]["result"] = "2-0".into()),
    ];
    for (what, mutate) in broken {
        let mut doc = valid.clone();
        mutate(&mut doc);
        assert!(!schema::validate(&doc).is_empty(), "schema accepted {what}");
    }
    let mut doc = valid.clone();
    if let Some(map) = doc[0].as_object_mut() {
        map.remove("turns");
    }
    assert!(
        !schema::validate(&doc).is_empty(),
        "schema accepted a game without turns"
    );
}

// ---------------------------------------------------------------------------------------------
// Generated records

fn arb_square() -> impl Strategy<Value = Square> {
    (0u32..64).prop_map(Square::new)
}

fn arb_role() -> impl Strategy<Value = Role> {
    prop::sample::select(Role::ALL.to_vec())
}

fn arb_span() -> impl Strategy<Value = Span> {
    (0usize..5000, 0usize..50).prop_map(|(start, len)| Span::new(start, start + len))
}

/// A SAN move as the reader gives it: whatever its canonical text reads back as.
fn arb_san() -> impl Strategy<Value = SanMove> {
    let normal = (
        arb_role(),
        prop::option::of((0u32..8).prop_map(File::new)),
        prop::option::of((0u32..8).prop_map(Rank::new)),
        any::<bool>(),
        arb_square(),
        prop::option::of(prop::sample::select(vec![
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ])),
    )
        .prop_map(
            |(role, file, rank, capture, to, promotion)| SanMove::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion: promotion.filter(|_| role == Role::Pawn),
            },
        );
    prop_oneof![
        8 => normal,
        1 => prop::sample::select(vec![CastlingSide::KingSide, CastlingSide::QueenSide])
            .prop_map(SanMove::Castle),
    ]
    .prop_map(|mv| mv.to_string().parse().unwrap_or(mv))
}

fn arb_action() -> impl Strategy<Value = Action> {
    let kind = prop_oneof![
        6 => arb_san().prop_map(ActionKind::San),
        1 => (
            arb_square(),
            arb_square(),
            prop::option::of(prop::sample::select(vec![Role::Queen, Role::Knight]))
        )
            .prop_map(|(from, to, promotion)| ActionKind::Uci(UciMove { from, to, promotion })),
        1 => (prop::option::of(arb_role()), arb_square())
            .prop_map(|(role, square)| ActionKind::Sacrifice { role, square }),
        1 => (arb_role(), arb_square())
            .prop_map(|(role, square)| ActionKind::Resurrection { role, square }),
        1 => Just(ActionKind::Nothing {}),
    ];
    (
        kind,
        prop::option::of(prop::sample::select(vec![Check::Check, Check::Mate])),
        prop::option::of(prop::sample::select(Glyph::ALL.to_vec())),
        arb_span(),
    )
        .prop_map(|(kind, check, glyph, span)| Action {
            kind,
            check,
            glyph,
            span,
        })
}

/// Comment text: words, braces, semicolons, line breaks, quotes, non-ASCII.
fn arb_text() -> impl Strategy<Value = String> {
    "[a-zé0-9 {};\n\r\"\\\\%()$.-]{0,16}"
}

fn arb_note() -> impl Strategy<Value = Item> {
    prop_oneof![
        3 => (arb_text(), arb_span())
            .prop_map(|(text, span)| Item::Comment(Comment { text, span })),
        1 => any::<u8>().prop_map(|nag| Item::Nag(Nag { nag, span: Span::default() })),
    ]
}

/// Faces: 0 none, 1 on every turn, 2 on some turns.
fn arb_turns(depth: u32, faces: u8) -> BoxedStrategy<Vec<Turn>> {
    let item = if depth == 0 {
        prop_oneof![4 => arb_action().prop_map(Item::Action), 1 => arb_note()].boxed()
    } else {
        prop_oneof![
            8 => arb_action().prop_map(Item::Action),
            2 => arb_note(),
            1 => (prop::collection::vec(arb_note(), 0..2), arb_turns(depth - 1, faces))
                .prop_map(|(preamble, turns)| Item::Variation(Variation {
                    preamble,
                    turns,
                    span: Span::default(),
                })),
        ]
        .boxed()
    };
    let one = (
        prop::collection::vec(item, 0..4),
        1u8..=6,
        any::<bool>(),
        any::<bool>(),
    );
    (prop::collection::vec(one, 0..12), 1u32..40, any::<bool>())
        .prop_map(move |(turns, first, black_first)| {
            let mut number = MoveNumber {
                number: first,
                side: if black_first {
                    Side::Black
                } else {
                    Side::White
                },
            };
            let mut out = Vec::with_capacity(turns.len());
            for (items, value, has_face, skip) in turns {
                let face = match faces {
                    1 => true,
                    2 => has_face,
                    _ => false,
                }
                .then_some(DieFace {
                    value,
                    span: Span::default(),
                });
                out.push(Turn {
                    number,
                    face,
                    items,
                    span: Span::default(),
                });
                // Now and then a number that does not follow.
                number = if skip && has_face {
                    number.next().next().next()
                } else {
                    number.next()
                };
            }
            out
        })
        .boxed()
}

fn arb_tags() -> impl Strategy<Value = Vec<Tag>> {
    let name = prop_oneof![
        3 => prop::sample::select(vec![
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp",
            "FEN", "ECO", "Annotator", "PlyCount", "Termination",
        ])
        .prop_map(str::to_owned),
        1 => "[A-Z][A-Za-z0-9_]{0,8}",
    ];
    let value = prop_oneof![
        1 => prop::sample::select(vec!["Sade", "Marseillais", "Standard", "Marseillais Classical"])
            .prop_map(str::to_owned),
        3 => "[ -~é]{0,20}",
    ];
    prop::collection::vec(
        (name, value, arb_span()).prop_map(|(name, value, span)| Tag { name, value, span }),
        0..10,
    )
}

fn arb_game() -> impl Strategy<Value = Game> {
    (0u8..3).prop_flat_map(|faces| {
        (
            arb_tags(),
            prop::collection::vec(arb_note(), 0..3),
            arb_turns(2, faces),
            prop::option::of(prop::sample::select(vec![
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
                GameResult::Unknown,
            ])),
            arb_span(),
        )
            .prop_map(|(tags, preamble, turns, result, span)| Game {
                tags,
                preamble,
                turns,
                result,
                span,
            })
    })
}

/// How the reader groups actions into turns (see `parse::movetext`): one move a turn in games
/// without die faces other than Sade and Marseillais, otherwise whatever a number or face opens.
fn one_move_turns(g: &Game) -> bool {
    fn any_face(turns: &[Turn]) -> bool {
        turns.iter().any(|t| {
            t.face.is_some()
                || t.items
                    .iter()
                    .any(|i| matches!(i, Item::Variation(v) if any_face(&v.turns)))
        })
    }
    let faces = any_face(&g.turns);
    !faces
        && !matches!(
            sade_ref::record::VariantName::from_tag(g.tag("Variant"), faces),
            sade_ref::record::VariantName::Sade
                | sade_ref::record::VariantName::Marseillais
                | sade_ref::record::VariantName::MarseillaisClassical
        )
}

/// Makes a generated record one the reader can give: every turn has an action (one only where a
/// turn is one move), a variation follows an action and is not empty.
fn readable(mut g: Game) -> Game {
    fn fit(turns: &mut [Turn], one_move: bool) {
        for turn in turns.iter_mut() {
            let mut seen_action = false;
            let mut items = Vec::with_capacity(turn.items.len() + 1);
            for item in std::mem::take(&mut turn.items) {
                match item {
                    Item::Action(_) if one_move && seen_action => {}
                    Item::Action(_) => {
                        seen_action = true;
                        items.push(item);
                    }
                    Item::Variation(mut v) if seen_action => {
                        fit(&mut v.turns, one_move);
                        if !v.turns.is_empty() || !v.preamble.is_empty() {
                            items.push(Item::Variation(v));
                        }
                    }
                    Item::Variation(_) => {}
                    note => items.push(note),
                }
            }
            if !seen_action {
                items.push(action(ActionKind::Nothing {}));
            }
            turn.items = items;
        }
    }
    let one_move = one_move_turns(&g);
    fit(&mut g.turns, one_move);
    // Dropping a variation may drop the only die face: then turns are one move after all.
    if one_move_turns(&g) {
        fit(&mut g.turns, true);
    }
    g
}

proptest! {
    // No regression files: integration tests have no src/ for proptest to put them beside.
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_records_round_trip_through_json_exactly(
        games in prop::collection::vec(arb_game(), 1..3)
    ) {
        let text = json::to_json(&games);
        let back = json::from_json(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back, &games);
        prop_assert_eq!(json::to_json(&back), text.clone(), "spans or field order changed");
        let lines = json::from_json(&json::to_json_lines(&games))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&lines, &games);
        let errors = schema::validate(&json_value(&text));
        prop_assert!(errors.is_empty(), "{:?}", errors);
    }

    #[test]
    fn generated_records_are_written_within_80_columns_as_a_fixed_point(g in arb_game()) {
        check_writer(&g);
        let text = sdn::to_sdn(&g);
        for line in text.lines() {
            // Tokens here are at most 20 characters, tag lines at most 56.
            prop_assert!(line.chars().count() <= 80, "{:?}", line);
        }
    }

    #[test]
    fn generated_records_read_back_as_their_normal_form(
        games in prop::collection::vec(arb_game(), 1..3)
    ) {
        let games: Vec<Game> = games.into_iter().map(readable).collect();
        let text = sdn::games_to_sdn(&games);
        let read: Vec<_> = parse_str(&text)
            .into_iter()
            .map(|r| r.map_err(|e| format!("{e}")))
            .collect();
        let normal: Vec<_> = games.iter().map(|g| Ok(sdn::normalize(g))).collect();
        prop_assert_eq!(read, normal, "reading back:\n{}", text);
    }
}

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
            .map(|r| r.map_err(|e| format!("{e}")))
            .collect();
        assert_eq!(
            read,
            vec![Ok(sdn::normalize(&g))],
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
    let data = crate::support::shared_data().expect("../shared/data beside the checkout");
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
