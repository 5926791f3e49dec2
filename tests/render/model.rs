//! The pictures' model on every corpus game: one view per record turn and action, the board
//! after each action the referee played, the illegal action marked exactly where the verdict
//! says, and a page and a diagram for every game.

use sade_ref::parse::parse_str;
use sade_ref::referee::{Status, verify};
use sade_ref::render::model::{GameView, Shape, game_view};
use sade_ref::render::{board_text, html, layout, svg};

use crate::support::{corpus_files, display, root};

#[test]
fn every_corpus_game_has_a_view_that_agrees_with_the_verdict() {
    let mut games = 0;
    for file in corpus_files("corpus", &["sdn", "pgn"]) {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for game in parse_str(&text).into_iter().flatten() {
            let verdict = verify(&game);
            let Ok(view) = game_view(&game) else {
                // Only a start position that cannot be read has no view.
                assert_eq!(verdict.status, Status::Invalid, "{}", display(&file));
                continue;
            };
            games += 1;
            assert_eq!(view.turns.len(), game.turns.len());
            let mut offending = Vec::new();
            for (turn, written) in view.turns.iter().zip(&game.turns) {
                assert_eq!(turn.actions.len(), written.actions().count());
                for action in &turn.actions {
                    let played = !matches!(action.shape, Shape::Unplayed { .. });
                    assert_eq!(played, action.after.is_some(), "{}", display(&file));
                    if action.offending {
                        offending.push((turn.index, action.number));
                    }
                }
                // Text and SVG for every turn, without a panic.
                assert!(board_text::turn(&view, turn).contains(&turn.label));
                assert!(svg::turn(&view, turn).ends_with("</svg>\n"));
            }
            // The offending action where it stands in the record (a record turn may hold
            // several turns, M1: the error names its turn's action, error_at the record's).
            let expected: Vec<(usize, usize)> = verdict
                .error_at
                .iter()
                .filter(|at| at.action > 0 && at.turn_index < game.turns.len())
                .map(|at| (at.turn_index, at.action))
                .collect();
            assert_eq!(offending, expected, "{}", display(&file));
            assert!(html::page(&[view], &[], "t").contains("id=\"data\""));
        }
    }
    assert!(games > 150, "{games} games");
}

/// Every corpus game that has a view, with its file.
fn corpus_views() -> Vec<(String, GameView)> {
    let mut views = Vec::new();
    for file in corpus_files("corpus", &["sdn", "pgn"]) {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for game in parse_str(&text).into_iter().flatten() {
            if let Ok(view) = game_view(&game) {
                views.push((display(&file), view));
            }
        }
    }
    views
}

/// The collinear arrows of issue 17 (`Rc5` then `R1c3`; `d4` then `Qd3`), the face-6
/// exposures and every other turn of the corpus: no badge's circle touches another's, none
/// sits on the piece a move goes to, and every arrow head stops before that piece.
#[test]
fn no_number_badge_covers_another_or_the_piece_a_move_reaches() {
    let mut turns = 0;
    let mut crowded = 0;
    for (file, view) in corpus_views() {
        for turn in &view.turns {
            turns += 1;
            let places = layout::badge_places(&turn.before.board, &turn.actions);
            let badges: Vec<(i32, i32)> = places.iter().flatten().copied().collect();
            if badges.len() >= 3 {
                crowded += 1;
            }
            for (i, a) in badges.iter().enumerate() {
                for b in &badges[i + 1..] {
                    let d = f64::from(a.0 - b.0).hypot(f64::from(a.1 - b.1));
                    assert!(
                        d >= 2.0 * layout::BADGE,
                        "{file} turn {}: badges at {a:?} and {b:?} overlap",
                        turn.label
                    );
                }
            }
            let lanes = layout::lanes(&turn.actions);
            for ((action, place), (lane, _)) in turn.actions.iter().zip(&places).zip(lanes) {
                let Shape::Move { from, to } = action.shape else {
                    continue;
                };
                let (qx, qy) = layout::centre(to);
                let (bx, by) = place.expect("a move has a badge");
                let dx = (f64::from(bx) - qx).abs() - 34.0;
                let dy = (f64::from(by) - qy).abs() - 34.0;
                assert!(
                    dx.max(0.0).hypot(dy.max(0.0)) >= layout::BADGE,
                    "{file} turn {}: badge {} on the piece on {to}",
                    turn.label,
                    action.number
                );
                let (start, end) = layout::arrow_ends(from, to, svg::ARROW_STROKE, lane);
                let (px, py) = (f64::from(start.0), f64::from(start.1));
                let len = (qx - px).hypot(qy - py);
                let shaft = (f64::from(end.0) - px).hypot(f64::from(end.1) - py);
                let tip = shaft + layout::HEAD * svg::ARROW_STROKE;
                assert!(
                    len - tip >= 34.0,
                    "{file} turn {}: the head of {} reaches the piece on {to}",
                    turn.label,
                    action.written
                );
            }
        }
    }
    assert!(
        turns > 2000 && crowded > 150,
        "{turns} turns, {crowded} crowded"
    );
}

