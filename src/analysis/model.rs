//! An analysis as JSON writes it (spec/analysis.schema.json): one entry a turn, a summary a
//! player.

use serde::{Deserialize, Serialize};

use super::chance::Judgement;

/// A game analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    /// The game, as JSON and the command line name it (`sade`, `standard`).
    pub variant: String,
    /// Who analysed it and how far.
    pub engine: EngineUsed,
    /// The record's result as the referee finds it (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    pub turns: Vec<TurnAnalysis>,
    pub players: Players,
    /// What was not analysed, and why (a last turn written only in part).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The engine behind an analysis: what makes it the same on another run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineUsed {
    /// `sade-ref 0.1.0`, or the UCI engine's name.
    pub name: String,
    /// The node budget of a turn (sade-ref's own engine), or the UCI engine's limit.
    pub budget: String,
}

/// One turn of the game, analysed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnAnalysis {
    /// The record turn's index, from 0 (`#turn=` of the review page counts from 1).
    pub index: usize,
    /// The turn's number as the record counts it.
    pub turn: u32,
    /// `white` or `black`.
    pub side: String,
    /// The die face (Sade), else `null`.
    pub face: Option<u8>,
    /// The actions played, as written.
    pub played: Vec<String>,
    /// The chance of the side to move before the turn (Sade: before the roll), 0 to 1.
    pub before: f64,
    /// That side's chance after the turn as played.
    pub after: f64,
    /// Up to three best turns (with the face rolled), best first.
    pub best: Vec<BestTurn>,
    /// The best turn's chance less the played one's: 0 or more.
    pub loss: f64,
    /// `null` when the turn is good enough, or forced.
    pub judgement: Option<Judgement>,
    /// Sade: the best turn's chance with the face that came, less the mean over the six faces
    /// of each face's best; else `null`.
    pub luck: Option<f64>,
    /// Sade: each face's best chance, faces 1 to 6; else `null`.
    pub faces: Option<Vec<f64>>,
    /// Whether the rules left one way to play the turn (never judged).
    pub forced: bool,
}

/// A turn the engine prefers, with its chance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestTurn {
    pub actions: Vec<String>,
    pub chance: f64,
}

/// Each side's summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    pub white: Player,
    pub black: Player,
}

/// One side over the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// lichess's accuracy, 0 to 100, over the turns judged (`null`: none was).
    pub accuracy: Option<f64>,
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    /// Sade: the sum of the side's luck; else `null`.
    pub luck: Option<f64>,
    /// The side's result: 1, 1/2 or 0 (`null` for an unfinished game).
    pub result: Option<f64>,
    /// Sade: the result less the side's luck and plus the opponent's (GNU Backgammon's
    /// luck-adjusted result); else `null`.
    pub luck_adjusted: Option<f64>,
}
