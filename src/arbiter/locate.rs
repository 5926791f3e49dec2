//! A turn of a record as an arbiter names it (`12w`, `12b`, `12.`, `12...`), and the position
//! before it, found by the referee's own replay.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use shakmaty::{CastlingMode, Color};

use crate::record::{Face, Game, MoveNumber, Side, Variant};
use crate::referee::{self, Status};
use crate::rules::sade::{self, State, TurnOutcome};
use crate::rules::{Article, Detail, PositionError, Termination, marseillais, setup, standard};

use super::options::{Over, Query};

/// Why a text is not a [`TurnName`] (`text`: the text, trimmed).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TurnNameError {
    /// No side after the number: `12`, `12x`.
    #[error("`{text}` is not a turn: write 12w or 12. (White's), 12b or 12... (Black's)")]
    NoSide { text: String },
    /// No number before the side: `w`, `...`.
    #[error("`{text}` is not a turn: the move number comes first (12w, 12b)")]
    NoNumber { text: String },
    /// A number past `u32`.
    #[error("`{text}` is not a turn: move number {digits} is too large")]
    TooLarge { text: String, digits: String },
    /// Move number 0: `0w`.
    #[error("`{text}` is not a turn: move numbers start at 1, not 0")]
    Zero { text: String },
}

/// Why the position before a record turn cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LocateError {
    /// The record has no turn so named; `range` says which it has ("its turns are labelled
    /// from 1. to 12...", "it has no turns: ...").
    #[error("the record has no turn {name}: {range}")]
    NoSuchTurn { name: TurnName, range: String },
    /// The game's `Variant` tag names a game sade-ref does not referee.
    #[error("sade-ref does not referee {variant} games")]
    UnknownVariant { variant: String },
    /// `--face` for a game without a die (`variant`: its name): refused, never ignored.
    #[error("--face {face}: a {variant} game has no die; --face is for a Sade position")]
    NoDie { face: Face, variant: String },
    /// A Sade turn with no die face in the record, and none given.
    #[error("turn {name} has no die face: give --face")]
    NoFace { name: TurnName },
    /// Sade: the start position cannot begin a game.
    #[error("the start position: {0}")]
    SadeStart(#[source] sade::BadStart),
    /// Sade: the game ended in `turn`, before the one asked about.
    #[error(
        "the game ended in turn {turn} by {} ({article}): there is no later turn to play",
        termination.title()
    )]
    Ended {
        turn: MoveNumber,
        termination: Termination,
        article: Article,
    },
    /// Sade: `turn` stops before its prescription is complete (R16), so no position follows.
    #[error(
        "turn {turn} stops before its prescription is complete ({reason}), so later turns have \
         no position"
    )]
    Stopped { turn: MoveNumber, reason: String },
    /// Sade: `turn` is invalid at `action`, so no position follows.
    #[error(
        "turn {turn} is invalid (action {action}: {reason}, {article}), so later turns have no \
         position"
    )]
    Invalid {
        turn: MoveNumber,
        action: usize,
        reason: String,
        article: Article,
    },
    /// Standard or Marseillais: the rule set cannot give the position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A turn as named on the command line: `12w` / `12.` (White's 12th), `12b` / `12...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnName(pub MoveNumber);

impl FromStr for TurnName {
    type Err = TurnNameError;

    fn from_str(text: &str) -> Result<TurnName, TurnNameError> {
        let text = text.trim();
        let digits = text.trim_end_matches(|c: char| !c.is_ascii_digit());
        let side = match &text[digits.len()..] {
            "w" | "W" | "." => Side::White,
            "b" | "B" | "..." | "…" => Side::Black,
            _ => {
                return Err(TurnNameError::NoSide { text: text.into() });
            }
        };
        if digits.is_empty() {
            return Err(TurnNameError::NoNumber { text: text.into() });
        }
        let number = digits.parse::<u32>().map_err(|_| TurnNameError::TooLarge {
            text: text.into(),
            digits: digits.into(),
        })?;
        if number == 0 {
            return Err(TurnNameError::Zero { text: text.into() });
        }
        Ok(TurnName(MoveNumber { number, side }))
    }
}

impl fmt::Display for TurnName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The index in `game.turns` of the record turn with this number, or the turn just after the
/// last one (the position the record stops in). The record's own labels come first; a name no
/// label has is the turn the referee counts so (R18: a label is the record's, and may differ
/// from the count, as in `1. … 3... …`, whose second turn the verdict calls 1...).
///
/// # Errors
/// [`LocateError::NoSuchTurn`], naming the turns the record has, as it labels them, and as the
/// referee counts them where that differs.
pub fn turn_index(game: &Game, name: TurnName) -> Result<usize, LocateError> {
    if let Some(index) = game.turns.iter().position(|t| t.number == name.0) {
        return Ok(index);
    }
    let next = game.turns.last().map(|t| t.number.next());
    if next == Some(name.0) {
        return Ok(game.turns.len());
    }
    let counted = counted_numbers(game);
    if let Some(index) = counted.iter().position(|&n| n == name.0) {
        return Ok(index);
    }
    let range = match (game.turns.first(), game.turns.last()) {
        (Some(first), Some(last)) => {
            let mut range = format!(
                "its turns are labelled from {} to {}",
                first.number, last.number
            );
            let labels = game.turns.iter().map(|t| t.number);
            if !labels.eq(counted.iter().copied().take(game.turns.len())) {
                let _ = write!(
                    range,
                    ", which the referee counts as {} to {} (R18)",
                    counted[0],
                    counted[game.turns.len() - 1]
                );
            }
            range
        }
        _ => format!(
            "it has no turns: the position is the one before turn {}",
            counted[0]
        ),
    };
    Err(LocateError::NoSuchTurn { name, range })
}

