//! Marseillais: the best of the referee's full turns
//! ([`crate::rules::marseillais::visit_full_turns`]) by alpha-beta, one move a ply (see
//! [`super::chess`]).

use std::ops::ControlFlow;

use rand::rngs::ChaCha8Rng;
use shakmaty::Position;

use super::budget::{Budget, Limit, Stats};
use super::chess::{INF, MATE, Node, Searcher};
use super::eval::{evaluate, piece_value};
use super::root::{self, Candidate, Lines, best};
use crate::rules::GameEnd;
use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns};

/// The full turn to play from `start` (one the referee lists; `None` when there is none), and
/// what the search did. `jitter` as for [`super::standard::choose`]. What M6 looks back on
/// comes with `start` ([`TurnStart::look_back`]).
pub fn choose(
    start: &TurnStart,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(FullTurn, Stats)> {
    search(start, limit, jitter, rng, false)
}

/// [`choose`], with the time spent in move generation and in the evaluation measured.
pub fn choose_timed(
    start: &TurnStart,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(FullTurn, Stats)> {
    search(start, limit, jitter, rng, true)
}

/// The end of the game the search sees at the start of `start`'s turn, as a node of its tree:
/// the referee's judgement ([`crate::rules::marseillais::end_at_turn_start`]), by the same
/// code.
pub fn terminal(start: &TurnStart) -> Option<GameEnd> {
    let mut searcher = Searcher::sized(
        2,
        start.mode,
        Budget::new(Limit::nodes(1)),
        start.look_back.seen.clone(),
        0,
    );
    searcher.end_at(&node(start))
}

/// What the engine makes of some full turns from one position, searched to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoBest {
    /// The index of the best turn (the first of equals, in the order given).
    pub best: usize,
    /// Its score, in centipawns for the player to move.
    pub score: i32,
    /// The best of the others, with its score: `None` when there is one turn.
    pub second: Option<(usize, i32)>,
}

/// The best two of `turns` (full turns from `start`) by the engine's search: each turn's
/// position searched `depth` plies (a Marseillais turn is two), then captures alone, with no
/// node limit, so the scores are exact at that depth and the same on every run. A turn that
/// ends the game scores its end (a mate; a draw, 0). `None` when `turns` is empty.
pub fn two_best(start: &TurnStart, turns: &[FullTurn], depth: u8) -> Option<TwoBest> {
    let mover = start.pos.turn();
    let mut past = start.look_back.seen.clone();
    past.push(start.key());
    let limit = Limit {
        nodes: u64::MAX,
        movetime_ms: None,
        depth,
    };
    let mut searcher = Searcher::new(2, start.mode, Budget::new(limit), past);
    let children: Vec<Result<Node, i32>> = turns
        .iter()
        .map(|t| match t.end {
            Some(end) => Err(match end.winner {
                Some(winner) if winner == mover => MATE - 1,
                Some(_) => -MATE + 1,
                None => 0,
            }),
            None => start.after(t).map(|next| node(&next)).ok_or(0),
        })
        .collect();
    // The best of the turns `skip` leaves in, exact; the others' scores bound it from below.
    let mut best_of = |skip: Option<usize>| {
        let mut alpha = -INF;
        let mut best = None;
        for (i, child) in children.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            let value = match child {
                Err(terminal) => *terminal,
                Ok(node) => -searcher.negamax(node, i32::from(depth), -INF, -alpha, 1),
            };
            if value > alpha {
                alpha = value;
                best = Some((i, value));
            }
        }
        best
    };
    let (best, score) = best_of(None)?;
    let second = best_of(Some(best));
    Some(TwoBest {
        best,
        score,
        second,
    })
}

/// How the position at `start` stands for the player to move, before the turn: the engine's
/// evaluation, in centipawns.
pub fn stands(start: &TurnStart) -> i32 {
    evaluate(start.pos.board(), start.pos.turn())
}

/// The node of the search at the start of `start`'s turn.
fn node(start: &TurnStart) -> Node {
    Node::start(
        crate::rules::marseillais::Board {
            pos: start.pos.clone(),
            ep: start.ep.clone(),
        },
        2,
        start.look_back.quiet_turns,
    )
}

/// Every full turn from `start`, with where it leads (the static order counted in `budget`).
fn candidates(start: &TurnStart, budget: &mut Budget) -> Vec<Candidate<FullTurn>> {
    let mover = start.pos.turn();
    let mut turns = Vec::new();
    let _complete = budget.generate(|| {
        visit_full_turns(start, |t| {
            turns.push(t.clone());
            ControlFlow::Continue(())
        })
    });
    let mut candidates = Vec::with_capacity(turns.len());
    for t in turns {
        let order: i32 = t
            .moves
            .iter()
            .filter_map(|m| m.capture())
            .map(piece_value)
            .sum();
        let plies = t.moves.len() as i32;
        let candidate = match t.end {
            Some(end) => {
                let score = match end.winner {
                    Some(winner) if winner == mover => MATE - 1,
                    Some(_) => -MATE + 1,
                    None => 0,
                };
                let order = if score > 0 { 1 << 20 } else { order };
                Candidate::new(t, None, score, plies, order)
            }
            None => {
                let Some(next) = start.after(&t) else {
                    continue;
                };
                // Static order: what the turn takes, then how the board looks after it.
                let order = 16 * order + budget.evaluate(|| evaluate(next.pos.board(), mover));
                Candidate::new(t, Some(node(&next)), 0, plies, order)
            }
        };
        candidates.push(candidate);
    }
    candidates
}

