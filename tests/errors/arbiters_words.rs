//! No message speaks Rust, or the language of a library sade-ref stands on: every documented
//! error path of spec/ERRORS.md (each row's test runs the binary through `errors::table::run`,
//! which checks its output here), and the messages issue 17 found ("number would be zero for
//! non-zero type", "invalid digit found in string", "expected ident", "invalid board part in
//! fen", ...), each run again and read for what it must say instead.

use crate::errors::table::{run, scratch};
use crate::support::root;

/// What a message must not show: words of Rust and of its standard library (types, `Some(`,
/// ranges, paths, `os error`), and the messages of serde, clap's number parsers and shakmaty
/// that reached users before.
pub(crate) const LIBRARY_WORDS: &[&str] = &[
    "non-zero type",
    "invalid digit",
    "expected ident",
    "invalid type:",
    "invalid value:",
    "invalid length",
    "fen",
    "illegal position:",
    "Some(",
    "None",
    "Err(",
    "Ok(",
    "unwrap",
    "panicked",
    "serde",
    "shakmaty",
    "usize",
    "isize",
    "u8",
    "u16",
    "u32",
    "u64",
    "i32",
    "i64",
    "f64",
    "tuple",
    "struct ",
    "enum ",
    "..=",
    "::",
    "os error",
    "`String`",
    "`&str`",
    "Vec<",
    "Option<",
    "Result<",
    "PositionErrorKinds",
    "ParseFenError",
];

/// The entries of [`LIBRARY_WORDS`] that `text` holds. A plain word (`None`, `fen`, `u32`)
/// counts only as a whole word, case and all: `none:`, `the FEN tag`, the option `--fen` and
/// the JSON key `final_fen` are not it.
pub(crate) fn library_words(text: &str) -> Vec<&'static str> {
    let is_word = |word: &str| word.chars().all(|c| c.is_ascii_alphanumeric());
    let joins = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || "_-".contains(c));
    LIBRARY_WORDS
        .iter()
        .copied()
        .filter(|&word| {
            if !is_word(word) {
                return text.contains(word);
            }
            text.match_indices(word).any(|(at, _)| {
                !joins(text[..at].chars().next_back())
                    && !joins(text[at + word.len()..].chars().next())
            })
        })
        .collect()
}

/// Fails when a message holds library words.
pub(crate) fn assert_in_an_arbiters_words(what: &str, text: &str) {
    let found = library_words(text);
    assert!(
        found.is_empty(),
        "{what}: a message speaks Rust or a library's language ({found:?}):\n{text}"
    );
}

#[test]
fn the_check_finds_each_library_word_and_passes_an_arbiters() {
    for word in LIBRARY_WORDS {
        let text = format!("sade-ref: g.sdn: bad input ({word}) here");
        assert_eq!(library_words(&text), [*word], "{text}");
    }
    for fine in [
        "none: Black is stalemated: the game is drawn (FIDE 5.2.1)",
        "the FEN tag is not a position: the placement `hello` is not eight ranks",
        "sade-ref: play: --fen `hello` is not a position",
        "{\"final_fen\": \"8/8/8/8/8/8/8/K6k w - - 0 1\"}",
        "turn 12... (Black, face 3), action 1: Nf6 is not legal",
        "`x` is not a number of options: give a whole number from 0 to 18446744073709551615",
    ] {
        assert_eq!(library_words(fine), Vec::<&str>::new(), "{fine}");
    }
}

/// Every row of spec/ERRORS.md names a test that exists, so every documented error path is run
/// (and `table::run` reads its output for library words); and what the table says the
/// tool says is in an arbiter's words too.
#[test]
fn every_row_of_errors_md_is_run_and_speaks_an_arbiters_words() {
    let table = std::fs::read_to_string(root().join("spec/ERRORS.md")).unwrap();
    let mut rows = 0;
    for line in table.lines().filter(|l| l.starts_with("| ")).skip(2) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let (Some(says), Some(test)) = (cells.get(2), cells.last()) else {
            continue;
        };
        if cells.len() != 5 {
            // The memory table below has four columns and no test.
            continue;
        }
        let test = test.trim_end_matches(" |").trim_matches('`');
        let (module, name) = test.rsplit_once("::").unwrap_or(("errors::table", test));
        let file = format!("tests/{}.rs", module.replace("::", "/"));
        let source = std::fs::read_to_string(root().join(&file))
            .unwrap_or_else(|e| panic!("ERRORS.md names {file}: {e}"));
        assert!(
            source.contains(&format!("fn {name}()")),
            "ERRORS.md names the test {test}, which {file} does not have"
        );
        assert_in_an_arbiters_words(&format!("ERRORS.md, row {test}"), says);
        rows += 1;
    }
    assert!(rows >= 30, "{rows} rows");
}

