//! Marquis de Sade chess: each ruling (R1–R14) and Article, accepted and rejected, from positions
//! set up so that the situation arises at once.

//!
//! One module a subject: [`series`] (faces 1-3: R1-R4, Art. 12-16), [`faces_4_to_6`] (Art. 6-8,
//! R6-R9), [`game_rules`] (no draws, nakedness, en passant and castling, claims, labels),
//! [`search`] (the fulfilment search agrees with the referee), [`perft`] (Sade perft and the
//! `perft` command) and [`whole_games`] (seeded whole games, the referee against the search).
//! The builders are here.

mod faces_4_to_6;
mod game_rules;
mod perft;
mod search;
mod series;
pub mod whole_games;

pub(super) use sade_ref::rules::Article;
pub(super) use std::ops::ControlFlow;

pub(super) use sade_ref::parse::parse_str;
pub(super) use sade_ref::record::{
    Action, ActionKind, DieFace, Face, Game, Item, MoveNumber, Side, Span, Turn,
};
pub(super) use sade_ref::referee::{self, Status};
pub(super) use sade_ref::rules::sade::{self, State, TurnOutcome};
pub(super) use sade_ref::rules::{ActionRef, Replay, ReplayStatus, Termination, Violation};
pub(super) use shakmaty::{Color, Role, Square};

pub(super) const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(super) fn game(fen: &str, movetext: &str) -> Game {
    let text = format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n{movetext} *\n");
    let mut games = parse_str(&text);
    assert_eq!(games.len(), 1, "{text}");
    match games.remove(0) {
        Ok(game) => game,
        Err(e) => panic!("{text}: {e}"),
    }
}

pub(super) fn replay(fen: &str, movetext: &str) -> Replay {
    sade::replay(&game(fen, movetext), sade_ref::rules::Detail::Annotated)
}

#[track_caller]
pub(super) fn finished(replay: &Replay) -> (Color, Termination, &'static str, ActionRef) {
    match &replay.outcome {
        ReplayStatus::Finished {
            winner: Some(winner),
            termination,
            article,
            at,
        } => (
            *winner,
            *termination,
            article.cite(),
            at.unwrap_or(ActionRef {
                turn_index: 0,
                action: 0,
            }),
        ),
        other => panic!("expected a finished game, got {other:?}"),
    }
}

#[track_caller]
pub(super) fn invalid(replay: &Replay) -> &Violation {
    match &replay.outcome {
        ReplayStatus::Invalid(violation) => violation,
        other => panic!("expected an invalid record, got {other:?}"),
    }
}

#[track_caller]
pub(super) fn unfinished(replay: &Replay) {
    assert_eq!(replay.outcome, ReplayStatus::Unfinished, "{replay:#?}");
}

pub(super) fn at(turn_index: usize, action: usize) -> ActionRef {
    ActionRef { turn_index, action }
}