/// The best `keep` full turns from `start` with their scores (centipawns for the player to
/// move; a mate is [`MATE`] less its plies), and the score of the turn `played` picks out, by
/// the search of [`super::root`] under `limit` (deterministic under a node limit). `None` when
/// `played` picks none of the turns the referee lists there.
pub fn lines(
    start: &TurnStart,
    limit: Limit,
    keep: usize,
    played: impl Fn(&FullTurn) -> bool,
) -> Option<Lines<FullTurn>> {
    let mut budget = Budget::new(limit);
    let candidates = candidates(start, &mut budget);
    let at = candidates.iter().position(|c| played(&c.item))?;
    let mut past = start.look_back.seen.clone();
    past.push(start.key());
    let mut searcher = Searcher::new(2, start.mode, budget, past);
    Some(root::lines(&mut searcher, &candidates, keep, at))
}

fn search(
    start: &TurnStart,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
    timed: bool,
) -> Option<(FullTurn, Stats)> {
    let mut budget = Budget::new(limit);
    budget.timed = timed;
    let candidates = candidates(start, &mut budget);
    let mut past = start.look_back.seen.clone();
    past.push(start.key());
    let mut searcher = Searcher::new(2, start.mode, budget, past);
    let (t, depth) = best(&mut searcher, candidates, jitter, rng)?;
    Some((t, searcher.budget.stats(depth)))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::rules::marseillais::full_turns;

    fn choice(fen: &str, nodes: u64, seed: u64) -> FullTurn {
        let start = TurnStart::from_fen(fen).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        choose(&start, Limit::nodes(nodes), 0, &mut rng).unwrap().0
    }

    #[test]
    fn the_turn_played_is_one_the_referee_lists() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let start = TurnStart::from_fen(fen).unwrap();
        let all = full_turns(&start);
        for seed in 0..3 {
            let t = choice(fen, 2_000, seed);
            assert!(all.contains(&t), "{t:?}");
        }
    }

    #[test]
    fn it_mates_when_it_can() {
        // Two moves: Ra7 then Rb8 mate (or the other order).
        let t = choice("7k/8/8/8/8/8/8/RR4K1 w - - 0 1", 20_000, 1);
        assert!(
            t.end
                .is_some_and(|end| end.winner == Some(shakmaty::Color::White)),
            "{t:?}"
        );
    }

    /// Issue 33: a queen and a rook up, the engine used to give the check that leaves the king
    /// one step and no second move (Qe5 O-O-O+, or Qe5 Rd1+), a stalemate (M3). Ahead, it
    /// avoids the draw.
    #[test]
    fn ahead_it_does_not_give_a_check_that_stalemates() {
        let fen = "3k4/8/P7/8/2P1Q1p1/2P3P1/4P3/R3K1N1 w Q - 2 16";
        let start = TurnStart::from_fen(fen).unwrap();
        let stalemates = full_turns(&start)
            .into_iter()
            .filter(|t| t.end.is_some_and(|end| end.winner.is_none()))
            .count();
        assert!(stalemates > 0, "the position has turns that stalemate");
        for seed in 0..3 {
            let t = choice(fen, 40_000, seed);
            assert!(
                t.end
                    .is_none_or(|end| end.winner == Some(shakmaty::Color::White)),
                "{t:?}"
            );
        }
    }

    /// Behind, the engine seeks the draw: a rook down, Black returns to the position that
    /// then stands at the start of White's turn for the third time (M6), rather than play on.
    #[test]
    fn behind_it_repeats_the_position_a_third_time() {
        let text = "[Variant \"Marseillais\"]\n[FEN \"7k/8/8/8/8/8/8/R1K5 w - - 0 1\"]\n\n\
                    1. Ra2 Ra1 1... Kg8 Kh8 2. Ra2 Ra1 *\n";
        let game = crate::parse::parse_str(text).remove(0).unwrap();
        let start = TurnStart::before_turn(&game, 3).unwrap();
        // Black's turn starts in this position for the second time.
        assert_eq!(start.look_back.repetitions(start.key()), 2);
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (t, _) = choose(&start, Limit::nodes(20_000), 0, &mut rng).unwrap();
            assert_eq!(
                t.end.map(|end| end.termination),
                Some(crate::rules::Termination::ThreefoldRepetition),
                "{t:?}"
            );
        }
    }

    /// The two best turns at a fixed depth are those a search of each turn alone, with a fresh
    /// table and the full window, scores best: the shared table and the narrowed windows
    /// change no score that decides.
    #[test]
    fn the_two_best_are_the_best_two_of_each_turn_searched_alone() {
        for fen in [
            "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4",
            "2b1k3/2B5/2n5/1p5r/4p1p1/8/P1P4P/3K3R b - - 0 12",
        ] {
            let start = TurnStart::from_fen(fen).unwrap();
            let turns = full_turns(&start);
            let two = two_best(&start, &turns, 2).unwrap();
            let alone: Vec<i32> = turns
                .iter()
                .map(|t| two_best(&start, std::slice::from_ref(t), 2).unwrap().score)
                .collect();
            let best = *alone.iter().max().unwrap();
            assert_eq!(two.score, best, "{fen}");
            assert_eq!(alone[two.best], best, "{fen}");
            let (next, next_score) = two.second.unwrap();
            assert_ne!(next, two.best);
            let others = alone
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != two.best)
                .map(|(_, &s)| s)
                .max()
                .unwrap();
            assert_eq!((next_score, alone[next]), (others, others), "{fen}");
        }
    }

    #[test]
    fn it_takes_a_queen_and_keeps_its_pieces() {
        // Rxd5 and then a move that leaves nothing hanging to two moves of Black.
        let t = choice("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 20_000, 1);
        assert!(t.moves.iter().any(|m| m.capture().is_some()), "{t:?}");
    }
}
