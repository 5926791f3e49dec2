//! Marseillais self-play.

use rand::rngs::ChaCha8Rng;

use super::{Options, PlayError};
use crate::record::Game;

pub(super) fn play(
    _game: &mut Game,
    _options: &Options,
    _rng: &mut ChaCha8Rng,
) -> Result<(), PlayError> {
    Err(PlayError::Setup(
        "Marseillais self-play: not yet".to_owned(),
    ))
}
