//! Alpha-beta over chess positions, for standard chess and for Marseillais.
//!
//! A node is a position and the moves its player has left in the turn: always 1 in standard
//! chess; 2 at the start of a Marseillais turn and 1 before its second move. After the first
//! move of a Marseillais turn the same player moves again, so the score is not negated and the
//! window is passed on as it is: the second move is a ply of the tree like any other, ordered
//! (the table's move, MVV-LVA, killers) and cut off by alpha-beta. A first move that gives
//! check ends the turn (M2). Inside the tree the en passant chances of M4 are those shakmaty
//! keeps (the last double step only) and a stranded first move counts as lost for its player:
//! approximations for the evaluation only, since the moves the engine plays are the referee's
//! (the root's candidates).

use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position};

use super::Budget;
use super::eval::{evaluate, piece_value};
use super::tt::{Bound, Entry, Table};

/// A mate, less the plies to it.
pub(crate) const MATE: i32 = 100_000;
pub(crate) const INF: i32 = 1_000_000;
/// Quiescence goes this many plies at most.
const QUIESCENCE_PLIES: i32 = 8;
/// Mixed into the key of a position before the second move of a Marseillais turn.
const SECOND_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;

/// A position in the tree.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub pos: Chess,
    /// Moves the player to move has left in the turn.
    pub left: u8,
}

pub(crate) struct Searcher {
    /// Moves a turn has (1 in standard chess, 2 in Marseillais).
    turn_moves: u8,
    mode: CastlingMode,
    pub tt: Table,
    killers: Vec<[Option<Move>; 2]>,
    pub budget: Budget,
    /// The keys from the root to the node (a repetition inside the tree is a draw).
    path: Vec<u64>,
}

impl Searcher {
    pub fn new(turn_moves: u8, mode: CastlingMode, budget: Budget) -> Searcher {
        Searcher {
            turn_moves,
            mode,
            tt: Table::new(18),
            killers: vec![[None; 2]; 128],
            budget,
            path: Vec::new(),
        }
    }

    fn key(&self, node: &Node) -> u64 {
        let hash = node.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        if node.left < self.turn_moves {
            hash ^ SECOND_MOVE
        } else {
            hash
        }
    }

    /// The node after `m`, and whether the player to move changes.
    pub fn child(&self, node: &Node, m: Move) -> Option<(Node, bool)> {
        let mut after = node.pos.clone();
        after.play_unchecked(m);
        if node.left <= 1 || after.is_check() {
            let left = self.turn_moves;
            return Some((Node { pos: after, left }, true));
        }
        let mut setup = after.to_setup(EnPassantMode::Legal);
        setup.ep_square = None;
        setup.turn = node.pos.turn();
        let pos = Chess::from_setup(setup, self.mode).ok()?;
        Some((
            Node {
                pos,
                left: node.left - 1,
            },
            false,
        ))
    }

    /// The score of `node` with no legal move: mate or stalemate at a turn's start; a stranded
    /// first move (no second move) before the second.
    fn no_moves(&self, node: &Node, ply: i32) -> i32 {
        if node.left < self.turn_moves {
            -MATE / 2
        } else if node.pos.is_check() {
            -MATE + ply
        } else {
            0
        }
    }

    fn evaluate(&mut self, node: &Node) -> i32 {
        let us = node.pos.turn();
        self.budget.evaluate(|| evaluate(node.pos.board(), us))
    }

    /// The moves of `node` in the order they are tried.
    fn ordered(
        &mut self,
        node: &Node,
        best: Option<Move>,
        ply: usize,
        captures: bool,
    ) -> Vec<Move> {
        let mut moves = self.budget.generate(|| node.pos.legal_moves());
        if captures {
            moves.retain(|m| m.is_capture() || m.is_promotion());
        }
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let mut scored: Vec<(i32, Move)> = moves
            .into_iter()
            .map(|m| {
                let score = if Some(m) == best {
                    1 << 20
                } else if let Some(victim) = m.capture() {
                    (1 << 16) + 16 * piece_value(victim) - piece_value(m.role()) / 10
                } else if m.is_promotion() {
                    1 << 15
                } else if killers.contains(&Some(m)) {
                    1 << 14
                } else {
                    0
                };
                (score, m)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| -score);
        scored.into_iter().map(|(_, m)| m).collect()
    }

    /// The score of `node` for its player to move, searched `depth` plies.
    pub fn negamax(&mut self, node: &Node, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if self.budget.tick() {
            return 0;
        }
        let key = self.key(node);
        if ply > 0 && self.path.contains(&key) {
            return 0;
        }
        if depth <= 0 {
            return self.quiesce(node, alpha, beta, ply, 0);
        }
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            if entry.depth >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if cut {
                    return entry.score;
                }
            }
        }
        let moves = self.ordered(node, tt_move, ply as usize, false);
        if moves.is_empty() {
            return self.no_moves(node, ply);
        }
        let start_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        self.path.push(key);
        for m in moves {
            let Some((child, flips)) = self.child(node, m) else {
                continue;
            };
            let score = if flips {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            };
            if self.budget.stopped() {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture()
                    && let Some(slot) = self.killers.get_mut(ply as usize)
                    && slot[0] != Some(m)
                {
                    slot[1] = slot[0];
                    slot[0] = Some(m);
                }
                break;
            }
        }
        self.path.pop();
        if best_move.is_none() {
            return self.no_moves(node, ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > start_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth,
            score: best,
            bound,
            best: best_move,
        });
        best
    }

    /// Captures (and promotions) only, with the player to move free to stop ("stand pat").
    fn quiesce(&mut self, node: &Node, mut alpha: i32, beta: i32, ply: i32, qply: i32) -> i32 {
        let stand = self.evaluate(node);
        if stand >= beta || qply >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        for m in self.ordered(node, None, ply as usize, true) {
            if self.budget.tick() {
                return 0;
            }
            let Some((child, flips)) = self.child(node, m) else {
                continue;
            };
            let score = if flips {
                -self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1)
            } else {
                self.quiesce(&child, alpha, beta, ply + 1, qply + 1)
            };
            if self.budget.stopped() {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
