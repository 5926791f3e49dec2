//! The arbiter's commands through the real binary: `options`, `show` (text and `--svg`),
//! `report`; transcripts snapshotted.

use std::process::Command;

use sade_ref::arbiter::locate::sade_state_before;
use sade_ref::parse::parse_str;
use sade_ref::rules::sade;

use crate::support::root;

const DISPUTED: &str = "corpus/rules/sade/own_pieces_midgame_while_enemy_possible.sdn";

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn transcript(args: &[&str]) -> String {
    let (stdout, stderr, code) = run(args);
    format!(
        "$ sade-ref {}\nexit code: {code}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" ")
    )
}

#[test]
fn options_answers_could_black_have_played_an_enemy_piece() {
    let args = [
        "options", "--game", DISPUTED, "--turn", "5b", "--limit", "4",
    ];
    let (stdout, _, code) = run(&args);
    assert_eq!(code, 0);
    assert!(stdout.contains("mode: the opponent's pieces (White's) (Art. 12.1)"));
    insta::assert_snapshot!(transcript(&args));
}

#[test]
fn options_json_counts_what_the_search_finds() {
    for turn in ["3w", "3.", "4...", "5b"] {
        let (stdout, stderr, code) = run(&[
            "options",
            "--game",
            DISPUTED,
            "--turn",
            turn,
            "--count-only",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{stderr}");
        let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        let game = parse_str(&std::fs::read_to_string(root().join(DISPUTED)).unwrap())
            .remove(0)
            .unwrap();
        let index = game
            .turns
            .iter()
            .position(|t| {
                let name: sade_ref::arbiter::locate::TurnName = turn.parse().unwrap();
                t.number == name.0
            })
            .unwrap();
        let state = sade_state_before(&game, index).unwrap();
        let face = game.turns[index].face.unwrap().value;
        let search = sade::fulfilments(&state, face).unwrap().len();
        assert_eq!(json["count"], search, "turn {turn}");
        assert_eq!(json["options"].as_array().unwrap().len(), 0);
    }
}

#[test]
fn options_for_the_other_games_and_for_none() {
    insta::assert_snapshot!(transcript(&[
        "options",
        "--variant",
        "marseillais",
        "--fen",
        "4k3/8/8/8/8/8/8/4K2Q w - - 0 1",
        "--limit",
        "3",
    ]));
    let (stdout, _, code) = run(&[
        "options",
        "--variant",
        "standard",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
    ]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("Qg7# {ends: White wins, checkmate}"),
        "{stdout}"
    );
    assert!(stdout.contains("{ends: draw, stalemate}"), "{stdout}");
    // Face 5 with nothing in the pool: `--`, the turn passes (Art. 7).
    let (stdout, _, _) = run(&[
        "options",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--face",
        "5",
    ]);
    // One fulfilment, and it is `--`: said on one line, not "1 fulfilment" then "none:".
    assert!(
        stdout.ends_with(
            "--\n1 fulfilment, `--`: nothing to resurrect on face 5 (Black's pool holds no \
             queen, rook, bishop or knight): the turn passes (Art. 7)\n"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("none:"), "{stdout}");
}

/// A game that is over is an answer in every variant: no option, a "none" with the
/// consequence and the Article, exit code 0.
#[test]
fn a_game_that_is_over_is_a_none_answer_in_every_variant() {
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "--variant",
                "standard",
                "--fen",
                "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            ],
            "none: Black is checkmated: White wins (FIDE 5.1.1)",
        ),
        (
            &[
                "--variant",
                "standard",
                "--fen",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            ],
            "none: Black is stalemated: the game is drawn (FIDE 5.2.1)",
        ),
        (
            &[
                "--variant",
                "marseillais",
                "--fen",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            ],
            "none: Black has no full turn: stalemate, the game is drawn (M3)",
        ),
        (
            &["--fen", "4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "--face", "3"],
            "none: Black has the king alone: Black has already won by Nakedness, before any \
             roll (Art. 9.3)",
        ),
        (
            &[
                "--game",
                "corpus/rules/sade/r17_naked_in_the_start_position.sdn",
                "--turn",
                "1.",
            ],
            "none: the game is already over: Black won by Nakedness, in the start position; no \
             turn follows (Art. 9.3)",
        ),
        (
            &[
                "--game",
                "corpus/rules/sade/face1_self_mate.sdn",
                "--turn",
                "1b",
            ],
            "none: the game is already over:",
        ),
    ];
    for (args, says) in cases {
        let args = [&["options"], args].concat();
        let (stdout, stderr, code) = run(&args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(stdout.contains(says), "{args:?}:\n{stdout}");
        assert!(stdout.contains("\n0 "), "{args:?}: no option\n{stdout}");
        let (json, _, code) = run(&[&args[..], &["--format", "json"]].concat());
        assert_eq!(code, 0, "{args:?}");
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(json["count"], 0, "{args:?}");
        assert_eq!(
            crate::arbiter::options::options_schema_errors(&json),
            Vec::<String>::new()
        );
        assert!(json["none"]["ends"]["termination"].is_string(), "{args:?}");
    }
}

/// `--face` with a game that has no die is refused, never ignored.
#[test]
fn a_face_for_a_game_without_a_die_is_refused() {
    for args in [
        &[
            "--variant",
            "standard",
            "--fen",
            "7k/8/6K1/8/8/8/8/7R w - - 0 1",
            "--face",
            "3",
        ][..],
        &[
            "--variant",
            "marseillais",
            "--fen",
            "7k/8/6K1/8/8/8/8/7R w - - 0 1",
            "--face",
            "1",
        ],
        &[
            "--game",
            "corpus/valid/standard_game.pgn",
            "--turn",
            "2w",
            "--face",
            "2",
        ],
    ] {
        let (stdout, stderr, code) = run(&[&["options"], args].concat());
        let refused = stderr.ends_with("game has no die; --face is for a Sade position\n");
        assert_eq!(
            (stdout.as_str(), code, refused),
            ("", 2, true),
            "{args:?}: {stderr}"
        );
    }
}

/// R18: in `1. 3: … 3... 4: …` the second turn is labelled 3... and counted 1...: `show` takes
/// either name, and a turn the record does not have is named as the record labels its turns.
#[test]
fn show_takes_a_turn_by_its_label_or_by_the_referees_count() {
    let file = "corpus/rules/sade/r18_label_is_a_note.sdn";
    let (by_label, _, code) = run(&["show", file, "--turn", "3..."]);
    assert_eq!(code, 0);
    assert!(by_label.starts_with("Sade game, turn 3... (Black, die face 4)"));
    let (by_count, _, code) = run(&["show", file, "--turn", "1b"]);
    assert_eq!((by_count.as_str(), code), (by_label.as_str(), 0));
    let (_, stderr, code) = run(&["show", file, "--turn", "9w"]);
    assert_eq!(code, 2);
    assert!(
        stderr.ends_with(
            "the record has no turn 9.: its turns are labelled from 1. to 3..., which the \
             referee counts as 1. to 1... (R18)\n"
        ),
        "{stderr}"
    );
}

#[test]
fn options_and_show_say_what_is_wrong_with_the_request() {
    insta::assert_snapshot!(transcript(&["options", "--game", DISPUTED, "--turn", "9w"]));
    insta::assert_snapshot!(transcript(&["options", "--game", DISPUTED, "--turn", "6b"]));
    let (_, stderr, code) = run(&["show", DISPUTED, "--turn", "twelve"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not a turn"), "{stderr}");
}

#[test]
fn show_prints_the_turn_with_boards_pools_actions_and_verdict() {
    insta::assert_snapshot!(transcript(&["show", DISPUTED, "--turn", "5..."]));
}

fn svg_of(file: &str, turn: &str) -> String {
    let (stdout, stderr, code) = run(&["show", file, "--turn", turn, "--svg", "-"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("<svg") && stdout.trim_end().ends_with("</svg>"));
    stdout
}

#[test]
fn the_svg_numbers_the_actions_and_marks_what_they_are() {
    // Turn 3.: White plays three of Black's pieces: three dashed arrows in the opponent's colour.
    let svg = svg_of(DISPUTED, "3w");
    assert_eq!(svg.matches("class=\"arrow\"").count(), 3);
    assert_eq!(svg.matches("stroke-dasharray=\"22 12\"").count(), 3);
    for n in 1..=3 {
        assert!(svg.contains(&format!(">{n}</text>")), "label {n}");
    }
    // Turn 1.: a sacrifice (-Nb1) and White's own move (e4), solid.
    let svg = svg_of(DISPUTED, "1w");
    assert_eq!(svg.matches("class=\"sacrifice\"").count(), 1);
    assert_eq!(svg.matches("class=\"arrow\"").count(), 1);
    assert!(!svg.contains("stroke-dasharray=\"22 12\""));
    // Turn 5...: the illegal action in red.
    let svg = svg_of(DISPUTED, "5b");
    assert!(svg.contains("class=\"unplayed\" cx=\"690\""), "g5 ringed");
    assert!(svg.contains("stroke=\"#d50000\""));
    // A resurrection is a drop onto its square (sade_05, 3. 5: R@f8).
    let svg = svg_of("corpus/games/sade_05.sdn", "3w");
    assert_eq!(svg.matches("class=\"drop\"").count(), 1);
}

#[test]
fn report_writes_one_self_contained_page() {
    let dir = root().join("target").join("report-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("game.html");
    let (_, stderr, code) = run(&["report", DISPUTED, "-o", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    // Nothing is fetched: no external script, style, image or link.
    for outside in ["src=\"", "http://", "https://", "<link", "url(http"] {
        let allowed = html.matches("http://www.w3.org/2000/svg").count();
        let found = html.matches(outside).count();
        let found = if outside == "http://" {
            found - allowed
        } else {
            found
        };
        assert_eq!(found, 0, "{outside} in the page");
    }
    assert!(html.contains("Art. 12.2"), "the verdict is on the page");
}

/// The README's `console` blocks show what the commands print (standard output, then standard
/// error), so the arbiter's path there stays true.
#[test]
fn the_readme_shows_what_the_commands_print() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = block.split("```").next().unwrap_or_default();
        let (command, shown) = block.split_once('\n').unwrap_or((block, ""));
        let args: Vec<&str> = command
            .strip_prefix("$ sade-ref ")
            .expect("a console block starts with `$ sade-ref`")
            .split_whitespace()
            .collect();
        let (stdout, stderr, _) = run(&args);
        assert_eq!(
            format!("{stdout}{stderr}").trim_end(),
            shown.trim_end(),
            "README: {command}"
        );
        checked += 1;
    }
    assert!(checked >= 2, "{checked} console blocks");
}
