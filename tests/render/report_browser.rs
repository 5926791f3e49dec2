//! The HTML report in a real headless browser: Debian's `chromium`, driven by its own flags
//! (`--dump-dom` on a page opened at a URL fragment, `--screenshot`). `.ci/run` installs it when
//! it is missing. Without it, each test prints one line saying that it did not run and why, and
//! passes; in CI (`CI` set, as `.ci/run` runs) a missing browser is a failure.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use sade_ref::parse::parse_str;
use sade_ref::record::Game;
use sade_ref::referee::verify_annotated;
use sade_ref::render::model::{GameView, Snapshot, game_view};
use sade_ref::render::{describe, html, layout};
use shakmaty::{Color, Square};

use crate::support::{corpus_files, root};

/// Whether the tests run in CI: `CI` set to anything but empty, `0` or `false`.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// The browser, or `None` (with one line on standard error) when it is missing outside CI.
fn chromium() -> Option<&'static str> {
    let found = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if found {
        return Some("chromium");
    }
    assert!(
        !in_ci(),
        "Debian's chromium is needed for the report's browser tests in CI: \
         apt-get install -y chromium (.ci/run does it)"
    );
    let test = std::thread::current()
        .name()
        .unwrap_or("a browser test")
        .to_owned();
    // Written to the process's standard error, not through `eprintln!`, which the test harness
    // captures and hides for a test that passes.
    let _ = writeln!(
        std::io::stderr(),
        "{test}: not run: Debian's chromium is not installed (apt-get install -y chromium; \
         in CI it is required)"
    );
    None
}

/// A scratch folder of this test (removed first).
fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target").join("report-browser").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Writes the report of `file` with the real binary; returns the page.
fn report(file: &str, dir: &Path) -> PathBuf {
    let page = dir.join("game.html");
    let status = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["report", file, "-o"])
        .arg(&page)
        .current_dir(root())
        .status()
        .expect("the binary runs");
    assert!(status.success(), "report {file} failed");
    page
}

fn browser(browser: &str, dir: &Path) -> Command {
    let mut command = Command::new(browser);
    command
        .args(["--headless", "--no-sandbox", "--disable-gpu"])
        .arg("--virtual-time-budget=5000")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()));
    command
}

/// The page's DOM after its script ran, opened at `#fragment`.
fn dom(name: &str, page: &Path, fragment: &str, dir: &Path) -> String {
    let url = format!("file://{}#{fragment}", page.display());
    let out = browser(name, dir)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        dom.contains("data-ready=\"yes\""),
        "the page at #{fragment} did not finish loading: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !dom.contains("id=\"script-error\""),
        "a script error at #{fragment}: {}",
        between(&dom, "id=\"script-error\">", "<")
    );
    dom
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    text.split_once(start)
        .and_then(|(_, rest)| rest.split_once(end))
        .map_or("", |(inside, _)| inside)
}

/// An attribute of the `#status` element.
fn status(dom: &str, attribute: &str) -> String {
    let element = between(dom, "id=\"status\"", ">");
    between(element, &format!("{attribute}=\""), "\"").to_owned()
}

/// The piece letter the page shows on a square, if any.
fn piece_on(dom: &str, square: Square) -> Option<char> {
    let board = between(dom, "id=\"board\"", "</svg>");
    let mark = format!("data-square=\"{square}\" data-piece=\"");
    board
        .split_once(&mark)
        .and_then(|(_, rest)| rest.chars().next())
}

fn game(file: &str) -> Game {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    parse_str(&text).into_iter().next().unwrap().unwrap()
}

/// The placement of a FEN as 64 characters, a1 first, as the page writes it.
fn board_of(fen: &str) -> String {
    let placement = fen.split([' ', '[']).next().unwrap();
    let board: shakmaty::Board = placement.parse().unwrap();
    Square::ALL
        .into_iter()
        .map(|sq| board.piece_at(sq).map_or('.', |p| p.char()))
        .collect()
}

