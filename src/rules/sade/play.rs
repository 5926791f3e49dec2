//! Playing a written turn to its outcome: the die face, then the actions it prescribes, one at
//! a time, each resolved and judged by [`OpenTurn`], with the end of the game looked for first
//! (R21) and a turn that stops judged where it stands in the record (R15, R16).

use super::ends::{End, poverty_end, sweet_stalemate_end};
use super::fault::{Fault, Illegal, Refused, face_article};
use super::open_turn::{Next, OpenTurn, Phase};
use super::played::{Played, TurnOutcome, record};
use super::state::State;
use super::step::Step;
use super::{assumed, search};
use crate::record::{Span, Turn};
use crate::rules::{Article, Detail, Termination};

/// Where a turn stands in its record: whether another turn follows it (R15, R16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Another turn follows: the turn must be complete, a bare face reads as `--`.
    Inner,
    /// The record's last turn: it may stop where the record stops.
    Last,
}

/// Plays one written turn (its die face and actions) from `state`, with the FEN after every
/// action in [`Played::resolved`]. The turn is judged as one that another turn follows.
pub fn play_turn(state: &State, turn: &Turn) -> Played {
    play_turn_with(state, turn, Detail::Annotated)
}

/// [`play_turn`], recording the FEN after each action only for [`Detail::Annotated`].
pub fn play_turn_with(state: &State, turn: &Turn, detail: Detail) -> Played {
    play_turn_at(state, turn, detail, Place::Inner)
}

/// Plays one written turn where it stands in its record ([`Place`]).
///
/// The end of the game is looked for after every action before anything else (R21): a mate,
/// nakedness or a stalemate ends the turn at once, and so does a series that can no longer be
/// completed (Poverty of the Flesh at that moment, R16), even when the record writes more.
pub fn play_turn_at(state: &State, turn: &Turn, detail: Detail, place: Place) -> Played {
    judged(state.with_positions(), state, turn, detail, place)
}

/// [`play_turn_at`], the positions built for `state` moved into the turn instead of copied
/// (`state` keeps the rest): for a replay, which leaves the state for the one the turn reaches.
pub(crate) fn play_turn_moving(
    state: &mut State,
    turn: &Turn,
    detail: Detail,
    place: Place,
) -> Played {
    let built = state.take_positions();
    judged(built, state, turn, detail, place)
}

/// The turn judged as written where the record answers the searches (from `built`, `state` with
/// its positions), else from the roll.
fn judged(built: State, state: &State, turn: &Turn, detail: Detail, place: Place) -> Played {
    if let Some(played) = assumed::judged(built, turn, detail) {
        // The tests (debug builds) check the shortcut against the judgement with the searches.
        debug_assert_eq!(played, searched(state, turn, detail, place));
        return played;
    }
    searched(state, turn, detail, place)
}

/// The turn judged from the roll, with every search the rules call for.
fn searched(state: &State, turn: &Turn, detail: Detail, place: Place) -> Played {
    let mut player = TurnPlayer::new(state, detail);
    let outcome = player.play(state, turn, place);
    player.played.outcome = outcome;
    player.played
}

/// Whether the roll itself is a moment at which a series can have been lost
/// ([`TurnPlayer::earliest_poverty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Roll {
    /// A `--`, a bare face, a turn that stops, an action refused for itself: the turn was lost
    /// at the roll when nothing could fulfil the face there (R15, R16).
    Included,
    /// An action refused because it plays the other side's pieces (Art. 12.1, 12.2): judged
    /// as written (R4).
    Excluded,
}

struct TurnPlayer {
    detail: Detail,
    played: Played,
    /// The turn in progress before each accepted action (the roll first), to find the moment a
    /// failed turn became impossible.
    points: Vec<OpenTurn>,
}

fn invalid(action: usize, illegal: Illegal, span: Option<Span>) -> TurnOutcome {
    TurnOutcome::Invalid {
        action,
        reason: illegal.reason,
        article: illegal.article,
        span,
    }
}

/// A written action the rules refuse.
fn failed(number: usize, fault: Fault, span: Span) -> TurnOutcome {
    match fault {
        Fault::Illegal(illegal) => invalid(number, illegal, Some(span)),
        Fault::Refused(e) => refused(number, e, Some(span)),
    }
}

