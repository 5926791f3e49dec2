//! Standard chess self-play: shakmaty's legal moves, one a turn.

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use shakmaty::{Chess, Move, Position};

use super::bots::{Best, Bot, DRAW, WIN, value};
use super::error::PlayError;
use super::options::Options;
use super::turns::{first_number, san_action, turn};
use crate::engine;
use crate::record::Game;
use crate::rules::standard::{self, Standing};

/// Plays the moves of a standard game into `game`. The loop stops where the referee would end
/// the game by itself (its judgement, [`Standing::end`]: mate, stalemate, insufficient material,
/// the fivefold repetition, the 75-move rule) or at `max_turns`.
pub(super) fn play(
    game: &mut Game,
    options: &Options,
    rng: &mut ChaCha8Rng,
) -> Result<(), PlayError> {
    let start = standard::start_position(game).map_err(|e| PlayError::Setup(e.reason))?;
    let mut standing = Standing::new(start.pos);
    let mut number = first_number(standing.pos.turn(), standing.pos.fullmoves().get());
    for _ in 0..options.max_turns {
        if standing.end().is_some() {
            break;
        }
        let bot = standing.pos.turn().fold_wb(options.white, options.black);
        let Some(m) = choose(bot, &standing, rng) else {
            break;
        };
        game.turns.push(turn(
            number,
            None,
            vec![san_action(&standing.pos, m, start.mode)],
        ));
        standing = standing.after(m);
        number = number.next();
    }
    Ok(())
}

/// The bot's move: the search's for `casual` and `club` ([`engine::standard`]); uniform for
/// `novice`; for `beginner`, a mate if there is one, else the
/// capture or promotion of most value (a draw counting less than any) among the moves that
/// allow no mate in reply (among all moves when each allows one).
pub(crate) fn choose(bot: Bot, standing: &Standing, rng: &mut ChaCha8Rng) -> Option<Move> {
    if let Some(limit) = bot.limit() {
        return engine::standard::choose(standing, limit, bot.jitter(), rng).map(|(m, _)| m);
    }
    let pos = &standing.pos;
    let moves = pos.legal_moves();
    match bot {
        Bot::Random => {
            let mut best = Best::new();
            for &m in &moves {
                best.offer(0, rng, || m);
            }
            best.into_inner()
        }
        _ => {
            let mut scored: Vec<(i32, Move, Chess)> = moves
                .iter()
                .map(|&m| {
                    let after = standing.after(m);
                    let score = match after.end() {
                        Some(end) if end.winner.is_some() => WIN,
                        Some(_) => DRAW,
                        None => gain(m),
                    };
                    (score, m, after.pos)
                })
                .collect();
            // Shuffle, then sort by score (stable): equal scores come in random order.
            scored.shuffle(rng);
            scored.sort_by_key(|(score, ..)| -score);
            let first = scored.first().map(|(_, m, _)| *m);
            scored
                .iter()
                .find(|(score, _, after)| *score >= WIN || !allows_mate(after))
                .map(|(_, m, _)| *m)
                .or(first)
        }
    }
}

/// What a move wins in material: the piece it takes and the piece it promotes to.
pub(crate) fn gain(m: Move) -> i32 {
    m.capture().map_or(0, value) + m.promotion().map_or(0, |r| value(r) - 1)
}

/// Whether the side to move in `pos` can mate at once.
fn allows_mate(pos: &Chess) -> bool {
    pos.legal_moves().iter().any(|&reply| {
        let mut after = pos.clone();
        after.play_unchecked(reply);
        after.is_checkmate()
    })
}
