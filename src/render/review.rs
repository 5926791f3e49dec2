//! What the page draws of a game's analysis: White's chance after each turn, the judged turns,
//! the luck of each Sade roll, the best turn's actions as the referee resolved them, each turn
//! and each player in words. Plain data: whoever analysed the game fills it in (render knows no
//! analysis).

use super::model::ActionView;

/// A game's analysis as the page shows it.
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// Who analysed the game and how far, in words (`sade-ref 0.1.0, 20000 nodes a turn`).
    pub engine: String,
    /// The turns analysed, in the record's order.
    pub turns: Vec<TurnReview>,
    /// Each player's summary in words: White's, then Black's.
    pub players: [PlayerReview; 2],
    /// What was not analysed, and why.
    pub notes: Vec<String>,
}

/// One analysed turn.
#[derive(Clone, Debug)]
pub struct TurnReview {
    /// The record turn's index, from 0 (the game view's `TurnView::index`).
    pub index: usize,
    /// White's chance before the turn and after it, 0 to 1.
    pub white_before: f64,
    pub white_after: f64,
    /// The judgement of the turn, if any.
    pub judgement: Option<Judgement>,
    /// Sade: the luck of the roll for the side that rolled (−1 to 1).
    pub luck: Option<f64>,
    /// The engine's best turn, each action as the referee resolved it from the position before
    /// the turn (empty when the turn played is the best, or forced).
    pub best: Vec<ActionView>,
    /// The turn in a player's words.
    pub words: String,
}

/// How bad a judged turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The word, as the page's classes and the analysis's JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// One player over the game, in words.
#[derive(Clone, Debug, Default)]
pub struct PlayerReview {
    /// `White`, `Black`, or the player's name.
    pub name: String,
    /// Sentences, one a line.
    pub lines: Vec<String>,
}