fn refused(action: usize, refused: Refused, span: Option<Span>) -> TurnOutcome {
    TurnOutcome::Invalid {
        action,
        reason: format!("the position cannot be analysed: {refused}"),
        article: Article::R1,
        span,
    }
}

impl TurnPlayer {
    fn new(state: &State, detail: Detail) -> TurnPlayer {
        TurnPlayer {
            detail,
            played: Played {
                state: state.clone(),
                resolved: Vec::new(),
                outcome: TurnOutcome::Complete,
            },
            points: Vec::new(),
        }
    }

    fn play(&mut self, state: &State, turn: &Turn, place: Place) -> TurnOutcome {
        let Some(face) = turn.face else {
            return invalid(
                0,
                Illegal::new(
                    "the turn has no die face: every turn begins with a roll",
                    Article::Art2,
                ),
                None,
            );
        };
        let start = match OpenTurn::begin(state, face.value) {
            Ok(progress) => progress,
            Err(e) => return refused(0, e, None),
        };
        let actions: Vec<&crate::record::Action> = turn.actions().collect();
        if actions.is_empty() {
            return self.bare(start, place);
        }
        let mut progress = Some(start);
        for (index, action) in actions.iter().enumerate() {
            let number = index + 1;
            let Some(current) = progress.take() else {
                return invalid(
                    number,
                    Illegal::new(
                        format!(
                            "face {} is already fulfilled; `{action}` is one action too many",
                            face.value
                        ),
                        face_article(face.value),
                    ),
                    Some(action.span),
                );
            };
            // The end comes first (R21): a prescription that could no longer be completed was
            // lost at that moment (R16), whatever follows. A turn that goes on to its end
            // passed no such moment, so the search for it runs only where the turn fails.
            let step = match current.resolve(&action.kind) {
                Ok(step) => step,
                Err(fault) => return self.failed(&current, number, fault, action.span),
            };
            let next = match current.apply(step) {
                Ok(next) => next,
                Err(fault) => return self.failed(&current, number, fault, action.span),
            };
            if let Next::End(end, _) = &next
                && !end.is_fulfilment()
            {
                // A true `--` (Poverty) or a forbidden check: lost here, unless it was lost
                // earlier (a point before this action from which no completion existed).
                let before = if end.termination == Termination::PovertyOfTheFlesh {
                    index
                } else {
                    index + 1
                };
                match self.earliest_poverty(&current, before, Roll::Included) {
                    Ok(Some(outcome)) => return outcome,
                    Ok(None) => {}
                    Err(e) => return refused(number, e, Some(action.span)),
                }
            }
            match self.accept(current, number, step, next) {
                Ok(next) => progress = next,
                Err(outcome) => return outcome,
            }
        }
        match progress {
            None => {
                self.played.state.end_turn();
                self.fen_after_last();
                TurnOutcome::Complete
            }
            Some(current) => self.incomplete(&current, actions.len(), place),
        }
    }

    /// Records an accepted action; `Ok(None)` when the face is fulfilled, `Err` when the game
    /// ended with it.
    fn accept(
        &mut self,
        current: OpenTurn,
        number: usize,
        step: Step,
        next: Next,
    ) -> Result<Option<OpenTurn>, TurnOutcome> {
        let after = match &next {
            Next::Continue(p) => &p.state,
            Next::Done(s) | Next::End(_, s) => s,
        };
        record(
            &mut self.played.resolved,
            self.detail,
            &current.state,
            after,
            current.roller(),
            number,
            step,
        );
        self.points.push(current);
        match next {
            Next::Continue(p) => {
                self.played.state = p.state.clone();
                Ok(Some(p))
            }
            Next::Done(s) => {
                self.played.state = s;
                Ok(None)
            }
            Next::End(end, s) => Err(self.finished(end, s, number)),
        }
    }

    fn finished(&mut self, end: End, mut state: State, action: usize) -> TurnOutcome {
        state.end_turn();
        self.played.state = state;
        self.fen_after_last();
        TurnOutcome::Finished { end, action }
    }

    fn fen_after_last(&mut self) {
        if self.detail == Detail::Annotated
            && let Some(last) = self.played.resolved.last_mut()
        {
            last.fen_after = self.played.state.fen();
        }
    }

