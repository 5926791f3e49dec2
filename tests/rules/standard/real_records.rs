//! Real games (python-chess, scalachess, Fairy-Stockfish, lichess and TWIC files) replayed by
//! the Standard rule set through the referee, against the final positions python-chess 1.11.2
//! gives (`oracle_python-chess-1.11.2_mainline_final_fens.tsv`) and scalachess' 500 lichess
//! games (`scalachess/prod500standard.oracle_final_fens.tsv`): same number of moves, same final
//! FEN.
//!
//! The data is in `tests/data/pgn/` (sources in its README); TWIC's file is read from the
//! pgn-reader crate's source in cargo's registry (its terms do not allow a copy here), and the
//! one annotated game left out of `tests/data` from `../shared/data` when it is there.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sade_ref::parse::parse_bytes;
use sade_ref::record::Game;
use sade_ref::referee::{Status, verify};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// `tests/data/pgn`.
fn data_dir() -> PathBuf {
    crate::support::data().join("pgn")
}

/// The files of the oracle that `tests/data` leaves out (its README says why): read from the
/// project's `shared/data` when it is beside the checkout, skipped otherwise.
const LEFT_OUT: &[&str] = &["fairy-stockfish/Syrov_-_Dgebuadze.pgn"];

/// The pgn-reader crate's bench files in cargo's registry.
fn pgn_reader_benches() -> Option<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let registry = home.join("registry/src");
    std::fs::read_dir(registry)
        .ok()?
        .flatten()
        .map(|index| index.path().join("pgn-reader-0.29.0/benches"))
        .find(|dir| dir.is_dir())
}

/// Where a file named in the oracle is.
fn locate(name: &str) -> Option<PathBuf> {
    match name.strip_prefix("pgn-reader-benches/") {
        Some("lichess_db_1000k.pgn") => Some(data_dir().join("lichess/lichess_db_1000k.pgn")),
        Some(file) => pgn_reader_benches()
            .map(|dir| dir.join(file))
            .filter(|path| path.is_file()),
        None if LEFT_OUT.contains(&name) => crate::support::shared_data()
            .map(|dir| dir.join("pgn").join(name))
            .filter(|path| path.is_file()),
        None => Some(data_dir().join(name)),
    }
}

fn read_games(path: &Path) -> Vec<Option<Game>> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_bytes(&bytes).into_iter().map(Result::ok).collect()
}

/// The plies and final FEN the referee finds, and its reason when it found the record
/// invalid.
fn replay(game: &Game) -> (usize, String, Status, String) {
    let verdict = verify(game);
    // What the referee found, in words the comparison reads: the fault's code, or the
    // termination with the count of void actions after it (R21).
    let reason = match (&verdict.error, verdict.termination, verdict.void) {
        (Some(e), _, _) => e.code.code().to_owned(),
        (None, Some(t), Some(void)) => format!("{} then {} void", t.name(), void.actions),
        (None, Some(t), None) => t.name().to_owned(),
        _ => String::new(),
    };
    (
        verdict.replay.resolved.len(),
        verdict.final_fen,
        verdict.status,
        reason,
    )
}

/// Whether a FEN is a dead position by insufficient material (FIDE 5.2.2).
fn dead(fen: &str) -> bool {
    fen.parse::<Fen>()
        .ok()
        .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Standard).ok())
        .is_some_and(|pos| pos.is_insufficient_material())
}

