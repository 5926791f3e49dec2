//! Marseillais self-play: the bot picks one of the legal full turns that the referee's own
//! enumerator lists ([`crate::rules::marseillais::visit_full_turns`]).

use std::ops::ControlFlow;

use rand::rngs::ChaCha8Rng;
use shakmaty::{Chess, Color, EnPassantMode, Position};

use super::bots::{Best, Bot, DRAW, LOSS, WIN};
use super::error::PlayError;
use super::options::Options;
use super::standard::gain;
use super::turns::{first_number, san_action, turn};
use crate::engine;
use crate::record::{Action, Check, Game, Variant};
use crate::rules::Termination;
use crate::rules::marseillais::{
    FullTurn, LookBack, TurnStart, end_at_turn_start, visit_full_turns,
};
use crate::rules::standard::{self, position_from_setup};

/// How many of the greedy bot's best turns are searched for a mate in reply, at most.
const REPLY_CHECKS: usize = 12;

/// Plays the turns of a Marseillais game into `game`. The loop stops where the referee's
/// judgement of a turn's start ends the game ([`end_at_turn_start`]: mate, stalemate,
/// insufficient material, the third repetition of a turn's start, fifty quiet turns each), or
/// at `max_turns`.
pub(super) fn play(
    game: &mut Game,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> Result<(), PlayError> {
    let mut start = match options.fen {
        Some(_) => first_turn(game)?,
        None => TurnStart::initial(options.variant == Variant::Marseillais),
    };
    let mut number = first_number(start.pos.turn(), start.pos.fullmoves().get());
    for _ in 0..options.max_turns {
        if end_at_turn_start(&start).is_some() {
            break;
        }
        let bot = start.pos.turn().fold_wb(options.white, options.black);
        let Some(chosen) = choose(bot, &start, rng)? else {
            break;
        };
        let (next, actions) = advance(&start, &chosen)?;
        game.turns.push(turn(number, None, actions));
        if chosen.end.is_some() {
            break;
        }
        start = next;
        number = number.next();
    }
    Ok(())
}

/// The start of a game from a FEN tag, as the referee reads it (an en passant square that no
/// double step explains is dropped); every turn has two moves (M7), and the FEN's half-move
/// clock counts single moves (M6).
fn first_turn(game: &Game) -> Result<TurnStart, PlayError> {
    let start = standard::start_position(game).map_err(|e| PlayError::Setup(e.reason))?;
    let mut setup = start.pos.to_setup(EnPassantMode::Legal);
    let ep = setup.ep_square.take().into_iter().collect();
    let pos = position_from_setup(setup, start.mode).map_err(|kinds| {
        PlayError::Setup(format!(
            "not a playable position: {}",
            standard::position_error(kinds)
        ))
    })?;
    let look_back = LookBack::from_clock(pos.halfmoves());
    Ok(TurnStart {
        pos,
        ep,
        moves: 2,
        mode: start.mode,
        look_back,
    })
}

/// The bot's full turn: the search's for `casual` and `club` ([`engine::marseillais`]);
/// uniform for `novice`; for `beginner`, a mate if there is one, else the
/// turn that wins most material among those that allow no mate in reply.
pub(crate) fn choose(
    bot: Bot,
    start: &TurnStart,
    rng: &mut ChaCha8Rng,
) -> Result<Option<FullTurn>, PlayError> {
    if let Some(limit) = bot.limit() {
        return Ok(engine::marseillais::choose(start, limit, bot.jitter(), rng).map(|(t, _)| t));
    }
    let mover = start.pos.turn();
    if bot == Bot::Random {
        let mut best = Best::new();
        let _complete = visit_full_turns(start, |t| {
            best.offer(0, rng, || t.clone());
            ControlFlow::Continue(())
        });
        return Ok(best.into_inner());
    }
    let mut scored: Vec<(i32, FullTurn)> = Vec::new();
    let mut mate = None;
    let _stopped = visit_full_turns(start, |t| {
        let score = score(t, mover);
        if score >= WIN {
            mate = Some(t.clone());
            return ControlFlow::Break(());
        }
        scored.push((score, t.clone()));
        ControlFlow::Continue(())
    });
    if mate.is_some() {
        return Ok(mate);
    }
    // Shuffle, then sort by score (stable): equal scores come in random order.
    rand::seq::SliceRandom::shuffle(scored.as_mut_slice(), rng);
    scored.sort_by_key(|(score, _)| -score);
    for (_, t) in scored.iter().take(REPLY_CHECKS) {
        if t.end.is_some() || !allows_mate(&advance(start, t)?.0) {
            return Ok(Some(t.clone()));
        }
    }
    Ok(scored.into_iter().next().map(|(_, t)| t))
}

/// A full turn's worth to the greedy bot: a win, a draw (to be avoided while material can be
/// won), or the material it takes.
fn score(t: &FullTurn, mover: Color) -> i32 {
    match t.end {
        Some(end) if end.winner == Some(mover) => WIN,
        Some(end) if end.winner.is_some() => LOSS,
        Some(_) => DRAW,
        None => t.moves.iter().map(|&m| gain(m)).sum(),
    }
}

/// Whether the player to move at `start` has a turn that mates.
fn allows_mate(start: &TurnStart) -> bool {
    let mover = start.pos.turn();
    visit_full_turns(start, |t| match t.end {
        Some(end) if end.termination == Termination::Checkmate && end.winner == Some(mover) => {
            ControlFlow::Break(())
        }
        _ => ControlFlow::Continue(()),
    })
    .is_break()
}

/// The start of the next turn after `t`, and `t` as written actions (SAN, with `+` for a check
/// and `#` only for the mate the rules see).
pub(super) fn advance(
    start: &TurnStart,
    t: &FullTurn,
) -> Result<(TurnStart, Vec<Action>), PlayError> {
    let mover = start.pos.turn();
    let mut pos = start.pos.clone();
    let mut actions = Vec::new();
    for (i, &m) in t.moves.iter().enumerate() {
        let mut action = san_action(&pos, m, start.mode);
        if action.check == Some(Check::Mate) {
            action.check = Some(Check::Check);
        }
        actions.push(action);
        if i + 1 < t.moves.len() {
            pos.play_unchecked(m);
            pos = rebase(&pos, mover).ok_or_else(|| {
                PlayError::Refused(format!("the position after {m} cannot be set up"))
            })?;
        }
    }
    let mated = t
        .end
        .is_some_and(|end| end.termination == Termination::Checkmate);
    if let Some(last) = actions.last_mut().filter(|_| mated) {
        last.check = Some(Check::Mate);
    }
    let next = start.after(t).ok_or_else(|| {
        PlayError::Refused(format!(
            "the position after {} cannot be set up",
            t.san.join(" ")
        ))
    })?;
    Ok((next, actions))
}

/// The position after a first move, set up for its player to move again, with no en passant
/// square (the Marseillais chances are kept apart, in [`TurnStart::ep`]).
fn rebase(after: &Chess, next: Color) -> Option<Chess> {
    let mut setup = after.to_setup(EnPassantMode::Always);
    setup.ep_square = None;
    setup.turn = next;
    position_from_setup(setup, after.castles().mode()).ok()
}
