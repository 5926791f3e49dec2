//! The replay of a Marquis de Sade record: its start position judged, then each turn played
//! from the roll, with a memo that keeps the turns already judged for a record that grows.

use crate::rules::Article;
use shakmaty::Color;

use crate::record::{Game, MoveNumber, Span, Turn};
use crate::rules::setup::{self, Start};
use crate::rules::{
    ActionRef, Detail, FaultCode, Replay, ReplayStatus, Resolved, Termination, Violation, labels,
};

use super::play::{Place, play_turn_moving};
use super::played::TurnOutcome;
use super::state::{self, State};

/// Replays a game under the rules of Marquis de Sade chess.
pub fn replay(game: &Game, detail: Detail) -> Replay {
    replay_with(game, detail, None)
}

/// What a replay keeps to judge the same record again once it has grown (`serve` judges the
/// record after every action): the state after each turn that another turn followed, with the
/// turn as it was written. A turn is taken from here only while the start and every turn up to
/// it are the same as when it was played, so a replay with a memo judges exactly as one
/// without: it skips the searches, not the rules. The record's last turn is never kept (it is
/// judged where the record may stop, R16).
#[derive(Clone, Debug, Default)]
pub struct Memo {
    /// The state of the start position the turns were played from.
    start: Option<State>,
    /// Turn `i`'s entry: the turn, what it resolved to and the state after it.
    turns: Vec<std::sync::Arc<Kept>>,
}

#[derive(Debug)]
struct Kept {
    turn: crate::record::Turn,
    resolved: Vec<Resolved>,
    state: State,
}

impl Memo {
    /// The turns kept (the turns before the record's last that were complete).
    pub fn kept(&self) -> usize {
        self.turns.len()
    }

    /// The state before turn `index` of `game`, when the memo holds it for this game: the start
    /// position's, or the one after turn `index - 1`, kept with every turn before it written as
    /// it is in `game`. `None` when it does not (the memo was made for another record).
    pub fn state_before(&self, game: &Game, index: usize) -> Option<&State> {
        let start = self.start.as_ref()?;
        if index > self.turns.len() || index > game.turns.len() {
            return None;
        }
        let same = self.turns[..index]
            .iter()
            .zip(&game.turns)
            .all(|(kept, turn)| kept.turn == *turn);
        if !same || State::from_game(game).ok().as_ref() != Some(start) {
            return None;
        }
        Some(match index {
            0 => start,
            i => &self.turns[i - 1].state,
        })
    }
}

/// [`replay`], taking the turns already judged from `memo` and keeping the new ones there
/// ([`Memo`]); the memo is used for [`Detail::Verdict`] only.
pub fn replay_with(game: &Game, detail: Detail, memo: Option<&mut Memo>) -> Replay {
    let mut memo = memo.filter(|_| detail == Detail::Verdict);
    let mut replay = Replay::default();
    let Some((mut state, start)) = start_state(game, &mut replay) else {
        return replay;
    };
    if let Some(memo) = memo.as_deref_mut()
        && memo.start.as_ref() != Some(&state)
    {
        memo.start = Some(state.clone());
        memo.turns.clear();
    }
    if decided_at_start(game, &state, &mut replay) {
        return replay;
    }
    let first = labels::first_label(game, state.roller(), start.setup.fullmoves.get());
    replay.notes.extend(labels::mismatches(game, first));
    let mut label = first;
    let last = game.turns.len().saturating_sub(1);
    for (turn_index, turn) in game.turns.iter().enumerate() {
        replay.turns = turn_index + 1;
        // The side is the player whose turn it is (R13), whatever the label says (R18).
        let side = state.roller();
        let place = if turn_index == last {
            Place::Last
        } else {
            Place::Inner
        };
        if let Some(memo) = memo.as_deref_mut()
            && place == Place::Inner
        {
            match memo.turns.get(turn_index) {
                Some(kept) if kept.turn == *turn => {
                    replay.resolved.extend(kept.resolved.iter().cloned());
                    state = kept.state.clone();
                    label = label.next();
                    continue;
                }
                _ => memo.turns.truncate(turn_index),
            }
        }
        let played = play_turn_moving(&mut state, turn, detail, place);
        let resolved: Vec<Resolved> = played
            .resolved
            .into_iter()
            .map(|r| Resolved { turn_index, ..r })
            .collect();
        if let Some(memo) = memo.as_deref_mut()
            && place == Place::Inner
            && played.outcome == TurnOutcome::Complete
            && memo.turns.len() == turn_index
        {
            memo.turns.push(std::sync::Arc::new(Kept {
                turn: turn.clone(),
                resolved: resolved.clone(),
                state: played.state.clone(),
            }));
        }
        replay.resolved.extend(resolved);
        state = played.state;
        if played.outcome != TurnOutcome::Complete {
            ended_inside(&mut replay, played.outcome, turn, turn_index, label, side);
            replay.final_fen = state.fen();
            return replay;
        }
        label = label.next();
    }
    // The position is written once, at the end: formatting a FEN costs about as much as
    // playing a move.
    replay.final_fen = state.fen();
    replay
}

