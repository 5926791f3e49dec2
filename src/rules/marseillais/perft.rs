//! Perft for Marseillais chess: the leaves of the game tree to a depth in full turns, counted
//! with the referee's own enumerator ([`visit_full_turns`]).
//!
//! A turn that ends the game at once (mate, stalemate with no legal first move or no full
//! turn, insufficient material: what [`FullTurn::end`] says) is a leaf whatever the depth left.
//! Repetition and the fifty-turn rule depend on the history, which a perft leaves aside, as
//! chess perft does: every position is counted from with nothing to look back on
//! ([`TurnStart::without_look_back`]).

use std::ops::ControlFlow;

use super::turn_start::TurnStart;
use super::turns::{FullTurn, visit_full_turns};

/// A position on the way that cannot be set up: the one after `turn` (its moves in SAN). A bug
/// in sade-ref, as a legal turn never leads there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the position after {} cannot be set up (a bug in sade-ref)", turn.join(" "))]
#[non_exhaustive]
pub struct Unreachable {
    pub turn: Vec<String>,
}

/// The leaves of the game tree from `start`, `depth` full turns deep.
///
/// # Errors
/// [`Unreachable`] if a position on the way cannot be set up (a bug: a legal turn never leads
/// there).
pub fn perft(start: &TurnStart, depth: u32) -> Result<u64, Unreachable> {
    count(&start.without_look_back(), depth)
}

fn count(start: &TurnStart, depth: u32) -> Result<u64, Unreachable> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0;
    let mut failed = None;
    let _complete = visit_full_turns(start, |turn| match leaves(start, turn, depth) {
        Ok(n) => {
            total += n;
            ControlFlow::Continue(())
        }
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(total), Err)
}

/// [`perft`] split by the first full turn, in the enumerator's order.
///
/// # Errors
/// As for [`perft`].
pub fn divide(start: &TurnStart, depth: u32) -> Result<Vec<(FullTurn, u64)>, Unreachable> {
    let mut branches = Vec::new();
    if depth == 0 {
        return Ok(branches);
    }
    let start = &start.without_look_back();
    let mut failed = None;
    let _complete = visit_full_turns(start, |turn| match leaves(start, turn, depth) {
        Ok(n) => {
            branches.push((turn.clone(), n));
            ControlFlow::Continue(())
        }
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    });
    failed.map_or(Ok(branches), Err)
}

/// The leaves below `turn`, played from `start` (`depth` counts this turn).
fn leaves(start: &TurnStart, turn: &FullTurn, depth: u32) -> Result<u64, Unreachable> {
    if depth == 1 || turn.end.is_some() {
        return Ok(1);
    }
    let next = start.after(turn).ok_or_else(|| Unreachable {
        turn: turn.san.clone(),
    })?;
    count(&next.without_look_back(), depth - 1)
}
