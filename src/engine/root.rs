//! The root of a chess or Marseillais search: iterative deepening over the referee's own
//! candidates (legal moves, full turns), each with the node it leads to.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;

use super::budget::Limit;
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

/// What [`lines`] found, for a game's analysis: the best items with their scores, best first,
/// and the played one's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines<T> {
    pub best: Vec<(T, i32)>,
    /// The score of the item played (exact, searched as deep as the best).
    pub played: i32,
    /// The last depth searched to the end.
    pub depth: u8,
    pub nodes: u64,
    /// The candidates there were.
    pub choices: usize,
}

/// A candidate's score after [`lines`]: exact, or at most this (a candidate that cannot be among
/// the best is searched with a window that only shows it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scored {
    /// The candidate's index in the list given.
    pub index: usize,
    pub score: i32,
    pub exact: bool,
}

/// The best `keep` candidates with exact scores, best first, and the score of `played` (exact
/// too), by iterative deepening: every candidate is searched at each depth with a window
/// whose floor is the `keep`-th best exact score so far. The first depth is searched to its end
/// whatever the budget; a deeper one that the budget stops is dropped. Deterministic under a
/// node limit (no random tie-break: ties keep the order given).
pub(crate) fn lines<T: Clone>(
    searcher: &mut Searcher,
    candidates: &[Candidate<T>],
    keep: usize,
    played: usize,
) -> Lines<T> {
    let played = Some(played);
    let limit = searcher.budget.limit();
    searcher.budget.limit_to(Limit::nodes(u64::MAX));
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    order.sort_by_key(|&i| -candidates[i].order);
    let mut last: Vec<Scored> = Vec::new();
    let mut completed = 0;
    for depth in 1..=i32::from(limit.depth) {
        let mut scored: Vec<Scored> = Vec::with_capacity(order.len());
        let mut floor = -INF;
        for &i in &order {
            let c = &candidates[i];
            let must = Some(i) == played;
            let low = if must { -INF } else { floor };
            let score = match &c.child {
                None => c.terminal,
                Some(node) => -searcher.negamax(node, depth - c.plies, -INF, -low, 1),
            };
            if searcher.budget.stopped() {
                break;
            }
            let exact = must || score > low;
            scored.push(Scored {
                index: i,
                score,
                exact,
            });
            let mut best: Vec<i32> = scored.iter().filter(|s| s.exact).map(|s| s.score).collect();
            if best.len() >= keep {
                best.sort_unstable_by(|a, b| b.cmp(a));
                floor = best[keep - 1];
            }
        }
        if scored.len() < order.len() {
            break;
        }
        scored.sort_by_key(|s| (!s.exact, -s.score));
        order = scored.iter().map(|s| s.index).collect();
        last = scored;
        completed = depth as u8;
        if depth == 1 {
            searcher.budget.limit_to(limit);
            if searcher.budget.stopped() {
                break;
            }
        }
        let decided = last.first().is_some_and(|s| s.score.abs() >= MATE - 200);
        if decided || candidates.len() == 1 {
            break;
        }
    }
    let played_score = played.and_then(|p| last.iter().find(|s| s.index == p).copied());
    last.retain(|s| s.exact);
    last.truncate(keep);
    Lines {
        best: last
            .iter()
            .map(|s| (candidates[s.index].item.clone(), s.score))
            .collect(),
        played: played_score.map_or(0, |s| s.score),
        depth: completed,
        nodes: searcher.budget.nodes,
        choices: candidates.len(),
    }
}
