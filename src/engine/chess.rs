//! Alpha-beta over chess positions, for standard chess and for Marseillais.
//!
//! A node is a position and the moves its player has left in the turn: always 1 in standard
//! chess; 2 at the start of a Marseillais turn and 1 before its second move. After the first
//! move of a Marseillais turn the same player moves again, so the score is not negated and the
//! window is passed on as it is: the second move is a ply of the tree like any other, ordered
//! (the table's move, MVV-LVA, killers) and cut off by alpha-beta. A first move that gives
//! check, or after which the material is insufficient, ends the turn (M2, M7).
//!
//! The board of a node is the referee's ([`Board`]: en passant as M4 allows it), and a node
//! that the search scores as the end of the game is one the referee judges so, by the same
//! code ([`Searcher::end`]): at the start of a turn, [`crate::rules::standard::judge`] or
//! [`crate::rules::marseillais::judge`], with the repetitions counted over the game before the
//! root and the path from it, and the fifty-turn count carried from node to node. A draw
//! scores 0 against the evaluation (no contempt): ahead, the engine avoids it; behind, it seeks
//! it. A first move after which the player has no second move is no move at all while a full
//! turn exists (M3); when none exists, the judgement of the turn's start has already called
//! the position a stalemate.
//!
//! What the search leaves out is only ever a position it goes on evaluating: quiescence looks
//! at captures only, and a table entry may stand for a position reached along another path.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingMode, Color, Move, Position, Square};

use super::budget::Budget;
use super::eval::{evaluate, piece_value};
use super::tt::{Bound, Entry, Table};
use crate::rules::GameEnd;
use crate::rules::marseillais::{self, Board, position_key, second_move_ep};
use crate::rules::standard::{self, repetition_key};

/// A mate, less the plies to it.
pub const MATE: i32 = 100_000;
pub(crate) const INF: i32 = 1_000_000;
/// What a node before a second move answers when its player has none: the first move that led
/// there is no move (M3). Never negated: the same player chose that first move.
const STRANDED: i32 = -2 * INF;
/// Quiescence goes this many plies at most.
const QUIESCENCE_PLIES: i32 = 8;
/// Mixed into the key of a position before the second move of a Marseillais turn.
const SECOND_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;

/// A position in the tree.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    /// The player to move is `board.pos.turn()`. In standard chess shakmaty's position keeps
    /// its own en passant square and `board.ep` is empty; in Marseillais the position has none
    /// and `board.ep` holds the captures M4 allows.
    pub board: Board,
    /// Moves the player to move has left in the turn.
    pub left: u8,
    /// Marseillais: the turns in a row without a capture or a pawn move before this turn.
    pub quiet: u32,
    /// Marseillais, before a second move: whether the first took or moved a pawn.
    pub zeroing: bool,
    /// Marseillais, before a second move: the square a first double step passed.
    pub step: Option<Square>,
}

impl Node {
    /// A node at the start of a turn.
    pub fn start(board: Board, left: u8, quiet: u32) -> Node {
        Node {
            board,
            left,
            quiet,
            zeroing: false,
            step: None,
        }
    }
}

pub(crate) struct Searcher {
    /// Moves a turn has (1 in standard chess, 2 in Marseillais).
    turn_moves: u8,
    mode: CastlingMode,
    pub tt: Table,
    killers: Vec<[Option<Move>; 2]>,
    pub budget: Budget,
    /// The keys of the turn starts before the root that can stand again (those since the last
    /// capture or pawn move), the root's included; sorted, to count one quickly.
    past: Vec<u64>,
    /// The keys of the turn starts from the root to the node.
    path: Vec<u64>,
}

impl Searcher {
    /// A searcher whose root comes after the turn starts `past` (their keys: the Marseillais
    /// [`position_key`], the standard [`repetition_key`]).
    pub fn new(turn_moves: u8, mode: CastlingMode, budget: Budget, past: Vec<u64>) -> Searcher {
        Searcher::sized(turn_moves, mode, budget, past, 18)
    }

    /// A searcher with a table of `2^bits` entries (a search needs [`Searcher::new`]'s; a
    /// look at one node, [`Searcher::end_at`], one).
    pub fn sized(
        turn_moves: u8,
        mode: CastlingMode,
        budget: Budget,
        past: Vec<u64>,
        bits: u32,
    ) -> Searcher {
        let mut past = past;
        past.sort_unstable();
        Searcher {
            turn_moves,
            mode,
            tt: Table::new(bits),
            killers: vec![[None; 2]; 128],
            budget,
            past,
            path: Vec::new(),
        }
    }