/// Every step of every corpus game (Sade with faces 4, 5 and 6, castling, en passant and
/// promotion, Marseillais, Standard), replayed by the page from the moves the referee resolved:
/// the board and the pools after each step are the referee's, each action is described as
/// `describe` says it, and each badge is where the SVG diagram puts it.
#[test]
fn every_step_the_page_replays_is_the_referees_position() {
    let Some(name) = chromium() else { return };
    let dir = scratch("trace");
    let mut views = Vec::new();
    for file in corpus_files("corpus", &["sdn", "pgn"]) {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for game in parse_str(&text).into_iter().flatten() {
            if let Ok(mut view) = game_view(&game) {
                view.number = views.len() + 1;
                views.push(view);
            }
        }
    }
    let page = dir.join("corpus.html");
    std::fs::write(&page, html::page(&views, &[], "the corpus")).unwrap();
    let dom = dom(name, &page, "trace", &dir);
    let trace = between(&dom, "id=\"trace\">", "</pre>")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    let expected = expected_trace(&views);
    let lines: Vec<&str> = trace.lines().collect();
    assert_eq!(lines.len(), expected.len(), "one line a step");
    let kinds = [
        "sacrifice",
        "returns on",
        "castles",
        "en passant",
        "promotes",
    ];
    for kind in kinds {
        assert!(expected.iter().any(|l| l.contains(kind)), "no step {kind}");
    }
    for (page, referee) in lines.iter().zip(&expected) {
        assert_eq!(page, referee, "the page, then the referee");
    }
}

/// The trace lines the page must write: game, turn, action, board, pools, the action in words,
/// the badge.
fn expected_trace(views: &[GameView]) -> Vec<String> {
    let mut lines = Vec::new();
    for view in views {
        let pools = |s: &Snapshot| {
            if view.sade {
                s.pool_letters()
            } else {
                String::new()
            }
        };
        let line = |turn: &str, action: usize, s: &Snapshot, describe: &str, badge: &str| {
            format!(
                "{}|{turn}|{action}|{}|{}|{describe}|{badge}",
                view.number,
                s.board_letters(),
                pools(s)
            )
        };
        lines.push(line("start", 0, &view.start, "", ""));
        for turn in &view.turns {
            let key = format!(
                "{}{}",
                turn.label.trim_end_matches('.'),
                if turn.side == Color::White { "w" } else { "b" }
            );
            lines.push(line(&key, 0, &turn.before, "", ""));
            let badges = layout::badge_places(&turn.before.board, &turn.actions);
            let mut now = &turn.before;
            for (action, badge) in turn.actions.iter().zip(badges) {
                if let Some(after) = &action.after {
                    now = after;
                }
                let badge = badge.map(|(x, y)| format!("{x},{y}")).unwrap_or_default();
                lines.push(line(&key, action.number, now, &describe(action), &badge));
            }
        }
    }
    lines
}

/// Tags, player names and comments holding what ends a script or a comment, markup with a
/// handler, line separators, quotes and backslashes: every game of the page still shows, the
/// text reads as written, and nothing in it runs.
#[test]
fn hostile_tags_and_comments_neither_break_the_page_nor_run_a_script() {
    let Some(name) = chromium() else { return };
    let dir = scratch("hostile");
    let pwn = "<img src=x onerror=\"document.documentElement.setAttribute('data-pwned','1')\">";
    let first = format!(
        "[Event \"<!-- a </script><script>document.documentElement.setAttribute('data-pwned','2')</script>\"]\n\
         [White \"{}\"]\n[Black \"line\u{2028}sep\u{2029} \\\"quoted\\\" back\\\\slash\"]\n\n\
         1. 3: e6 {{ <!-- {pwn} </script> }} d6 Nf6 1... 1: Nc3 {{ \u{2028} ' \" \\ }} *\n",
        pwn.replace('"', "\\\"")
    );
    let text = format!("{first}\n[Event \"second\"]\n\n1. e4 e5 *\n");
    let page = report_of_text(&text, &dir);
    for fragment in ["game=1&turn=1w&action=3", "game=2"] {
        let shown = dom(name, &page, fragment, &dir);
        let html = between(&shown, "<html", ">");
        assert!(html.contains("data-ready"), "{html}");
        assert!(
            !html.contains("data-pwned"),
            "a script ran at #{fragment}: {html}"
        );
        assert!(
            !between(&shown, "<body>", "id=\"data\"").contains("<img"),
            "markup was made at #{fragment}"
        );
        assert!(
            piece_on(&shown, Square::E1) == Some('K'),
            "#{fragment}: no board"
        );
    }
    let shown = dom(name, &page, "game=1&turn=1w&action=3", &dir);
    let title = between(&shown, "id=\"title\">", "</h1>");
    assert!(title.contains("&lt;!-- a &lt;/script&gt;"), "{title}");
    let moves = between(&shown, "id=\"moves\"", "</ol>");
    assert!(
        moves.contains("&lt;!--") && moves.contains("onerror"),
        "{moves}"
    );
    assert_eq!(status(&shown, "data-action"), "3");
}

