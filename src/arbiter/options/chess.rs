//! The options of a Standard position (legal moves) and of a Marseillais turn (legal full turns).

use std::ops::ControlFlow;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position};

use super::{Answer, Collector, Ends, Limits, Line, NoneAnswer, no_option, side};
use crate::arbiter::locate::color_name;
use crate::rules::marseillais::{self, TurnStart};
use crate::rules::{Article, Termination, standard};

/// The end a Standard position is at: mate, stalemate, a dead position (FIDE 5.1.1, 5.2.1,
/// 5.2.2). `mover` is the player who made the last move.
fn standard_end(after: &Chess, mover: Color) -> Option<Ends> {
    let ends = |winner: Option<Color>, termination: Termination, article: Article| Ends {
        winner: winner.map(side),
        termination: termination.name(),
        article: article.cite(),
    };
    if after.is_checkmate() {
        Some(ends(
            Some(mover),
            Termination::Checkmate,
            Article::Fide5_1_1,
        ))
    } else if after.is_stalemate() {
        Some(ends(None, Termination::Stalemate, Article::Fide5_2_1))
    } else if after.is_insufficient_material() {
        Some(ends(
            None,
            Termination::InsufficientMaterial,
            Article::Fide5_2_2,
        ))
    } else {
        None
    }
}

pub(super) fn standard_answer(pos: &Chess, limits: Limits) -> Answer {
    let mover = pos.turn();
    if let Some(end) = standard_end(pos, !mover) {
        let consequence = match end.termination {
            "checkmate" => format!(
                "{} is checkmated: {} wins",
                color_name(mover),
                color_name(!mover)
            ),
            "stalemate" => format!("{} is stalemated: the game is drawn", color_name(mover)),
            _ => {
                "neither player can checkmate: the game is drawn (insufficient material)".to_owned()
            }
        };
        return no_option(
            "Standard",
            standard::fen(pos),
            mover,
            NoneAnswer {
                consequence,
                article: end.article,
                ends: Some(end),
            },
        );
    }
    let mut collector = Collector::new(limits);
    for m in standard::legal_moves(pos) {
        if collector.wants() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            collector.lines.push(Line {
                actions: vec![SanPlus::from_move(pos.clone(), m).to_string()],
                ends: standard_end(&after, mover),
            });
        }
    }
    Answer::about("Standard", standard::fen(pos), mover).listing(collector)
}

pub(super) fn marseillais_answer(start: &TurnStart, limits: Limits) -> Answer {
    let mover = start.pos.turn();
    let mut collector = Collector::new(limits);
    let _complete = marseillais::visit_full_turns(start, |turn| {
        if collector.wants() {
            collector.lines.push(Line {
                actions: turn.san.clone(),
                ends: turn.end.map(|end| Ends {
                    winner: end.winner.map(side),
                    termination: end.termination.name(),
                    article: end.article.cite(),
                }),
            });
        }
        ControlFlow::Continue(())
    });
    let none = (collector.count == 0).then(|| {
        let (consequence, winner, termination) = if start.pos.is_check() {
            (
                format!(
                    "{} is checkmated: {} wins",
                    color_name(mover),
                    color_name(!mover)
                ),
                Some(side(!mover)),
                Termination::Checkmate,
            )
        } else {
            (
                format!(
                    "{} has no full turn: stalemate, the game is drawn",
                    color_name(mover)
                ),
                None,
                Termination::Stalemate,
            )
        };
        NoneAnswer {
            consequence,
            article: Article::M3.cite(),
            ends: Some(Ends {
                winner,
                termination: termination.name(),
                article: Article::M3.cite(),
            }),
        }
    });
    Answer {
        none,
        ..Answer::about("Marseillais", standard::fen(&start.pos), mover).listing(collector)
    }
}
