//! Perft for de Sade chess: the leaves of the game tree to a depth in turns, counted with the
//! referee's own search ([`visit_fulfilments`]).
//!
//! A turn is a chance node: each of the six faces is rolled in turn, and each face's
//! fulfilments are the branches. A face with no fulfilment (Poverty of the Flesh, R14) has one
//! consequence, the end of the game: one leaf. A fulfilment that ends the game (a mate,
//! nakedness, a stalemate) is a leaf whatever the depth left. So the count at depth 1 is, over
//! the six faces, the number of fulfilments of each (or 1 when there is none).
//!
//! The state after a fulfilment is found the way the replay finds it: its steps are applied,
//! one by one, by the faces' own code ([`OpenTurn::apply`]).

use std::ops::ControlFlow;

use super::fault::{Fault, Refused};
use super::fulfilment::Fulfilment;
use super::open_turn::{Next, OpenTurn};
use super::search::visit_fulfilments;
use super::state::State;
use crate::record::Face;

/// One branch of the root of a [`divide`]: a face and one of its fulfilments (`None`: the face
/// has none), with the leaves below it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub face: Face,
    pub fulfilment: Option<Fulfilment>,
    pub leaves: u64,
}

/// The leaves of the game tree from `state` (the roller to roll), `depth` turns deep.
///
/// # Errors
/// [`Refused`] when a position on the way cannot be analysed.
pub fn perft(state: &State, depth: u32) -> Result<u64, Refused> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0;
    for face in Face::ALL {
        total += face_leaves(state, face, depth, |_, _| {})?;
    }
    Ok(total)
}

/// [`perft`] split by the first turn's face and fulfilment, in the search's order.
///
/// # Errors
/// As for [`perft`].
pub fn divide(state: &State, depth: u32) -> Result<Vec<Branch>, Refused> {
    let mut branches = Vec::new();
    if depth == 0 {
        return Ok(branches);
    }
    for face in Face::ALL {
        let mut any = false;
        let none = face_leaves(state, face, depth, |fulfilment, leaves| {
            any = true;
            branches.push(Branch {
                face,
                fulfilment: Some(fulfilment.clone()),
                leaves,
            });
        })?;
        if !any {
            branches.push(Branch {
                face,
                fulfilment: None,
                leaves: none,
            });
        }
    }
    Ok(branches)
}

/// The leaves below a roll of `face` (`depth` ≥ 1, this turn included); `each` gets every
/// fulfilment with the leaves below it.
fn face_leaves(
    state: &State,
    face: Face,
    depth: u32,
    mut each: impl FnMut(&Fulfilment, u64),
) -> Result<u64, Refused> {
    let mut total = 0;
    let mut found = false;
    let mut failed = None;
    let _complete = visit_fulfilments(state, face, |fulfilment| {
        found = true;
        let leaves = if depth == 1 || fulfilment.end.is_some() {
            Ok(1)
        } else {
            after(state, face, fulfilment).and_then(|next| perft(&next, depth - 1))
        };
        match leaves {
            Ok(leaves) => {
                total += leaves;
                each(fulfilment, leaves);
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    // No fulfilment: the roller loses by Poverty of the Flesh, one leaf.
    Ok(if found { total } else { 1 })
}

/// The state after a fulfilment that does not end the game, the opponent to roll.
fn after(state: &State, face: Face, fulfilment: &Fulfilment) -> Result<State, Refused> {
    let mut progress = OpenTurn::begin(state, face)?;
    for (at, &step) in fulfilment.steps.iter().enumerate() {
        let next = progress.apply(step).map_err(|fault| match fault {
            Fault::Refused(e) => e,
            Fault::Illegal(illegal) => Refused {
                reason: format!(
                    "a fulfilment the search found is refused at step {} (a bug in sade-ref): {}",
                    at + 1,
                    illegal.reason
                ),
            },
        })?;
        match next {
            Next::Continue(p) => progress = p,
            Next::Done(mut reached) if at + 1 == fulfilment.steps.len() => {
                reached.end_turn();
                return Ok(reached);
            }
            Next::Done(_) | Next::End(..) => break,
        }
    }
    Err(Refused {
        reason: format!(
            "the fulfilment the search found for face {face} does not end where the search \
             said (a bug in sade-ref)"
        ),
    })
}