#[test]
fn the_board_after_a_step_is_the_referees_position() {
    let Some(name) = chromium() else { return };
    for (folder, file) in [
        ("sade", "corpus/games/sade_05.sdn"),
        ("marseillais", "corpus/games/marseillais_01.sdn"),
        (
            "castling",
            "corpus/rules/sade/face4_castling_regular_move.sdn",
        ),
        ("en-passant", "corpus/rules/sade/en_passant_next_turn.sdn"),
        (
            "promotion",
            "corpus/rules/sade/face2_enemy_promotion_mates.sdn",
        ),
        (
            "face-5",
            "corpus/rules/sade/face5_sacrificed_knight_returns.sdn",
        ),
        ("face-6", "corpus/rules/sade/face6_order_a.sdn"),
        (
            "marseillais-castling",
            "corpus/rules/marseillais/m5_castling_is_one_move.sdn",
        ),
        (
            "marseillais-en-passant",
            "corpus/rules/marseillais/m4_two_double_steps.sdn",
        ),
    ] {
        let dir = scratch(&format!("referee-{folder}"));
        steps_agree(name, file, &dir);
    }
}

/// Three steps spread over the game and its last one, each opened by its address and checked
/// square by square and on the moved piece (every step of every corpus game is checked in one
/// page by `every_step_the_page_replays_is_the_referees_position`).
fn steps_agree(name: &str, file: &str, dir: &Path) {
    let page = report(file, dir);
    let record = game(file);
    let verdict = verify_annotated(&record);
    let resolved = &verdict.replay.resolved;
    let spread = resolved.iter().step_by((resolved.len() / 3).max(1)).take(3);
    for r in spread.chain(resolved.last()) {
        let turn = &record.turns[r.turn_index];
        let key = format!(
            "{}{}",
            turn.number.number,
            if turn.number.side == sade_ref::record::Side::White {
                "w"
            } else {
                "b"
            }
        );
        let fragment = format!("turn={key}&action={}", r.action);
        let dom = dom(name, &page, &fragment, dir);
        assert_eq!(status(&dom, "data-turn"), key);
        assert_eq!(status(&dom, "data-action"), r.action.to_string());
        assert_eq!(
            status(&dom, "data-board"),
            board_of(&r.fen_after),
            "#{fragment}"
        );
        if let Some(to) = r.to {
            let expected = board_of(&r.fen_after).chars().nth(usize::from(to));
            assert_eq!(
                piece_on(&dom, to),
                expected,
                "#{fragment}: the piece on {to}"
            );
        }
    }
}