/// The turns as the referee counts them, from the start position's side to move and move
/// number: one more than the record has (the position it stops in).
fn counted_numbers(game: &Game) -> Vec<MoveNumber> {
    let first = setup::start_of(game).map_or(
        MoveNumber {
            number: 1,
            side: Side::White,
        },
        |start| MoveNumber {
            number: start.setup.fullmoves.get(),
            side: Side::from(start.setup.turn),
        },
    );
    std::iter::successors(Some(first), |n| Some(n.next()))
        .take(game.turns.len() + 1)
        .collect()
}

/// What `options` asks about record turn `index` (named `name`): the position before it, with
/// the record's die face or `face`; or the end of the game, when it ended before that turn.
///
/// # Errors
/// [`LocateError`] when the position cannot be reached (the record is invalid or stops before it),
/// when a Sade turn has no face and none is given, or when `face` is given for a game without
/// a die.
pub fn query_before(
    game: &Game,
    index: usize,
    name: TurnName,
    face: Option<Face>,
) -> Result<Query, LocateError> {
    let variant = match game.variant() {
        Ok(variant) => variant,
        Err(unknown) => {
            return Err(match face {
                Some(face) => no_die(face, &unknown.name),
                None => LocateError::UnknownVariant {
                    variant: unknown.name,
                },
            });
        }
    };
    if variant != Variant::Sade
        && let Some(face) = face
    {
        return Err(no_die(face, variant.tag()));
    }
    let side = match name.0.side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    };
    if let Some(over) = ended_before(game, index, side) {
        return Ok(Query::Over(over));
    }
    match variant {
        Variant::Sade => {
            let state = sade_state_before(game, index)?;
            let face = face
                .or_else(|| game.turns.get(index).and_then(|t| t.face.map(|f| f.value)))
                .ok_or(LocateError::NoFace { name })?;
            Ok(Query::Sade { state, face })
        }
        Variant::Marseillais | Variant::MarseillaisClassical => {
            Ok(Query::Marseillais(marseillais_before(game, index)?))
        }
        Variant::Standard | Variant::Chess960 => Ok(Query::Standard(
            standard::Standing::before_turn(game, index)?,
        )),
    }
}

/// `--face` for a game without a die: refused, never ignored.
pub fn no_die(face: Face, variant: &str) -> LocateError {
    LocateError::NoDie {
        face,
        variant: variant.to_owned(),
    }
}

/// The game's end, when the referee finds it ended before record turn `index` (by a rule on
/// the board: the record's result and its Result and Termination tags are not read, so that a
/// declared end does not count). `side` is the player of the turn asked about.
pub fn ended_before(game: &Game, index: usize, side: Color) -> Option<Over> {
    let verdict = referee::verify(&game.before_turn(index));
    if verdict.status != Status::Finished {
        return None;
    }
    let at = match verdict.ended_at {
        Some(locator) if !locator.start_position => match locator.turn {
            Some(turn) => format!("turn {turn}"),
            None => "the record".to_owned(),
        },
        _ => "the start position".to_owned(),
    };
    Some(Over {
        variant: match game.variant() {
            Ok(Variant::Sade) => "Sade",
            Ok(Variant::Marseillais | Variant::MarseillaisClassical) => "Marseillais",
            _ => "Standard",
        },
        fen: verdict.final_fen,
        side,
        winner: verdict.winner,
        termination: verdict.termination?,
        article: verdict.article?,
        at,
    })
}

/// The Sade state before record turn `index`, by playing the turns before it.
///
/// # Errors
/// [`LocateError`] when the start position cannot be read or the game does not reach that turn
/// (an illegal action or the end of the game before it).
pub fn sade_state_before(game: &Game, index: usize) -> Result<State, LocateError> {
    let mut state = State::from_game(game).map_err(LocateError::SadeStart)?;
    for turn in game.turns.iter().take(index) {
        let played = sade::play_turn_with(&state, turn, Detail::Verdict);
        match played.outcome {
            TurnOutcome::Complete => state = played.state,
            TurnOutcome::Finished { end, .. } => {
                return Err(LocateError::Ended {
                    turn: turn.number,
                    termination: end.termination,
                    article: end.article,
                });
            }
            TurnOutcome::Stopped { reason, .. } => {
                return Err(LocateError::Stopped {
                    turn: turn.number,
                    reason,
                });
            }
            TurnOutcome::Invalid {
                action,
                reason,
                article,
                ..
            } => {
                return Err(LocateError::Invalid {
                    turn: turn.number,
                    action,
                    reason,
                    article,
                });
            }
        }
    }
    Ok(state)
}

/// The Standard position before record turn `index` (one move a turn), with the positions
/// since the last capture or pawn move, and the castling mode.
///
/// # Errors
/// [`PositionError`] when the start position cannot be read or the game does not reach that
/// turn.
pub fn standard_position_before(
    game: &Game,
    index: usize,
) -> Result<(standard::Standing, CastlingMode), PositionError> {
    let start = standard::start_position(game).map_err(|e| PositionError::Start(Box::new(e)))?;
    let standing = standard::Standing::before_turn(game, index)?;
    Ok((standing, start.mode))
}

/// The Marseillais position before record turn `index`.
///
/// # Errors
/// As for [`standard_position_before`].
pub fn marseillais_before(
    game: &Game,
    index: usize,
) -> Result<marseillais::TurnStart, PositionError> {
    marseillais::TurnStart::before_turn(game, index)
}
