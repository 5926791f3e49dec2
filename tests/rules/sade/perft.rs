//! Sade perft and the `perft` command.
//!
//! The Sade counts are pinned on two small positions counted by hand from the rules (seeds/000)
//! face by face; the command's standard counts are the known ones (20, 400, 8902 from the
//! initial position).

use sade_ref::record::Variant;
use sade_ref::rules::PositionError;
use sade_ref::rules::perft::{PerftError, Root};

use crate::support::run_binary;

fn sade(fen: &str) -> Root {
    Root::new(Variant::Sade, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// White: Kh1, Pa2; Black: Kh8, Pb7; nothing captured. White rolls.
const LONE_PAWNS: &str = "7k/1p6/8/8/8/8/P7/7K[] w - - 0 1";

/// White: Kh1, Rg1, Pa2; Black: Kc8, Pa7, Pb7, Pf7; nothing captured. White rolls.
const ROOK_AND_PAWNS: &str = "2k5/pp3p2/8/8/8/8/P7/6RK[] w - - 0 1";

/// The fulfilments of each face at depth 1, from the divide's branch names (`face: ...`).
fn per_face(root: &Root) -> [u64; 6] {
    let mut faces = [0; 6];
    for branch in root.divide(1).expect("a count") {
        let face: usize = branch.name[..1].parse().expect("a face");
        faces[face - 1] += branch.leaves;
    }
    faces
}

#[test]
fn lone_pawns_counted_by_hand() {
    // 1: Black's pawn b6 or b5 (never Black's king, Art. 14): 2.
    // 2: Black has one piece to play, not two: White plays two of his own (Art. 12.1), the
    //    pawn (a3, a4) and the king (g1, g2, h2), in either order: 2 x 3 x 2 = 12.
    // 3: neither side has three pieces to play: Poverty of the Flesh, one leaf.
    // 4: the only piece to sacrifice is the pawn, and White is left naked (Art. 9.3): 1.
    // 5: nothing captured, nothing comes back: `--`, 1.
    // 6: nothing stands next to the king: one regular move, a3 a4 Kg1 Kg2 Kh2 (Art. 8.7): 5.
    let root = sade(LONE_PAWNS);
    assert_eq!(per_face(&root), [2, 12, 1, 1, 1, 5]);
    assert_eq!(root.perft(1), Ok(22));
}

#[test]
fn rook_and_pawns_counted_by_hand() {
    // 1: one of Black's three pawns, one or two squares: 6.
    // 2: two different pawns in order, two moves each: 3 x 2 x 2 x 2 = 24.
    // 3: the three pawns in any order: 3! x 2 x 2 x 2 = 48.
    // 4: sacrifice the rook, then a3 a4 Kg1 Kg2 Kh2 (5); or the pawn, then the rook along the
    //    first rank a1-f1 but c1 (a check that is no mate is forbidden) and up the g-file
    //    g2-g7 but g8 (check along the eighth rank), 11, or Kg2 Kh2: 18.
    // 5: `--`, 1.
    // 6: the rook next to the king leaves for a square not next to it: a1-f1 but c1, g3-g7
    //    (g2 is next to the king, g8 gives check): 10.
    let root = sade(ROOK_AND_PAWNS);
    assert_eq!(per_face(&root), [6, 24, 48, 18, 1, 10]);
    assert_eq!(root.perft(1), Ok(107));
}

#[test]
fn a_turn_that_ends_the_game_is_one_leaf_at_any_depth() {
    let root = sade(LONE_PAWNS);
    let branches = root.divide(2).expect("a count");
    let leaves = |name: &str| {
        branches
            .iter()
            .find(|b| b.name == name)
            .unwrap_or_else(|| panic!("no branch {name}: {branches:?}"))
            .leaves
    };
    // Poverty of the Flesh on face 3; nakedness by the sacrifice on face 4.
    assert_eq!(leaves("3: no fulfilment"), 1);
    assert_eq!(leaves("4: -a2"), 1);
    // After 5: `--` Black rolls in the same position with the colours swapped: 22 again.
    assert_eq!(leaves("5: --"), 22);
    let total: u64 = branches.iter().map(|b| b.leaves).sum();
    assert_eq!(root.perft(2), Ok(total));
}

fn perft(args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    run_binary(&all)
}

#[test]
fn the_command_counts_standard_plies() {
    for (depth, nodes) in [("1", 20), ("2", 400), ("3", 8902)] {
        let (out, err, code) = perft(&["--variant", "standard", "--depth", depth]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, format!("Nodes searched: {nodes}\n"));
    }
}

#[test]
fn divide_writes_one_line_a_branch_then_the_total() {
    let (out, err, code) = perft(&["--variant", "standard", "--depth", "2", "--divide"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22, "{out}");
    assert!(lines.contains(&"e2e4: 20"), "{out}");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    let (out, err, code) = perft(&[
        "--variant",
        "sade",
        "--depth",
        "1",
        "--divide",
        "--fen",
        LONE_PAWNS,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(json["leaves"], 22);
    assert_eq!(json["variant"], "Sade");
    assert_eq!(json["divide"].as_array().map(Vec::len), Some(22));
    assert_eq!(json["divide"][0]["branch"], "1: b6");
}

#[test]
fn a_fen_that_cannot_start_a_game_is_refused_in_words() {
    let (out, err, code) = perft(&["--variant", "sade", "--depth", "1", "--fen", "8/8 w"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("sade-ref: perft: --fen `8/8 w` is not a position"),
        "{err}"
    );
    // White's king is in check between turns: R1.
    let (_, err, code) = perft(&[
        "--variant",
        "sade",
        "--depth",
        "1",
        "--fen",
        "4k3/8/8/8/8/8/4r3/4K3[] w - - 0 1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start a Sade game"), "{err}");
    assert!(err.contains("White's king is in check"), "{err}");
    let (_, err, code) = perft(&["--variant", "standard", "--depth", "21"]);
    assert_eq!(code, 2);
    assert!(err.contains("21 is not a depth: give 0 to 20"), "{err}");
}

/// `perft --format json` for every game, with and without --divide and at depth 0, against the
/// published spec/perft.schema.json.
#[test]
fn the_json_answer_follows_its_published_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../../spec/perft.schema.json")).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("perft.schema.json is a schema");
    let runs: &[&[&str]] = &[
        &["--variant", "standard", "--depth", "2", "--divide"],
        &["--variant", "standard", "--depth", "0", "--divide"],
        &["--variant", "marseillais-classical", "--depth", "1"],
        &["--variant", "marseillais", "--depth", "1", "--divide"],
        &["--variant", "sade", "--depth", "2", "--fen", LONE_PAWNS],
        &[
            "--variant",
            "sade",
            "--depth",
            "1",
            "--divide",
            "--fen",
            LONE_PAWNS,
        ],
    ];
    for run in runs {
        let mut args = run.to_vec();
        args.extend(["--format", "json"]);
        let (out, err, code) = perft(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON line");
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{args:?}: {errors:?}\n{out}");
        assert_eq!(json.get("divide").is_some(), args.contains(&"--divide"));
    }
    // The schema refuses what the command must never write.
    let wrong = serde_json::json!({"variant": "Sade", "fen": null, "depth": 1, "leaves": -1});
    assert!(!validator.is_valid(&wrong));
}

/// A reader that stops early (`perft … | head`) closes the pipe: the command ends quietly, as
/// `verify` and `convert` do, and never panics on the closed output.
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["perft", "--variant", "standard", "--depth", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the binary ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn a_position_with_a_bare_king_is_refused_as_over() {
    let err = Root::new(Variant::Sade, Some("7k/8/8/8/8/8/P7/7K[] w - - 0 1")).unwrap_err();
    assert_eq!(err, PerftError::Over(shakmaty::Color::Black));
    assert_eq!(
        err.to_string(),
        "the game is over in this position: Black has nothing but the king (Art. 9.3)"
    );
    assert!(matches!(
        Root::new(Variant::Marseillais, Some("not a fen")),
        Err(PerftError::MarseillaisStart(PositionError::NotAFen { .. }))
    ));
}
