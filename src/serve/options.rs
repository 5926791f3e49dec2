//! `GET /api/games/{id}/options`: the options of the turn to play, from the same search as
//! `sade-ref options`, that continue the actions already written in it.

use serde::Serialize;

use crate::arbiter::locate::{TurnName, query_before};
use crate::arbiter::options::{Answer, Limits, Line, answer};
use crate::record::Side;

use super::error::ApiError;
use super::live::{Live, Phase};

/// The options the search lists at most, when they are filtered by the actions written.
const FILTERED_FROM: usize = 20_000;

/// `GET /api/games/{id}/options`: the answer of `options` (spec/options.schema.json) for the
/// turn to play, keeping only the options that continue the actions of the turn already
/// written, each listed whole, from the turn's first action.
#[derive(Serialize)]
pub struct TurnOptions {
    #[serde(flatten)]
    pub answer: Answer,
    /// The actions of the turn in progress written so far (SDN); `options`, `count`, `losing`
    /// and `losing_count` hold only the ways to write the turn that begin with them.
    pub written: Vec<String>,
    /// The turn has more ways than the server looked through ([`FILTERED_FROM`]): some that
    /// continue `written` may be missing, and the counts are then the least there are.
    pub partial: bool,
}

/// The options of the turn to play, from the same search as `options`, that continue the
/// actions already written in it.
pub fn options(live: &Live, limit: usize) -> Result<TurnOptions, ApiError> {
    let (index, number, written) = match live.phase() {
        Phase::Over => {
            let last = live.game.turns.len();
            let number = live.game.turns.last().map(|t| t.number.next()).unwrap_or(
                crate::record::MoveNumber {
                    number: 1,
                    side: Side::White,
                },
            );
            (last, number, Vec::new())
        }
        Phase::Roll { .. } => {
            return Err(ApiError::conflict(
                "face",
                "roll the die first: the options follow from the face".to_owned(),
            ));
        }
        Phase::Act { number, .. } => match live.game.turns.last() {
            Some(t) if t.number == number => (
                live.game.turns.len() - 1,
                number,
                t.actions().map(ToString::to_string).collect(),
            ),
            _ => (live.game.turns.len(), number, Vec::new()),
        },
    };
    let mut game = live.game.clone();
    game.result = None;
    let query = query_before(&game, index, TurnName(number), None)
        .map_err(|e| ApiError::conflict("turn", e.to_string()))?;
    let searched = if written.is_empty() {
        limit
    } else {
        FILTERED_FROM
    };
    let mut answer = answer(
        &query,
        Limits {
            limit: Some(searched),
            count_only: false,
        },
    )
    .map_err(|e| ApiError::conflict("turn", e.to_string()))?;
    let mut partial = false;
    if !written.is_empty() {
        partial = answer.count > searched || answer.losing_count > searched;
        let continues = |line: &Line| {
            line.actions.len() >= written.len()
                && line
                    .actions
                    .iter()
                    .zip(&written)
                    .all(|(a, w)| continues_with(a, w))
        };
        answer.options.retain(continues);
        answer.losing.retain(continues);
        answer.count = answer.options.len();
        answer.losing_count = answer.losing.len();
        answer.options.truncate(limit);
        answer.losing.truncate(limit);
    }
    Ok(TurnOptions {
        answer,
        written,
        partial,
    })
}

/// An action without its check mark or annotation (`Qa8+` and `Qa8` are one action).
fn bare(action: &str) -> &str {
    action.trim_end_matches(['+', '#', '!', '?'])
}

/// Whether a listed action is the one written: the same text but for check and glyph marks, or
/// the same sacrifice where the record names no piece (`-b2` written, `-Pb2` listed: the square
/// says which piece).
fn continues_with(listed: &str, written: &str) -> bool {
    let (listed, written) = (bare(listed), bare(written));
    if listed == written {
        return true;
    }
    match (listed.strip_prefix('-'), written.strip_prefix('-')) {
        (Some(listed), Some(square)) if square.len() == 2 && listed.len() == 3 => {
            listed.get(1..) == Some(square)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::continues_with;

    #[test]
    fn a_sacrifice_written_without_its_piece_is_the_one_listed_with_it() {
        assert!(continues_with("-Pb2", "-b2"));
        assert!(continues_with("-Nc3", "-Nc3"));
        assert!(continues_with("Qh5+", "Qh5"));
        assert!(!continues_with("-Pb2", "-c2"));
        assert!(!continues_with("-Nc3", "-Bc3"));
        assert!(!continues_with("Nb2", "-b2"));
    }
}
