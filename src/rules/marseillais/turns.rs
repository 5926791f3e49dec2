//! Every legal full turn of a Marseillais position (M1–M5), as the replay judges a turn.
//!
//! A full turn is what a player may write as one turn:
//! - two moves (the second after the first, en passant per M4, castling per M5);
//! - one move when the turn has one (White's first turn of a Balanced game from the initial
//!   position, M1), when it gives check (M2), or when it ends the game by insufficient material
//!   (M7);
//! - a first move with no legal second move, only when no turn of the kinds above exists (M3):
//!   the game is then a stalemate.
//!
//! ```
//! use sade_ref::rules::marseillais::{TurnStart, full_turns};
//!
//! // White's first turn of a Balanced game has one move: the 20 moves of chess.
//! let start = TurnStart::initial(true);
//! assert_eq!(full_turns(&start).len(), 20);
//! ```
//!
//! The end a turn leads to ([`FullTurn::end`]) is the referee's judgement of the opponent's turn
//! start ([`end_at_turn_start`]): insufficient material, mate, stalemate (no legal first move,
//! or no full turn, M3), and the repetition and fifty-turn draws of M6 as far as the
//! [`TurnStart::look_back`] reaches (a record's whole past; for a FEN, its half-move clock).

use std::ops::ControlFlow;

use shakmaty::san::San;
use shakmaty::{Chess, Color, Move, Position};

use super::board::{Board, double_step, insufficient_material, rebase};
use super::ends::{Standing, judge, position_key};
use super::turn_start::TurnStart;
use crate::rules::{Article, GameEnd, Termination};

/// How a full turn ends the game.
pub type FullTurnEnd = GameEnd;

/// One legal full turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FullTurn {
    /// One or two moves, in order.
    pub moves: Vec<Move>,
    /// The moves in SAN, each from the position it is played in (as a record writes them).
    pub san: Vec<String>,
    /// The end of the game the turn leads to, if the board shows one at once.
    pub end: Option<FullTurnEnd>,
}

impl TurnStart {
    /// The start of the opponent's turn after `turn`, a full turn of this one (two moves a
    /// turn from then on; the en passant chances are the turn's double steps, M4). `None` if
    /// shakmaty refuses a position on the way, which a legal turn never leads to.
    pub fn after(&self, turn: &FullTurn) -> Option<TurnStart> {
        let mover = self.pos.turn();
        let fullmoves = self.pos.fullmoves();
        let mut pos = self.pos.clone();
        for (i, &m) in turn.moves.iter().enumerate() {
            pos.play_unchecked(m);
            if i + 1 < turn.moves.len() {
                pos = rebase(&pos, mover, fullmoves, self.mode)?;
            }
        }
        let next_fullmoves = fullmoves.saturating_add(u32::from(mover == Color::Black));
        let zeroing = turn.moves.iter().any(|m| m.is_zeroing());
        Some(TurnStart {
            pos: rebase(&pos, !mover, next_fullmoves, self.mode)?,
            ep: turn.moves.iter().filter_map(|&m| double_step(m)).collect(),
            moves: 2,
            mode: self.mode,
            look_back: self.look_back.after_turn(self.key(), zeroing),
        })
    }
}

/// Whether the game is over at the start of `start`'s turn, and how: the referee's judgement,
/// with what `start.look_back` holds of the past. In this order: insufficient material (M6,
/// M7); no legal first move: mate when in check, else stalemate (M3); no full turn: stalemate
/// (M3); the third time the position stands at a turn's start, the hundredth quiet turn (M6).
pub fn end_at_turn_start(start: &TurnStart) -> Option<GameEnd> {
    let board = start.board();
    let moves = board.legal_moves();
    judge(Standing {
        board: &board,
        moves: &moves,
        turn_moves: start.moves,
        mode: start.mode,
        repetitions: start.look_back.repetitions(position_key(&board)),
        quiet_turns: start.look_back.quiet_turns,
    })
}

/// Every legal full turn from `start` (see the module docs), in move generation order.
pub fn full_turns(start: &TurnStart) -> Vec<FullTurn> {
    let mut all = Vec::new();
    let _complete = visit_full_turns(start, |turn| {
        all.push(turn.clone());
        ControlFlow::Continue(())
    });
    all
}

