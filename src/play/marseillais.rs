//! Marseillais self-play: the bot picks one of the legal full turns that the referee's own
//! enumerator lists ([`crate::rules::marseillais::visit_full_turns`]).

use std::collections::HashMap;
use std::ops::ControlFlow;

use rand::rngs::ChaCha8Rng;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role, Square};

use super::bots::{Best, Bot, DRAW, LOSS, WIN};
use super::standard::gain;
use super::{Options, PlayError, Variant, first_number, san_action, turn};
use crate::engine;
use crate::record::{Action, Check, Game};
use crate::rules::Termination;
use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns};
use crate::rules::standard::{self, position_from_setup, repetition_key};

/// How many of the greedy bot's best turns are searched for a mate in reply, at most.
const REPLY_CHECKS: usize = 12;

/// Plays the turns of a Marseillais game into `game`. The loop stops where the board ends the
/// game (mate, stalemate, insufficient material), at the third repetition of a turn's start or
/// after fifty quiet turns each (M6), or at `max_turns`.
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
    let mut seen: HashMap<(u64, Vec<Square>), u32> = HashMap::new();
    let mut quiet_turns = start.pos.halfmoves() / 2;
    if dead(&start.pos) {
        // The game is drawn before the first move (M6).
        return Ok(());
    }
    for _ in 0..options.max_turns {
        let count = seen
            .entry((repetition_key(&start.pos), start.ep.clone()))
            .or_insert(0);
        *count += 1;
        if *count >= 3 || quiet_turns >= 100 {
            break;
        }
        let bot = start.pos.turn().fold_wb(options.white, options.black);
        let Some(chosen) = choose(bot, &start, rng)? else {
            // No full turn at all: the board already ended the game (M3).
            break;
        };
        let (next, actions) = advance(&start, &chosen)?;
        game.turns.push(turn(number, None, actions));
        if chosen.end.is_some() {
            break;
        }
        quiet_turns = if chosen.moves.iter().any(|m| m.is_zeroing()) {
            0
        } else {
            quiet_turns + 1
        };
        start = next;
        number = number.next();
    }
    Ok(())
}

/// The start of a game from a FEN tag, as the referee reads it (an en passant square that no
/// double step explains is dropped); every turn has two moves (M7).
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
    Ok(TurnStart {
        pos,
        ep,
        moves: 2,
        mode: start.mode,
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
    let fullmoves = start.pos.fullmoves();
    let mut pos = start.pos.clone();
    let mut actions = Vec::new();
    let mut double_steps = Vec::new();
    for (i, &m) in t.moves.iter().enumerate() {
        let mut action = san_action(&pos, m, start.mode);
        if action.check == Some(Check::Mate) {
            action.check = Some(Check::Check);
        }
        actions.push(action);
        pos.play_unchecked(m);
        double_steps.extend(double_step(m));
        let last = i + 1 == t.moves.len();
        let (next, moves) = if last {
            (
                !mover,
                fullmoves.saturating_add(u32::from(mover == Color::Black)),
            )
        } else {
            (mover, fullmoves)
        };
        pos = rebase(&pos, next, moves).ok_or_else(|| {
            PlayError::Refused(format!("the position after {m} cannot be set up"))
        })?;
    }
    let mated = t
        .end
        .is_some_and(|end| end.termination == Termination::Checkmate);
    if let Some(last) = actions.last_mut().filter(|_| mated) {
        last.check = Some(Check::Mate);
    }
    let next = TurnStart {
        pos,
        ep: double_steps,
        moves: 2,
        mode: start.mode,
    };
    Ok((next, actions))
}

/// The position after a move, set up for `next` to move, with no en passant square (the
/// Marseillais chances are kept apart, in [`TurnStart::ep`]).
fn rebase(after: &Chess, next: Color, fullmoves: std::num::NonZeroU32) -> Option<Chess> {
    let mut setup = after.to_setup(EnPassantMode::Always);
    setup.ep_square = None;
    setup.turn = next;
    setup.fullmoves = fullmoves;
    position_from_setup(setup, after.castles().mode()).ok()
}

/// The square a pawn's double step passed over.
fn double_step(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } if from.rank().distance(to.rank()) == 2 => from.offset(if to > from { 8 } else { -8 }),
        _ => None,
    }
}

/// King against king, or king and one knight or bishop against king (M6).
fn dead(pos: &Chess) -> bool {
    let board = pos.board();
    (board.pawns() | board.rooks_and_queens()).is_empty()
        && (board.knights() | board.bishops()).count() <= 1
}
