//! Sade self-play: the die rolls from the game's seed, the bot picks one of the face's legal
//! fulfilments (the referee's own search), and the referee's turn code checks the written turn.

use std::ops::ControlFlow;

use rand::rngs::ChaCha8Rng;
use shakmaty::Color;

use super::bots::{Best, Bot, LOSS, WIN};
use super::error::PlayError;
use super::options::Options;
use super::turns::{first_number, turn};
use crate::die;
use crate::engine::{self, Limit};
use crate::record::{Action, ActionKind, Check, Face, Game};
use crate::rules::Detail;
use crate::rules::Termination;
use crate::rules::sade::{Fulfilment, State, Step, TurnOutcome, play_turn_with, visit_fulfilments};
use crate::rules::setup;

/// Plays the turns of a Sade game into `game`, whose tags (the `DieSeed` above all) are set.
pub(super) fn play(
    game: &mut Game,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> Result<(), PlayError> {
    let seed = game.tag("DieSeed").unwrap_or_default().to_owned();
    let start = setup::start_of(game).map_err(|e| PlayError::Setup(e.reason))?;
    let mut state = State::from_start(&start).map_err(|e| PlayError::Setup(e.reason))?;
    match Color::ALL.map(|c| state.is_naked(c)) {
        [true, true] => {
            return Err(PlayError::Setup(
                "both players have nothing but the king (Art. 9.3)".to_owned(),
            ));
        }
        // One player is naked: the game is over before the first roll (R17).
        [true, false] | [false, true] => return Ok(()),
        [false, false] => {}
    }
    let mut number = first_number(start.setup.turn, start.setup.fullmoves.get());
    for n in 1..=options.max_turns as u64 {
        let face = die::face(&seed, n);
        let bot = state.roller().fold_wb(options.white, options.black);
        let actions = choose(bot, &state, face, rng)?;
        let written = turn(number, Some(face), actions);
        let played = play_turn_with(&state, &written, Detail::Verdict);
        game.turns.push(written);
        match played.outcome {
            TurnOutcome::Complete => state = played.state,
            TurnOutcome::Finished { .. } => return Ok(()),
            TurnOutcome::Invalid { action, reason, .. }
            | TurnOutcome::Stopped { action, reason } => {
                return Err(PlayError::Refused(format!(
                    "turn {number} (face {face}), action {action}: {reason}"
                )));
            }
        }
        number = number.next();
    }
    Ok(())
}

/// The bot's turn for `face`: a fulfilment, or `--` when the face has none (R14: Poverty of the
/// Flesh on faces 1–4; faces 5 and 6 always have one, `--` included).
pub(crate) fn choose(
    bot: Bot,
    state: &State,
    face: Face,
    rng: &mut ChaCha8Rng,
) -> Result<Vec<Action>, PlayError> {
    let chosen = match bot {
        Bot::Random | Bot::Greedy => one_turn(bot, state, face, rng)?,
        Bot::Casual(limit) | Bot::Club(limit) => {
            // Casual looks at the state each fulfilment leaves; club at the opponent's next
            // roll too.
            let depth = if matches!(bot, Bot::Club(_)) { 2 } else { 1 };
            let limit = Limit { depth, ..limit };
            engine::sade::choose(state, face, limit, bot.jitter(), rng)
                .map_err(|e| PlayError::Refused(format!("the engine's search refused: {e}")))?
                .0
        }
    };
    let Some(chosen) = chosen else {
        return Ok(vec![Action::new(ActionKind::Nothing {})]);
    };
    let mut actions: Vec<Action> = chosen.actions(state).into_iter().map(Action::new).collect();
    let mate = chosen.end.is_some_and(|end| {
        matches!(
            end.termination,
            Termination::SacrificeAccomplished | Termination::LibertinesMercy
        )
    });
    if let Some(last) = actions.last_mut().filter(|_| mate) {
        last.check = Some(Check::Mate);
    }
    Ok(actions)
}

/// The novice's or the beginner's fulfilment: uniform, or the best by [`score`].
fn one_turn(
    bot: Bot,
    state: &State,
    face: Face,
    rng: &mut ChaCha8Rng,
) -> Result<Option<Fulfilment>, PlayError> {
    let roller = state.roller();
    let mut best = Best::new();
    let _stopped = visit_fulfilments(state, face, |f| {
        let score = match bot {
            Bot::Greedy => score(f, roller),
            _ => 0,
        };
        best.offer(score, rng, || f.clone());
        if score >= WIN {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .map_err(|e| PlayError::Refused(format!("the fulfilment search refused: {e}")))?;
    Ok(best.into_inner())
}

/// How much the greedy bot likes a fulfilment. A fulfilment that ends the game wins or loses
/// outright: a self-mate on faces 1–3, nakedness, a stalemate (the roller wins); mating the
/// opponent or leaving him naked (he wins). Otherwise Sade rewards losing one's own pieces:
/// every piece of the roller's taken counts for, every piece of the opponent's against (it
/// brings him closer to nakedness).
fn score(f: &Fulfilment, roller: Color) -> i32 {
    if let Some(end) = f.end {
        return if end.winner == roller { WIN } else { LOSS };
    }
    f.steps
        .iter()
        .map(|step| match step {
            // Every move of a fulfilment is made with the pieces of `f.by`.
            Step::Move(m) if m.is_capture() => {
                if f.by == roller {
                    -12
                } else {
                    10
                }
            }
            _ => 0,
        })
        .sum()
}
