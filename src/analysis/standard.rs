//! Standard chess (and Chess960) analysed move by move: the engine's best three moves and the
//! played one's score from the same search, or an outside UCI engine's.

use shakmaty::{Move, Position};

use super::chess::{Scores, find_move, judged, san};
use super::error::AnalysisError;
use super::jobs::in_parallel;
use super::model::TurnAnalysis;
use super::settings::{Engine, Settings};
use super::uci::UciAnalyser;
use crate::engine::{Limit, standard};
use crate::record::Game;
use crate::referee::Verdict;
use crate::rules::standard::Standing;

/// A move to analyse: the position before it and the move.
pub(super) struct Work {
    index: usize,
    standing: Standing,
    played: Move,
}

/// Every move of `game` (a legal record, `verdict` its verdict) analysed.
pub(super) fn analyse(
    game: &Game,
    verdict: &Verdict,
    settings: &Settings,
) -> Result<Vec<TurnAnalysis>, AnalysisError> {
    let work = moves(game, verdict)?;
    match &settings.engine {
        Engine::Own => {
            let limit = Limit::nodes(settings.nodes_for(crate::record::Variant::Standard));
            in_parallel(
                &work,
                settings.jobs,
                settings.progress.as_deref(),
                |_| Ok(()),
                |(), w| own(game, w, limit),
            )
        }
        Engine::Uci(spec) => in_parallel(
            &work,
            settings.jobs,
            settings.progress.as_deref(),
            |_| UciAnalyser::start(spec),
            |engine, w| engine.turn(game, w.index, &w.standing.pos, w.played),
        ),
    }
}

/// The moves of the record, each with the position before it.
fn moves(game: &Game, verdict: &Verdict) -> Result<Vec<Work>, AnalysisError> {
    let mut standing = Standing::before_turn(game, 0).map_err(|e| AnalysisError::Position {
        turn: "1".into(),
        reason: e.to_string(),
    })?;
    let mut work = Vec::new();
    for r in &verdict.replay.resolved {
        let Some(uci) = r.uci else { continue };
        let Some(m) = find_move(&standing.pos, uci) else {
            return Err(AnalysisError::Position {
                turn: (r.turn_index + 1).to_string(),
                reason: format!("{uci} is not a legal move here"),
            });
        };
        let next = standing.after(m);
        work.push(Work {
            index: r.turn_index,
            standing,
            played: m,
        });
        standing = next;
    }
    Ok(work)
}

fn own(game: &Game, w: &Work, limit: Limit) -> Result<TurnAnalysis, AnalysisError> {
    let lines = standard::lines(&w.standing, limit, 3, w.played).ok_or_else(|| {
        AnalysisError::Position {
            turn: (w.index + 1).to_string(),
            reason: "the move played is not among the legal moves".into(),
        }
    })?;
    let best = lines
        .best
        .iter()
        .map(|&(m, score)| (vec![san(&w.standing.pos, m)], score))
        .collect();
    let scores = Scores {
        best,
        played: lines.played,
        choices: lines.choices,
    };
    Ok(judged(game, w.index, w.standing.pos.turn(), scores))
}
