//! Standard chess analysed by an outside UCI engine (`--engine uci:PATH`): its three best moves
//! (MultiPV 3) and, when the move played is not among them, that move alone (`searchmoves`).

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::chess::{Scores, judged, san};
use super::error::AnalysisError;
use super::model::TurnAnalysis;
use crate::engine::MATE;
use crate::play::uci::{Engine, EngineSpec, Score};
use crate::record::Game;

/// A running engine, for one thread of the analysis.
pub(super) struct UciAnalyser {
    engine: Engine,
}

impl UciAnalyser {
    pub fn start(spec: &EngineSpec) -> Result<UciAnalyser, AnalysisError> {
        Ok(UciAnalyser {
            engine: Engine::start(spec)?,
        })
    }

    /// The entry of the move `played` from `pos`.
    pub fn turn(
        &mut self,
        game: &Game,
        index: usize,
        pos: &Chess,
        played: Move,
    ) -> Result<TurnAnalysis, AnalysisError> {
        let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
        let lines = self.engine.lines(&fen, 3, None)?;
        let mut best = Vec::new();
        let mut played_score = None;
        for (uci, score) in &lines {
            let Some(m) = uci.to_move(pos).ok() else {
                continue;
            };
            let score = ours(*score);
            if m == played {
                played_score = Some(score);
            }
            best.push((vec![san(pos, m)], score));
        }
        let played_score = match played_score {
            Some(score) => score,
            None => {
                let uci = played.to_uci(pos.castles().mode());
                let alone = self.engine.lines(&fen, 1, Some(&uci))?;
                alone.first().map_or(0, |(_, s)| ours(*s))
            }
        };
        let choices = pos.legal_moves().len();
        let scores = Scores {
            best,
            played: played_score,
            choices,
        };
        Ok(judged(game, index, pos.turn(), scores))
    }
}

/// A UCI score on sade-ref's scale: centipawns, or a mate as [`MATE`] less its plies.
fn ours(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        Score::Mate(n) => -MATE + 2 * n.abs(),
    }
}
