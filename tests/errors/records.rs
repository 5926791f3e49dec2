//! `spec/ERRORS.md`, the rows about records that must come through whole: a bad line of JSON
//! Lines, JSON outside the schema, a comment after the result token, compressed JSON, and the
//! numbers and options that are refused rather than wrapped or ignored. Each row makes its input
//! in a fresh temporary folder and runs the real binary (see `table`).

use std::io::Write;

use crate::errors::table::{row, run, scratch};

/// A JSON record of one Standard game, Event `name`, `1. e4`.
fn record(name: &str) -> String {
    format!(
        "{{\"tags\": [{{\"name\": \"Event\", \"value\": \"{name}\"}}], \"turns\": [{{\"number\": \
         {{\"number\": 1, \"side\": \"white\"}}, \"items\": [{{\"type\": \"action\", \"san\": \
         \"e4\"}}]}}], \"result\": \"*\"}}"
    )
}

/// Eight lines of JSON Lines, the second of them garbage.
fn eight_lines() -> String {
    let mut text = String::new();
    for i in 1..=8 {
        if i == 2 {
            text.push_str("garbage, not a record\n");
        } else {
            text.push_str(&record(&format!("g{i}")));
            text.push('\n');
        }
    }
    text
}

#[test]
fn a_bad_line_in_json_lines() {
    let out = row(
        "jsonl-line",
        "g.jsonl",
        eight_lines().as_bytes(),
        &["verify", "g.jsonl"],
        "g.jsonl:2:1: error: not JSON: expected value",
        1,
    );
    // Every line is a game: the bad one is reported as game #2, and the six after it are read.
    assert_eq!(out.stdout.lines().count(), 8, "{}", out.stdout);
    assert!(out.stdout.contains("g.jsonl #2: invalid"), "{}", out.stdout);
    assert!(out.stdout.contains("g.jsonl #8 ?–?: *"), "{}", out.stdout);
}

#[test]
fn a_bad_line_in_json_lines_converted() {
    let out = row(
        "jsonl-convert",
        "g.jsonl",
        eight_lines().as_bytes(),
        &["convert", "g.jsonl", "--to", "sdn"],
        "g.jsonl:2:1: error: not JSON: expected value",
        1,
    );
    // `.jsonl` is read as JSON, and the seven good records are written.
    assert_eq!(
        out.stdout.matches("[Event \"g").count(),
        7,
        "{}",
        out.stdout
    );
}

#[test]
fn a_json_action_with_both_san_and_uci() {
    let text = record("both").replace("\"san\": \"e4\"", "\"san\": \"e4\", \"uci\": \"d2d4\"");
    row(
        "json-san-uci",
        "b.json",
        text.as_bytes(),
        &["verify", "b.json"],
        "b.json:1:",
        1,
    );
    let out = row(
        "json-san-uci-2",
        "b.json",
        text.as_bytes(),
        &["convert", "b.json", "--to", "sdn"],
        "/0/turns/0/items/0: an action is one thing: this one has both san and uci",
        1,
    );
    assert!(
        out.stdout.trim().is_empty(),
        "nothing played: {}",
        out.stdout
    );
}

#[test]
fn a_json_field_the_schema_does_not_name() {
    let text = record("x").replace(
        "\"type\": \"action\",",
        "\"type\": \"action\", \"to\": \"e5\",",
    );
    row(
        "json-unknown-field",
        "f.json",
        text.as_bytes(),
        &["verify", "f.json"],
        "/0/turns/0/items/0: `to` is not a field here (spec/sdn.schema.json)",
        1,
    );
}

#[test]
fn a_comment_after_the_result_token() {
    let out = row(
        "comment-after-result",
        "c.pgn",
        b"1. e4 e5 1-0 {after result}\n",
        &["verify", "c.pgn"],
        "c.pgn #1",
        0,
    );
    assert_eq!(
        out.stdout.lines().count(),
        1,
        "no phantom game: {}",
        out.stdout
    );
    let dir = scratch("comment-after-result-convert");
    std::fs::write(dir.join("c.pgn"), b"1. e4 e5 1-0 {after result}\n").unwrap();
    let out = run(&dir, &["convert", "c.pgn", "--to", "sdn"], b"");
    assert!(
        out.stdout.contains("1. e4 e5 {after result} 1-0"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_compressed_json_record() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(
        eight_lines()
            .replace("garbage, not a record", &record("g2"))
            .as_bytes(),
    )
    .unwrap();
    let bytes = gz.finish().unwrap();
    let out = row(
        "json-gz",
        "g.jsonl.gz",
        &bytes,
        &["verify", "g.jsonl.gz"],
        "g.jsonl.gz #8 ?–?: *",
        0,
    );
    assert_eq!(out.stdout.lines().count(), 8, "{}", out.stdout);
}

#[test]
fn too_many_jobs() {
    row(
        "jobs",
        "g.sdn",
        b"1. e4 *\n",
        &["verify", "g.sdn", "--jobs", "100000"],
        "100000 jobs: give 1 to 256",
        2,
    );
}

#[test]
fn game_number_zero() {
    row(
        "first-game-0",
        "g.sdn",
        b"1. e4 *\n",
        &["verify", "g.sdn", "--first-game", "0"],
        "0 is not a game number: give 1 to 9007199254740991",
        2,
    );
}

#[test]
fn numbers_near_the_largest() {
    for (option, what) in [("--first-game", "game"), ("--first-line", "line")] {
        row(
            "near-max",
            "g.sdn",
            b"1. e4 *\n",
            &["verify", "g.sdn", option, "18446744073709551615"],
            &format!("18446744073709551615 is not a {what} number: give 1 to 9007199254740991"),
            2,
        );
    }
    // The largest accepted numbers the game and its lines as given, not wrapped.
    let out = row(
        "largest",
        "g.sdn",
        b"1. e4 *\n",
        &[
            "verify",
            "g.sdn",
            "--first-game",
            "9007199254740991",
            "--format",
            "json",
        ],
        "\"game\":9007199254740991",
        0,
    );
    assert_eq!(out.stdout.lines().count(), 1);
}

#[test]
fn annotate_with_sdn_output() {
    row(
        "annotate-sdn",
        "g.sdn",
        b"1. e4 *\n",
        &["convert", "g.sdn", "--to", "sdn", "--annotate"],
        "--annotate writes what the referee resolved into JSON; SDN has no place for it",
        2,
    );
}

/// R14: a true `--` on face 5 (nothing to return) moves no piece, so its resolution names none
/// (it read `"role": "king"` before).
#[test]
fn a_nothing_action_is_annotated_without_a_piece() {
    let dir = scratch("annotate-nothing");
    let out = run(
        &dir,
        &[
            "convert",
            &crate::support::root()
                .join("corpus/rules/sade/face5_nothing_empty_pool.sdn")
                .to_string_lossy(),
            "--to",
            "json",
            "--annotate",
        ],
        b"",
    );
    let games: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let items = &games[0]["turns"][0]["items"];
    let nothing = items
        .as_array()
        .and_then(|items| items.iter().find(|i| i.get("nothing").is_some()))
        .expect("the `--` of turn 1.");
    assert_eq!(nothing["kind"], "nothing");
    assert!(nothing["resolved"]["role"].is_null(), "{nothing}");
}
