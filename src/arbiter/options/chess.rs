//! The options of a Standard position (legal moves) and of a Marseillais turn (legal full turns),
//! each with the end the referee's own judgement gives it.

use std::ops::ControlFlow;

use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Color, Position};

use super::answer::{Answer, Ends, Line, NoneAnswer, Squares, no_option};
use super::limits::{Collector, Limits};
use crate::record::Side;
use crate::rules::marseillais::{self, TurnStart};
use crate::rules::names::color_name;
use crate::rules::standard::{self, Standing};
use crate::rules::{GameEnd, Termination};

/// An end as `options` writes it.
pub(super) fn ends(end: GameEnd) -> Ends {
    Ends {
        winner: end.winner.map(Side::from),
        termination: end.termination.name(),
        article: end.article.cite(),
    }
}

/// What an end that stands before `mover`'s turn means, in an arbiter's words.
fn consequence(end: GameEnd, mover: Color) -> String {
    let (us, them) = (color_name(mover), color_name(!mover));
    match end.termination {
        Termination::Checkmate => format!("{us} is checkmated: {them} wins"),
        Termination::Stalemate if end.article == crate::rules::Article::M3 => {
            format!("{us} has no full turn: stalemate, the game is drawn")
        }
        Termination::Stalemate => format!("{us} is stalemated: the game is drawn"),
        Termination::InsufficientMaterial => {
            "neither player can checkmate: the game is drawn (insufficient material)".to_owned()
        }
        Termination::ThreefoldRepetition => format!(
            "the position stands at the start of {us}'s turn for the third time: the game is \
             drawn"
        ),
        Termination::FivefoldRepetition => {
            "the position stands for the fifth time: the game is drawn".to_owned()
        }
        Termination::FiftyMoveRule => "fifty turns by each player without a capture or a pawn \
                                       move: the game is drawn"
            .to_owned(),
        Termination::SeventyFiveMoveRule => "seventy-five moves by each player without a \
                                             capture or a pawn move: the game is drawn"
            .to_owned(),
        other => format!("the game is over: {}", other.title()),
    }
}

/// An answer with no option: the game is over before `mover`'s turn.
fn over(variant: &'static str, fen: String, mover: Color, end: GameEnd) -> Answer {
    no_option(
        variant,
        fen,
        mover,
        NoneAnswer {
            consequence: consequence(end, mover),
            article: end.article.cite(),
            ends: Some(ends(end)),
        },
    )
}

pub(super) fn standard_answer(standing: &Standing, limits: Limits) -> Answer {
    let pos = &standing.pos;
    let mover = pos.turn();
    if let Some(end) = standing.end() {
        return over("Standard", standard::fen(pos), mover, end);
    }
    let mut collector = Collector::new(limits);
    for m in standard::legal_moves(pos) {
        if collector.wants() {
            collector.lines.push(Line {
                actions: vec![SanPlus::from_move(pos.clone(), m).to_string()],
                ends: standing.after(m).end().map(ends),
                squares: vec![Squares::of_move(m, pos.castles().mode())],
            });
        }
    }
    Answer::about("Standard", standard::fen(pos), mover).listing(collector)
}

pub(super) fn marseillais_answer(start: &TurnStart, limits: Limits) -> Answer {
    let mover = start.pos.turn();
    let fen = standard::fen(&start.pos);
    // The game is over before the turn, unless the player has first moves but no full turn:
    // those moves are then the options, each ending the game in a stalemate (M3).
    if let Some(end) = marseillais::end_at_turn_start(start) {
        let stranded =
            end.termination == Termination::Stalemate && !marseillais::full_turns(start).is_empty();
        if !stranded {
            return over("Marseillais", fen, mover, end);
        }
    }
    let mut collector = Collector::new(limits);
    let _complete = marseillais::visit_full_turns(start, |turn| {
        if collector.wants() {
            collector.lines.push(Line {
                actions: turn.san.clone(),
                ends: turn.end.map(ends),
                squares: turn
                    .moves
                    .iter()
                    .map(|m| Squares::of_move(*m, CastlingMode::Standard))
                    .collect(),
            });
        }
        ControlFlow::Continue(())
    });
    Answer::about("Marseillais", fen, mover).listing(collector)
}
