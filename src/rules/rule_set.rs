//! The seam between the referee and the games: the table of rule sets, each a variant's replay
//! and whether a draw can stand.

use crate::record::{Game, Variant};

use super::replay::{Detail, Replay};
use super::{marseillais, sade, standard};

/// Replays a game's main line under one game's rules.
pub type Replayer = fn(&Game, Detail) -> Replay;

/// A game's rules, as the referee sees them.
#[derive(Clone, Copy, Debug)]
pub struct RuleSet {
    pub replay: Replayer,
    /// Whether a drawn result (`1/2-1/2`) can stand (it cannot in Sade, Art. 17).
    pub draws: bool,
}

/// The table of rule sets: the one that replays games of a variant.
pub fn rule_set(variant: Variant) -> RuleSet {
    let (replay, draws): (Replayer, bool) = match variant {
        Variant::Sade => (sade::replay, false),
        Variant::Standard | Variant::Chess960 => (standard::replay, true),
        Variant::Marseillais | Variant::MarseillaisClassical => (marseillais::replay, true),
    };
    RuleSet { replay, draws }
}