/// The state at the record's start, with the start read; `None` when the start is no playable
/// position (the replay's outcome then says why).
fn start_state(game: &Game, replay: &mut Replay) -> Option<(State, Start)> {
    let start = match setup::start_of(game) {
        Ok(start) => start,
        Err(e) => {
            replay.outcome = ReplayStatus::Invalid(setup_fault(
                game,
                e.reason,
                Article::FenTag,
                e.span,
                Color::White,
            ));
            return None;
        }
    };
    match State::from_start(&start) {
        Ok(state) => Some((state, start)),
        Err(e) => {
            replay.outcome = ReplayStatus::Invalid(setup_fault(
                game,
                e.reason,
                e.article,
                fen_span(game),
                start.setup.turn,
            ));
            None
        }
    }
}

/// Whether the game is decided before the first turn: a player who already has the king alone
/// has won (R10, R17), and two such players make the setup unplayable (the replay's outcome
/// says which).
fn decided_at_start(game: &Game, state: &State, replay: &mut Replay) -> bool {
    let naked: Vec<Color> = Color::ALL
        .into_iter()
        .filter(|&c| state.is_naked(c))
        .collect();
    if !naked.is_empty() {
        replay.final_fen = state.fen();
    }
    match naked.as_slice() {
        [] => false,
        [winner] => {
            replay.outcome = ReplayStatus::Finished {
                winner: Some(*winner),
                termination: Termination::Nakedness,
                article: Article::Art9_3,
                at: None,
            };
            true
        }
        _ => {
            let mut fault = setup_fault(
                game,
                "both players have nothing but the king in the start position: the FEN is not \
                 a playable setup"
                    .to_owned(),
                Article::R17,
                fen_span(game),
                state.roller(),
            );
            fault.code = FaultCode::BothNaked;
            replay.outcome = ReplayStatus::Invalid(fault);
            true
        }
    }
}

/// Where the record's `FEN` tag is written (the whole record without one).
fn fen_span(game: &Game) -> Span {
    game.tags
        .iter()
        .find(|t| t.name == "FEN")
        .map_or(game.span, |t| t.span)
}

/// A fault of the record's start (action 0 of its first turn).
fn setup_fault(
    game: &Game,
    reason: String,
    article: Article,
    span: Span,
    side: Color,
) -> Violation {
    let first = game.turns.first();
    Violation {
        code: FaultCode::BadSetup,
        turn: first.map_or(1, |t| t.number.number),
        label: first.map(|t| t.number),
        side,
        face: first.and_then(|t| t.face.map(|f| f.value)),
        action: 0,
        turn_index: 0,
        reason,
        article,
        span,
    }
}

/// What the replay says of a turn that did not complete: the game it finished, the record that
/// stops inside it, or the action the referee refused.
fn ended_inside(
    replay: &mut Replay,
    outcome: TurnOutcome,
    turn: &Turn,
    turn_index: usize,
    label: MoveNumber,
    side: Color,
) {
    match outcome {
        TurnOutcome::Complete => {}
        TurnOutcome::Finished { end, action } => {
            replay.outcome = ReplayStatus::Finished {
                winner: Some(end.winner),
                termination: end.termination,
                article: end.article,
                at: Some(ActionRef { turn_index, action }),
            };
        }
        TurnOutcome::Stopped { action, reason } => {
            replay.notes.push(format!(
                "the record stops inside turn {label} ({} face {}) after {action} \
                 action{}: {reason} (R16)",
                state::color_name(side),
                turn.face.map_or(0, |f| f.value.get()),
                if action == 1 { "" } else { "s" },
            ));
            replay.stopped = Some(ActionRef { turn_index, action });
        }
        TurnOutcome::Invalid {
            action,
            reason,
            article,
            span,
        } => {
            replay.outcome = ReplayStatus::Invalid(Violation::new(
                turn,
                ActionRef { turn_index, action },
                side,
                Some(label),
                reason,
                article,
                span.unwrap_or(turn.span),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault_at_the_start(fen: &str) -> Violation {
        let text = format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n1. 1: a6 *\n");
        let game = crate::parse::parse_str(&text).remove(0).expect("a record");
        match replay(&game, Detail::Verdict).outcome {
            ReplayStatus::Invalid(fault) => fault,
            other => panic!("{fen}: {other:?}"),
        }
    }

    #[test]
    fn a_start_position_the_rules_refuse_cites_the_rule_it_breaks() {
        // A king in check between turns breaks R1; a position shakmaty refuses, the FEN tag.
        let check = fault_at_the_start("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
        assert_eq!(check.article, Article::R1);
        assert_eq!(
            check.reason,
            "White's king is in check in the start position; between turns no king may be (R1)"
        );
        let rights = fault_at_the_start("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
        assert_eq!(rights.article, Article::FenTag);
        assert_eq!(rights.code, FaultCode::BadSetup);
    }
}