/// The view of one turn of a corpus file.
fn turn_of(file: &str, label: &str) -> (GameView, usize) {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let game = parse_str(&text).into_iter().next().unwrap().unwrap();
    let view = game_view(&game).unwrap();
    let index = view
        .turns
        .iter()
        .position(|t| t.label == label)
        .unwrap_or_else(|| panic!("{file} has no turn {label}"));
    (view, index)
}

fn diagram(file: &str, label: &str) -> String {
    let (view, index) = turn_of(file, label);
    svg::turn(&view, &view.turns[index])
}

/// `d4` then `Qd3` (one file, a shared stretch): the two arrows are drawn side by side; the
/// other pawns' arrows stay on their lines.
#[test]
fn collinear_moves_are_drawn_side_by_side() {
    let (view, index) = turn_of("corpus/games/sade_16.sdn", "1.");
    let turn = &view.turns[index];
    let written: Vec<&str> = turn.actions.iter().map(|a| a.written.as_str()).collect();
    assert_eq!(written, ["e4", "d4", "Qd3", "f4"]);
    let lanes: Vec<i32> = layout::lanes(&turn.actions).iter().map(|l| l.0).collect();
    assert_eq!(lanes, [0, 0, 1, 0]);
    // And the castling king and rook, which share f1–g1.
    let (view, index) = turn_of("corpus/rules/sade/face4_castling_regular_move.sdn", "4.");
    let castling = &view.turns[index].actions;
    let lanes = layout::lanes(castling);
    let (king, rook) = lanes[castling.len() - 1];
    assert_ne!(king, rook);
}

#[test]
fn the_diagram_draws_castling_en_passant_and_promotion() {
    let castling = diagram("corpus/rules/sade/face4_castling_regular_move.sdn", "4.");
    assert_eq!(castling.matches("class=\"rook\"").count(), 1, "{castling}");
    assert!(castling.contains("castles: the rook h1–f1"), "{castling}");
    assert!(castling.contains("thin arrow, the castling rook"));
    let en_passant = diagram("corpus/rules/sade/en_passant_next_turn.sdn", "1...");
    assert!(en_passant.contains("class=\"en-passant\""), "{en_passant}");
    assert!(en_passant.contains("on d5 en"), "{en_passant}");
    let promotion = diagram("corpus/rules/sade/face2_enemy_promotion_mates.sdn", "1.");
    assert!(promotion.contains("class=\"promotion\""), "{promotion}");
    assert!(promotion.contains("promotes to a queen"), "{promotion}");
}

/// Face 5: both pools are drawn before the turn, the returned piece ringed like the
/// resurrection, so that Q > R > B > N can be checked on the picture.
#[test]
fn a_resurrection_diagram_shows_both_pools_and_the_piece_that_returns() {
    let (view, index) = turn_of("corpus/rules/sade/face5_queen_first.sdn", "1.");
    let turn = &view.turns[index];
    let picture = svg::turn(&view, turn);
    let in_pools: usize = shakmaty::Color::ALL
        .into_iter()
        .map(|c| {
            let pool = turn.before.pools.get(c);
            [pool.pawn, pool.knight, pool.bishop, pool.rook, pool.queen]
                .iter()
                .map(|n| usize::from(*n))
                .sum::<usize>()
        })
        .sum();
    assert!(in_pools >= 2, "{in_pools}");
    assert!(picture.contains("White's pool") && picture.contains("Black's pool"));
    assert!(
        picture.contains("pools, before the turn"),
        "the key says what a pool row is"
    );
    assert!(
        picture.matches("class=\"pool\"").count() >= in_pools,
        "{picture}"
    );
    let returned = picture
        .lines()
        .filter(|l| l.contains("stroke-dasharray=\"6 4\""))
        .count();
    assert_eq!(returned, 1, "the returned piece is ringed once: {picture}");
    assert!(picture.contains("class=\"drop\""));
}

