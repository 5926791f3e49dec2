//! The pictures' model on every corpus game: one view per record turn and action, the board
//! after each action the referee played, the illegal action marked exactly where the verdict
//! says, and a page and a diagram for every game.

use sade_ref::parse::parse_str;
use sade_ref::referee::{Status, verify};
use sade_ref::render::model::{Shape, game_view};
use sade_ref::render::{board_text, html, svg};

use crate::support::{corpus_files, display};

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
            assert!(html::page(&[view], "t").contains("id=\"data\""));
        }
    }
    assert!(games > 150, "{games} games");
}