    /// The first moment of the turn, among the first `upto` points (the roll, then after each
    /// accepted action; `current` is the point after the last one), from which the
    /// prescription could not be completed: Poverty of the Flesh there (Art. 5 at the roll,
    /// Art. 13.2 inside a series; R16), what follows void. Only a series (faces 1-3) and the
    /// removal (face 4) can be stuck; an exposure is complete when nothing more can leave.
    ///
    /// With [`Roll::Excluded`] a series is not lost at the roll itself: a first action that
    /// plays the other side's pieces is invalid at that action, even when no series with the
    /// pieces due could have been completed (R4: it "is invalid at that action"; the record
    /// shows the loss with `--`).
    fn earliest_poverty(
        &mut self,
        current: &OpenTurn,
        upto: usize,
        roll: Roll,
    ) -> Result<Option<TurnOutcome>, Refused> {
        let points = self.points.len();
        for at in 0..upto.min(points + 1) {
            let point = if at < points {
                &self.points[at]
            } else {
                current
            };
            let series = matches!(point.phase, Phase::Series(_));
            if !(series || matches!(point.phase, Phase::Removal))
                || (series && at == 0 && roll == Roll::Excluded)
            {
                continue;
            }
            if search::first(point)?.is_some() {
                continue;
            }
            let article = if at == 0 {
                Article::Art5
            } else {
                Article::Art13_2
            };
            let end = poverty_end(point.roller(), article);
            let state = point.state.after_nothing();
            self.played.resolved.truncate(at);
            return Ok(Some(self.finished(end, state, at)));
        }
        Ok(None)
    }

    /// A written action the rules refuse: illegal, unless the turn was already lost after an
    /// earlier action of it (R16).
    fn failed(
        &mut self,
        current: &OpenTurn,
        number: usize,
        fault: Fault,
        span: Span,
    ) -> TurnOutcome {
        // R4: the other side's pieces, played at the roll, are invalid at that action, even
        // where no series with the pieces due could have been completed.
        let roll = match &fault {
            Fault::Illegal(illegal)
                if matches!(illegal.article, Article::Art12_1 | Article::Art12_2) =>
            {
                Roll::Excluded
            }
            _ => Roll::Included,
        };
        match self.earliest_poverty(current, number, roll) {
            Ok(Some(outcome)) => outcome,
            Ok(None) => failed(number, fault, span),
            Err(e) => refused(number, e, Some(span)),
        }
    }

    /// A turn whose written actions stop before the face is fulfilled.
    fn incomplete(&mut self, current: &OpenTurn, done: usize, place: Place) -> TurnOutcome {
        match self.earliest_poverty(current, done + 1, Roll::Included) {
            Ok(Some(outcome)) => return outcome,
            Ok(None) => {}
            Err(e) => return refused(0, e, None),
        }
        match current.unfinished() {
            Ok(illegal) if place == Place::Last => TurnOutcome::Stopped {
                action: done,
                reason: illegal.reason,
            },
            Ok(illegal) => invalid(0, illegal, None),
            Err(e) => refused(0, e, None),
        }
    }

    /// A die face with no action after it (R15): before the last turn it reads as `--` (an
    /// error there is on action 0); as the last turn it is the roll, which ends the game only
    /// when the roll itself decides.
    fn bare(&mut self, start: OpenTurn, place: Place) -> TurnOutcome {
        if place == Place::Inner {
            let next = match start.apply(Step::Nothing) {
                Ok(next) => next,
                Err(Fault::Illegal(illegal)) => return invalid(0, illegal, None),
                Err(Fault::Refused(e)) => return refused(0, e, None),
            };
            return match next {
                Next::End(end, state) => self.finished(end, state, 0),
                Next::Done(mut state) => {
                    state.end_turn();
                    self.played.state = state;
                    TurnOutcome::Complete
                }
                Next::Continue(p) => self.incomplete(&p, 0, place),
            };
        }
        match &start.phase {
            Phase::Stalemate => {
                let end = sweet_stalemate_end(start.roller());
                let state = start.state.after_nothing();
                self.finished(end, state, 0)
            }
            _ if start.passes_at_the_roll() => {
                let mut state = start.state.after_nothing();
                state.end_turn();
                self.played.state = state;
                TurnOutcome::Complete
            }
            _ => self.incomplete(&start, 0, place),
        }
    }
}
