//! A chess move's entry in the analysis from the engine's scores, whichever engine gave them.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

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

/// The entry of a chess move from its scores (the best moves' and the played one's, for the
/// player to move).
pub(super) fn judged(
    game: &Game,
    index: usize,
    pos: &Chess,
    played: Move,
    best: &[(String, i32)],
    played_score: i32,
    choices: usize,
) -> TurnAnalysis {
    let top = best.first().map_or(played_score, |b| b.1).max(played_score);
    let before = of_score(top);
    let after = of_score(played_score);
    let forced = choices <= 1;
    let number = &game.turns[index].number;
    TurnAnalysis {
        index,
        turn: number.number,
        side: super::names::side_name(pos.turn()).into(),
        face: None,
        played: vec![san(pos, played)],
        before,
        after,
        best: best
            .iter()
            .map(|(san, score)| BestTurn {
                actions: vec![san.clone()],
                chance: of_score(*score),
            })
            .collect(),
        loss: (before - after).max(0.0),
        judgement: if forced {
            None
        } else {
            judge_scores(top, played_score)
        },
        luck: None,
        faces: None,
        forced,
    }
}