#[test]
fn arrow_keys_step_through_the_turn_and_the_illegal_action_is_marked() {
    let Some(name) = chromium() else { return };
    let dir = scratch("stepping");
    let page = report(
        "corpus/rules/sade/own_pieces_midgame_while_enemy_possible.sdn",
        &dir,
    );
    let before = dom(name, &page, "turn=3w&action=0", &dir);
    let stepped = dom(name, &page, "turn=3w&action=0&press=2", &dir);
    assert_eq!(status(&stepped, "data-turn"), "3w");
    assert_eq!(status(&stepped, "data-action"), "2");
    assert_ne!(
        status(&before, "data-board"),
        status(&stepped, "data-board")
    );
    // Two numbered arrows on the board, each with its number as text.
    let board = between(&stepped, "id=\"board\"", "</svg>");
    assert_eq!(board.matches("class=\"arrow\"").count(), 2, "{board}");
    assert!(board.contains(">1</text>") && board.contains(">2</text>"));
    // The illegal action: red in the move list and on the board.
    let bad = dom(name, &page, "turn=5...&action=1", &dir);
    assert_eq!(status(&bad, "data-turn"), "5b");
    assert!(
        bad.contains("class=\"bad\""),
        "the illegal action is highlighted"
    );
    let board = between(&bad, "id=\"board\"", "</svg>");
    assert!(board.contains("stroke=\"#d50000\""), "{board}");
}

#[test]
fn a_file_of_several_games_gets_a_game_picker() {
    let Some(name) = chromium() else { return };
    let dir = scratch("picker");
    let page = report("corpus/valid/several_games.sdn", &dir);
    let games =
        parse_str(&std::fs::read_to_string(root().join("corpus/valid/several_games.sdn")).unwrap())
            .into_iter()
            .filter(Result::is_ok)
            .count();
    assert!(games > 1);
    let dom = dom(name, &page, "game=2", &dir);
    let picker = between(&dom, "id=\"picker\"", "</select>");
    assert_eq!(picker.matches("<option").count(), games);
    assert_eq!(status(&dom, "data-game"), "2");
}

#[test]
fn a_screenshot_shows_the_board() {
    let Some(name) = chromium() else { return };
    let dir = scratch("screenshot");
    let page = report("corpus/games/sade_05.sdn", &dir);
    let png = dir.join("page.png");
    let url = format!("file://{}#turn=10w&action=1", page.display());
    let out = browser(name, &dir)
        .arg(format!("--screenshot={}", png.display()))
        .arg("--window-size=1100,900")
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        png.is_file(),
        "no screenshot: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    assert_eq!((info.width, info.height), (1100, 900));
    let channels = info.color_type.samples();
    let pixels = &pixels[..info.buffer_size()];
    let count = |rgb: [u8; 3]| pixels.chunks(channels).filter(|p| p[..3] == rgb).count();
    // The board's light and dark squares (#f0d9b5, #b58863) each cover a good part of the page.
    let light = count([0xf0, 0xd9, 0xb5]);
    let dark = count([0xb5, 0x88, 0x63]);
    assert!(
        light > 40_000 && dark > 40_000,
        "light {light}, dark {dark}"
    );
}

/// Writes the report of a file made here, whatever the command's exit code; returns the page.
fn report_of_text(text: &str, dir: &Path) -> PathBuf {
    let file = dir.join("games.sdn");
    std::fs::write(&file, text).expect("the games file");
    let page = dir.join("game.html");
    Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["report"])
        .arg(&file)
        .arg("-o")
        .arg(&page)
        .output()
        .expect("the binary runs");
    assert!(page.is_file(), "no page written");
    page
}

/// The games of a file keep their numbers on the page when one of them cannot be read: the
/// picker, `#game=` and the page's own links use the numbers `verify` gives.
#[test]
fn game_numbers_are_the_files_when_a_game_cannot_be_read() {
    let Some(name) = chromium() else { return };
    let dir = scratch("numbers");
    let page = report_of_text(
        "[Event \"first\"]\n\n1. e4 e5 *\n\n[Event \"second\"\n\n1. d4 *\n\n\
         [Event \"third\"]\n\n1. c4 c5 *\n",
        &dir,
    );
    let third = dom(name, &page, "game=3", &dir);
    assert_eq!(status(&third, "data-game"), "3");
    assert!(
        between(&third, "id=\"title\">", "<").contains("third"),
        "{third}"
    );
    let picker = between(&third, "id=\"picker\"", "</select>");
    assert_eq!(picker.matches("<option").count(), 3, "{picker}");
    assert!(picker.contains(">3. ? – ? (third"), "{picker}");
    assert!(picker.contains("disabled"), "{picker}");
    assert_eq!(
        between(&third, "id=\"notice\"", "</p>"),
        " role=\"status\">"
    );
    // The unreadable game, named: the page says why it cannot show it.
    let second = dom(name, &page, "game=2", &dir);
    assert!(
        between(&second, "id=\"notice\" role=\"status\">", "</p>")
            .contains("game 2 is not on this page"),
        "{second}"
    );
}

