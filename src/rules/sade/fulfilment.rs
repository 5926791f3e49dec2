//! What the search finds: one legal way to fulfil a die face ([`Fulfilment`]).

use shakmaty::Color;

use super::ends::End;
use super::notation;
use super::state::State;
use super::step::Step;
use crate::record::ActionKind;

/// One legal way to fulfil a die face: the actions, in order, and how the game ended if it did.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fulfilment {
    /// Whose pieces the prescription moved: on faces 1–3 the opponent's, or the roller's own
    /// when the opponent's could not (Art. 12.1); the roller on faces 4–6.
    pub by: Color,
    pub steps: Vec<Step>,
    /// A fulfilment may end the game early (a mate, Art. 13.1; nakedness; a stalemate).
    pub end: Option<End>,
}

impl Fulfilment {
    /// The fulfilment as written actions from `state` (moves in SAN), ready for a
    /// [`Turn`](crate::record::Turn).
    pub fn actions(&self, state: &State) -> Vec<ActionKind> {
        notation::actions_of(state, &self.steps)
    }
}
