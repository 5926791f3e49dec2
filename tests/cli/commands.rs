//! The real binary: stdout, stderr and exit code, snapshotted.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::root;

/// Runs `sade-ref` with the arguments (and standard input), from the crate root.
fn run(args: &[&str], stdin: Option<&str>) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin takes the input");
    drop(input);
    let out = child.wait_with_output().expect("the binary ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn transcript(args: &[&str], stdin: Option<&str>) -> String {
    let (stdout, stderr, code) = run(args, stdin);
    format!(
        "$ sade-ref {}\nexit code: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    )
}

#[test]
fn convert_to_sdn_writes_the_canonical_form() {
    let (stdout, _, code) = run(
        &["convert", "corpus/valid/example.sdn", "--to", "sdn"],
        None,
    );
    assert_eq!(code, 0);
    assert!(stdout.contains("1. 3: e6 d6"), "{stdout}");
    insta::assert_snapshot!(transcript(
        &["convert", "corpus/valid/example.sdn", "--to", "sdn"],
        None
    ));
}

#[test]
fn convert_sdn_to_json_and_back_is_lossless() {
    let (json, _, code) = run(
        &[
            "convert",
            "corpus/valid/every_construct.sdn",
            "--to",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0);
    let (sdn_from_json, _, code) = run(
        &["convert", "-", "--from", "json", "--to", "sdn"],
        Some(&json),
    );
    assert_eq!(code, 0);
    let (sdn_direct, _, _) = run(
        &["convert", "corpus/valid/every_construct.sdn", "--to", "sdn"],
        None,
    );
    assert_eq!(sdn_from_json, sdn_direct);
    let (json_again, _, _) = run(&["convert", "-", "--to", "json"], Some(&sdn_direct));
    let (sdn_again, _, _) = run(
        &["convert", "-", "--from", "json", "--to", "sdn"],
        Some(&json_again),
    );
    assert_eq!(
        sdn_again, sdn_direct,
        "canonical SDN is a fixed point through JSON"
    );
}

#[test]
fn convert_reports_a_bad_game_and_converts_the_others() {
    let text =
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. 7: e6 *\n\n[Event \"c\"]\n\n1. d4 *\n";
    let (stdout, stderr, code) = run(&["convert", "-", "--to", "sdn"], Some(text));
    assert_eq!(code, 1, "some input had errors");
    assert!(
        stdout.contains("[Event \"a\"]") && stdout.contains("[Event \"c\"]"),
        "{stdout}"
    );
    assert!(
        stderr.contains("-:7:4: error: turn 1. (White), the turn: `7:` is not a die face"),
        "{stderr}"
    );
    insta::assert_snapshot!(transcript(&["convert", "-", "--to", "sdn"], Some(text)));
}

#[test]
fn a_missing_file_means_the_command_could_not_run() {
    let (_, stderr, code) = run(&["convert", "no/such/file.sdn", "--to", "json"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("no/such/file.sdn"), "{stderr}");
}

#[test]
fn bad_flags_mean_the_command_could_not_run() {
    let (_, stderr, code) = run(&["convert", "x.sdn", "--to", "yaml"], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("yaml"), "{stderr}");
}

#[test]
fn every_command_has_help_with_an_example() {
    for args in [
        &["--help"][..],
        &["convert", "--help"],
        &["verify", "--help"],
    ] {
        let (stdout, _, code) = run(args, None);
        assert_eq!(code, 0, "{args:?}");
        assert!(
            stdout.contains("Examples:"),
            "{args:?} has no example:\n{stdout}"
        );
    }
}

#[test]
fn verify_reads_standard_input_and_writes_json_lines() {
    let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let (stdout, _, code) = run(&["verify", "-", "--format", "json"], Some(text));
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is a JSON object"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["game"], i + 1);
        for key in [
            "status",
            "winner",
            "termination",
            "error",
            "dispute",
            "final_fen",
            "turns",
        ] {
            assert!(line.get(key).is_some(), "no {key} in {line}");
        }
    }
    assert_eq!(
        code,
        i32::from(
            lines
                .iter()
                .any(|l| l["status"] == "invalid" || l["dispute"] == true)
        )
    );
}

#[test]
fn convert_adjudicate_writes_the_referees_verdict_and_keeps_the_players_values() {
    let text = "[Variant \"Sade\"]\n[FEN \"7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1\"]\n[Result \"0-1\"]\n\n1. 4: -Nb1 Kd2 0-1\n";
    let (out, err, code) = run(&["convert", "-", "--to", "sdn", "--adjudicate"], Some(text));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(out.contains("[Termination \"nakedness\"]"), "{out}");
    assert!(out.contains("the players wrote: Result \"0-1\""), "{out}");
    // The void move is kept as written: nothing the players wrote is dropped.
    assert!(out.contains("Kd2"), "{out}");
    assert!(out.trim_end().ends_with("1-0"), "{out}");
    // The adjudicated record verifies without a dispute.
    let (verdict, _, code) = run(&["verify", "-"], Some(&out));
    assert_eq!(code, 0, "{verdict}");
}

#[test]
fn verify_json_follows_its_schema_for_a_syntax_error_and_a_rule_error() {
    let text = "[Variant \"Sade\"]\n\n1. 1: Ke7 *\n\n[Variant \"Sade\"]\n\n1. 7: e6 *\n";
    let (out, _, code) = run(&["verify", "-", "--format", "json"], Some(text));
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 2, "{out}");
    for line in &lines {
        assert_eq!(
            crate::format::schemas::verdict_errors(line),
            Vec::<String>::new(),
            "{line}"
        );
    }
    assert_eq!(lines[0]["error"]["kind"], "rule");
    assert_eq!(lines[0]["error"]["code"], "illegal-move");
    assert_eq!(lines[1]["error"]["kind"], "syntax");
}

// --- Conversion never changes a verdict (issue 16) -------------------------------------------

const UNNUMBERED: &str = "corpus/rules/marseillais/m1_unnumbered_moves.sdn";
const UNNUMBERED_MATE: &str = "corpus/rules/marseillais/m1_unnumbered_black_mates_in_turn_4b.sdn";
const NOSPAN: &str = "corpus/rules/marseillais/m8_nospan.json";

/// The JSON line `verify --format json` gives for one game.
fn verify_json(args: &[&str], stdin: Option<&str>) -> serde_json::Value {
    let (out, err, _) = run(args, stdin);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}{err}");
    serde_json::from_str(lines[0]).expect("a JSON line")
}

#[test]
fn m1_moves_written_without_numbers_are_converted_without_numbers_and_keep_their_verdict() {
    for adjudicate in [false, true] {
        let mut args = vec!["convert", UNNUMBERED, "--to", "sdn"];
        if adjudicate {
            args.push("--adjudicate");
        }
        let (out, err, code) = run(&args, None);
        assert_eq!(code, 0, "{err}");
        // As written: one `1.` group would be one turn (M8), and White's first Balanced turn
        // has one move.
        assert!(out.contains("\ne4 e5 Nc6 Nf3 Bc4 Nf6 Bc5 *\n"), "{out}");
        assert!(!out.contains("1. e4"), "{out}");
        let line = verify_json(&["verify", "-", "--format", "json"], Some(&out));
        assert_eq!(line["status"], "unfinished", "{line}");
        assert_eq!(line["turns"], 4, "{line}");
        assert_eq!(line["error"], serde_json::Value::Null, "{line}");
    }
}

#[test]
fn black_mates_in_turn_4b_action_2_of_an_unnumbered_game_and_every_locator_says_so() {
    // An outside engine's test game, played without move numbers (Classical start).
    let (out, _, code) = run(&["verify", UNNUMBERED_MATE], None);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("0-1, Black wins by checkmate (M3), turn 4..., action 2"),
        "{out}"
    );
    let line = verify_json(&["verify", UNNUMBERED_MATE, "--format", "json"], None);
    let ended = &line["ended_at"];
    assert_eq!(
        (
            &ended["turn"],
            &ended["side"],
            &ended["action"],
            &ended["turn_index"]
        ),
        (
            &serde_json::json!("4..."),
            &serde_json::json!("black"),
            &serde_json::json!(2),
            &serde_json::json!(0)
        ),
        "{line}"
    );
    assert_eq!(line["turns"], 8, "{line}");
    // Written back, through JSON too, the game ends at the same place.
    for to in ["sdn", "json"] {
        let (converted, _, _) = run(&["convert", UNNUMBERED_MATE, "--to", to], None);
        let from: &[&str] = if to == "json" {
            &["verify", "-", "--from", "json", "--format", "json"]
        } else {
            &["verify", "-", "--format", "json"]
        };
        assert_eq!(verify_json(from, Some(&converted))["ended_at"], *ended);
    }
}

