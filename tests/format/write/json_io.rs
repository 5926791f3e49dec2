//! JSON both ways, lossless, and valid against spec/sdn.schema.json.

#[allow(unused_imports)]
use super::*;

// ---------------------------------------------------------------------------------------------
// JSON

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
        ("unknown game field", |d| d[0]["verdicts"] = "valid".into()),
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

#[test]
fn m1_the_unnumbered_mark_is_read_only_where_sdn_can_leave_the_number_out() {
    let record = |variant: &str, marked: usize| {
        let turns: Vec<String> = ["e4", "e5"]
            .iter()
            .enumerate()
            .map(|(i, san)| {
                let mark = if i == marked { r#""unnumbered": true, "# } else { "" };
                let side = if i == 0 { "white" } else { "black" };
                format!(
                    r#"{{"number": {{"number": 1, "side": "{side}"}}, {mark}"items": [{{"type": "action", "san": "{san}"}}]}}"#
                )
            })
            .collect();
        format!(
            r#"{{"tags": [{{"name": "Variant", "value": "{variant}"}}], "turns": [{}]}}"#,
            turns.join(", ")
        )
    };
    // The first turn of a Marseillais record: moves written without numbers (M1), written so.
    let games = json::from_json(&record("Marseillais", 0)).expect("a Marseillais record");
    assert!(games[0].turns[0].unnumbered);
    assert!(sdn::to_sdn(&games[0]).ends_with("\n\ne4 1... e5\n"));
    // Anywhere else SDN would write the number, and the moves would be one turn: refused.
    let err = json::from_json(&record("Marseillais", 1)).expect_err("a later turn");
    assert_eq!(err.pointer(), Some("/0/turns/1/unnumbered"));
    let err = json::from_json(&record("Standard", 0)).expect_err("a Standard record");
    assert_eq!(err.pointer(), Some("/0/turns/0/unnumbered"));
    assert!(err.to_string().contains("Marseillais"), "{err}");
}
