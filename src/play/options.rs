//! What a run of self-play is asked for, and the games the bots play.

use super::bots::Bot;
use crate::record::Variant;

/// The games the bots play from their usual start (Chess960 they play as Standard, from the
/// `--fen` given).
pub const VARIANTS: [Variant; 4] = [
    Variant::Sade,
    Variant::Marseillais,
    Variant::MarseillaisClassical,
    Variant::Standard,
];

/// What a run of self-play is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    pub white: Bot,
    pub black: Bot,
    /// Turns at most (a turn is one player's: a Sade roll, a Marseillais pair, a chess move).
    pub max_turns: usize,
    /// The start position (Sade: with the pocket of captured pieces, `…/RNBQKBNR[Qrn] w …`).
    pub fen: Option<String>,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: Variant::Sade,
            white: Bot::Random,
            black: Bot::Random,
            max_turns: 200,
            fen: None,
            seed: 0,
        }
    }
}
