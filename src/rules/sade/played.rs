//! A turn played from a state: where it led ([`Played`], [`TurnOutcome`]) and what each
//! accepted action did ([`resolved`]), for the judgement from the roll (`play.rs`) and the
//! judgement as written (`assumed.rs`) alike.

use shakmaty::Color;

use super::ends::End;
use super::state::State;
use super::step::Step;
use crate::record::Span;
use crate::rules::{Article, Detail, Resolved};

/// A turn played from a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// After a complete turn or the end of the game: the state with the next player to roll.
    /// After an invalid action or a record that stops inside the turn: the state after the
    /// last accepted action (the roller to act).
    pub state: State,
    /// The accepted actions (`turn_index` 0: the caller knows which turn this is; none for
    /// [`Detail::Outcome`]).
    pub resolved: Vec<Resolved>,
    pub outcome: TurnOutcome,
}

/// How a played turn went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnOutcome {
    /// The face was fulfilled; the game goes on.
    Complete,
    /// The game ended at `action` (1-based; 0: at the roll, before any action).
    Finished { end: End, action: usize },
    /// The record stops inside its last turn after `action` actions, where the prescription
    /// could have gone on (R16): the game is unfinished there.
    Stopped { action: usize, reason: String },
    /// The first illegal action (1-based; 0: the turn as a whole).
    Invalid {
        action: usize,
        reason: String,
        article: Article,
        /// The action's span (`None`: the turn's).
        span: Option<Span>,
    },
}

/// Records what an accepted action did in `entries`, as the replay asks ([`Detail`]): nothing
/// for the outcome alone, the action resolved, and the FEN after it when annotated.
pub(crate) fn record(
    entries: &mut Vec<Resolved>,
    detail: Detail,
    before: &State,
    after: &State,
    roller: Color,
    action: usize,
    step: Step,
) {
    if detail.lists_actions() {
        let annotate = detail == Detail::Annotated;
        entries.push(resolved(annotate, before, after, roller, action, step));
    }
}

/// What an accepted action did.
fn resolved(
    annotate: bool,
    before: &State,
    after: &State,
    roller: Color,
    action: usize,
    step: Step,
) -> Resolved {
    let base = Resolved {
        turn_index: 0,
        action,
        color: roller,
        role: shakmaty::Role::King,
        from: None,
        to: None,
        uci: None,
        captured: None,
        promotion: None,
        fen_after: if annotate { after.fen() } else { String::new() },
    };
    match step {
        Step::Move(m) => {
            let color = m
                .from()
                .and_then(|sq| before.board().color_at(sq))
                .unwrap_or(roller);
            let to = match m.castling_side() {
                Some(side) => side.king_to(color),
                None => m.to(),
            };
            Resolved {
                color,
                role: m.role(),
                from: m.from(),
                to: Some(to),
                uci: crate::rules::resolve::uci_of(m, before.castling_mode()),
                captured: m.capture(),
                promotion: m.promotion(),
                ..base
            }
        }
        Step::Sacrifice { role, square } => Resolved {
            role,
            from: Some(square),
            ..base
        },
        Step::Resurrection { role, square } => Resolved {
            color: !roller,
            role,
            to: Some(square),
            ..base
        },
        // `--`: nobody's piece; the entry names the roller and his king.
        Step::Nothing => base,
    }
}
