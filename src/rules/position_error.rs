//! Why a rule set cannot give the position a game stands in: before a record turn (the
//! turns before it are replayed by the referee), or from a FEN.

use shakmaty::fen::ParseFenError;
use shakmaty::{Color, PositionErrorKinds};

use crate::rules::replay::Violation;
use crate::rules::termination::Termination;

/// A position a rule set cannot set up ([`standard::Standing::before_turn`],
/// [`marseillais::TurnStart::before_turn`], [`marseillais::TurnStart::from_fen`]).
///
/// [`standard::Standing::before_turn`]: crate::rules::standard::Standing::before_turn
/// [`marseillais::TurnStart::before_turn`]: crate::rules::marseillais::TurnStart::before_turn
/// [`marseillais::TurnStart::from_fen`]: crate::rules::marseillais::TurnStart::from_fen
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The game is of another variant (`variant`: its `Variant` tag, known or not).
    #[error("this is a {variant} game, not a Marseillais one")]
    NotMarseillais { variant: String },
    /// The record's start position cannot be read (its `FEN` tag).
    #[error("{}", .0.reason)]
    Start(Box<Violation>),
    /// A turn before the one asked about is illegal.
    #[error("the record is invalid before this turn, at turn {}: {}", .0.turn, .0.reason)]
    Invalid(Box<Violation>),
    /// The game ended before the turn asked about.
    #[error("the game ended before this turn, by {}", .0.title())]
    Ended(Termination),
    /// Marseillais: the record turn starts in the middle of a real turn of `0` (M1: two moves).
    #[error(
        "{}'s turn is not over before this record turn (a turn has two moves)",
        crate::rules::names::color_name(*.0)
    )]
    TurnNotOver(Color),
    /// The text is not a FEN.
    #[error("not a FEN: {}", crate::rules::setup::parse_error_words(fen, source.clone()))]
    NotAFen {
        fen: String,
        #[source]
        source: ParseFenError,
    },
    /// The FEN is a position shakmaty refuses to play.
    #[error("not a playable position: {}", crate::rules::setup::position_error(*.0))]
    NotPlayable(PositionErrorKinds),
    /// The referee's own replay gave a position it cannot read again (a bug in sade-ref).
    #[error("internal: {0}")]
    Internal(String),
}
