//! Marseillais analysed turn by turn: the engine's best three full turns and the played one's
//! score from the same search.

use shakmaty::{CastlingMode, Position};

use super::chess::{Scores, judged};
use super::error::AnalysisError;
use super::jobs::in_parallel;
use super::model::TurnAnalysis;
use super::settings::Settings;
use crate::engine::{Limit, marseillais};
use crate::record::{Game, Variant};
use crate::referee::Verdict;
use crate::rules::marseillais::{FullTurn, TurnStart};

struct Work {
    index: usize,
    start: TurnStart,
    /// The moves played, in UCI as the referee resolved them.
    played: Vec<String>,
}

/// Every turn of `game` (a legal record, `verdict` its verdict) analysed.
pub(super) fn analyse(
    game: &Game,
    verdict: &Verdict,
    settings: &Settings,
) -> Result<Vec<TurnAnalysis>, AnalysisError> {
    let work = turns(game, verdict)?;
    let limit = Limit::nodes(settings.nodes_for(Variant::Marseillais));
    in_parallel(
        &work,
        settings.jobs,
        settings.progress.as_deref(),
        |_| Ok(()),
        |(), w| one(game, w, limit),
    )
}

fn turns(game: &Game, verdict: &Verdict) -> Result<Vec<Work>, AnalysisError> {
    let mut work = Vec::new();
    let played_turns = verdict
        .replay
        .resolved
        .last()
        .map_or(0, |r| r.turn_index + 1);
    for index in 0..played_turns {
        let place = |reason: String| AnalysisError::Position {
            turn: super::names::turn_name(game.turns[index].number),
            reason,
        };
        if game.turns[index].unnumbered {
            return Err(place(
                "its moves are written without a move number, and the analysis takes one \
                 turn a number (M8)"
                    .into(),
            ));
        }
        let start = TurnStart::before_turn(game, index).map_err(|e| place(e.to_string()))?;
        let played: Vec<String> = verdict
            .replay
            .resolved
            .iter()
            .filter(|r| r.turn_index == index)
            .filter_map(|r| r.uci.map(|u| u.to_string()))
            .collect();
        if !played.is_empty() {
            work.push(Work {
                index,
                start,
                played,
            });
        }
    }
    Ok(work)
}

fn one(game: &Game, w: &Work, limit: Limit) -> Result<TurnAnalysis, AnalysisError> {
    let turn = &game.turns[w.index];
    let mode = w.start.mode;
    let is_played = |t: &FullTurn| {
        t.moves.len() == w.played.len()
            && t.moves.iter().zip(&w.played).all(|(m, u)| {
                m.to_uci(mode).to_string() == *u
                    || m.to_uci(CastlingMode::Standard).to_string() == *u
            })
    };
    let lines = marseillais::lines(&w.start, limit, 3, is_played).ok_or_else(|| {
        AnalysisError::Position {
            turn: super::names::turn_name(turn.number),
            reason: "the turn played is not among the full turns the referee lists".into(),
        }
    })?;
    let scores = Scores {
        best: lines
            .best
            .into_iter()
            .map(|(t, score)| (t.san, score))
            .collect(),
        played: lines.played,
        choices: lines.choices,
    };
    Ok(judged(game, w.index, w.start.pos.turn(), scores))
}
