//! Why a game cannot be analysed.

use crate::play::uci::UciError;

/// Why a game cannot be analysed; the other games of the file go on.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The record names a game sade-ref has no rules for.
    #[error("{0}")]
    UnknownVariant(String),
    /// The referee finds the record illegal: its verdict, which an analysis cannot go past.
    #[error("the record is not a legal game: {0}")]
    Illegal(String),
    /// A position on the way cannot be set up or searched.
    #[error("turn {turn}: {reason}")]
    Position { turn: String, reason: String },
    /// `--engine uci:…` was asked for a game other than standard chess.
    #[error("an outside engine analyses standard chess only, not {0}")]
    EngineForVariant(String),
    /// The outside engine failed.
    #[error(transparent)]
    Uci(#[from] UciError),
}
