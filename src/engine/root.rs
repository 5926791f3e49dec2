//! The root of a chess or Marseillais search: iterative deepening over the referee's own
//! candidates (legal moves, full turns), each with the node it leads to.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

use super::chess::{INF, MATE, Node, Searcher};

/// A move or a turn the referee allows, and where it leads.
pub(crate) struct Candidate<T> {
    pub item: T,
    /// The position after it, the opponent to move; `None` when it ends the game.
    pub child: Option<Node>,
    /// Its score when it ends the game (for the player who plays it).
    pub terminal: i32,
    /// Plies it takes (a Marseillais turn of two moves: 2).
    pub plies: i32,
    /// The order before any search (higher first).
    pub order: i32,
    /// A small random bonus drawn from the game's generator: the level's variety.
    jitter: i32,
    score: i32,
}

impl<T> Candidate<T> {
    pub fn new(item: T, child: Option<Node>, terminal: i32, plies: i32, order: i32) -> Self {
        Candidate {
            item,
            child,
            terminal,
            plies,
            order,
            jitter: 0,
            score: -INF,
        }
    }
}

/// The best candidate by an iterative deepening search, and the depth completed. Ties and the
/// jitter (up to `jitter` centipawns a candidate) come from `rng`.
pub(crate) fn best<T>(
    searcher: &mut Searcher,
    mut candidates: Vec<Candidate<T>>,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(T, u8)> {
    if candidates.is_empty() {
        return None;
    }
    candidates.shuffle(rng);
    for c in &mut candidates {
        c.jitter = if jitter > 0 {
            rng.random_range(0..=jitter)
        } else {
            0
        };
    }
    candidates.sort_by_key(|c| -c.order);
    let mut chosen = 0;
    let mut completed = 0;
    for depth in 1..=i32::from(searcher.budget.max_depth()) {
        let mut alpha = -INF;
        let mut best = None;
        for (i, c) in candidates.iter_mut().enumerate() {
            let value = match &c.child {
                None => c.terminal,
                Some(node) => {
                    let floor = alpha.saturating_sub(c.jitter).max(-INF + 1);
                    -searcher.negamax(node, depth - c.plies, -INF, -floor, 1)
                }
            };
            if searcher.budget.stopped() {
                break;
            }
            c.score = value + c.jitter;
            if c.score > alpha {
                alpha = c.score;
                best = Some(i);
            }
        }
        let stopped = searcher.budget.stopped();
        if let Some(i) = best {
            chosen = i;
        }
        if stopped {
            break;
        }
        completed = depth as u8;
        // The best first, then the others by their scores (stable: ties keep their order).
        let first = candidates.remove(chosen);
        candidates.sort_by_key(|c| -c.score);
        candidates.insert(0, first);
        chosen = 0;
        if alpha.abs() >= MATE - 200 || candidates.len() == 1 {
            break;
        }
    }
    let c = candidates.swap_remove(chosen);
    Some((c.item, completed))
}
