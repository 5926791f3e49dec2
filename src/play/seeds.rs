//! The seeds of a run's games: the die's seed and the bots' generator, both from the run's
//! seed and the game's number.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// The die seed of game `number` of a run with this seed.
pub fn die_seed(seed: u64, number: u64) -> String {
    format!("{seed}-{number}")
}

/// The bots' generator for game `number` of a run.
pub fn game_rng(seed: u64, number: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(number);
    rng
}
