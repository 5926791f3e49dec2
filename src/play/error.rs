//! Why a game of self-play could not be played.

use super::uci;

/// Why a game could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The `--fen` position cannot start a game (the reason says why: "the start position
    /// cannot be played: ...", "the FEN tag is not a position: ...").
    #[error("{0}")]
    Setup(String),
    /// The Sade position a bot is to play in cannot be reached from the record.
    #[error(transparent)]
    Locate(#[from] crate::arbiter::locate::LocateError),
    /// The Standard or Marseillais position a bot is to play in cannot be reached from the
    /// record.
    #[error(transparent)]
    Position(#[from] crate::rules::PositionError),
    /// The referee refused what a bot played: a bug in sade-ref, never the bot's choice.
    #[error("the referee refused a bot's turn (a bug in sade-ref): {0}")]
    Refused(String),
    /// An engine spoken to over UCI failed (the error names the engine).
    #[error(transparent)]
    Engine(#[from] uci::UciError),
    /// An engine answered a move that is not legal in the position (`fen`).
    #[error("the engine {engine} played {answer}, which is not a legal move in {fen}")]
    EngineMove {
        engine: String,
        answer: shakmaty::uci::UciMove,
        fen: String,
    },
}
