//! Verification at scale through the binary: chunks verified one by one give the verdicts of
//! one run; compressed files read like their text; `--jobs` keeps the input's order.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sade_ref::parse::Reader;

use crate::support::{corpus_files, root};

/// Runs `sade-ref` with the arguments; stdout, stderr and the exit code.
fn run(args: &[&str], stdin: Option<&[u8]>) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Written from a thread: the binary reads as it verifies, and its output must be drained
    // meanwhile.
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (a corrupt archive): a broken pipe is no failure.
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer ends");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A text of many games: the lichess sample of `tests/data`, and every game of
/// the rules corpus (valid, invalid, disputed; Sade, Marseillais, Standard).
fn many_games() -> Vec<u8> {
    let mut text = Vec::new();
    let lichess = crate::support::data().join("pgn/lichess/lichess_db_1000k.pgn");
    text.extend_from_slice(&std::fs::read(lichess).expect("the lichess sample of tests/data"));
    text.extend_from_slice(b"\n\n");
    for path in corpus_files("corpus/rules", &["sdn", "pgn"]) {
        let bytes = std::fs::read(&path).expect("corpus file");
        text.extend_from_slice(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes));
        text.extend_from_slice(b"\n\n");
    }
    text
}

/// Where games begin on a line start, with the number of games and of lines before each.
fn game_starts(text: &[u8]) -> Vec<(usize, usize, usize)> {
    let mut reader = Reader::new(text);
    let mut starts = Vec::new();
    let mut games = 0;
    loop {
        let at = reader.next_start();
        if reader.next().is_none() {
            break;
        }
        if at > 0 && text[at - 1] == b'\n' {
            let lines = text[..at].iter().filter(|&&b| b == b'\n').count();
            starts.push((at, games, lines));
        }
        games += 1;
    }
    starts
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sade-ref-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

/// Replaces the file names (each chunk's, the whole file's) by one name.
fn unnamed(output: &str, name: &Path) -> String {
    output.replace(&*name.to_string_lossy(), "FILE")
}

#[test]
fn chunks_verified_one_by_one_give_the_verdicts_of_one_run() {
    let text = many_games();
    let whole_path = scratch("whole.pgn");
    std::fs::write(&whole_path, &text).expect("written");
    let starts = game_starts(&text);
    assert!(starts.len() > 100, "{} games", starts.len());
    // Eight chunks, each from a game start to the next chunk's.
    let step = starts.len() / 8;
    let cuts: Vec<(usize, usize, usize)> = starts.iter().step_by(step).copied().skip(1).collect();
    let mut bounds = vec![(0, 0, 0)];
    bounds.extend(cuts);
    for format in ["json", "text"] {
        let whole = run(
            &["verify", "--format", format, &whole_path.to_string_lossy()],
            None,
        );
        let mut stdout = String::new();
        let mut stderr = String::new();
        let mut code = 0;
        for (i, &(from, games, lines)) in bounds.iter().enumerate() {
            let to = bounds.get(i + 1).map_or(text.len(), |b| b.0);
            let chunk = scratch(&format!("chunk{i}.pgn"));
            std::fs::write(&chunk, &text[from..to]).expect("written");
            let (out, err, c) = run(
                &[
                    "verify",
                    "--format",
                    format,
                    "--first-game",
                    &(games + 1).to_string(),
                    "--first-line",
                    &(lines + 1).to_string(),
                    &chunk.to_string_lossy(),
                ],
                None,
            );
            stdout.push_str(&unnamed(&out, &chunk));
            stderr.push_str(&unnamed(&err, &chunk));
            code = code.max(c);
        }
        assert_eq!(unnamed(&whole.0, &whole_path), stdout, "{format}: stdout");
        assert_eq!(unnamed(&whole.1, &whole_path), stderr, "{format}: stderr");
        assert_eq!(whole.2, code, "{format}: exit code");
        assert!(stdout.lines().count() > 100);
    }
}

#[test]
fn jobs_keep_the_input_order() {
    let text = many_games();
    let path = scratch("jobs.pgn");
    std::fs::write(&path, &text).expect("written");
    let name = path.to_string_lossy();
    let one = run(&["verify", "--format", "json", "--jobs", "1", &name], None);
    for jobs in ["2", "3"] {
        let many = run(&["verify", "--format", "json", "--jobs", jobs, &name], None);
        assert_eq!(one, many, "--jobs {jobs}");
    }
}

/// The magic bytes decide, not the name: the same games from gzip, zstd and bzip2, through
/// a file or standard input.
#[test]
fn compressed_inputs_read_like_their_text() {
    let text = many_games();
    let plain = run(&["verify", "--format", "json", "-"], Some(&text));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).expect("gzip");
    let gz = gz.finish().expect("gzip");
    let zst = zstd::encode_all(&text[..], 1).expect("zstd");
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(&text).expect("bzip2");
    let bz = bz.finish().expect("bzip2");
    for (name, bytes) in [("gz", &gz), ("zst", &zst), ("bz2", &bz)] {
        let path = scratch(&format!("games.{name}.pgn"));
        std::fs::write(&path, bytes).expect("written");
        let from_file = run(
            &["verify", "--format", "json", &path.to_string_lossy()],
            None,
        );
        assert_eq!(
            unnamed(&from_file.0, &path),
            plain.0.replace("\"file\":\"-\"", "\"file\":\"FILE\""),
            "{name}"
        );
        assert_eq!(from_file.2, plain.2, "{name}");
        let from_stdin = run(&["verify", "--format", "json", "-"], Some(bytes));
        assert_eq!(from_stdin, plain, "{name} on standard input");
    }
}

