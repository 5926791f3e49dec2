//! `spec/ERRORS.md`, row by row: every kind of bad input, what the real binary says about it
//! and its exit code. A row's input is made in a fresh temporary folder (never committed).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh temporary folder for one row.
pub(crate) fn scratch(row: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sade-ref-errors-{}-{row}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

pub(crate) struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `sade-ref` in `dir` with the arguments and standard input.
pub(crate) fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("piped");
    // The binary may stop reading early; a failed write is its business.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().expect("the binary ends");
    let run = Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "sade-ref panicked:\n{}",
        run.stderr
    );
    crate::errors::arbiters_words::assert_in_an_arbiters_words(
        &format!("sade-ref {}", args.join(" ")),
        &format!("{}{}", run.stdout, run.stderr),
    );
    run
}

/// A row: `file` holds `bytes`, `sade-ref <args>` says `says` (on stderr or stdout) and exits
/// with `code`.
pub(crate) fn row(
    name: &str,
    file: &str,
    bytes: &[u8],
    args: &[&str],
    says: &str,
    code: i32,
) -> Run {
    let dir = scratch(name);
    std::fs::write(dir.join(file), bytes).expect("the input is written");
    let out = run(&dir, args, b"");
    assert!(
        out.stderr.contains(says) || out.stdout.contains(says),
        "{name}: expected {says:?}\n--- stdout\n{}\n--- stderr\n{}",
        out.stdout,
        out.stderr
    );
    assert_eq!(out.code, code, "{name}: exit code\n{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

const SADE: &str = "[Event \"x\"]\n[Variant \"Sade\"]\n\n";

#[test]
fn a_truncated_file() {
    let text = format!("{SADE}1. 3: e6 d6 N");
    row(
        "truncated",
        "t.sdn",
        text.as_bytes(),
        &["verify", "t.sdn"],
        "t.sdn:4:13: error: turn 1. (White, face 3), action 3: `N` is not a move",
        1,
    );
}

#[test]
fn binary_junk() {
    // Seeded bytes: the same junk on every run.
    let mut x: u32 = 0x5ade;
    let junk: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect();
    let out = row(
        "junk",
        "junk.bin",
        &junk,
        &["verify", "junk.bin"],
        "junk.bin:1:",
        1,
    );
    assert!(out.stderr.contains("error:"), "{}", out.stderr);
}

#[test]
fn invalid_utf8() {
    row(
        "utf8",
        "u.sdn",
        b"[Event \"x\"]\n\n1. e4 {caf\xe9} e5 *\n",
        &["verify", "u.sdn"],
        "u.sdn:3:11: error: turn 1. (White): text is not valid UTF-8",
        1,
    );
}

#[test]
fn a_100_mb_line() {
    let mut text = b"[Event \"x\"]\n\n1. e4 ".to_vec();
    text.resize(text.len() + 100 * 1024 * 1024, b'a');
    text.extend_from_slice(b" e5 *\n");
    let out = row(
        "long-line",
        "long.sdn",
        &text,
        &["verify", "long.sdn"],
        "long.sdn:3:7: error: turn 1... (Black), action 1: `aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…` is not a move",
        1,
    );
    // The message quotes 60 characters and the code frame a window of the line.
    assert!(
        out.stderr.len() < 4096,
        "{} bytes on stderr",
        out.stderr.len()
    );
}

#[test]
fn ten_thousand_nested_variations() {
    let text = format!(
        "[Event \"x\"]\n\n1. e4 {}d4{} e5 *\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    row(
        "nested",
        "n.sdn",
        text.as_bytes(),
        &["verify", "n.sdn"],
        "n.sdn:3:27: error: variations nested deeper than 20 levels",
        1,
    );
}

#[test]
fn a_tag_without_a_value() {
    row(
        "tag",
        "t.sdn",
        b"[Event]\n\n1. e4 *\n",
        &["verify", "t.sdn"],
        "t.sdn:1:1: error: tag `Event` has no value",
        1,
    );
}

#[test]
fn a_fen_with_no_king() {
    let text = "[Variant \"Sade\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. 1: -- *\n";
    row(
        "no-king",
        "k.sdn",
        text.as_bytes(),
        &["verify", "k.sdn"],
        "the start position cannot be played: the position with White to move is not a chess \
         position (the board is empty, a king is missing)",
        1,
    );
}

#[test]
fn an_impossible_pocket() {
    let text = "[Variant \"Sade\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Kq] w - - 0 1\"]\n\n1. 5: -- *\n";
    row(
        "pocket",
        "p.sdn",
        text.as_bytes(),
        &["verify", "p.sdn"],
        "'K' in the FEN's pocket is not a piece letter (Q, R, B, N, P)",
        1,
    );
}

#[test]
fn a_pocket_with_more_pieces_than_an_army() {
    let text = "[Variant \"Sade\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQ] w KQkq - 0 1\"]\n\n1. 1: e6 *\n";
    row(
        "pocket-count",
        "p.sdn",
        text.as_bytes(),
        &["verify", "p.sdn"],
        "the FEN's pocket cannot be right: White's pieces on the board and in the pocket need 2 \
         promotions, but only 0 of the eight pawns are not there",
        1,
    );
}

#[test]
fn an_unknown_variant() {
    row(
        "variant",
        "v.sdn",
        b"[Variant \"Crazyhouse\"]\n\n1. e4 *\n",
        &["verify", "v.sdn"],
        "sade-ref does not referee Crazyhouse games; the Variant tag may name Sade",
        1,
    );
}

#[test]
fn a_die_face_7() {
    let text = format!("{SADE}1. 7: e4 *\n");
    row(
        "face-7",
        "f.sdn",
        text.as_bytes(),
        &["verify", "f.sdn"],
        "f.sdn:4:4: error: turn 1. (White), the turn: `7:` is not a die face",
        1,
    );
}

#[test]
fn a_die_face_7_in_json() {
    let json = r#"[{"tags":[],"turns":[{"number":{"number":1,"side":"white"},"face":{"value":7},"items":[]}]}]"#;
    let out = row(
        "face-7-json",
        "f.json",
        json.as_bytes(),
        &["convert", "f.json", "--to", "sdn"],
        "/0/turns/0/face/value: a die has six faces: 7 is not one of them",
        1,
    );
    assert!(!out.stdout.contains("7:"), "{}", out.stdout);
}

#[test]
fn an_action_after_the_result_token() {
    // R18: text after a result token starts a new game.
    let out = row(
        "after-result",
        "a.sdn",
        b"[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *\n",
        &["verify", "a.sdn"],
        "a.sdn #2",
        0,
    );
    assert!(out.stdout.contains("a.sdn #1"), "{}", out.stdout);
}

#[test]
fn an_action_after_the_result_token_is_noted() {
    let out = row(
        "after-result-note",
        "a.sdn",
        b"[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *\n",
        &["verify", "a.sdn"],
        "a.sdn #2",
        0,
    );
    assert!(out.stdout.contains("tag"), "{}", out.stdout);
}

#[test]
fn an_action_after_the_end_of_the_game() {
    let text = format!("{SADE}[FEN \"r6k/7p/8/8/8/8/P7/7K w - - 0 1\"]\n\n1. 2: Rxa2 h6 1-0\n");
    let out = row(
        "after-end",
        "e.sdn",
        text.as_bytes(),
        &["verify", "e.sdn"],
        "White wins by Nakedness",
        0,
    );
    assert!(out.stdout.contains("is void (R21)"), "{}", out.stdout);
}

#[test]
fn text_after_the_result_token() {
    row(
        "text-after",
        "t.sdn",
        b"[Event \"x\"]\n\n1. e4 e5 1-0 good game\n",
        &["verify", "t.sdn"],
        "t.sdn:3:14: error: `good` is not a move",
        1,
    );
}

#[test]
fn an_empty_file() {
    row(
        "empty",
        "e.sdn",
        b"",
        &["verify", "e.sdn"],
        "sade-ref: e.sdn: no games",
        1,
    );
    row(
        "empty-convert",
        "e.sdn",
        b"",
        &["convert", "e.sdn", "--to", "json"],
        "sade-ref: e.sdn: no games",
        1,
    );
}

#[test]
fn a_json_record_of_the_wrong_shape() {
    row(
        "json-shape",
        "s.json",
        b"{\"games\": 3}\n",
        &["convert", "s.json", "--to", "sdn"],
        "s.json:1:8: error: /0/games: `games` is not a field here (spec/sdn.schema.json): the fields are tags, preamble, turns, result, span, verdict",
        1,
    );
}

#[test]
fn an_unreadable_file() {
    let dir = scratch("unreadable");
    let out = run(&dir, &["verify", "missing.sdn", "--format", "text"], b"");
    assert!(
        out.stderr
            .contains("sade-ref: missing.sdn: No such file or directory"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 2);
}

#[test]
fn a_directory_given_as_a_file() {
    let dir = scratch("directory");
    std::fs::create_dir_all(dir.join("games")).expect("a folder");
    let out = run(&dir, &["verify", "games"], b"");
    assert!(
        out.stderr
            .contains("sade-ref: games: is a directory, not a file of games"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 2);
}

#[test]
fn standard_input_closed_early() {
    let dir = scratch("stdin");
    // Closed at once: no games.
    let out = run(&dir, &["verify", "-"], b"");
    assert!(
        out.stderr.contains("sade-ref: -: no games"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 1);
    // Closed in the middle of a move.
    let out = run(&dir, &["verify", "-"], b"[Event \"x\"]\n\n1. e4 e");
    assert!(
        out.stderr
            .contains("-:3:7: error: turn 1... (Black), action 1: `e` is not a move"),
        "{}",
        out.stderr
    );
    assert_eq!(out.code, 1);
}

#[test]
fn a_broken_pipe_on_stdout() {
    let dir = scratch("pipe");
    let game = format!("{SADE}1. 3: e6 d6 Nf6 1... 4: -Nb8 e5 2. 5: N@a6 2... 1: Nc3 *\n\n");
    std::fs::write(dir.join("many.sdn"), game.repeat(3000)).expect("the input is written");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["convert", "many.sdn", "--to", "sdn"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 100];
    child
        .stdout
        .take()
        .expect("piped")
        .read_exact(&mut first)
        .expect("some output");
    // The reading end is closed here; the binary meets a broken pipe.
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(out.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_compressed_file_the_tool_cannot_decode() {
    // xz: not among the formats sade-ref decodes; it must say so, not read junk games.
    let xz = b"\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46\x02\x00\x21\x01\x16\x00\x00\x00";
    let out = row(
        "xz",
        "g.sdn.xz",
        xz,
        &["verify", "g.sdn.xz"],
        "compressed",
        2,
    );
    assert!(!out.stdout.contains("#1"), "{}", out.stdout);
}
