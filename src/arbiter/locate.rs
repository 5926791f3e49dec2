//! A turn of a record as an arbiter names it (`12w`, `12b`, `12.`, `12...`), and the position
//! before it, found by the referee's own replay.

use std::fmt;
use std::str::FromStr;

use shakmaty::{CastlingMode, Chess, Color};

use crate::record::{Game, MoveNumber, Side, VariantName};
use crate::rules::sade::{self, State, TurnOutcome};
use crate::rules::{Detail, Outcome, marseillais, standard};

/// A turn as named on the command line: `12w` / `12.` (White's 12th), `12b` / `12...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnName(pub MoveNumber);

impl FromStr for TurnName {
    type Err = String;

    fn from_str(text: &str) -> Result<TurnName, String> {
        let text = text.trim();
        let digits = text.trim_end_matches(|c: char| !c.is_ascii_digit());
        let side = match &text[digits.len()..] {
            "w" | "W" | "." => Side::White,
            "b" | "B" | "..." | "…" => Side::Black,
            _ => {
                return Err(format!(
                    "`{text}` is not a turn: write 12w or 12. (White's), 12b or 12... (Black's)"
                ));
            }
        };
        let number = digits
            .parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{text}` is not a turn: the move number comes first"))?;
        Ok(TurnName(MoveNumber { number, side }))
    }
}

impl fmt::Display for TurnName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The index in `game.turns` of the record turn with this number, or the turn just after the
/// last one (the position the record stops in).
///
/// # Errors
/// A message naming the turns the record has.
pub fn turn_index(game: &Game, name: TurnName) -> Result<usize, String> {
    if let Some(index) = game.turns.iter().position(|t| t.number == name.0) {
        return Ok(index);
    }
    let next = game.turns.last().map(|t| t.number.next());
    if next == Some(name.0) || (game.turns.is_empty() && name.0.number == 1) {
        return Ok(game.turns.len());
    }
    let range = match (game.turns.first(), game.turns.last()) {
        (Some(first), Some(last)) => {
            format!("its turns run from {} to {}", first.number, last.number)
        }
        _ => "it has no turns".to_owned(),
    };
    Err(format!("the record has no turn {name}: {range}"))
}

/// The game variant the referee judges a record as.
pub fn variant_of(game: &Game) -> VariantName {
    game.variant()
}

/// The Sade state before record turn `index`, by playing the turns before it.
///
/// # Errors
/// A message when the start position cannot be read or the game does not reach that turn
/// (an illegal action or the end of the game before it).
pub fn sade_state_before(game: &Game, index: usize) -> Result<State, String> {
    let mut state = State::from_game(game).map_err(|e| format!("the start position: {e}"))?;
    for turn in game.turns.iter().take(index) {
        let played = sade::play_turn_with(&state, turn, Detail::Verdict);
        match played.outcome {
            TurnOutcome::Complete => state = played.state,
            TurnOutcome::Finished { end, .. } => {
                return Err(format!(
                    "the game ended in turn {} by {} ({}): there is no later turn to play",
                    turn.number,
                    end.termination.title(),
                    end.article
                ));
            }
            TurnOutcome::Stopped { reason, .. } => {
                return Err(format!(
                    "turn {} stops before its prescription is complete ({reason}), so later \
                     turns have no position",
                    turn.number
                ));
            }
            TurnOutcome::Invalid {
                action,
                reason,
                article,
                ..
            } => {
                return Err(format!(
                    "turn {} is invalid (action {action}: {reason}, {article}), so later turns \
                     have no position",
                    turn.number
                ));
            }
        }
    }
    Ok(state)
}

/// The Standard position before record turn `index` (one move a turn).
///
/// # Errors
/// As for [`sade_state_before`].
pub fn standard_position_before(
    game: &Game,
    index: usize,
) -> Result<(Chess, CastlingMode), String> {
    let start = standard::start_position(game).map_err(|e| e.reason)?;
    let mut before = game.clone();
    before.turns.truncate(index);
    before.result = None;
    let replay = standard::replay(&before, Detail::Verdict);
    match replay.outcome {
        Outcome::Unfinished => {}
        Outcome::Invalid(error) => {
            return Err(format!(
                "the record is invalid before this turn, at turn {}: {}",
                error.turn, error.reason
            ));
        }
        Outcome::Finished { termination, .. } => {
            return Err(format!(
                "the game ended before this turn, by {}",
                termination.title()
            ));
        }
    }
    let pos = shakmaty::fen::Fen::from_ascii(replay.final_fen.as_bytes())
        .map_err(|e| format!("internal: {e}"))?
        .into_setup();
    let pos = standard::position_from_setup(pos, start.mode)
        .map_err(|kinds| format!("internal: not a playable position ({kinds:?})"))?;
    Ok((pos, start.mode))
}

/// The Marseillais position before record turn `index`.
///
/// # Errors
/// As for [`sade_state_before`].
pub fn marseillais_before(game: &Game, index: usize) -> Result<marseillais::TurnStart, String> {
    marseillais::TurnStart::before_turn(game, index)
}

/// "White" or "Black".
pub fn color_name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}