/// The messages issue 17 found in library words, and the plurals and repetitions it found:
/// what each says now.
#[test]
fn the_messages_issue_17_found_say_what_was_expected() {
    let dir = scratch("arbiters-words");
    let files: [(&str, &str); 6] = [
        ("ident.json", r#"[{"tags":[],"turns":[],"result":tru}]"#),
        (
            "number.json",
            r#"[{"tags":[],"turns":[{"number":{"number":"x","side":"white"},"items":[]}]}]"#,
        ),
        ("span.json", r#"[{"tags":[],"turns":[],"span":[1]}]"#),
        ("hello.pgn", "[FEN \"hello\"]\n\n1. e4 *\n"),
        ("one.pgn", "[Event \"x\"]\n\n1. e4 *\n"),
        (
            "r18.sdn",
            "[Variant \"Sade\"]\n\n1. 3: e6 d6 Nf6 3... 4: -Nb8 e5 *\n",
        ),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["verify", "ident.json"],
            1,
            "not JSON: a bare word where a value is due",
        ),
        (
            &["verify", "number.json"],
            1,
            "/0/turns/0/number/number: the string \"x\" where a whole number, 0 or more is expected",
        ),
        (
            &["verify", "span.json"],
            1,
            "/0/span: 1 items where an array of 2 items is expected",
        ),
        (
            &["verify", "hello.pgn"],
            1,
            "the FEN tag is not a position: the placement `hello` is not eight ranks",
        ),
        (&["verify", "one.pgn"], 0, "*, unfinished after 1 turn\n"),
        (
            &["verify", "one.pgn", "--jobs", "0"],
            2,
            "0 jobs: give 1 to 256",
        ),
        (
            &["verify", "one.pgn", "--jobs", "x"],
            2,
            "is not a number of jobs (1 to 256)",
        ),
        (
            &["verify", "missing.sdn"],
            2,
            "sade-ref: missing.sdn: No such file or directory\n",
        ),
        (
            &[
                "options", "--game", "one.pgn", "--turn", "1w", "--limit", "x",
            ],
            2,
            "`x` is not a number of options: give a whole number from 0 to",
        ),
        (
            &[
                "options",
                "--game",
                "one.pgn",
                "--game-index",
                "0",
                "--turn",
                "1w",
            ],
            2,
            "0 is not a game of the file: give 1 to",
        ),
        (
            &[
                "options",
                "--variant",
                "standard",
                "--fen",
                start,
                "--face",
                "3",
            ],
            2,
            "--face 3: a Standard game has no die; --face is for a Sade position",
        ),
        (
            &["options", "--fen", start, "--face", "7"],
            2,
            "7 is not a die face: give 1 to 6",
        ),
        (
            &["options", "--fen", "hello", "--face", "1"],
            2,
            "--fen `hello` is not a position: the placement `hello` is not eight ranks",
        ),
        (
            &[
                "options",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "--face",
                "1",
            ],
            2,
            "cannot be played: the position with White to move is not a chess position (the board is empty, a king is missing)",
        ),
        (
            &[
                "options",
                "--variant",
                "marseillais",
                "--fen",
                "8/8/8/8/8/8/8/8 w - - 0 1",
            ],
            2,
            "cannot be played: the board is empty, a king is missing",
        ),
        (
            &[
                "options",
                "--variant",
                "standard",
                "--fen",
                "8/8/8/8/8/8/8/8 x - - 0 1",
            ],
            2,
            "the side to move `x` is not `w` or `b`",
        ),
        (
            &[
                "options",
                "--fen",
                "4k3/7p/8/8/8/8/8/R3K3 b - - 0 1",
                "--face",
                "2",
            ],
            0,
            "only White's rook a1 can move (castling and checks that are not mate aside): face \
             2 asks for 2, so Black plays his own",
        ),
        (
            &["options", "--fen", start, "--face", "5"],
            0,
            "\n1 fulfilment, `--`: nothing to resurrect",
        ),
        (
            &["show", "one.pgn", "--turn", "0w"],
            2,
            "`0w` is not a turn: move numbers start at 1, not 0",
        ),
        (
            &["show", "one.pgn", "--turn", "w"],
            2,
            "`w` is not a turn: the move number comes first",
        ),
        (
            &["show", "r18.sdn", "--turn", "2b"],
            2,
            "its turns are labelled from 1. to 3..., which the referee counts as 1. to 1... (R18)",
        ),
        (
            &["play", "--fen", "hello"],
            2,
            "sade-ref: play: --fen `hello` is not a position: the placement `hello`",
        ),
        (&["play", "--games", "x"], 2, "`x` is not a number of games"),
        (
            &["play", "--max-turns", "x"],
            2,
            "`x` is not a number of turns",
        ),
        (
            &["match", "--games", "0"],
            2,
            "0 is not a number of games: give 1 to",
        ),
        (
            &[
                "match",
                "--fen",
                "4k3/8/8/8/8/8/8/K7 w - - 0 1",
                "--games",
                "1",
            ],
            2,
            "cannot start a Sade game: both players have nothing but the king",
        ),
    ];
    for (args, code, says) in cases {
        let out = run(&dir, args, b"");
        let all = format!("{}{}", out.stdout, out.stderr);
        assert!(all.contains(says), "{args:?}: expected {says:?}\n{all}");
        assert_eq!(out.code, *code, "{args:?}\n{all}");
        // What the issue found must not come back.
        for old in [
            "1 turns",
            "piece other than",
            "none: nothing to resurrect",
            "game 1",
            "cannot be played: the start position cannot be played",
            "-0.0",
        ] {
            assert!(!all.contains(old), "{args:?}: {old:?} again\n{all}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
