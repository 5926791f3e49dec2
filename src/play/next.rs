//! The bot's next turn in a game in progress: given the record so far (and, in Sade, the face
//! just rolled, written as the last turn with no action yet), the actions the bot writes. It
//! calls the same per-variant choice as self-play, so a bot plays the same in `play` and in
//! `serve`.

use rand::rngs::ChaCha8Rng;

use super::bots::Bot;
use super::error::PlayError;
use super::turns::san_action;
use super::{marseillais, sade, standard};
use crate::arbiter::locate;
use crate::record::{Action, ActionKind, Game, Variant};

/// The levels a seat can be given, weakest first; [`bot_named`] finds one by its name.
pub const LEVELS: &[Bot] = &Bot::ALL;

/// The bot called `name` (its [`Bot::name`], or an old name: `random`, `greedy`), if there is
/// one.
pub fn bot_named(name: &str) -> Option<Bot> {
    Bot::from_name(name)
}

/// The actions `bot` writes for the turn to be played in `game`.
///
/// - Sade: the last record turn holds the face rolled and no action yet; the answer is a
///   fulfilment of that face, or `--` when there is none.
/// - Standard and Marseillais: the turn after the last record turn (a move; a full turn).
///
/// # Errors
/// [`PlayError::Setup`] when a Sade record does not end with a bare roll or the side to move
/// has no move; [`PlayError::Locate`] (Sade) or [`PlayError::Position`] when the position cannot
/// be reached (the record is invalid); [`PlayError::Refused`] when the search fails.
pub fn next_actions(bot: Bot, game: &Game, rng: &mut ChaCha8Rng) -> Result<Vec<Action>, PlayError> {
    match game.variant() {
        Ok(Variant::Sade) => {
            let (index, face) = match game.turns.last() {
                Some(turn) if turn.actions().next().is_none() => (
                    game.turns.len() - 1,
                    turn.face.map(|f| f.value).ok_or_else(|| {
                        PlayError::Setup("the last turn has no die face".to_owned())
                    })?,
                ),
                _ => {
                    return Err(PlayError::Setup(
                        "no face has been rolled for the turn to play".to_owned(),
                    ));
                }
            };
            let state = locate::sade_state_before(game, index)?;
            sade::choose(bot, &state, face, rng)
        }
        Ok(Variant::Marseillais | Variant::MarseillaisClassical) => {
            let start = locate::marseillais_before(game, game.turns.len())?;
            match marseillais::choose(bot, &start, rng)? {
                Some(turn) => Ok(marseillais::advance(&start, &turn)?.1),
                None => Ok(vec![Action::new(ActionKind::Nothing {})]),
            }
        }
        _ => {
            let (standing, mode) = locate::standard_position_before(game, game.turns.len())?;
            let m = standard::choose(bot, &standing, rng)
                .ok_or_else(|| PlayError::Setup("the side to move has no legal move".to_owned()))?;
            Ok(vec![san_action(&standing.pos, m, mode)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{DieFace, Face, MoveNumber, Side, Turn};
    use crate::referee::{Status, verify};

    #[test]
    fn every_level_is_found_by_its_name() {
        for &bot in LEVELS {
            assert_eq!(bot_named(bot.name()), Some(bot));
        }
        assert_eq!(bot_named("grandmaster"), None);
    }

    #[test]
    fn a_sade_bot_fulfils_the_face_rolled() {
        let mut game = Game::default();
        game.set_tag("Variant", "Sade");
        game.turns.push(Turn {
            number: MoveNumber {
                number: 1,
                side: Side::White,
            },
            unnumbered: false,
            face: Some(DieFace {
                value: Face::Three,
                span: Default::default(),
            }),
            items: Vec::new(),
            span: Default::default(),
        });
        let mut rng = super::super::seeds::game_rng(1, 1);
        for &bot in LEVELS {
            let mut played = game.clone();
            let actions = next_actions(bot, &game, &mut rng).expect("a turn");
            assert_eq!(
                actions.len(),
                3,
                "{}: face 3 moves three pieces",
                bot.name()
            );
            played.turns[0]
                .items
                .extend(actions.into_iter().map(crate::record::Item::Action));
            let verdict = verify(&played);
            assert_eq!(verdict.status, Status::Unfinished, "{verdict:?}");
            assert!(verdict.replay.stopped.is_none(), "the turn is complete");
        }
    }

    #[test]
    fn a_sade_bot_needs_a_roll() {
        let mut game = Game::default();
        game.set_tag("Variant", "Sade");
        let mut rng = super::super::seeds::game_rng(1, 1);
        assert!(matches!(
            next_actions(Bot::Random, &game, &mut rng),
            Err(PlayError::Setup(_))
        ));
    }

    #[test]
    fn standard_and_marseillais_bots_play_the_side_to_move() {
        for variant in ["Standard", "Marseillais"] {
            let mut game = Game::default();
            game.set_tag("Variant", variant);
            let mut rng = super::super::seeds::game_rng(2, 1);
            let actions = next_actions(Bot::Greedy, &game, &mut rng).expect("a move");
            assert_eq!(
                actions.len(),
                1,
                "{variant}: White's first turn is one move"
            );
        }
    }
}
