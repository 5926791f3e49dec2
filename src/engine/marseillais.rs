//! Marseillais: the best of the referee's full turns
//! ([`crate::rules::marseillais::visit_full_turns`]) by alpha-beta, one move a ply (see
//! [`super::chess`]).

use std::ops::ControlFlow;

use rand::rngs::ChaCha8Rng;
use shakmaty::{Chess, Color, EnPassantMode, FromSetup, Position};

use super::chess::{MATE, Node, Searcher};
use super::eval::{evaluate, piece_value};
use super::root::{Candidate, best};
use super::{Budget, Limit, Stats};
use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns};

/// The full turn to play from `start` (one the referee lists; `None` when there is none), and
/// what the search did. `jitter` as for [`super::standard::choose`].
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

fn search(
    start: &TurnStart,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
    timed: bool,
) -> Option<(FullTurn, Stats)> {
    let mut budget = Budget::new(limit);
    budget.timed = timed;
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
                let Some(pos) = after(start, &t) else {
                    continue;
                };
                // Static order: what the turn takes, then how the board looks after it.
                let order = 16 * order + budget.evaluate(|| evaluate(pos.board(), mover));
                Candidate::new(t, Some(Node { pos, left: 2 }), 0, plies, order)
            }
        };
        candidates.push(candidate);
    }
    let mut searcher = Searcher::new(2, start.mode, budget);
    let (t, depth) = best(&mut searcher, candidates, jitter, rng)?;
    Some((t, searcher.budget.stats(depth)))
}

/// The position after the turn `t`, the opponent to move.
fn after(start: &TurnStart, t: &FullTurn) -> Option<Chess> {
    let mover = start.pos.turn();
    let mut pos = start.pos.clone();
    for (i, &m) in t.moves.iter().enumerate() {
        if i > 0 {
            pos = same_player(&pos, mover, start)?;
        }
        pos.play_unchecked(m);
    }
    Some(pos)
}

/// `pos` with `mover` to move again (before the second move of a turn).
fn same_player(pos: &Chess, mover: Color, start: &TurnStart) -> Option<Chess> {
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.turn = mover;
    Chess::from_setup(setup, start.mode).ok()
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
            t.end.is_some_and(|end| end.winner == Some(Color::White)),
            "{t:?}"
        );
    }

    #[test]
    fn it_takes_a_queen_and_keeps_its_pieces() {
        // Rxd5 and then a move that leaves nothing hanging to two moves of Black.
        let t = choice("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 20_000, 1);
        assert!(t.moves.iter().any(|m| m.capture().is_some()), "{t:?}");
    }
}