/// Calls `visit` with every legal full turn from `start` until it returns
/// [`ControlFlow::Break`].
pub fn visit_full_turns<F>(start: &TurnStart, mut visit: F) -> ControlFlow<()>
where
    F: FnMut(&FullTurn) -> ControlFlow<()>,
{
    let board = start.board();
    let next_fullmoves = next_fullmoves(start);
    // First moves with no legal second move: turns only when no other turn exists (M3).
    let mut stranded = Vec::new();
    let mut found = false;
    for first in board.legal_moves() {
        let mut after = start.pos.clone();
        after.play_unchecked(first);
        let san_first = San::from_move(&start.pos, first).to_string();
        if start.moves == 1 || after.is_check() || insufficient_material(&after) {
            found = true;
            let end = end_after(&after, start, next_fullmoves, &[first]);
            let turn = FullTurn {
                moves: vec![first],
                san: vec![san_first],
                end,
            };
            visit(&turn)?;
            continue;
        }
        let Some(mid) = start.second_board(first, &after) else {
            continue;
        };
        let seconds = mid.legal_moves();
        if seconds.is_empty() {
            stranded.push((first, san_first));
            continue;
        }
        for second in seconds {
            found = true;
            let mut end_pos = mid.pos.clone();
            end_pos.play_unchecked(second);
            let end = end_after(&end_pos, start, next_fullmoves, &[first, second]);
            let turn = FullTurn {
                moves: vec![first, second],
                san: vec![
                    san_first.clone(),
                    San::from_move(&mid.pos, second).to_string(),
                ],
                end,
            };
            visit(&turn)?;
        }
    }
    if !found {
        for (first, san) in stranded {
            let turn = FullTurn {
                moves: vec![first],
                san: vec![san],
                end: Some(GameEnd::draw(Termination::Stalemate, Article::M3)),
            };
            visit(&turn)?;
        }
    }
    ControlFlow::Continue(())
}

