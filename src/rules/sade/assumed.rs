//! A written turn judged as the record plays it, where the record itself answers the searches
//! the rules call for; `play.rs` judges every other turn from the roll, searches included.
//!
//! - Faces 1–3: nothing to answer. Whose pieces move is the count at the roll (R4), made here as
//!   in the judgement from the roll; a written series that completes with the pieces due (or
//!   ends the game on the way by a mate or nakedness) needs no search.
//! - Face 4: whether a regular move is left after the sacrifice (else a stalemate, R7). The
//!   written regular move, accepted, is one.
//! - Face 5: nothing to answer for a written resurrection (only `--` claims that a search
//!   finds nothing).
//! - Face 6: whether a piece can leave the king at the roll (else the fallback move, Art. 8.7),
//!   and whether the exposure can go on after each move (R9). The next written move, accepted,
//!   answers both; only after the last one is it looked for. When the first written move is no
//!   exposure move and no piece can leave, it is the fallback move, and, accepted, shows that
//!   there was one (no stalemate, R7).
//!
//! Each action is applied without the look ahead ([`LookAhead::No`]), and a turn that does not
//! go as above (an action refused, `--`, a turn left short or lost) gives `None`. Debug builds
//! check every turn judged here against the judgement from the roll (`play.rs`).

use super::open_turn::{Exposure, LookAhead, Next, OpenTurn, Phase};
use super::played::{Played, TurnOutcome, record};
use super::state::State;
use super::{reach, search};
use crate::record::{ActionKind, Face, Turn};
use crate::rules::{Detail, Resolved};

/// The turn, when the record answers the searches; `None` otherwise. `state` is the state at
/// the roll, with the positions built for it (given up by the caller, who keeps a copy for the
/// judgement from the roll).
pub(super) fn judged(state: State, turn: &Turn, detail: Detail) -> Option<Played> {
    let face = turn.face?.value;
    let phase = match face {
        Face::One | Face::Two | Face::Three => {
            // Matched, not `.ok()?`: the progress is large, and the conversion copies it.
            let Ok(progress) = OpenTurn::begin_from(state, face) else {
                return None;
            };
            return judged_from(progress, turn, detail);
        }
        Face::Four => Phase::Removal,
        Face::Six => {
            let exposure = Exposure::at_roll(&state).ok()?;
            // No piece next to the king can leave, seen from the board: the regular move instead
            // (Art. 8.7), as below, without resolving the written move as an exposure first.
            if reach::may_leave(&state, exposure.unmoved, exposure.king) {
                Phase::Exposure(exposure)
            } else {
                Phase::Regular
            }
        }
        Face::Five => Phase::Resurrection,
    };
    let current = OpenTurn {
        state,
        face,
        phase,
        done: 0,
    };
    judged_from(current, turn, detail)
}

/// [`judged`] from the roll's progress.
fn judged_from(mut current: OpenTurn, turn: &Turn, detail: Detail) -> Option<Played> {
    let face = current.face;
    // One entry an action: sized once (a face asks for three actions at most but on face 6).
    let mut entries = if detail.lists_actions() {
        Vec::with_capacity(turn.actions().count())
    } else {
        Vec::new()
    };
    let mut actions = turn.actions().enumerate().peekable();
    while let Some((index, action)) = actions.next() {
        // `--` claims that a search finds nothing: the judgement from the roll makes it.
        if let ActionKind::Nothing {} = action.kind {
            return None;
        }
        let number = index + 1;
        let last = actions.peek().is_none();
        current.prepare();
        let step = match current.resolve(&action.kind) {
            Ok(step) => step,
            // Face 6 where no piece can leave the king: the regular move instead (Art. 8.7),
            // which the written move, accepted, shows to exist (so no stalemate, R7).
            Err(_) if index == 0 && face == Face::Six && !search::any_step(&current).ok()? => {
                current.phase = Phase::Regular;
                current.resolve(&action.kind).ok()?
            }
            Err(_) => return None,
        };
        // Matched where it lies, and moved only into the turn that goes on: an `OpenTurn` copied
        // through each binding on the way cost three copies an action (3% of a Sade `verify`).
        let next = current.apply_looking(step, LookAhead::No);
        let after = match &next {
            Ok(Next::Continue(progress)) => &progress.state,
            Ok(Next::Done(state) | Next::End(_, state)) => state,
            Err(_) => return None,
        };
        record(
            &mut entries,
            detail,
            &current.state,
            after,
            current.roller(),
            number,
            step,
        );
        let next = match next {
            Ok(Next::Continue(progress)) if !last => {
                current = progress;
                continue;
            }
            Ok(next) => next,
            Err(_) => return None,
        };
        let (state, outcome) = match next {
            // The last move of an exposure: complete when no other piece can leave (R9).
            Next::Continue(progress)
                if matches!(progress.phase, Phase::Exposure(_))
                    && !search::any_step(&progress).ok()? =>
            {
                (progress.state, TurnOutcome::Complete)
            }
            Next::Done(state) if last => (state, TurnOutcome::Complete),
            // The game ended with a fulfilment (a mate, nakedness), whatever the record adds.
            Next::End(end, state) if end.is_fulfilment() => (
                state,
                TurnOutcome::Finished {
                    end,
                    action: number,
                },
            ),
            _ => return None,
        };
        return Some(finish(state, entries, outcome, detail));
    }
    None
}

/// The turn played: the next player rolls; the FEN after the last action when annotating.
fn finish(
    mut state: State,
    mut resolved: Vec<Resolved>,
    outcome: TurnOutcome,
    detail: Detail,
) -> Played {
    state.end_turn();
    if detail == Detail::Annotated
        && let Some(last) = resolved.last_mut()
    {
        last.fen_after = state.fen();
    }
    Played {
        state,
        resolved,
        outcome,
    }
}
