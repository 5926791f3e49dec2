//! Standard chess: the best of shakmaty's legal moves by alpha-beta.

use rand::rngs::ChaCha8Rng;
use shakmaty::{Move, Position};

use super::budget::{Budget, Limit, Stats};
use super::chess::{MATE, Node, Searcher};
use super::eval::piece_value;
use super::root::{self, Candidate, Lines, best};
use crate::rules::GameEnd;
use crate::rules::marseillais::Board;
use crate::rules::standard::Standing;

/// The move to play in `standing` (a legal move; `None` when there is none), and what the
/// search did. `jitter`: the random bonus a move may get, in centipawns (0: none).
pub fn choose(
    standing: &Standing,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(Move, Stats)> {
    search(standing, limit, jitter, rng, false)
}

/// [`choose`], with the time spent in move generation and in the evaluation measured.
pub fn choose_timed(
    standing: &Standing,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(Move, Stats)> {
    search(standing, limit, jitter, rng, true)
}

/// The end of the game the search sees in `standing`, as a node of its tree: the referee's
/// judgement ([`crate::rules::standard::automatic_end`]), by the same code.
pub fn terminal(standing: &Standing) -> Option<GameEnd> {
    let past = standing.history[..standing.history.len().saturating_sub(1)].to_vec();
    let mut searcher = Searcher::sized(
        1,
        standing.pos.castles().mode(),
        Budget::new(Limit::nodes(1)),
        past,
        0,
    );
    searcher.end_at(&node(standing.pos.clone()))
}

fn node(pos: shakmaty::Chess) -> Node {
    Node::start(
        Board {
            pos,
            ep: Vec::new(),
        },
        1,
        0,
    )
}

/// Every legal move of `standing`, with where it leads.
fn candidates(standing: &Standing) -> Vec<Candidate<Move>> {
    let pos = &standing.pos;
    let mover = pos.turn();
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let after = standing.after(m);
            let terminal = after.end().map(|end| match end.winner {
                Some(winner) if winner == mover => MATE - 1,
                Some(_) => -MATE + 1,
                None => 0,
            });
            let order = m.capture().map_or(0, piece_value)
                + if terminal == Some(MATE - 1) {
                    1 << 20
                } else {
                    0
                };
            match terminal {
                Some(score) => Candidate::new(m, None, score, 1, order),
                None => Candidate::new(m, Some(node(after.pos)), 0, 1, order),
            }
        })
        .collect()
}

/// The best `keep` moves of `standing` with their scores (centipawns for the player to move;
/// a mate is [`MATE`] less its plies), and the score of `played`, by the search of
/// [`super::root`] under `limit` (deterministic under a node limit). `None` when `played` is
/// not a legal move there.
pub fn lines(standing: &Standing, limit: Limit, keep: usize, played: Move) -> Option<Lines<Move>> {
    let candidates = candidates(standing);
    let at = candidates.iter().position(|c| c.item == played)?;
    let mut searcher = Searcher::new(
        1,
        standing.pos.castles().mode(),
        Budget::new(limit),
        standing.history.clone(),
    );
    Some(root::lines(&mut searcher, &candidates, keep, at))
}

fn search(
    standing: &Standing,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
    timed: bool,
) -> Option<(Move, Stats)> {
    let mut budget = Budget::new(limit);
    budget.timed = timed;
    let mut searcher = Searcher::new(
        1,
        standing.pos.castles().mode(),
        budget,
        standing.history.clone(),
    );
    let candidates = candidates(standing);
    let (m, depth) = best(&mut searcher, candidates, jitter, rng)?;
    Some((m, searcher.budget.stats(depth)))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Square};

    use super::*;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    fn choice(fen: &str, nodes: u64) -> Move {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        choose(&Standing::new(pos(fen)), Limit::nodes(nodes), 0, &mut rng)
            .unwrap()
            .0
    }

    #[test]
    fn it_mates_in_one() {
        let m = choice("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2_000);
        assert_eq!(m.to(), Square::A8);
    }

    #[test]
    fn it_takes_a_hanging_queen() {
        let m = choice("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 5_000);
        assert_eq!(m.to(), Square::D5);
    }

    /// A queen up, the engine does not take the last black man when that stalemates: a draw
    /// scores 0 against the material it is ahead by.
    #[test]
    fn ahead_it_does_not_take_the_last_man_into_stalemate() {
        let m = choice("k1B5/8/1K6/8/8/6n1/8/4Q3 w - - 0 1", 20_000);
        assert_ne!(m.to(), Square::G3, "Qxg3 is stalemate");
    }

    #[test]
    fn it_does_not_take_a_defended_pawn_with_the_queen() {
        let m = choice("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", 20_000);
        assert_ne!(m.to(), Square::D5);
    }

    #[test]
    fn it_plays_a_mate_in_two_through() {
        // The rook ladder: every move the engine plays leaves Black mated next move.
        let start = pos("7k/8/8/8/8/8/8/RR4K1 w - - 0 1");
        let first = choice("7k/8/8/8/8/8/8/RR4K1 w - - 0 1", 50_000);
        let mut after = start.clone();
        after.play_unchecked(first);
        for reply in after.legal_moves() {
            let mut next = after.clone();
            next.play_unchecked(reply);
            let fen = shakmaty::fen::Fen::from_position(&next, shakmaty::EnPassantMode::Legal);
            let mate = choice(&fen.to_string(), 5_000);
            next.play_unchecked(mate);
            assert!(next.is_checkmate(), "{fen} then {mate}");
        }
    }

    #[test]
    fn the_same_seed_and_node_limit_give_the_same_move() {
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let run = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            choose(&Standing::new(pos(fen)), Limit::nodes(3_000), 20, &mut rng).unwrap()
        };
        assert_eq!(run(5), run(5));
    }
}