/// Calls `visit` with every full turn from `start` that mates (M3), in the order of
/// [`visit_full_turns`], until it returns [`ControlFlow::Break`]. The same turns, with the same
/// ends, as that walk's turns won by the mover; quicker, as only a turn that gives check is
/// judged and written (a mate is a check the opponent cannot escape).
pub fn visit_mating_turns<F>(start: &TurnStart, mut visit: F) -> ControlFlow<()>
where
    F: FnMut(&FullTurn) -> ControlFlow<()>,
{
    let board = start.board();
    let mover = start.pos.turn();
    let next_fullmoves = next_fullmoves(start);
    let won = |end: &Option<GameEnd>| end.as_ref().is_some_and(|e| e.winner == Some(mover));
    for first in board.legal_moves() {
        let mut after = start.pos.clone();
        after.play_unchecked(first);
        if start.moves == 1 || after.is_check() || insufficient_material(&after) {
            if !after.is_check() {
                continue;
            }
            let end = end_after(&after, start, next_fullmoves, &[first]);
            if won(&end) {
                visit(&FullTurn {
                    moves: vec![first],
                    san: vec![San::from_move(&start.pos, first).to_string()],
                    end,
                })?;
            }
            continue;
        }
        let Some(mid) = start.second_board(first, &after) else {
            continue;
        };
        // A first move with no second move is a stalemate at most (M3), never a mate.
        for second in mid.legal_moves() {
            let mut end_pos = mid.pos.clone();
            end_pos.play_unchecked(second);
            if !end_pos.is_check() {
                continue;
            }
            let end = end_after(&end_pos, start, next_fullmoves, &[first, second]);
            if won(&end) {
                visit(&FullTurn {
                    moves: vec![first, second],
                    san: vec![
                        San::from_move(&start.pos, first).to_string(),
                        San::from_move(&mid.pos, second).to_string(),
                    ],
                    end,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The fullmove number of the opponent's turn after the one at `start`.
fn next_fullmoves(start: &TurnStart) -> std::num::NonZeroU32 {
    let fullmoves = start.pos.fullmoves();
    if start.pos.turn() == Color::Black {
        fullmoves.saturating_add(1)
    } else {
        fullmoves
    }
}

/// The end of the game after the mover's turn `moves`, which left `after`: the referee's
/// judgement of the opponent's turn start ([`judge`]).
fn end_after(
    after: &Chess,
    start: &TurnStart,
    next_fullmoves: std::num::NonZeroU32,
    moves: &[Move],
) -> Option<GameEnd> {
    let pos = rebase(after, !start.pos.turn(), next_fullmoves, start.mode)?;
    let board = Board {
        pos,
        ep: moves.iter().filter_map(|&m| double_step(m)).collect(),
    };
    let look_back = &start.look_back;
    let (repetitions, quiet_turns) = if moves.iter().any(|m| m.is_zeroing()) {
        (1, 0)
    } else if look_back.seen.is_empty() {
        // The turn's own start cannot stand again for the opponent (the side to move differs).
        (1, look_back.quiet_turns.saturating_add(1))
    } else {
        (
            look_back.repetitions(position_key(&board)),
            look_back.quiet_turns.saturating_add(1),
        )
    };
    let legal = board.legal_moves();
    judge(Standing {
        board: &board,
        moves: &legal,
        turn_moves: 2,
        mode: start.mode,
        repetitions,
        quiet_turns,
    })
}

#[cfg(test)]
mod tests {
    use super::super::ends::{full_turn_example, has_full_turn};
    use super::*;

    fn judged(fen: &str) -> Option<GameEnd> {
        let start = TurnStart::from_fen(fen).unwrap();
        end_at_turn_start(&start)
    }

    #[test]
    fn the_quick_proof_and_the_search_agree() {
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "7k/8/6p1/8/6P1/p7/P2n4/K7 w - - 0 1",
            "3k4/8/P7/4Q3/2P3p1/2P3P1/4P3/2KR2N1 b - - 4 16",
            "7k/5Q2/p7/8/P7/8/8/2K5 b - - 0 1",
            "4k3/8/8/8/8/8/8/4K2Q w - - 0 1",
        ] {
            let start = TurnStart::from_fen(fen).unwrap();
            let board = Board {
                pos: start.pos.clone(),
                ep: start.ep.clone(),
            };
            let moves = board.legal_moves();
            assert_eq!(
                has_full_turn(&board, &moves, 2, start.mode),
                full_turn_example(&board, &moves, 2, start.mode).is_some(),
                "{fen}"
            );
        }
    }

    #[test]
    fn the_mating_turns_are_the_walks_turns_that_mate() {
        // Positions with mates (the shipped mate puzzles: every en passant one, every fifth of
        // the others) and without.
        let shipped = include_str!("../../../data/puzzles/marseillais.jsonl");
        let fens = shipped
            .lines()
            .enumerate()
            .filter(|(i, line)| i % 5 == 0 || line.contains("\"en-passant\""))
            .filter_map(|(_, line)| {
                let (_, rest) = line.split_once("\"fen\":\"")?;
                Some(rest.split_once('"')?.0.to_owned())
            })
            .chain(
                [
                    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                    "7k/5Q2/p7/8/P7/8/8/2K5 b - - 0 1",
                    "8/8/8/5P2/3p4/4pk2/8/4K3 b - - 0 40",
                ]
                .map(str::to_owned),
            );
        let mut mates_seen = 0;
        for fen in fens {
            let start = TurnStart::from_fen(&fen).unwrap();
            let mover = start.pos.turn();
            let mut walked = Vec::new();
            let _complete = visit_full_turns(&start, |t| {
                if t.end.as_ref().is_some_and(|e| e.winner == Some(mover)) {
                    walked.push(t.clone());
                }
                ControlFlow::Continue(())
            });
            let mut mating = Vec::new();
            let _complete = visit_mating_turns(&start, |t| {
                mating.push(t.clone());
                ControlFlow::Continue(())
            });
            assert_eq!(mating, walked, "{fen}");
            mates_seen += mating.len();
        }
        assert!(mates_seen > 100, "{mates_seen}");
    }

    #[test]
    fn m3_a_king_with_one_step_and_no_second_move_is_stalemated() {
        // The issue's position: Black in check from d1, Kc8 the only move, then nothing.
        let end = judged("3k4/8/P7/4Q3/2P3p1/2P3P1/4P3/2KR2N1 b - - 4 16");
        assert_eq!(
            end,
            Some(GameEnd::draw(Termination::Stalemate, Article::M3))
        );
        // Black's only move is a6-a5 (the king has no square), and then Black has none.
        let end = judged("7k/5Q2/p7/8/P7/8/8/2K5 b - - 0 1");
        assert_eq!(
            end,
            Some(GameEnd::draw(Termination::Stalemate, Article::M3))
        );
        // No legal move at all, in check: mate.
        let end = judged("k7/8/1K6/8/8/8/8/7R b - - 0 1");
        assert_eq!(end, None, "Ka8 has Kb8 and a second move");
        let end = judged("R6k/6pp/8/8/8/8/8/6K1 b - - 0 1");
        assert_eq!(
            end,
            Some(GameEnd::win(
                shakmaty::Color::White,
                Termination::Checkmate,
                Article::M3
            ))
        );
    }

    #[test]
    fn m6_the_fen_clock_counts_two_moves_a_turn() {
        assert_eq!(
            judged("4k3/8/8/8/8/8/8/R3K3 w - - 200 120"),
            Some(GameEnd::draw(Termination::FiftyMoveRule, Article::M6))
        );
        assert_eq!(judged("4k3/8/8/8/8/8/8/R3K3 w - - 199 120"), None);
        assert_eq!(
            judged("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"),
            Some(GameEnd::draw(
                Termination::InsufficientMaterial,
                Article::M7
            ))
        );
    }
}