    fn marseillais(&self) -> bool {
        self.turn_moves == 2
    }

    /// Whether the node is at the start of a turn.
    fn at_start(&self, node: &Node) -> bool {
        node.left == self.turn_moves
    }

    /// The node's key: at a turn's start, the one its repetitions are counted by.
    pub fn key(&self, node: &Node) -> u64 {
        if !self.marseillais() {
            return repetition_key(&node.board.pos);
        }
        let key = position_key(&node.board);
        if self.at_start(node) {
            return key;
        }
        let step = node.step.map_or(Zobrist64(0), |square| {
            Zobrist64::zobrist_for_en_passant_file(square.file())
        });
        key ^ SECOND_MOVE ^ step.0 ^ u64::from(node.zeroing)
    }

    /// How often the position of a turn-start node with key `key` has stood at the start of a
    /// turn, this time included.
    fn repetitions(&self, key: u64) -> usize {
        let from = self.past.partition_point(|&k| k < key);
        let past = self.past[from..].partition_point(|&k| k == key);
        1 + past + self.path.iter().filter(|&&k| k == key).count()
    }

    /// Whether a draw by the game's past (repetition, the fifty-turn or seventy-five-move
    /// count) may stand at the node: then no table entry is trusted for it.
    fn late(&self, node: &Node, repetitions: usize) -> bool {
        if self.marseillais() {
            repetitions >= 3 || node.quiet >= 100
        } else {
            repetitions >= 5 || node.board.pos.halfmoves() >= 150
        }
    }

    /// The end of the game at a node with these legal moves, as the referee judges it; only
    /// at a turn's start (before a second move nothing ends the game but M7's material, which
    /// ends the turn first, see [`Searcher::child`]).
    pub fn end(&self, node: &Node, moves: &[Move], repetitions: usize) -> Option<GameEnd> {
        if !self.at_start(node) {
            return None;
        }
        if self.marseillais() {
            marseillais::judge(marseillais::Standing {
                board: &node.board,
                moves,
                turn_moves: usize::from(self.turn_moves),
                mode: self.mode,
                repetitions,
                quiet_turns: node.quiet,
            })
        } else {
            let pos = &node.board.pos;
            standard::judge(pos, moves.is_empty(), pos.halfmoves() == 0, repetitions)
        }
    }

    /// The score of an end for the player to move at `node`, `ply` plies from the root.
    fn end_score(node: &Node, end: GameEnd, ply: i32) -> i32 {
        match end.winner {
            None => 0,
            Some(winner) if winner == node.board.pos.turn() => MATE - ply,
            Some(_) => -MATE + ply,
        }
    }

    /// The node after `m`, and whether the player to move changes.
    pub fn child(&self, node: &Node, m: Move) -> Option<(Node, bool)> {
        let mut after = node.board.pos.clone();
        after.play_unchecked(m);
        if !self.marseillais() {
            let board = Board {
                pos: after,
                ep: Vec::new(),
            };
            return Some((Node::start(board, 1, 0), true));
        }
        let mover = node.board.pos.turn();
        let zeroing = node.zeroing || m.is_zeroing();
        if node.left <= 1 || after.is_check() || marseillais::insufficient_material(&after) {
            // The turn is over: the opponent's, with the turn's double steps to take (M4).
            let ep = node
                .step
                .into_iter()
                .chain(marseillais::double_step(m))
                .collect();
            let quiet = if zeroing { 0 } else { node.quiet + 1 };
            // shakmaty keeps an en passant square only after a double step; the board's own
            // list holds them all, so the position must not keep it too.
            let pos = if marseillais::double_step(m).is_some() {
                self.rebase(&after, !mover)?
            } else {
                after
            };
            let board = Board { pos, ep };
            return Some((Node::start(board, self.turn_moves, quiet), true));
        }
        let board = Board {
            pos: self.rebase(&after, mover)?,
            ep: second_move_ep(&node.board.ep, m),
        };
        Some((
            Node {
                board,
                left: node.left - 1,
                quiet: node.quiet,
                zeroing,
                step: marseillais::double_step(m),
            },
            false,
        ))
    }

