//! A game of self-play: its turns as the bots play them, then the referee's judgement, which
//! cuts what follows the end and writes the result.

use super::error::PlayError;
use super::options::Options;
use super::seeds::{die_seed, game_rng};
use super::{marseillais, sade, standard};
use crate::record::{Game, GameResult, Item, Variant};
use crate::referee::{self, Status, Verdict};

/// A played game: its record and the referee's verdict on it.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    pub verdict: Verdict,
}

/// Whether the start position of `options` can start a game, without playing one.
///
/// # Errors
/// [`PlayError::Setup`] when it cannot.
pub fn check_start(options: &Options) -> Result<(), PlayError> {
    let options = Options {
        max_turns: 0,
        ..options.clone()
    };
    play_turns(&options, 1).map(drop)
}

/// Plays game `number` (from 1) of a run.
///
/// # Errors
/// [`PlayError::Setup`] when the FEN cannot start a game; [`PlayError::Refused`] if the referee
/// ever refuses a bot's turn.
pub fn play_game(options: &Options, number: u64) -> Result<Played, PlayError> {
    let mut game = play_turns(options, number)?;
    let verdict = conclude(&mut game)?;
    Ok(Played { game, verdict })
}

/// The turns of game `number` as the bots play them, before the referee's final judgement:
/// without the result, and possibly beyond an end that only the whole record shows (a
/// repetition). [`play_game`] is this and the verdict.
///
/// # Errors
/// As for [`play_game`].
pub fn play_turns(options: &Options, number: u64) -> Result<Game, PlayError> {
    let mut game = Game::default();
    game.set_tag("Event", "sade-ref play");
    game.set_tag("Round", number.to_string());
    game.set_tag("White", options.white.name());
    game.set_tag("Black", options.black.name());
    game.set_tag("Result", "*");
    game.set_tag("Variant", options.variant.tag());
    if let Some(fen) = &options.fen {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", fen.trim());
    }
    let mut rng = game_rng(options.seed, number);
    match options.variant {
        Variant::Sade => {
            let seed = die_seed(options.seed, number);
            game.set_tag("DieCommit", crate::die::commit(&seed));
            game.set_tag("DieSeed", seed);
            sade::play(&mut game, options, &mut rng)?;
        }
        Variant::Standard | Variant::Chess960 => standard::play(&mut game, options, &mut rng)?,
        Variant::Marseillais | Variant::MarseillaisClassical => {
            marseillais::play(&mut game, options, &mut rng)?;
        }
    }
    Ok(game)
}

/// Judges the record, cuts what follows the end of the game (a rule the bots' loop does not
/// watch, such as a repetition, may end it earlier), and writes the result.
pub(super) fn conclude(game: &mut Game) -> Result<Verdict, PlayError> {
    let verdict = referee::verify(game);
    if verdict.status == Status::Invalid {
        let reason = verdict
            .error
            .as_ref()
            .map_or_else(String::new, |e| format!("turn {}: {}", e.turn, e.reason));
        return Err(PlayError::Refused(reason));
    }
    if let Some(at) = &verdict.ended_at {
        match at.turn_index {
            // Over in the start position (R17, a dead position): no turn is played.
            None => game.turns.clear(),
            Some(index) => cut_after(game, index, at.record_action),
        }
    }
    let result = if verdict.status == Status::Finished {
        verdict.result
    } else {
        GameResult::Unknown
    };
    game.result = Some(result);
    game.set_tag("Result", result.as_str());
    Ok(verdict)
}

/// Cuts the record after action `action` of turn `index` (action 0: before the turn's actions,
/// unless it has none: a bare roll that decided the game).
fn cut_after(game: &mut Game, index: usize, action: usize) {
    game.turns.truncate(index + 1);
    let Some(turn) = game.turns.get_mut(index) else {
        return;
    };
    if action == 0 {
        if turn.actions().next().is_some() {
            game.turns.truncate(index);
        }
        return;
    }
    let mut seen = 0;
    turn.items.retain(|item| match item {
        Item::Action(_) => {
            seen += 1;
            seen <= action
        }
        _ => true,
    });
}
