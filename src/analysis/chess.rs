//! A chess move's entry in the analysis from the engine's scores, whichever engine gave them.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

use super::chance::{judge_scores, of_score};
use super::model::{BestTurn, TurnAnalysis};
use crate::record::{Game, UciMove};

/// The legal move of `pos` the referee's UCI names.
pub(super) fn find_move(pos: &Chess, uci: UciMove) -> Option<Move> {
    let text = uci.to_string();
    pos.legal_moves().into_iter().find(|m| {
        m.to_uci(shakmaty::CastlingMode::Standard).to_string() == text
            || m.to_uci(shakmaty::CastlingMode::Chess960).to_string() == text
    })
}

/// The move in SAN with its check mark, from `pos`.
pub(super) fn san(pos: &Chess, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// What the engine said of a chess move or a Marseillais turn, for its entry.
pub(super) struct Scores {
    /// The best turns, best first, each as its actions and its score for the player to move.
    pub best: Vec<(Vec<String>, i32)>,
    /// The score of the turn played.
    pub played: i32,
    /// The turns there were to choose from.
    pub choices: usize,
}

/// The entry of record turn `index`, played by `side`, from the engine's scores.
pub(super) fn judged(game: &Game, index: usize, side: Color, scores: Scores) -> TurnAnalysis {
    let played = scores.played;
    let top = scores.best.first().map_or(played, |b| b.1).max(played);
    let before = of_score(top);
    let after = of_score(played);
    let forced = scores.choices <= 1;
    let turn = &game.turns[index];
    TurnAnalysis {
        index,
        turn: turn.number.number,
        side: super::names::side_name(side).into(),
        face: None,
        played: turn.actions().map(super::names::written).collect(),
        before,
        after,
        best: scores
            .best
            .into_iter()
            .map(|(actions, score)| BestTurn {
                actions,
                chance: of_score(score),
            })
            .collect(),
        loss: (before - after).max(0.0),
        judgement: if forced {
            None
        } else {
            judge_scores(top, played)
        },
        luck: None,
        faces: None,
        forced,
    }
}
