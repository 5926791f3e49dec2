//! A puzzle's source led back to its position: the game of the self-play played again
//! ([`replay_source`], [`Replays`]), and the sideline it names played instead of the game's turn.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::ops::ControlFlow;

use super::analyse::words;
use super::error::PuzzleError;
use super::options::Generate;
use super::puzzle::Source;
use super::spots::{marseillais_fen, positions, turn_name};
use crate::play::{self, Bot, Options};
use crate::record::{Game, Variant};
use crate::rules::marseillais::{TurnStart, visit_full_turns};
use crate::rules::sade::{State, TurnOutcome, play_turn, visit_fulfilments_after};

/// The position (as FEN, Sade with the pocket) that `source` names in the self-play of
/// `variant`: game `source.game` of the run with `source.seed`, played by the bots named, the
/// position before `source.turn`, and after `source.sideline` when there is one. A puzzle's
/// `fen` is this position (its move counters aside). It plays the game again: slow at the
/// levels that search ([`Replays`] plays each game once for many sources).
///
/// # Errors
/// [`PuzzleError::NoSuchLevel`], [`PuzzleError::NoSuchTurn`] or [`PuzzleError::NotASideline`]
/// when the source names a level, a turn or a sideline that is none; [`PuzzleError::Play`]
/// when the game cannot be played.
pub fn replay_source(variant: Variant, source: &Source) -> Result<String, PuzzleError> {
    Replays::default().position(variant, source)
}

/// The games of the self-play played again to lead sources to their positions
/// ([`replay_source`]), each game played once and kept.
#[derive(Default)]
pub struct Replays {
    /// The games played, by variant, seed, game number and the bots' levels.
    games: HashMap<(Variant, u64, u64, Bot, Bot), Game>,
}

impl Replays {
    /// The position `source` names, as [`replay_source`] finds it.
    ///
    /// # Errors
    /// As for [`replay_source`].
    pub fn position(&mut self, variant: Variant, source: &Source) -> Result<String, PuzzleError> {
        let bot = |name: &str| {
            Bot::from_name(name).ok_or_else(|| PuzzleError::NoSuchLevel(name.to_owned()))
        };
        let (white, black) = (bot(&source.white)?, bot(&source.black)?);
        let key = (variant, source.seed, source.game, white, black);
        let game = match self.games.entry(key) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let play_options = Options {
                    variant,
                    white,
                    black,
                    max_turns: Generate::new(variant, 0, source.seed).max_turns,
                    fen: None,
                    seed: source.seed,
                };
                e.insert(play::play_game(&play_options, source.game)?.game)
            }
        };
        position_in(variant, game, source)
    }
}

/// The position `source` names in `game`, its game played again.
fn position_in(variant: Variant, game: &Game, source: &Source) -> Result<String, PuzzleError> {
    let options = Generate {
        sidelines: false,
        ..Generate::new(variant, 0, source.seed)
    };
    let no_turn = || PuzzleError::NoSuchTurn {
        game: source.game,
        turn: source.turn.clone(),
    };
    let Some(sideline) = &source.sideline else {
        return positions(&options, game)
            .into_iter()
            .find(|spot| spot.turn == source.turn)
            .map(|spot| spot.fen)
            .ok_or_else(no_turn);
    };
    let index = (0..game.turns.len())
        .find(|&i| turn_name(game, i) == source.turn)
        .ok_or_else(no_turn)?;
    sideline_fen(variant, game, index, sideline).ok_or_else(|| PuzzleError::NotASideline {
        sideline: sideline.clone(),
        turn: source.turn.clone(),
    })
}

/// The position (as FEN) after `sideline`, a turn that does not end the game, played instead of
/// record turn `index` of `game`; Sade: with the face the game rolled there.
fn sideline_fen(variant: Variant, game: &Game, index: usize, sideline: &str) -> Option<String> {
    let mut found = None;
    if variant == Variant::Sade {
        let mut state = State::from_game(game).ok()?;
        for turn in &game.turns[..index] {
            let played = play_turn(&state, turn);
            if played.outcome != TurnOutcome::Complete {
                return None;
            }
            state = played.state;
        }
        let face = game.turns[index].face.as_ref()?.value;
        let _complete = visit_fulfilments_after(&state, face, |f, reached| {
            if f.end.is_none() && words(&f.actions(&state)) == sideline {
                let mut after = reached.clone();
                after.end_turn();
                found = Some(after.fen());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        return found;
    }
    let start = TurnStart::before_turn(game, index).ok()?;
    let _complete = visit_full_turns(&start, |turn| {
        if turn.end.is_none() && turn.san.join(" ") == sideline {
            found = start.after(turn).as_ref().and_then(marseillais_fen);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}
