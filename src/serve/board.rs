//! The board of a game's state: the turn in progress with its numbered arrows, as `show` draws
//! it, or the position to roll or act in.

use shakmaty::Color;

use crate::record::Variant;
use crate::render::model::{GameView, TurnView, frame, game_view, one_turn_view, snapshot};
use crate::render::svg;
use crate::rules::sade::{Place, play_turn_at};
use crate::rules::{Detail, Resolved};

use super::error::ApiError;
use super::live::{Live, Phase};

/// The picture of the turn in progress; before a roll, or in a game without a die before the
/// first action of a turn, the position with no arrow. A Sade turn in progress is drawn from
/// the state before it, which the referee's memo keeps, with only that turn replayed; the other
/// games (no search, cheap to replay) are drawn from the replay of the whole record. Either
/// way the picture is [`board_svg_replayed`]'s.
pub fn board_svg(live: &Live, phase: Phase) -> Result<String, ApiError> {
    let Some(index) = live.turn_in_progress_at(phase) else {
        return quiet_board(live, phase);
    };
    let before = live
        .memo
        .state_before(&live.game, index)
        .filter(|_| live.game.variant() == Ok(Variant::Sade));
    let Some(before) = before else {
        return board_svg_replayed(live, phase);
    };
    let played = play_turn_at(
        before,
        &live.game.turns[index],
        Detail::Annotated,
        Place::Last,
    );
    let resolved: Vec<Resolved> = played
        .resolved
        .into_iter()
        .map(|r| Resolved {
            turn_index: index,
            ..r
        })
        .collect();
    let start = snapshot(&before.fen())
        .ok_or_else(|| ApiError::internal(format!("cannot draw {}", before.fen())))?;
    let view = one_turn_view(&live.game, &live.verdict, index, start, &resolved);
    let turn = view
        .turns
        .first()
        .ok_or_else(|| ApiError::internal("no turn to draw".to_owned()))?;
    Ok(svg::turn(&view, turn))
}

/// [`board_svg`] from the annotated replay of the whole record (`show`'s picture): the
/// reference the tests hold [`board_svg`] to.
pub fn board_svg_replayed(live: &Live, phase: Phase) -> Result<String, ApiError> {
    let Some(index) = live.turn_in_progress_at(phase) else {
        return quiet_board(live, phase);
    };
    let view: GameView = game_view(&live.game).map_err(|e| ApiError::internal(e.to_string()))?;
    let turn = view
        .turns
        .get(index)
        .ok_or_else(|| ApiError::internal("no turn to draw".to_owned()))?;
    Ok(svg::turn(&view, turn))
}

/// The board before record turn `index` (the placement field of its FEN): from the referee's
/// memo in a Sade game, else from the replay of the record.
pub fn board_before(live: &Live, index: usize) -> Option<String> {
    if live.game.variant() == Ok(Variant::Sade)
        && let Some(state) = live.memo.state_before(&live.game, index)
    {
        return Some(state.board().to_string());
    }
    let view: GameView = game_view(&live.game).ok()?;
    view.turns
        .get(index)
        .map(|turn| turn.before.board.to_string())
}

/// The position after the last accepted action, with no arrow (before a roll, or before the
/// first action of a turn); a game that is over shows its last turn, with its arrows and the
/// referee's verdict.
fn quiet_board(live: &Live, phase: Phase) -> Result<String, ApiError> {
    if phase == Phase::Over {
        let view: GameView =
            game_view(&live.game).map_err(|e| ApiError::internal(e.to_string()))?;
        if let Some(last) = view.turns.last() {
            return Ok(svg::turn(&view, last));
        }
    }
    let before = snapshot(&live.verdict.final_fen)
        .ok_or_else(|| ApiError::internal(format!("cannot draw {}", live.verdict.final_fen)))?;
    let (label, side) = match phase {
        Phase::Roll { number } | Phase::Act { number, .. } => {
            (number.to_string(), Color::from(number.side))
        }
        Phase::Over => (String::new(), Color::White),
    };
    let turn = TurnView {
        index: live.game.turns.len(),
        label,
        side,
        face: None,
        before: before.clone(),
        actions: Vec::new(),
        verdict: match phase {
            Phase::Roll { number } => {
                format!("{} to roll the die", number.side.name())
            }
            Phase::Act { number, .. } => format!("{} to play", number.side.name()),
            Phase::Over => "the game is over".to_owned(),
        },
        invalid: false,
        comments: Vec::new(),
    };
    let view = frame(&live.game, &live.verdict, before, Vec::new());
    Ok(svg::turn(&view, &turn))
}
