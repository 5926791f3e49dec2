//! `analyse`: the judgements on planted mistakes, forced turns never judged, the luck of a
//! roll over its six faces, the annotated record read back by the referee, the JSON against
//! its schema, and the same analysis on every run and with any number of jobs.

use sade_ref::analysis::{Analysis, Judgement, Settings, analyse, annotated};
use sade_ref::record::Game;
use sade_ref::referee::verify;
use sade_ref::write::sdn::to_sdn;

use crate::support::run_binary;

fn game(text: &str) -> Game {
    sade_ref::parse_str(text).remove(0).expect("a record")
}

fn file(path: &str) -> Game {
    let text = std::fs::read_to_string(crate::support::root().join(path)).expect("the file");
    game(&text)
}

/// The first `turns` turns of the game in `path` (the tests run the engine unoptimised).
fn opening(path: &str, turns: usize) -> Game {
    let mut game = file(path);
    game.turns.truncate(turns);
    game.result = None;
    game
}

/// A small budget: the tests run the engine unoptimised.
fn settings(nodes: u64) -> Settings {
    Settings {
        nodes: Some(nodes),
        ..Settings::default()
    }
}

fn analysed(game: &Game, nodes: u64) -> Analysis {
    analyse(game, &settings(nodes)).expect("an analysis")
}

