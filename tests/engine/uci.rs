//! `match` with engines spoken to over UCI: the client's protocol against a fake engine (a
//! shell script that answers as the protocol says), and a few short games against Debian's
//! `stockfish` when it is installed (`.ci/run` installs it; on CI its absence fails the test).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::run_binary;

/// A fake engine: it answers `uci` with its name, one option and `uciok`, `isready` with
/// `readyok`, and `go` with the move of the current ply from `moves` (a shell word list),
/// counting the plies in the last `position` line.
fn fake_engine(name: &str, moves: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("uci");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join(name);
    let script = format!(
        r#"#!/bin/sh
moves="{moves}"
plies=0
while read -r line; do
  case "$line" in
    uci) echo "id name Fake {name}"; echo "option name Hash type spin default 16 min 1 max 64"; echo uciok ;;
    isready) echo readyok ;;
    position*) set -- $line; plies=0; seen=0
      for w in "$@"; do [ "$seen" = 1 ] && plies=$((plies+1)); [ "$w" = moves ] && seen=1; done ;;
    go*) set -- $moves; shift $plies; echo "info depth 1"; echo "bestmove $1" ;;
    quit) exit 0 ;;
  esac
done
"#
    );
    std::fs::write(&path, script).expect("the script");
    let status = Command::new("chmod").arg("+x").arg(&path).status();
    assert!(status.is_ok_and(|s| s.success()));
    path
}

fn run_match(args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    run_binary(&all)
}

#[test]
fn two_engines_play_the_fools_mate_and_the_match_scores_it() {
    // Both engines play 1. f3 e5 2. g4 Qh4#: Black wins each game; colours alternate.
    let engine = fake_engine("fool", "f2f3 e7e5 g2g4 d8h4");
    let player = format!("uci:{} movetime=5 Hash=8", engine.display());
    let (out, err, code) = run_match(&[
        "--variant",
        "standard",
        "--games",
        "2",
        "--white",
        &player,
        "--black",
        &player,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Standard: 2 games"), "{out}");
    assert!(out.contains("Fake fool (1)"), "{out}");
    assert!(out.contains("1 won, 1 lost, 0 drawn"), "{out}");
    assert!(out.contains("checkmate"), "{out}");
}

#[test]
fn an_engine_that_plays_an_illegal_move_is_named() {
    // e2e4 twice: the second is not legal.
    let engine = fake_engine("stubborn", "e2e4 e2e4 e2e4");
    let player = format!("uci:{} movetime=5", engine.display());
    let (_, err, code) = run_match(&[
        "--variant",
        "standard",
        "--games",
        "1",
        "--white",
        &player,
        "--black",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("game 1: the engine Fake stubborn played e2e4, which is not a legal move"),
        "{err}"
    );
}

#[test]
fn an_engine_without_the_option_asked_for_is_refused() {
    let engine = fake_engine("plain", "e2e4");
    let player = format!("uci:{} UCI_Elo=1320", engine.display());
    let (_, err, code) = run_match(&["--variant", "standard", "--white", &player]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the engine Fake plain has no option `UCI_Elo` (it has: Hash)"),
        "{err}"
    );
}

#[test]
fn an_engine_that_cannot_start_or_speak_is_named() {
    let (_, err, code) = run_match(&[
        "--variant",
        "standard",
        "--white",
        "uci:/nonexistent/engine",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the engine /nonexistent/engine cannot be started"),
        "{err}"
    );
    // `true` exits at once: it never says `uciok`. Whether its output ends first or its
    // input is found closed first is a race; either way the words are the same.
    let (_, err, code) = run_match(&["--variant", "standard", "--white", "uci:/bin/true"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the engine /bin/true stopped before its `uciok`"),
        "{err}"
    );
    // An engine that closes its input and lingers a moment: whether the write of `uci` finds
    // the pipe closed or the output ends first, the words are the same.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("uci");
    std::fs::create_dir_all(&dir).expect("a folder");
    let deaf = dir.join("deaf");
    std::fs::write(&deaf, "#!/bin/sh\nexec 0<&-\nsleep 1\n").expect("the script");
    let status = Command::new("chmod").arg("+x").arg(&deaf).status();
    assert!(status.is_ok_and(|s| s.success()));
    let player = format!("uci:{}", deaf.display());
    let (_, err, code) = run_match(&["--variant", "standard", "--white", &player]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!(
            "the engine {} stopped before its `uciok`",
            deaf.display()
        )),
        "{err}"
    );
}

#[test]
fn engines_play_standard_chess_only_and_players_are_named_in_words() {
    let engine = fake_engine("any", "e2e4");
    let player = format!("uci:{}", engine.display());
    let (_, err, code) = run_match(&["--variant", "sade", "--white", &player]);
    assert_eq!(code, 2);
    assert!(
        err.contains("an engine over UCI plays standard chess, not Sade"),
        "{err}"
    );
    let (_, err, code) = run_match(&["--white", "grandmaster"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "`grandmaster` is not a level: the levels are novice, beginner, casual and club"
        ),
        "{err}"
    );
    assert!(
        err.contains("or an engine: uci:PATH [name=value ...]"),
        "{err}"
    );
}

/// Debian's Stockfish, where `apt-get install stockfish` puts it.
const STOCKFISH: &str = "/usr/games/stockfish";

#[test]
fn a_few_short_games_against_stockfish() {
    if !Path::new(STOCKFISH).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{STOCKFISH} is missing: .ci/run installs the stockfish package"
        );
        eprintln!("uci: {STOCKFISH} is not installed; the games against it are not played");
        return;
    }
    let engine = format!("uci:{STOCKFISH} movetime=10 Threads=1 Hash=16");
    for bot in ["novice", "beginner"] {
        let (out, err, code) = run_match(&[
            "--variant",
            "standard",
            "--games",
            "2",
            "--max-turns",
            "120",
            "--white",
            bot,
            "--black",
            &engine,
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("Standard: 2 games"), "{out}");
        assert!(out.contains("Stockfish"), "{out}");
        // Stockfish loses no game to a one-ply bot (it may fail to mate in 120 plies).
        assert!(out.contains(&format!("{bot} (1)")), "{out}");
        let bot_line = out.lines().find(|l| l.starts_with(bot)).unwrap_or_default();
        assert!(bot_line.contains(": 0 won"), "{out}");
    }
}