#[test]
fn final_positions_match_python_chess() {
    let oracle = std::fs::read_to_string(
        data_dir().join("oracle_python-chess-1.11.2_mainline_final_fens.tsv"),
    )
    .expect("the python-chess oracle");
    let mut files: HashMap<String, Vec<Option<Game>>> = HashMap::new();
    let (mut same, mut skipped_variants, mut missing_files, mut played_on) = (0, 0, 0, 0);
    let mut null_moves = 0;
    let mut wrong = Vec::new();
    for line in oracle.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [file, index, plies, expected] = fields[..] else {
            panic!("bad oracle line {line:?}");
        };
        // Only the files that tests/data may not hold (TWIC's, the annotated game) are
        // optional; any other missing file is a failure.
        let Some(path) = locate(file) else {
            missing_files += 1;
            continue;
        };
        if !path.is_file() {
            wrong.push(format!("{file}: not in tests/data"));
            continue;
        }
        let games = files
            .entry(file.to_owned())
            .or_insert_with(|| read_games(&path));
        let index: usize = index.parse().expect("a game number");
        let Some(Some(game)) = games.get(index - 1) else {
            wrong.push(format!("{file} game {index}: not read"));
            continue;
        };
        let (found_plies, fen, status, reason) = replay(game);
        if expected.starts_with("SKIP variant") {
            // A variant sade-ref does not referee: invalid by its Variant tag.
            if status == Status::Invalid && found_plies == 0 {
                skipped_variants += 1;
            } else {
                wrong.push(format!("{file} game {index}: {expected}, but refereed"));
            }
            continue;
        }
        let plies: usize = plies.parse().expect("a ply count");
        if found_plies == plies && fen == expected {
            same += 1;
        } else if status == Status::Finished
            && reason.starts_with("insufficient-material then")
            && found_plies < plies
            && dead(&fen)
            && dead(expected)
        {
            // S2: a dead position ends the game at once; python-chess plays on. The moves
            // after it are void here (R21).
            played_on += 1;
        } else if status == Status::Invalid && reason == "null-move" && found_plies < plies {
            // R20: a null move in the main line is illegal here; python-chess plays it.
            null_moves += 1;
        } else {
            wrong.push(format!(
                "{file} game {index}: python-chess {plies} plies, {expected}; \
                 sade-ref {found_plies} plies, {fen} ({status:?})"
            ));
        }
    }
    eprintln!(
        "python-chess oracle: {same} games with the same final position, {played_on} played on \
         after a dead position (drawn there, the rest void: S2, R21), {null_moves} with a null \
         move in the main line (illegal here, R20), {skipped_variants} variant games refused, \
         {missing_files} rows skipped: their file is neither in tests/data nor beside it"
    );
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(same > 500, "only {same} games compared");
}

#[test]
fn final_positions_match_scalachess_prod500() {
    let dir = data_dir().join("scalachess");
    let sans = std::fs::read_to_string(dir.join("prod500standard.sans.txt")).expect("the games");
    let oracle = std::fs::read_to_string(dir.join("prod500standard.oracle_final_fens.tsv"))
        .expect("the final positions");
    let games: Vec<&str> = sans.lines().collect();
    let mut wrong = Vec::new();
    let mut same = 0;
    for line in oracle.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [index, plies, expected] = fields[..] else {
            panic!("bad oracle line {line:?}");
        };
        let index: usize = index.parse().expect("a game number");
        let plies: usize = plies.parse().expect("a ply count");
        let Some(movetext) = games.get(index - 1) else {
            wrong.push(format!("game {index}: no such line"));
            continue;
        };
        let parsed = parse_bytes(format!("{movetext} *\n").as_bytes());
        let Some(Ok(game)) = parsed.first() else {
            wrong.push(format!("game {index}: not read"));
            continue;
        };
        let (found_plies, fen, status, _) = replay(game);
        if found_plies == plies && fen == expected {
            same += 1;
        } else {
            wrong.push(format!(
                "game {index}: expected {plies} plies, {expected}; found {found_plies}, {fen} \
                 ({status:?})"
            ));
        }
    }
    eprintln!("scalachess prod500: {same} games with the same final position");
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(same, 500);
}

/// scalachess' own expectations for its fixtures (ParserTest.scala, ply counts; EXPECTED.md),
/// replayed to the end by the referee; caissa.pgn's FEN has castling rights its rooks cannot
/// have (dropped, as python-chess does).
#[test]
fn scalachess_fixtures_replay_to_their_last_move() {
    let expected = [
        ("caissa.pgn", 41),
        ("handwritten.pgn", 139),
        ("weirdDashes.pgn", 74),
        ("overflow3.pgn", 343),
        ("chessByPost.pgn", 100),
        ("lichobile.pgn", 68),
        ("fromWikipedia.pgn", 85),
        ("inlineComments.pgn", 85),
        ("enpassantEP3.pgn", 5),
    ];
    let mut wrong = Vec::new();
    for (file, plies) in expected {
        let games = read_games(&data_dir().join("scalachess").join(file));
        let Some(Some(game)) = games.first() else {
            wrong.push(format!("{file}: not read"));
            continue;
        };
        let (found, _, status, reason) = replay(game);
        if found != plies || status == Status::Invalid {
            wrong.push(format!(
                "{file}: {plies} plies expected, {found} ({status:?} {reason})"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
