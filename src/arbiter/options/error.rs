//! Why the options of a position cannot be listed.

use crate::rules::sade::Refused;

/// Why [`answer`](super::answer()) has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// Sade: both kings stand alone, which no game reaches (R17: the first to be so has won).
    #[error("both players have the king alone: not a position a game can reach (R17)")]
    BothNaked,
    /// Sade: the referee cannot analyse the position (a position shakmaty refuses).
    #[error(transparent)]
    Refused(#[from] Refused),
}
