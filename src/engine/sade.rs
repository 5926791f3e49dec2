//! De Sade chess: an expectimax over the die.
//!
//! The value of a state for its roller is the mean, over the six faces (equally likely), of
//! the best of the face's fulfilments ([`crate::rules::sade::visit_fulfilments`]); a face with
//! none (faces 1–4) is Poverty of the Flesh, lost. A fulfilment that ends the game is won or
//! lost as its end says (being mated, stripped bare or stalemated wins, mating the opponent
//! loses); below the depth, [`super::sade_eval`] scores the state.
//!
//! The root searches every fulfilment of the face rolled one turn deep (the state it leaves,
//! evaluated); then, at depth 2, it looks at the opponent's next roll for the best of them in
//! that order, while the node limit lasts, and plays the best of those searched deeper.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

use super::budget::{Budget, Limit, Stats};
use super::sade_eval::evaluate;
use crate::record::Face;
use crate::rules::sade::{Fulfilment, Refused, State, visit_fulfilments_after};

/// A win: ends every comparison.
pub(crate) const WIN: i32 = 1_000_000;

/// The fulfilment to play for `face` (`None` when the face has none: the roller writes `--`
/// and loses by Poverty of the Flesh, R14), and what the search did. `limit.depth` is in
/// turns: 1 looks at the state each fulfilment leaves, 2 at the opponent's next roll too.
/// `jitter`: the random bonus a fulfilment may get (a piece is worth 100).
///
/// # Errors
/// [`Refused`] when the referee's search cannot analyse a position on the way.
pub fn choose(
    state: &State,
    face: Face,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Result<(Option<Fulfilment>, Stats), Refused> {
    search(state, face, limit, jitter, rng, false)
}

/// [`choose`], with the time spent in move generation and in the evaluation measured.
///
/// # Errors
/// As for [`choose`].
pub fn choose_timed(
    state: &State,
    face: Face,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Result<(Option<Fulfilment>, Stats), Refused> {
    search(state, face, limit, jitter, rng, true)
}

/// A fulfilment, with the state it leaves for the opponent (`None` if it ends the game).
struct Child {
    fulfilment: Fulfilment,
    after: Option<State>,
    score: i32,
}

struct Search {
    budget: Budget,
}

fn search(
    state: &State,
    face: Face,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
    timed: bool,
) -> Result<(Option<Fulfilment>, Stats), Refused> {
    let mut budget = Budget::new(limit);
    budget.timed = timed;
    let mut search = Search { budget };
    let roller = state.roller();
    let mut children = search.children(state, face, false)?;
    if children.is_empty() {
        return Ok((None, search.budget.stats(0)));
    }
    children.shuffle(rng);
    for child in &mut children {
        child.score = match &child.after {
            None => end_score(&child.fulfilment, roller),
            Some(after) => search.budget.evaluate(|| evaluate(after, roller)),
        };
        if jitter > 0 {
            child.score += rng.random_range(0..=jitter);
        }
        search.budget.tick();
    }
    children.sort_by_key(|c| -c.score);
    let mut depth = 1;
    if limit.depth >= 2 && children[0].score < WIN && !search.budget.stopped() {
        let mut deeper: Option<(i32, usize)> = None;
        for (i, child) in children.iter().enumerate() {
            let Some(after) = &child.after else {
                continue;
            };
            let value = -search.value(after, 1)?;
            if search.budget.stopped() {
                break;
            }
            // The jitter drawn above, kept: the difference between the two scores of a child
            // is what the deeper look changed.
            if deeper.is_none_or(|(best, _)| value > best) {
                deeper = Some((value, i));
            }
        }
        if let Some((_, i)) = deeper {
            depth = 2;
            children.swap(0, i);
        }
    }
    let stats = search.budget.stats(depth);
    Ok((Some(children.swap_remove(0).fulfilment), stats))
}

/// The score the search gives a fulfilment that ends the game, for `roller` (a win or a loss:
/// Sade has no draw, Art. 17); `None` when the game goes on and the state it leaves is
/// searched. The end is the one the referee's fulfilment search gives it
/// ([`Fulfilment::end`]).
pub fn terminal_score(f: &Fulfilment, roller: shakmaty::Color) -> Option<i32> {
    f.end
        .map(|end| if end.winner == roller { WIN } else { -WIN })
}

/// The score of a fulfilment that ends the game, for `roller`.
fn end_score(f: &Fulfilment, roller: shakmaty::Color) -> i32 {
    terminal_score(f, roller).unwrap_or(-WIN)
}

impl Search {
    /// Every fulfilment of `face`, with the state it leaves. Inside the tree (`counted`) each
    /// that does not end the game is a node, and the walk stops when the budget is spent (the
    /// caller then drops what it was computing) or at the first win; the root's are all
    /// listed.
    fn children(
        &mut self,
        state: &State,
        face: Face,
        counted: bool,
    ) -> Result<Vec<Child>, Refused> {
        let mut all = Vec::new();
        let budget = &mut self.budget;
        let start = budget.timed.then(std::time::Instant::now);
        let roller = state.roller();
        let _stopped = visit_fulfilments_after(state, face, |f, reached| {
            let after = f.end.is_none().then(|| {
                let mut after = reached.clone();
                after.end_turn();
                after
            });
            all.push(Child {
                fulfilment: f.clone(),
                after,
                score: 0,
            });
            let stop = counted
                && match f.end {
                    // A win ends the max node: what follows it cannot be better.
                    Some(end) => end.winner == roller,
                    None => budget.tick(),
                };
            if stop {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        })?;
        if let Some(start) = start {
            budget.movegen += start.elapsed();
        }
        if budget.stopped() && counted {
            return Ok(Vec::new());
        }
        Ok(all)
    }

    /// The value of `state` for its roller, `depth` turns deep: the mean over the faces.
    fn value(&mut self, state: &State, depth: u8) -> Result<i32, Refused> {
        if depth == 0 || self.budget.stopped() {
            let roller = state.roller();
            return Ok(self.budget.evaluate(|| evaluate(state, roller)));
        }
        let roller = state.roller();
        let mut total: i64 = 0;
        for face in Face::ALL {
            let children = self.children(state, face, true)?;
            if self.budget.stopped() {
                return Ok(0);
            }
            let mut best = -WIN;
            for child in &children {
                let value = match &child.after {
                    None => end_score(&child.fulfilment, roller),
                    Some(after) => -self.value(after, depth - 1)?,
                };
                best = best.max(value);
                if best >= WIN {
                    break;
                }
            }
            // No fulfilment on faces 1–4: Poverty of the Flesh, the roller loses.
            total += i64::from(best);
        }
        Ok((total / 6) as i32)
    }
}