#[test]
fn an_illegal_move_and_void_moves_in_unnumbered_text_are_named_by_the_turn_the_rules_give_them() {
    // Qh5+ ends White's turn 2 (M2): Nf3 is Black's first move of 2..., not action 5 of `1.`.
    let line = verify_json(
        &["verify", "-", "--format", "json"],
        Some("[Variant \"Marseillais\"]\n\ne4 f5 a6 Qh5+ Nf3 *\n"),
    );
    let error = &line["error"];
    assert_eq!(
        (
            &error["label"],
            &error["side"],
            &error["action"],
            &error["code"]
        ),
        (
            &serde_json::json!("2..."),
            &serde_json::json!("black"),
            &serde_json::json!(1),
            &serde_json::json!("check-ends-turn")
        ),
        "{line}"
    );
    assert_eq!((&error["line"], &error["column"]), (&3.into(), &15.into()));
    // Qh5# ends the game with the first move of White's turn 2; a6 a5 would have been Black's.
    let (out, _, _) = run(
        &["verify", "-"],
        Some("[Variant \"Marseillais\"]\n[Result \"1-0\"]\n\ne4 f6 g5 Qh5# a6 a5 1-0\n"),
    );
    assert!(
        out.contains("1-0, White wins by checkmate (M3), turn 2., action 1"),
        "{out}"
    );
    let line = verify_json(
        &["verify", "-", "--format", "json"],
        Some("[Variant \"Marseillais\"]\n[Result \"1-0\"]\n\ne4 f6 g5 Qh5# a6 a5 1-0\n"),
    );
    let from = &line["void"]["from"];
    assert_eq!(
        (&from["turn"], &from["side"], &from["action"]),
        (
            &serde_json::json!("2..."),
            &serde_json::json!("black"),
            &serde_json::json!(1)
        ),
        "{line}"
    );
}