    /// `pos` with `next` to move and no en passant square of shakmaty's own.
    fn rebase(&self, pos: &shakmaty::Chess, next: Color) -> Option<shakmaty::Chess> {
        marseillais::rebase(pos, next, pos.fullmoves(), self.mode)
    }

    fn evaluate(&mut self, node: &Node) -> i32 {
        let us = node.board.pos.turn();
        self.budget
            .evaluate(|| evaluate(node.board.pos.board(), us))
    }

    /// The node's legal moves.
    fn moves(&mut self, node: &Node) -> Vec<Move> {
        self.budget.generate(|| {
            if node.board.ep.is_empty() {
                node.board.pos.legal_moves().into_iter().collect()
            } else {
                node.board.legal_moves()
            }
        })
    }

    /// `moves` in the order they are tried.
    fn ordered(&self, moves: Vec<Move>, best: Option<Move>, ply: usize) -> Vec<Move> {
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

    /// The score of a child for the player to move at its parent; `None` when the child is no
    /// move (a first move that leaves no second one, M3).
    fn scored(&self, score: i32, flips: bool) -> Option<i32> {
        if flips {
            Some(-score)
        } else {
            (score != STRANDED).then_some(score)
        }
    }

    /// The score of `node` for its player to move, searched `depth` plies.
    pub fn negamax(&mut self, node: &Node, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if self.budget.tick() {
            return 0;
        }
        let key = self.key(node);
        let start = self.at_start(node);
        let repetitions = if start { self.repetitions(key) } else { 1 };
        if depth <= 0 {
            return self.quiesce(node, alpha, beta, ply, 0, repetitions);
        }
        let late = start && self.late(node, repetitions);
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key).filter(|_| !late) {
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
        let moves = self.moves(node);
        if let Some(end) = self.end(node, &moves, repetitions) {
            return Self::end_score(node, end, ply);
        }
        if moves.is_empty() {
            return STRANDED;
        }
        let moves = self.ordered(moves, tt_move, ply as usize);
        let start_alpha = alpha;
        let mut best = -INF;
        let mut best_move = None;
        if start {
            self.path.push(key);
        }
        for m in moves {
            let Some((child, flips)) = self.child(node, m) else {
                continue;
            };
            let score = if flips {
                self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            };
            if self.budget.stopped() {
                if start {
                    self.path.pop();
                }
                return 0;
            }
            let Some(score) = self.scored(score, flips) else {
                continue;
            };
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
        if start {
            self.path.pop();
        }
        if best_move.is_none() {
            // Every first move leaves no second one; the judgement of the turn's start found a
            // full turn, so this is never reached with legal moves, but a stalemate it would be.
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > start_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if !late {
            self.tt.store(Entry {
                key,
                depth,
                score: best,
                bound,
                best: best_move,
            });
        }
        best
    }

    /// Captures (and promotions) only, with the player to move free to stop ("stand pat"),
    /// once the node is known not to end the game. `repetitions`: of the node's position, when
    /// it starts a turn (after a capture none can stand again).
    fn quiesce(
        &mut self,
        node: &Node,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        qply: i32,
        repetitions: usize,
    ) -> i32 {
        let moves = self.moves(node);
        if let Some(end) = self.end(node, &moves, repetitions) {
            return Self::end_score(node, end, ply);
        }
        if moves.is_empty() {
            return STRANDED;
        }
        let stand = self.evaluate(node);
        if stand >= beta || qply >= QUIESCENCE_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut captures = moves;
        captures.retain(|m| m.is_capture() || m.is_promotion());
        for m in self.ordered(captures, None, ply as usize) {
            if self.budget.tick() {
                return 0;
            }
            let Some((child, flips)) = self.child(node, m) else {
                continue;
            };
            let score = if flips {
                self.quiesce(&child, -beta, -alpha, ply + 1, qply + 1, 1)
            } else {
                self.quiesce(&child, alpha, beta, ply + 1, qply + 1, 1)
            };
            if self.budget.stopped() {
                return 0;
            }
            let Some(score) = self.scored(score, flips) else {
                continue;
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The end the search sees at the start of a turn whose node is `node` (the root's
    /// children are such nodes): what [`Searcher::end`] says there.
    pub fn end_at(&mut self, node: &Node) -> Option<GameEnd> {
        let moves = self.moves(node);
        let repetitions = self.repetitions(self.key(node));
        self.end(node, &moves, repetitions)
    }
}
