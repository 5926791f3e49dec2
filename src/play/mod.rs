//! Self-play: two bots play a game of Sade, Marseillais or standard chess, and the record they
//! leave is one the referee accepts.
//!
//! [`play_game`] plays game number `n` of a run. Everything follows from the options and `n`:
//!
//! - the bots draw from a [`ChaCha8Rng`] seeded with `SeedableRng::seed_from_u64(seed)`, on
//!   stream `n` (`set_stream(n)`), so each game of a run has its own sequence and a game can be
//!   replayed alone;
//! - a Sade game's die is the auditable one ([`crate::die`]): its seed is `"{seed}-{n}"`,
//!   written in the `DieSeed` tag with its `DieCommit`.
//!
//! Each turn is built as a record turn and checked by the referee's own code as it is played
//! (Sade: [`crate::rules::sade::play_turn`]); the whole record is judged once more at the end
//! ([`crate::referee::verify`]), which gives its result. A game that reaches `max_turns` turns
//! unfinished ends with `*`.

mod bots;
mod external;
mod marseillais;
mod next;
mod sade;
mod standard;
mod tally;
pub mod uci;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, Move};

pub use bots::{Bot, UnknownBot};
pub use external::{Mover, play_game_against};
pub use next::{LEVELS, bot_named, next_actions};
pub use tally::{Report, Seat, Tally};

use crate::record::{
    Action, ActionKind, Check, Face, Game, GameResult, Item, MoveNumber, Turn, Variant,
};
use crate::referee::{self, Status, Verdict};

/// The games the bots play from their usual start (Chess960 they play as Standard, from the
/// `--fen` given).
pub const VARIANTS: [Variant; 4] = [
    Variant::Sade,
    Variant::Marseillais,
    Variant::MarseillaisClassical,
    Variant::Standard,
];

/// What a run of self-play is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    pub white: Bot,
    pub black: Bot,
    /// Turns at most (a turn is one player's: a Sade roll, a Marseillais pair, a chess move).
    pub max_turns: usize,
    /// The start position (Sade: with the pocket of captured pieces, `…/RNBQKBNR[Qrn] w …`).
    pub fen: Option<String>,
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            variant: Variant::Sade,
            white: Bot::Random,
            black: Bot::Random,
            max_turns: 200,
            fen: None,
            seed: 0,
        }
    }
}

/// Why a game could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The `--fen` position cannot start a game (the reason says why: "the start position
    /// cannot be played: ...", "the FEN tag is not a position: ...").
    #[error("{0}")]
    Setup(String),
    /// The Sade position a bot is to play in cannot be reached from the record.
    #[error(transparent)]
    Locate(#[from] crate::arbiter::locate::LocateError),
    /// The Standard or Marseillais position a bot is to play in cannot be reached from the
    /// record.
    #[error(transparent)]
    Position(#[from] crate::rules::PositionError),
    /// The referee refused what a bot played: a bug in sade-ref, never the bot's choice.
    #[error("the referee refused a bot's turn (a bug in sade-ref): {0}")]
    Refused(String),
    /// An engine spoken to over UCI failed (the error names the engine).
    #[error(transparent)]
    Engine(#[from] uci::UciError),
    /// An engine answered a move that is not legal in the position (`fen`).
    #[error("the engine {engine} played {answer}, which is not a legal move in {fen}")]
    EngineMove {
        engine: String,
        answer: shakmaty::uci::UciMove,
        fen: String,
    },
}

/// A played game: its record and the referee's verdict on it.
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    pub verdict: Verdict,
}

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
fn conclude(game: &mut Game) -> Result<Verdict, PlayError> {
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

/// A record turn with these actions.
fn turn(number: MoveNumber, face: Option<Face>, actions: Vec<Action>) -> Turn {
    Turn {
        number,
        unnumbered: false,
        face: face.map(|value| crate::record::DieFace {
            value,
            span: Default::default(),
        }),
        items: actions.into_iter().map(Item::Action).collect(),
        span: Default::default(),
    }
}

/// A legal move of `pos` as a written action: SAN with its check or mate mark.
fn san_action(pos: &Chess, m: Move, mode: CastlingMode) -> Action {
    let san = SanPlus::from_move(pos.clone(), m);
    let mut action = Action::new(san_kind(san.san, m, mode));
    action.check = match san.suffix {
        Some(Suffix::Check) => Some(Check::Check),
        Some(Suffix::Checkmate) => Some(Check::Mate),
        None => None,
    };
    action
}

/// A shakmaty SAN as the record's; UCI for what SAN cannot say (never for a legal move).
fn san_kind(san: San, m: Move, mode: CastlingMode) -> ActionKind {
    crate::rules::resolve::written_move(Some(san), m, mode)
}

/// The move number of a game's first turn: the FEN's side to move and move number.
fn first_number(turn: shakmaty::Color, fullmoves: u32) -> MoveNumber {
    MoveNumber {
        number: fullmoves,
        side: if turn == shakmaty::Color::White {
            crate::record::Side::White
        } else {
            crate::record::Side::Black
        },
    }
}