#[test]
fn a_json_turn_without_spans_is_one_turn_as_the_sdn_it_converts_to() {
    // White's turn 1. holds e4 e5 (no spans, no unnumbered mark): one turn, as `1. e4 e5` is.
    let line = verify_json(&["verify", NOSPAN, "--format", "json"], None);
    assert_eq!(line["status"], "invalid", "{line}");
    assert_eq!(line["error"]["code"], "turn-too-long", "{line}");
    assert_eq!(
        (
            &line["error"]["label"],
            &line["error"]["action"],
            &line["error"]["side"]
        ),
        (
            &serde_json::json!("1."),
            &serde_json::json!(2),
            &serde_json::json!("white")
        ),
        "{line}"
    );
    let (sdn, _, _) = run(&["convert", NOSPAN, "--to", "sdn"], None);
    assert!(sdn.contains("1. e4 e5 *"), "{sdn}");
    let mut again = verify_json(&["verify", "-", "--format", "json"], Some(&sdn));
    let mut expected = line.clone();
    // The same verdict; only the input's name, the players (canonical SDN writes `?` for a
    // missing name) and the error's line and column differ.
    for v in [&mut again, &mut expected] {
        v["file"] = serde_json::Value::Null;
        v["white"] = serde_json::Value::Null;
        v["black"] = serde_json::Value::Null;
        v["error"]["line"] = serde_json::Value::Null;
        v["error"]["column"] = serde_json::Value::Null;
    }
    assert_eq!(again, expected);
}