/// A corrupt or cut archive is an error of the input (exit code 2, as for a file that cannot
/// be read), never junk games: a file is decoded to its end (its checksums) before a game is
/// verified; from standard input, the games decoded whole before a cut are verified.
#[test]
fn a_corrupt_archive_is_an_input_error_not_junk_games() {
    let text = many_games();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&text).expect("gzip");
    let gz = gz.finish().expect("gzip");
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(&text).expect("bzip2");
    let bz = bz.finish().expect("bzip2");
    let whole = run(&["verify", "--format", "json", "-"], Some(&text)).0;
    for (name, bytes) in [("gz", gz), ("bz2", bz)] {
        let cut = bytes[..bytes.len() / 2].to_vec();
        let mut damaged = bytes.clone();
        let mid = bytes.len() / 2;
        for b in &mut damaged[mid..mid + 64] {
            *b = 0x55;
        }
        for (how, bytes) in [("cut", &cut), ("damaged", &damaged)] {
            let path = scratch(&format!("{how}.pgn.{name}"));
            std::fs::write(&path, bytes).expect("written");
            let (out, err, code) = run(&["verify", &path.to_string_lossy()], None);
            assert_eq!(code, 2, "{name} {how}: {err}");
            assert!(err.contains("cannot decode"), "{name} {how}: {err}");
            assert_eq!(out, "", "{name} {how}: junk games");
        }
        let (out, err, code) = run(&["verify", "--format", "json", "-"], Some(&cut));
        assert_eq!(code, 2, "{name} cut, standard input: {err}");
        assert!(err.contains("cannot decode"), "{name} cut: {err}");
        assert!(
            whole.starts_with(&out),
            "{name} cut, standard input: junk games"
        );
        assert!(
            out.lines().count() > 10,
            "{name} cut: the games before the cut"
        );
    }
    let (out, err, code) = run(&["verify", "-"], Some(b"\x1F\x8B\x08\x00junk"));
    assert_eq!((out.as_str(), code), ("", 2), "{err}");
}

/// `--first-line` moves the lines of errors, `--first-game` the numbers of games.
#[test]
fn first_game_and_first_line_number_a_chunk_as_its_file() {
    let text = b"[Event \"x\"]\n\n1. e4 Ke7 2. Ke3 *\n";
    let (out, _, _) = run(
        &[
            "verify",
            "--format",
            "json",
            "--first-game",
            "41",
            "--first-line",
            "1001",
            "-",
        ],
        Some(text),
    );
    assert!(out.contains("\"game\":41"), "{out}");
    assert!(out.contains("\"line\":1003"), "{out}");
}
