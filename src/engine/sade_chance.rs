//! De Sade chess analysed: the chance of winning, 0 to 1, of each face of a roll and of each
//! of its fulfilments, by an expectimax over probabilities.
//!
//! A state's value for its roller is the mean over the six faces of the best fulfilment's
//! chance; a fulfilment that ends the game is won (1) or lost (0) as its end says, a face with
//! none on faces 1–4 is lost (Poverty of the Flesh, R14), and below the depth the evaluation
//! is a chance ([`super::sade_eval::chance`]). Every fulfilment of a face is scored one turn
//! deep (the state it leaves, evaluated); the best few (at least one, more while the face's
//! share of the budget lasts) and the one played are then scored over the opponent's next
//! roll, as backgammon programs filter their moves, and the face's chance is the best of
//! those. Fulfilments that reach the same state are one.

use std::ops::ControlFlow;

use super::budget::{Budget, Limit};
use super::sade_eval::chance;
use crate::record::Face;
use crate::rules::sade::{Fulfilment, Refused, State, visit_fulfilments_after};

/// Fulfilments of each face scored over the opponent's next roll (the played one besides).
const DEEPENED: usize = 3;

/// What one face of a roll offers its roller.
#[derive(Clone, Debug)]
pub struct FaceLine {
    pub face: Face,
    /// The best fulfilments (distinct by the state they reach), best first, with their chances.
    pub best: Vec<(Fulfilment, f64)>,
    /// The face's chance: its best fulfilment's (0 when it has none on faces 1–4).
    pub chance: f64,
    /// The distinct fulfilments (0: none, the roller loses on faces 1–4).
    pub ways: usize,
    /// The chance of the fulfilment played, when this is the face rolled and it was found.
    pub played: Option<f64>,
    /// The fulfilments scored over the opponent's next roll (the best of those is the face's).
    pub deepened: usize,
}

/// A roll analysed: each face's line, in the order 1 to 6.
#[derive(Clone, Debug)]
pub struct Roll {
    pub faces: Vec<FaceLine>,
    pub nodes: u64,
}

impl Roll {
    /// The roller's chance before the roll: the mean over the faces.
    pub fn chance(&self) -> f64 {
        self.faces.iter().map(|f| f.chance).sum::<f64>() / self.faces.len() as f64
    }

    pub fn face(&self, face: Face) -> &FaceLine {
        &self.faces[usize::from(face.get()) - 1]
    }
}

/// A fulfilment with the state after the turn (the opponent to roll).
struct Child {
    fulfilment: Fulfilment,
    after: State,
    chance: f64,
}

/// Each face of the roll from `state` analysed, `keep` best fulfilments kept a face, under
/// `limit` (nodes: fulfilments visited; deterministic). `played`: the face rolled and the state
/// its turn left (the opponent to roll), whose chance is then found too.
///
/// # Errors
/// [`Refused`] when the referee's search cannot analyse a position on the way.
pub fn roll(
    state: &State,
    limit: Limit,
    keep: usize,
    played: Option<(Face, &State)>,
) -> Result<Roll, Refused> {
    let mut budget = Budget::new(Limit::nodes(u64::MAX));
    let mut lists = Vec::with_capacity(6);
    for face in Face::ALL {
        lists.push(children(state, face, &mut budget)?);
    }
    // Each face gets a sixth of what the budget leaves, and its best fulfilment and the one
    // played are scored over the opponent's roll whatever it costs: every face's chance is
    // found at the same depth, so the mean over the faces (and the luck) compares like with
    // like.
    let share = limit.nodes.saturating_sub(budget.nodes) / 6;
    let mut faces = Vec::with_capacity(6);
    for (face, mut children) in Face::ALL.into_iter().zip(lists) {
        let target = played.and_then(|(f, after)| (f == face).then_some(after));
        let played_at = target.and_then(|t| children.iter().position(|c| &c.after == t));
        let start = budget.nodes;
        let mut deepened = Vec::new();
        for (i, c) in children.iter().enumerate() {
            let within = i < DEEPENED && (i == 0 || budget.nodes - start < share);
            if !within && Some(i) != played_at {
                continue;
            }
            if c.fulfilment.end.is_none() {
                let deeper = 1.0 - value(&c.after, &mut budget)?;
                deepened.push((i, deeper));
            } else {
                deepened.push((i, c.chance));
            }
        }
        // The deepened, by their deeper chances, first; the others (scored one turn deep)
        // after them, never compared with them.
        for &(i, value) in &deepened {
            children[i].chance = value;
        }
        let mut order: Vec<usize> = deepened.iter().map(|&(i, _)| i).collect();
        order.sort_by(|&a, &b| children[b].chance.total_cmp(&children[a].chance));
        let rest = (0..children.len()).filter(|i| !order.contains(i));
        let order: Vec<usize> = order.clone().into_iter().chain(rest).collect();
        let deepened = deepened.len();
        let children = reorder(children, &order);
        let played_chance = target.and_then(|t| children.iter().find(|c| &c.after == t));
        faces.push(FaceLine {
            face,
            chance: children.first().map_or(0.0, |c| c.chance),
            ways: children.len(),
            played: played_chance.map(|c| c.chance),
            best: children
                .iter()
                .take(keep.min(deepened))
                .map(|c| (c.fulfilment.clone(), c.chance))
                .collect(),
            deepened,
        });
    }
    Ok(Roll {
        faces,
        nodes: budget.nodes,
    })
}

fn reorder(children: Vec<Child>, order: &[usize]) -> Vec<Child> {
    let mut slots: Vec<Option<Child>> = children.into_iter().map(Some).collect();
    order.iter().filter_map(|&i| slots[i].take()).collect()
}

/// Every distinct fulfilment of `face` from `state`, with its chance one turn deep for the
/// roller, best first (ties in the referee's order).
fn children(state: &State, face: Face, budget: &mut Budget) -> Result<Vec<Child>, Refused> {
    let roller = state.roller();
    let mut all: Vec<Child> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let _complete = visit_fulfilments_after(state, face, |f, reached| {
        budget.tick();
        let mut after = reached.clone();
        after.end_turn();
        if !seen.insert(after.fen()) {
            return ControlFlow::Continue(());
        }
        let chance = match f.end {
            Some(end) => f64::from(u8::from(end.winner == roller)),
            None => 1.0 - chance(&after, !roller),
        };
        all.push(Child {
            fulfilment: f.clone(),
            after,
            chance,
        });
        ControlFlow::Continue(())
    })?;
    all.sort_by(|a, b| b.chance.total_cmp(&a.chance));
    Ok(all)
}

/// The chance of `state`'s roller over its roll, each face's best fulfilment scored one turn
/// deep (every fulfilment counted as a node).
fn value(state: &State, budget: &mut Budget) -> Result<f64, Refused> {
    let roller = state.roller();
    let mut total = 0.0;
    for face in Face::ALL {
        let mut best: f64 = 0.0;
        let _complete = visit_fulfilments_after(state, face, |f, reached| {
            budget.tick();
            let chance = match f.end {
                Some(end) => f64::from(u8::from(end.winner == roller)),
                None => {
                    let mut after = reached.clone();
                    after.end_turn();
                    1.0 - chance(&after, !roller)
                }
            };
            best = best.max(chance);
            if best >= 1.0 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        total += best;
    }
    Ok(total / 6.0)
}
