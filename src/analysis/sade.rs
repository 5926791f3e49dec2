//! De Sade chess analysed roll by roll: each face's chance, the played fulfilment's, and the
//! luck of the face that came (after GNU Backgammon).

use super::chance::by_loss;
use super::error::AnalysisError;
use super::jobs::in_parallel;
use super::model::{BestTurn, TurnAnalysis};
use super::settings::Settings;
use crate::engine::{Limit, sade_chance};
use crate::record::{Face, Game, Variant};
use crate::rules::sade::{State, TurnOutcome, play_turn};

struct Work {
    index: usize,
    state: State,
    face: Face,
    /// The state the turn left, the opponent to roll.
    after: State,
}

/// Every roll of `game` (a legal record) analysed, and what was not (a last turn written only
/// in part).
pub(super) fn analyse(
    game: &Game,
    settings: &Settings,
) -> Result<(Vec<TurnAnalysis>, Vec<String>), AnalysisError> {
    let (work, notes) = rolls(game)?;
    let limit = Limit::nodes(settings.nodes_for(Variant::Sade));
    let turns = in_parallel(
        &work,
        settings.jobs,
        settings.progress.as_deref(),
        |_| Ok(()),
        |(), w| one(game, w, limit),
    )?;
    Ok((turns, notes))
}

fn rolls(game: &Game) -> Result<(Vec<Work>, Vec<String>), AnalysisError> {
    let mut state = State::from_game(game).map_err(|e| AnalysisError::Position {
        turn: "1".into(),
        reason: e.to_string(),
    })?;
    let mut work = Vec::new();
    let mut notes = Vec::new();
    for (index, turn) in game.turns.iter().enumerate() {
        let Some(face) = turn.face.map(|f| f.value) else {
            notes.push(format!(
                "turn {}: no die face, not analysed",
                super::names::turn_name(turn.number)
            ));
            break;
        };
        let played = play_turn(&state, turn);
        match played.outcome {
            TurnOutcome::Complete => {}
            TurnOutcome::Finished { .. } => {
                work.push(Work {
                    index,
                    state,
                    face,
                    after: played.state,
                });
                break;
            }
            TurnOutcome::Stopped { .. } => {
                notes.push(format!(
                    "turn {}: written only in part (R16), not analysed",
                    super::names::turn_name(turn.number)
                ));
                break;
            }
            TurnOutcome::Invalid { reason, .. } => {
                return Err(AnalysisError::Illegal(format!(
                    "turn {}: {reason}",
                    super::names::turn_name(turn.number)
                )));
            }
        }
        work.push(Work {
            index,
            state,
            face,
            after: played.state.clone(),
        });
        state = played.state;
    }
    Ok((work, notes))
}

fn one(game: &Game, w: &Work, limit: Limit) -> Result<TurnAnalysis, AnalysisError> {
    let turn = &game.turns[w.index];
    let roll = sade_chance::roll(&w.state, limit, 3, Some((w.face, &w.after))).map_err(|e| {
        AnalysisError::Position {
            turn: super::names::turn_name(turn.number),
            reason: e.to_string(),
        }
    })?;
    let line = roll.face(w.face);
    let before = roll.chance();
    let best = line.chance;
    // A face with no fulfilment: the roller writes `--` and loses (faces 1–4, R14).
    let after = line.played.unwrap_or(best);
    let forced = line.ways <= 1;
    let loss = (best - after).max(0.0);
    Ok(TurnAnalysis {
        index: w.index,
        turn: turn.number.number,
        side: super::names::side_name(w.state.roller()).into(),
        face: Some(w.face.get()),
        played: turn.actions().map(super::names::written).collect(),
        before,
        after,
        best: line
            .best
            .iter()
            .map(|(f, chance)| BestTurn {
                actions: f
                    .actions(&w.state)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                chance: *chance,
            })
            .collect(),
        loss,
        judgement: if forced { None } else { by_loss(loss) },
        luck: Some(best - before),
        faces: Some(roll.faces.iter().map(|f| f.chance).collect()),
        forced,
    })
}