/// A move that was written but not played is a grey dotted ring, not the resurrection's dashed
/// ring under a drop arrow; and only marks the diagram shows are in its key.
#[test]
fn an_unplayed_action_looks_unlike_a_resurrection() {
    let unplayed = diagram(
        "corpus/rules/sade/own_pieces_midgame_while_enemy_possible.sdn",
        "5...",
    );
    let ring = unplayed
        .lines()
        .find(|l| l.contains("class=\"unplayed\"") && l.contains(svg::UNPLAYED))
        .unwrap_or_else(|| panic!("{unplayed}"));
    assert!(ring.contains("stroke-dasharray=\"0.1 15\""), "{ring}");
    assert!(unplayed.contains("grey dotted ring, written, not played"));
    assert!(!unplayed.contains("dashed ring"), "{unplayed}");
    let returned = diagram("corpus/games/sade_03.sdn", "20.");
    let drop = returned
        .lines()
        .find(|l| l.contains("class=\"drop\""))
        .unwrap_or_else(|| panic!("{returned}"));
    assert!(drop.contains("stroke-dasharray=\"10 7\""), "{drop}");
    assert!(
        returned.contains("class=\"returned\""),
        "the piece shown on its square"
    );
    assert!(returned.contains("dashed ring under a drop"));
    assert!(!returned.contains("dotted"));
}

#[test]
fn marseillais_and_standard_diagrams_show_no_pools_and_no_sade_key() {
    for (file, label) in [
        ("corpus/games/marseillais_01.sdn", "5."),
        ("corpus/rules/standard/checkmate.pgn", "2."),
    ] {
        let picture = diagram(file, label);
        assert!(!picture.contains("pool"), "{file}: {picture}");
        for sade in ["opponent's piece", "sacrifice", "resurrection", "face"] {
            assert!(!picture.contains(sade), "{file}: {sade}");
        }
        assert!(picture.contains("Key: numbers, the order played"), "{file}");
    }
}

/// Tags, names and comments are the players' text: embedded in the page, nothing they hold can
/// end the script element or change how the data is read.
#[test]
fn hostile_text_is_embedded_as_data_that_reads_back_the_same() {
    let hostile = "</script><!-- <script>x</script> <img src=x onerror=alert(1)> \u{2028}\u{2029} \"q\" \\ &amp; -->";
    let value = serde_json::json!({ "tag": hostile, "list": [hostile] });
    let embedded = html::script_json(&value);
    for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
        assert!(!embedded.contains(bad), "{bad:?} in {embedded}");
    }
    let read: serde_json::Value = serde_json::from_str(&embedded).unwrap();
    assert_eq!(read, value);
}

/// The page stores moves, not boards: a page of 600 games stays within five times the size of
/// its records (it was 48 times when it stored every board).
#[test]
fn a_page_of_600_games_is_within_five_times_its_records() {
    let files = corpus_files("corpus/games", &["sdn"]);
    let mut text = String::new();
    let mut games = 0;
    while games < 600 {
        for file in &files {
            text.push_str(&std::fs::read_to_string(file).unwrap());
            text.push('\n');
            games += 1;
            if games == 600 {
                break;
            }
        }
    }
    let views: Vec<GameView> = parse_str(&text)
        .into_iter()
        .map(|g| game_view(&g.unwrap()).unwrap())
        .collect();
    assert_eq!(views.len(), 600);
    let page = html::page(&views, &[], "600 games");
    #[allow(clippy::cast_precision_loss)]
    let ratio = page.len() as f64 / text.len() as f64;
    assert!(ratio <= 5.0, "the page is {ratio:.2} times its records");
}

/// The page's script is joined from the files of `src/render/report/` (`html.rs` lists them):
/// each file is in the page whole and once, so none is left out of the list, and the page loads
/// no other file.
#[test]
fn every_file_of_the_report_script_is_in_the_page_once() {
    let text = std::fs::read_to_string(root().join("corpus/games/sade_05.sdn")).unwrap();
    let game = parse_str(&text).into_iter().next().unwrap().unwrap();
    let page = html::page(&[game_view(&game).unwrap()], &[], "t");
    let mut files = 0;
    for entry in std::fs::read_dir(root().join("src/render/report")).unwrap() {
        let path = entry.unwrap().path();
        let script = std::fs::read_to_string(&path).unwrap();
        let count = page.matches(&script).count();
        assert_eq!(count, 1, "{} is in the page {count} times", display(&path));
        files += 1;
    }
    assert!(files >= 5, "{files} script files");
    for outside in ["<script src", "<link"] {
        assert!(!page.contains(outside), "the page loads a file: {outside}");
    }
}
