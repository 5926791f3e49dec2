//! Standard chess: the best of shakmaty's legal moves by alpha-beta.

use rand::rngs::ChaCha8Rng;
use shakmaty::{Chess, Move, Position};

use super::chess::{MATE, Node, Searcher};
use super::eval::piece_value;
use super::root::{Candidate, best};
use super::{Budget, Limit, Stats};

/// The move to play in `pos` (a legal move; `None` when there is none), and what the search
/// did. `jitter`: the random bonus a move may get, in centipawns (0: none).
pub fn choose(
    pos: &Chess,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(Move, Stats)> {
    search(pos, limit, jitter, rng, false)
}

/// [`choose`], with the time spent in move generation and in the evaluation measured.
pub fn choose_timed(
    pos: &Chess,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
) -> Option<(Move, Stats)> {
    search(pos, limit, jitter, rng, true)
}

fn search(
    pos: &Chess,
    limit: Limit,
    jitter: i32,
    rng: &mut ChaCha8Rng,
    timed: bool,
) -> Option<(Move, Stats)> {
    let mut budget = Budget::new(limit);
    budget.timed = timed;
    let mut searcher = Searcher::new(1, pos.castles().mode(), budget);
    let root = Node {
        pos: pos.clone(),
        left: 1,
    };
    let moves = pos.legal_moves();
    let candidates = moves
        .iter()
        .filter_map(|&m| {
            let (child, _) = searcher.child(&root, m)?;
            let terminal = if child.pos.is_checkmate() {
                Some(MATE - 1)
            } else if child.pos.is_stalemate() || child.pos.is_insufficient_material() {
                Some(0)
            } else {
                None
            };
            let order = m.capture().map_or(0, piece_value)
                + if terminal == Some(MATE - 1) {
                    1 << 20
                } else {
                    0
                };
            Some(match terminal {
                Some(score) => Candidate::new(m, None, score, 1, order),
                None => Candidate::new(m, Some(child), 0, 1, order),
            })
        })
        .collect();
    let (m, depth) = best(&mut searcher, candidates, jitter, rng)?;
    Some((m, searcher.budget.stats(depth)))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Square};

    use super::*;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    fn choice(fen: &str, nodes: u64) -> Move {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        choose(&pos(fen), Limit::nodes(nodes), 0, &mut rng)
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
            choose(&pos(fen), Limit::nodes(3_000), 20, &mut rng).unwrap()
        };
        assert_eq!(run(5), run(5));
    }
}
