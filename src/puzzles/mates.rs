//! Marseillais mates one and two turns away (M3): the different mates of a turn, and what the
//! opponent's replies to a turn leave, an escape or a mate after each.
//!
//! Two ways are the same mate when they play the same moves (in another order): the position
//! and the end they reach are the same. Two replies are the same when they play the same moves
//! and reach the same position.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use shakmaty::{Color, Move, Position};

use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns, visit_mating_turns};

/// The moves of a turn in a fixed order: two ways with the same key play the same moves.
pub(crate) fn moves_key(turn: &FullTurn) -> Vec<String> {
    let mut key: Vec<String> = turn.moves.iter().map(|m| format!("{m:?}")).collect();
    key.sort();
    key
}

/// Whether the player to move at `start` has a turn that mates.
pub(crate) fn has_mate(start: &TurnStart) -> bool {
    visit_mating_turns(start, |_| ControlFlow::Break(())).is_break()
}

/// The different mates of the player to move at `start`, each with its ways (orders), in the
/// order the walk meets them; the walk stops once more than `most` are found.
pub(crate) fn mates(start: &TurnStart, most: usize) -> Vec<Vec<FullTurn>> {
    let mut index: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    let mut found: Vec<Vec<FullTurn>> = Vec::new();
    let _stopped = visit_mating_turns(start, |t| {
        match index.get(&moves_key(t)) {
            Some(&at) => found[at].push(t.clone()),
            None => {
                index.insert(moves_key(t), found.len());
                found.push(vec![t.clone()]);
            }
        }
        if found.len() > most {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// The opponent's reply at `next` (the opponent to move, after a turn of `solver`) that escapes
/// a mate at the solver's next turn: a reply that ends the game, or after which the solver has
/// no mate. `killer`, the moves of the last escape found elsewhere, is tried first, and is set
/// to the escape found (an escape from one turn often escapes the turns like it).
pub(crate) fn escape(next: &TurnStart, killer: &mut Option<Vec<Move>>) -> Option<FullTurn> {
    let solver = !next.pos.turn();
    let escapes = |reply: &FullTurn| match &reply.end {
        Some(end) => end.winner != Some(solver),
        None => next.after(reply).is_none_or(|after| !has_mate(&after)),
    };
    let mut replies = Vec::new();
    let _complete = visit_full_turns(next, |t| {
        replies.push(t.clone());
        ControlFlow::Continue(())
    });
    if let Some(moves) = killer.as_ref()
        && let Some(at) = replies.iter().position(|r| r.moves == *moves)
    {
        let reply = replies.swap_remove(at);
        if escapes(&reply) {
            return Some(reply);
        }
    }
    let found = replies.into_iter().find(|r| escapes(r))?;
    *killer = Some(found.moves.clone());
    Some(found)
}

/// After a turn that leaves every reply a mate: the replies, and the mates after each.
#[derive(Clone, Debug)]
pub(crate) struct Forced {
    /// The different replies, each with its mates ([`mates`], at most two looked for), in the
    /// order the walk meets them.
    pub replies: Vec<(FullTurn, Vec<Vec<FullTurn>>)>,
}

impl Forced {
    /// The first reply after which more than one mate wins, with its mates.
    pub fn ambiguous(&self) -> Option<&(FullTurn, Vec<Vec<FullTurn>>)> {
        self.replies.iter().find(|(_, mates)| mates.len() > 1)
    }

    /// The reply the solver is shown, as the strongest defence: the one whose mate has the
    /// fewest ways to be played, the first in the walk's order among those.
    pub fn defence(&self) -> Option<&(FullTurn, Vec<Vec<FullTurn>>)> {
        self.replies
            .iter()
            .filter(|(_, mates)| !mates.is_empty())
            .min_by_key(|(_, mates)| mates.iter().map(Vec::len).sum::<usize>())
    }
}

/// The replies at `next` (the opponent to move, after a turn of `solver`) and the mates after
/// each, when every reply leaves the solver a mate; `None` when a reply escapes.
pub(crate) fn forced(next: &TurnStart) -> Option<Forced> {
    let solver: Color = !next.pos.turn();
    let mut seen: BTreeMap<Vec<String>, ()> = BTreeMap::new();
    let mut replies = Vec::new();
    let escaped = visit_full_turns(next, |reply| {
        if let Some(end) = &reply.end {
            return if end.winner == Some(solver) {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            };
        }
        let Some(after) = next.after(reply) else {
            return ControlFlow::Break(());
        };
        let key = {
            let mut key = moves_key(reply);
            key.push(format!("{:?}", after.key()));
            key
        };
        if seen.insert(key, ()).is_some() {
            return ControlFlow::Continue(());
        }
        let found = mates(&after, 1);
        if found.is_empty() {
            return ControlFlow::Break(());
        }
        replies.push((reply.clone(), found));
        ControlFlow::Continue(())
    });
    escaped.is_continue().then_some(Forced { replies })
}

/// The play after a mate in two turns' first turn, as the puzzle shows and proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// How many different replies the opponent has; each leaves a mate.
    pub replies: usize,
    /// The reply the solver is shown ([`Forced::defence`]), in SAN separated by spaces.
    pub reply: String,
    /// The mate after that reply (its first way), in SAN separated by spaces.
    pub mate: String,
    /// The ways of the solver's turn after that reply, and the mate's ways among them.
    pub ways: usize,
    pub mate_ways: usize,
    /// The first reply after which more than one mate wins: the reply, and two of its mates.
    pub ambiguous: Option<(String, [String; 2])>,
}

/// The play after `first`, a turn of the player to move at `start` that leaves every reply a
/// mate; `None` when a reply escapes.
pub(crate) fn line(start: &TurnStart, first: &FullTurn) -> Option<Line> {
    let next = start.after(first)?;
    let forced = forced(&next)?;
    let (reply, mates) = forced.defence()?;
    let after = next.after(reply)?;
    let mut ways = 0;
    let _complete = visit_full_turns(&after, |_| {
        ways += 1;
        ControlFlow::Continue(())
    });
    let san = |t: &FullTurn| t.san.join(" ");
    Some(Line {
        replies: forced.replies.len(),
        reply: san(reply),
        mate: san(&mates[0][0]),
        ways,
        mate_ways: mates[0].len(),
        ambiguous: forced
            .ambiguous()
            .map(|(r, m)| (san(r), [san(&m[0][0]), san(&m[1][0])])),
    })
}
