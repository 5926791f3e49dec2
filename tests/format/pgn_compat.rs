//! `tests/data/EXPECTED.md`, row by row: where python-chess, pgn-reader + shakmaty and
//! scalachess disagree on real files, and what sade-ref does (the policy is in
//! `spec/PGN-COMPATIBILITY.md`). The files are in `tests/data/` (sources in its README).

use sade_ref::rules::Article;
use std::path::PathBuf;

use sade_ref::parse::{parse_bytes, parse_str};
use sade_ref::record::{Game, GameResult};
use sade_ref::referee::{Status, Verdict, verify};

fn data(path: &str) -> PathBuf {
    crate::support::data().join(path)
}

fn games(path: &str) -> Vec<Game> {
    let bytes = std::fs::read(data(path)).unwrap();
    parse_bytes(&bytes)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// Plies the referee accepted, its status, its final FEN.
fn judge(game: &Game) -> (usize, Status, String, Verdict) {
    let verdict = verify(game);
    (
        verdict.replay.resolved.len(),
        verdict.status,
        verdict.final_fen.clone(),
        verdict,
    )
}

/// The one game a text holds.
fn one(text: &str) -> Game {
    let mut games = parse_str(text);
    assert_eq!(games.len(), 1, "{text:?} holds one game");
    games.remove(0).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn turn_label(game: &Game, verdict: &Verdict) -> String {
    let e = verdict
        .error
        .as_ref()
        .expect("an invalid verdict has an error");
    format!("{} action {}", game.turns[e.turn_index].number, e.action)
}

#[test]
fn a_python_chess_files() {
    let deep_blue = games("pgn/python-chess/kasparov-deep-blue-1997.pgn");
    assert_eq!(deep_blue.len(), 6);
    assert_eq!(
        deep_blue[0].tag("Event"),
        Some("IBM Man-Machine, New York USA")
    );
    assert_eq!(deep_blue[0].tag("Site"), Some("01"));
    assert_eq!(deep_blue[0].result, Some(GameResult::WhiteWins));
    assert_eq!(deep_blue[3].tag("PlyCount"), Some("111"));
    assert_eq!(deep_blue[4].result, Some(GameResult::Draw));
    assert_eq!(
        judge(&deep_blue[0]).2,
        "4r3/6P1/2p2P1k/1p6/pP2p1R1/P1B5/2P2K2/3r4 b - - 0 45"
    );

    let [lewis] = games("pgn/python-chess/anastasian-lewis.pgn")
        .try_into()
        .unwrap();
    let (plies, status, _, _) = judge(&lewis);
    assert_eq!(
        (plies, status),
        (81, Status::Invalid),
        "a null move in the main line is illegal (R20); python-chess plays it as a ply"
    );

    let [uci] = games("pgn/python-chess/uci-moves.pgn").try_into().unwrap();
    let (plies, _, fen, _) = judge(&uci);
    assert_eq!(
        (plies, fen.as_str()),
        (113, "8/8/2B5/4k3/4Pp2/1b6/1P3K2/8 b - - 0 57"),
        "UCI movetext is read"
    );

    let bom = games("pgn/python-chess/utf8-bom.pgn");
    assert_eq!(
        bom.iter()
            .map(|g| g.tag("Event").unwrap_or(""))
            .collect::<Vec<_>>(),
        ["A", "B"]
    );

    let [chessbase] = games("pgn/python-chess/chessbase-empty-line.pgn")
        .try_into()
        .unwrap();
    assert_eq!(chessbase.tag("Event"), Some("AlphaZero vs. Stockfish"));
    assert_eq!(
        chessbase.tag("Round"),
        Some("1"),
        "a blank line inside the tag section does not split the game"
    );
    assert_eq!(
        judge(&chessbase).3.replay.resolved[0]
            .uci
            .map(|u| u.to_string())
            .as_deref(),
        Some("e2e4")
    );

    let fischer = games("pgn/python-chess/cutechess-fischerrandom.pgn");
    assert!(
        fischer[0]
            .tag("FEN")
            .unwrap()
            .starts_with("nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w")
    );
    for game in &fischer {
        assert_ne!(
            judge(game).1,
            Status::Invalid,
            "Chess960 game {:?}",
            game.tag("Round")
        );
    }

    let [stockfish] = games("pgn/python-chess/stockfish-learning.pgn")
        .try_into()
        .unwrap();
    assert!(
        stockfish
            .tags
            .iter()
            .any(|t| t.value == "St. George (Baker) defense")
    );
    assert_eq!(
        judge(&stockfish).2,
        "8/2p2k2/1pR3p1/1P1P4/p1P2P2/P4K2/8/5r2 w - - 7 78"
    );

    let [nepo] = games("pgn/python-chess/nepomniachtchi-liren-game1.pgn")
        .try_into()
        .unwrap();
    assert_eq!(
        nepo.tag("TimeControl"),
        Some("40/7200:20/3600:900+30"),
        "tag values are kept as written"
    );

    for file in [
        "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
    ] {
        for game in games(&format!("pgn/python-chess/{file}")) {
            let (_, status, _, verdict) = judge(&game);
            assert_eq!(
                status,
                Status::Invalid,
                "{file}: a crazyhouse game is refused by its Variant tag"
            );
            assert_eq!(verdict.error.unwrap().article, Article::VariantTag);
        }
    }
    // The antichess file's king promotion reads as notation; the game is refused by its tag.
    let antichess =
        parse_bytes(&std::fs::read(data("pgn/python-chess/antichess-programfox.pgn")).unwrap());
    assert!(antichess.iter().all(Result::is_ok));
    for game in antichess.iter().flatten() {
        assert_eq!(
            judge(game).3.error.map(|e| e.article),
            Some(Article::VariantTag)
        );
    }
}

#[test]
fn a_python_chess_inline_cases() {
    // python-chess splits at the blank line; sade-ref ends a game at its result or at the next
    // tag section only (Crafty's layout puts blank lines inside movetext), and reports the
    // first illegal move of the one game.
    let game = one("1. e4 Qa1 e5 2. Qxf8\n\n1. a3");
    let (_, status, _, verdict) = judge(&game);
    assert_eq!(status, Status::Invalid);
    assert_eq!(turn_label(&game, &verdict), "1... action 1");

    let game = one("1. e4 ; e5\n");
    assert_eq!(
        game.turns.len(),
        1,
        "a `;` comment runs to the end of the line"
    );

    let game = one("1. d4 1-0");
    assert_eq!(game.result, Some(GameResult::WhiteWins));

    let game = one("[Black \"[=0040.34h5a4]\"]\n[BlackType: \"program\"]\n\n1. e2-e4 *");
    assert_eq!(game.tag("Black"), Some("[=0040.34h5a4]"));
    assert_eq!(game.tag("BlackType:"), Some("program"));
    assert_eq!(judge(&game).0, 1, "LAN e2-e4 is read");

    let game = one("[FEN \"8/1P6/8/8/8/8/8/k6K w - - 0 1\"]\n\n1. b8Q *");
    assert_eq!(
        judge(&game).3.replay.resolved[0]
            .uci
            .map(|u| u.to_string())
            .as_deref(),
        Some("b7b8q")
    );

    assert!(parse_str(" \n\n   ").is_empty());
}

#[test]
fn b_disagreements_between_readers() {
    // (file, plies sade-ref replays, what decides it)
    let rows = [
        (
            "pgn/scalachess/handwritten.pgn",
            139,
            "`Rh7++` reads as a check, not dropped",
        ),
        (
            "pgn/scalachess/enpassantEP3.pgn",
            5,
            "`exf6ep` reads as exf6",
        ),
        (
            "pgn/scalachess/overflow.pgn",
            67,
            "`[pgn]` wrapper and multi-line comments",
        ),
        (
            "pgn/scalachess/stackOverflow.pgn",
            8,
            "tags and moves on one line",
        ),
        (
            "pgn/scalachess/withDelimiters.pgn",
            33,
            "`[pgn] … [/pgn]` is filler",
        ),
        (
            "pgn/scalachess/fromCrafty.pgn",
            68,
            "Crafty layout: blank lines in movetext",
        ),
        ("pgn/scalachess/weirdDashes.pgn", 74, "`O‑O` with U+2011"),
        (
            "pgn/scalachess/caissa.pgn",
            41,
            "castling rights the FEN's rooks cannot have are dropped",
        ),
    ];
    for (file, plies, why) in rows {
        let all = games(file);
        let replayed: usize = all.iter().map(|g| judge(g).0).sum();
        assert_eq!(replayed, plies, "{file}: {why}");
        assert!(
            all.iter().all(|g| judge(g).1 != Status::Invalid),
            "{file}: {why}"
        );
    }
    assert_eq!(
        games("pgn/scalachess/FWWRC.pgn").len(),
        605,
        "header-only games one blank line apart: a repeated tag name starts the next game"
    );
}

#[test]
fn c_san_leniency() {
    let after = |moves: &str| format!("1. e4 d5 2. {moves} *");
    for (written, uci) in [
        ("ed5", "e4d5"),
        ("xd5", "e4d5"),
        ("Pxd5", "e4d5"),
        ("e4d5", "e4d5"),
        ("exd5", "e4d5"),
    ] {
        let game = one(&after(written));
        let (plies, status, _, verdict) = judge(&game);
        assert_eq!((plies, status), (3, Status::Unfinished), "{written}");
        assert_eq!(
            verdict.replay.resolved[2]
                .uci
                .map(|u| u.to_string())
                .as_deref(),
            Some(uci),
            "{written}"
        );
    }
    // The capture mark contradicting the board: accepted when one legal move matches.
    for (text, plies) in [
        ("1. Nxf3 *", 1),
        ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf7# *", 7),
        ("1. e4 d5 2. Qh5# *", 3),
    ] {
        let game = one(text);
        assert_eq!(judge(&game).0, plies, "{text}");
    }
    // Castling written as a king move is not castling in standard chess.
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *");
    assert_eq!(judge(&game).1, Status::Invalid);
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *");
    assert_eq!(judge(&game).1, Status::Unfinished);
}