/// The errors of an analysis against spec/analysis.schema.json.
fn schema_errors(analysis: &Analysis) -> Vec<String> {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../spec/analysis.schema.json")).expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("a schema");
    let instance = serde_json::to_value(analysis).expect("JSON");
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn a_move_that_allows_mate_in_one_is_a_blunder() {
    // 2. g4 lets Qh4 mate: the fool's mate.
    let analysis = analysed(&game("1. f3 e5 2. g4 Qh4# 0-1\n"), 5_000);
    let g4 = &analysis.turns[2];
    assert_eq!(g4.played, ["g4"]);
    assert_eq!(g4.judgement, Some(Judgement::Blunder), "{g4:?}");
    assert_eq!(g4.after, 0.0);
    let mate = &analysis.turns[3];
    assert_eq!((mate.after, mate.judgement, mate.loss), (1.0, None, 0.0));
    assert_eq!(analysis.players.white.blunders, 1);
    assert_eq!(analysis.players.black.blunders, 0);
    assert!(
        schema_errors(&analysis).is_empty(),
        "{:?}",
        schema_errors(&analysis)
    );
}

#[test]
fn a_hanging_queen_left_is_judged_and_the_best_move_takes_it() {
    // 3. Nc3 attacks the queen on d5, and 3... a6 leaves it to Nxd5.
    let analysis = analysed(&game("1. e4 d5 2. exd5 Qxd5 3. Nc3 a6 *\n"), 20_000);
    let a6 = &analysis.turns[5];
    assert_eq!(a6.played, ["a6"]);
    assert!(a6.loss >= 0.15, "{a6:?}");
    assert_eq!(a6.judgement, Some(Judgement::Blunder));
    let best = &a6.best[0];
    assert!(
        best.actions[0].starts_with('Q'),
        "the queen moves away: {best:?}"
    );
}

#[test]
fn sade_luck_averages_to_zero_over_the_six_faces_and_forced_turns_are_never_judged() {
    let game = opening("corpus/games/sade_01.sdn", 14);
    let analysis = analysed(&game, 20_000);
    assert!(!analysis.turns.is_empty());
    for t in &analysis.turns {
        let faces = t.faces.as_ref().expect("each face's chance");
        let mean = faces.iter().sum::<f64>() / 6.0;
        // `before` is the mean over the faces: the luck of each face, its chance less the
        // mean, sums to zero over the six.
        assert!((mean - t.before).abs() < 1e-3, "{t:?}");
        let luck_of_each: f64 = faces.iter().map(|f| f - t.before).sum();
        assert!(luck_of_each.abs() < 6e-3, "{t:?}");
        let face = usize::from(t.face.expect("a face")) - 1;
        assert!(
            (t.luck.expect("luck") - (faces[face] - t.before)).abs() < 1e-3,
            "{t:?}"
        );
        // Skill and luck add up: the change of the roller's chance over the turn.
        let change = t.after - t.before;
        assert!((change - (t.luck.unwrap() - t.loss)).abs() < 1e-3, "{t:?}");
        if t.forced {
            assert_eq!(t.judgement, None, "a forced turn is never judged: {t:?}");
        }
    }
    let white = &analysis.players.white;
    let black = &analysis.players.black;
    let (wl, bl) = (white.luck.unwrap(), black.luck.unwrap());
    // The record's Result tag stands (a resignation after these turns): GNU Backgammon's
    // luck-adjusted result takes one's own luck off and gives the opponent's back.
    let result = white.result.expect("the declared result");
    assert!((white.luck_adjusted.unwrap() - (result - wl + bl)).abs() < 1e-3);
    let result = black.result.expect("the declared result");
    assert!((black.luck_adjusted.unwrap() - (result - bl + wl)).abs() < 1e-3);
    assert!(
        schema_errors(&analysis).is_empty(),
        "{:?}",
        schema_errors(&analysis)
    );
}

/// White rolls 4 with one piece besides the king: the sacrifice of the knight is the only way,
/// and it wins (Divine Nakedness, Art. 9.3).
const NAKEDNESS: &str =
    "[Variant \"Sade\"]\n[FEN \"7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1\"]\n\n1. 4: -Nb1 1-0\n";

#[test]
fn a_sade_turn_with_one_way_to_play_is_forced() {
    let text = NAKEDNESS;
    let analysis = analysed(&game(text), 5_000);
    let t = &analysis.turns[0];
    assert!(t.forced, "{t:?}");
    assert_eq!((t.judgement, t.after, t.loss), (None, 1.0, 0.0));
}

#[test]
fn the_annotated_record_verifies_to_the_same_verdict() {
    for (path, game) in [
        (
            "sade_01 (its opening)",
            opening("corpus/games/sade_01.sdn", 10),
        ),
        ("a Sade win", game(NAKEDNESS)),
        ("marseillais_01", file("corpus/games/marseillais_01.sdn")),
        ("standard_game", file("corpus/valid/standard_game.pgn")),
    ] {
        let analysis = analysed(&game, 3_000);
        let written = to_sdn(&annotated(&game, &analysis));
        assert!(written.contains("[%eval "), "{path}");
        let back = sade_ref::parse_str(&written)
            .remove(0)
            .expect("the annotated record reads");
        let (before, after) = (verify(&game), verify(&back));
        assert_eq!(
            (
                before.status,
                before.winner,
                before.termination,
                before.result
            ),
            (after.status, after.winner, after.termination, after.result),
            "{path}"
        );
    }
}

#[test]
fn the_marseillais_analysis_fits_the_schema() {
    let analysis = analysed(&file("corpus/games/marseillais_01.sdn"), 3_000);
    assert!(
        analysis
            .turns
            .iter()
            .all(|t| t.luck.is_none() && t.face.is_none())
    );
    assert!(
        schema_errors(&analysis).is_empty(),
        "{:?}",
        schema_errors(&analysis)
    );
}

#[test]
fn the_analysis_is_the_same_on_two_runs_and_with_two_jobs() {
    let args = [
        "analyse",
        "corpus/games/sade_02.sdn",
        "--format",
        "json",
        "--nodes",
        "4000",
    ];
    let (first, _, code) = run_binary(&args);
    assert_eq!(code, 0);
    let (second, _, _) = run_binary(&args);
    let mut two = args.to_vec();
    two.extend(["--jobs", "2"]);
    let (parallel, _, _) = run_binary(&two);
    assert!(!first.is_empty());
    assert_eq!(first, second);
    assert_eq!(first, parallel);
}

#[test]
fn an_illegal_game_is_named_and_the_next_one_is_analysed() {
    let dir = std::env::temp_dir().join("sade-ref-analyse-test");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("two.pgn");
    std::fs::write(&path, "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n").unwrap();
    let (out, err, code) = run_binary(&["analyse", path.to_str().unwrap(), "--nodes", "2000"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("game 1: not analysed: the record is not a legal game"),
        "{err}"
    );
    assert!(out.contains("game 2:") && out.contains("1... d5"), "{out}");
}

/// Debian's Stockfish, where `apt-get install stockfish` puts it (`.ci/run` installs it).
const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn stockfish_analyses_standard_chess_and_finds_the_planted_blunder() {
    if !std::path::Path::new(STOCKFISH).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{STOCKFISH} is missing: .ci/run installs the stockfish package"
        );
        eprintln!("analysis: {STOCKFISH} is not installed; its analysis is not tried");
        return;
    }
    let dir = std::env::temp_dir().join("sade-ref-analyse-stockfish");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fools-mate.pgn");
    std::fs::write(&path, "1. f3 e5 2. g4 Qh4# 0-1\n").unwrap();
    let engine = format!("uci:{STOCKFISH} depth=8 Threads=1 Hash=16");
    let args = [
        "analyse",
        path.to_str().unwrap(),
        "--format",
        "json",
        "--engine",
        &engine,
    ];
    let (out, err, code) = run_binary(&args);
    assert_eq!(code, 0, "{err}");
    let analysis: Analysis = serde_json::from_str(out.trim()).expect("one analysis");
    assert!(analysis.engine.name.starts_with("uci:"), "{out}");
    assert_eq!(
        analysis.turns[2].judgement,
        Some(Judgement::Blunder),
        "{out}"
    );
    assert_eq!(analysis.turns[2].after, 0.0);
    assert!(
        schema_errors(&analysis).is_empty(),
        "{:?}",
        schema_errors(&analysis)
    );
    // An outside engine analyses standard chess only.
    let (_, err, code) = run_binary(&["analyse", "corpus/games/sade_01.sdn", "--engine", &engine]);
    assert_eq!(code, 1);
    assert!(
        err.contains("an outside engine analyses standard chess only, not sade"),
        "{err}"
    );
}