/// A fragment that names no place of the page opens the start of the game with a visible
/// notice, and no script error (`dom` checks that).
#[test]
fn a_fragment_that_names_no_place_opens_the_start_with_a_notice() {
    let Some(name) = chromium() else { return };
    let dir = scratch("fragments");
    let page = report(
        "corpus/rules/sade/own_pieces_midgame_while_enemy_possible.sdn",
        &dir,
    );
    for (fragment, says) in [
        ("game=abc", "there is no game \"abc\""),
        ("game=7", "there is no game \"7\""),
        ("action=%", "not a readable part of the address"),
        ("turn=99w", "this game has no turn \"99w\""),
        (
            "turn=5b&action=9",
            "end of turn 5b: it has 2 actions, not 9",
        ),
    ] {
        let shown = dom(name, &page, fragment, &dir);
        let notice = between(&shown, "id=\"notice\" role=\"status\">", "</p>");
        assert!(notice.contains(says), "#{fragment}: {notice:?}");
        if !fragment.starts_with("turn=5b") {
            assert_eq!(status(&shown, "data-step"), "0", "#{fragment}");
        }
    }
}

/// A disputed result is red like an invalid action; the players' comments stand in the move
/// list beside the actions they follow; a Marseillais game shows each turn's two moves and no
/// pool.
#[test]
fn the_page_shows_disputes_in_red_comments_beside_the_moves_and_no_marseillais_pool() {
    let Some(name) = chromium() else { return };
    let dir = scratch("arbiter");
    let page = report("corpus/rules/sade/result_tag_dispute.sdn", &dir);
    let shown = dom(name, &page, "turn=1w&action=1", &dir);
    let verdict = between(&shown, "<p id=\"verdict\"", "</p>");
    assert!(
        verdict.contains("class=\"bad\"") && verdict.contains("disputed"),
        "{verdict}"
    );
    let turn = between(&shown, "<p id=\"turn-verdict\"", "</p>");
    assert!(turn.contains("class=\"bad\""), "{turn}");
    let pools = between(&shown, "<div id=\"pools\"", "<nav>");
    assert!(pools.contains("White's pool"), "{pools}");

    let dir = scratch("arbiter-comments");
    let page = report_of_text(
        "[Event \"comments\"]\n\n1. 1: e6 {Black's pawn, as the die asks} 1... 2: Nc3 {first} d4 *\n",
        &dir,
    );
    let shown = dom(name, &page, "turn=1b&action=2", &dir);
    let moves = between(&shown, "id=\"moves\"", "</ol>");
    let first = moves.find(">Nc3<").unwrap();
    let comment = moves.find(">first<").unwrap();
    let second = moves.find(">d4<").unwrap();
    assert!(first < comment && comment < second, "{moves}");
    assert!(moves.contains("Black's pawn, as the die asks"), "{moves}");

    let dir = scratch("arbiter-marseillais");
    let page = report("corpus/games/marseillais_01.sdn", &dir);
    let shown = dom(name, &page, "turn=3w&action=1", &dir);
    let pools = between(&shown, "<div id=\"pools\"", "<nav>");
    assert!(!pools.contains("pool"), "{pools}");
    let title = between(&shown, "id=\"turn-title\">", "<");
    assert!(title.contains("after move 1 of 2 ("), "{title}");
    assert!(!shown.contains("pool</span>"));
    let key = between(&shown, "id=\"key\">", "<");
    assert!(
        key.starts_with("Key: ") && !key.contains("opponent"),
        "{key}"
    );
}
