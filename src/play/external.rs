//! Standard games where one player or both is an engine spoken to over UCI ([`uci::Engine`]),
//! for `match`. The bots' moves are the usual ones ([`standard::choose`]); an engine's move is
//! checked against the legal moves before it is written, and the record is judged by the
//! referee at the end, as every self-played game is.

use shakmaty::uci::UciMove;
use shakmaty::{EnPassantMode, Position};

use super::bots::Bot;
use super::error::PlayError;
use super::game::{Played, conclude};
use super::options::Options;
use super::seeds::game_rng;
use super::standard;
use super::turns::{first_number, san_action, turn};
use super::uci::Engine;
use crate::record::{Game, Variant};
use crate::rules::standard::{self as rules, Standing};

/// Who plays a colour: a bot or a running engine.
pub enum Mover<'e> {
    Bot(Bot),
    Engine(&'e mut Engine),
}

impl Mover<'_> {
    /// The name written in the record's `White` or `Black` tag.
    pub fn name(&self) -> String {
        match self {
            Mover::Bot(bot) => bot.name().to_owned(),
            Mover::Engine(engine) => engine.name().to_owned(),
        }
    }
}

/// Plays game `number` of a standard match between `white` and `black` (`options.white` and
/// `options.black` are not used; the seed, the start and the length are).
///
/// # Errors
/// [`PlayError::Setup`] when the game is not standard chess or the FEN cannot start one;
/// [`PlayError::Engine`] when an engine fails, [`PlayError::EngineMove`] when it answers a move
/// that is not legal;
/// [`PlayError::Refused`] if the referee refuses the record.
pub fn play_game_against<'e>(
    options: &Options,
    number: u64,
    mut white: Mover<'e>,
    mut black: Mover<'e>,
) -> Result<Played, PlayError> {
    if options.variant != Variant::Standard {
        return Err(PlayError::Setup(format!(
            "an engine over UCI plays standard chess, not {}",
            options.variant.tag()
        )));
    }
    let mut game = Game::default();
    game.set_tag("Event", "sade-ref match");
    game.set_tag("Round", number.to_string());
    game.set_tag("White", white.name());
    game.set_tag("Black", black.name());
    game.set_tag("Result", "*");
    game.set_tag("Variant", options.variant.tag());
    if let Some(fen) = &options.fen {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", fen.trim());
    }
    let start = rules::start_position(&game).map_err(|e| PlayError::Setup(e.reason))?;
    let start_fen = options
        .fen
        .as_ref()
        .map(|_| shakmaty::fen::Fen::from_position(&start.pos, EnPassantMode::Legal).to_string());
    for mover in [&mut white, &mut black] {
        if let Mover::Engine(engine) = mover {
            engine.new_game()?;
        }
    }
    let mut rng = game_rng(options.seed, number);
    let mut standing = Standing::new(start.pos);
    let mut number_now = first_number(standing.pos.turn(), standing.pos.fullmoves().get());
    let mut played: Vec<UciMove> = Vec::new();
    for _ in 0..options.max_turns {
        if standing.end().is_some() {
            break;
        }
        let pos = &standing.pos;
        let mover = pos.turn().fold_wb(&mut white, &mut black);
        let m = match mover {
            Mover::Bot(bot) => match standard::choose(*bot, &standing, &mut rng) {
                Some(m) => m,
                None => break,
            },
            Mover::Engine(engine) => {
                let answer = engine.best_move(start_fen.as_deref(), &played)?;
                answer.to_move(pos).map_err(|_| PlayError::EngineMove {
                    engine: engine.name().to_owned(),
                    answer,
                    fen: rules::fen(pos),
                })?
            }
        };
        game.turns
            .push(turn(number_now, None, vec![san_action(pos, m, start.mode)]));
        played.push(UciMove::from_move(m, start.mode));
        standing = standing.after(m);
        number_now = number_now.next();
    }
    let verdict = conclude(&mut game)?;
    Ok(Played { game, verdict })
}
