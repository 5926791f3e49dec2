//! The depth-first walk over the candidate actions of a turn in progress, with its memo of the
//! series that led nowhere: what the fulfilment search (`search.rs`) is made of.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::ControlFlow;

use super::ends::{End, poverty_end};
use super::fault::{Fault, Refused};
use super::open_turn::{Next, OpenTurn, Phase};
use super::reach;
use super::state::State;
use super::step::Step;

/// Receives the steps of each way found to finish a turn, and how it ended the game.
pub(super) type Found<'a> = dyn FnMut(&[Step], Option<End>, &State) -> ControlFlow<()> + 'a;

/// The depth-first walk: `found` gets the steps of each way to finish the turn.
pub(super) struct Walk<'f, 'a> {
    found: &'f mut Found<'a>,
    /// The steps from the walk's start to the turn in progress.
    path: Vec<Step>,
    /// How many ways have been found so far.
    finds: usize,
    /// Whether the walk skips what cannot lead anywhere ([`Transposition`]s and
    /// [`last_piece::LastPieceShort`]); the debug builds' check and the tests walk without.
    cuts: bool,
    /// The series in progress (after two moves or more) already walked without finding a way
    /// to finish them (see [`Transposition`]).
    dead_ends: HashSet<Transposition, BuildHasherDefault<MixHasher>>,
    /// Each way the turn is lost, when asked for (the search's `visit_losses`), in the walk's
    /// order: the steps up to the one that loses, or up to where a series started cannot be
    /// completed.
    losses: Option<Vec<(Vec<Step>, End)>>,
}

/// A series in progress after two moves or more, which another order of the same moves may
/// reach again: the same pieces moved to the same squares, in the same state. What can follow
/// depends only on the state and on which pieces have moved (Art. 1–3: moves still due, by
/// pieces that have not moved yet), not on the order, so a series that led nowhere once leads
/// nowhere again and is not walked twice.
#[derive(PartialEq, Eq)]
struct Transposition {
    state: State,
    by: shakmaty::Color,
    left: u8,
    used: shakmaty::Bitboard,
}

impl Hash for Transposition {
    /// The squares of each colour and of the moved pieces, folded in one word: enough to tell
    /// apart the positions a few moves of one search reach (equality decides).
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        let board = self.state.board();
        let white = board.white().0;
        let black = board.black().0;
        hasher.write_u64(white ^ black.rotate_left(21) ^ self.used.0.rotate_left(42));
    }
}

/// A hasher for one word: it multiplies it by an odd constant (Fibonacci hashing), so that the
/// table's high bits depend on every bit of it. The keys come from the board, not from an
/// adversary, and a search keeps a few hundred at most.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The key of a turn in progress that may be a transposition; `None` for any other.
fn transposition(progress: &OpenTurn) -> Option<Transposition> {
    let Phase::Series(series) = &progress.phase else {
        return None;
    };
    (series.size - series.left >= 2).then(|| Transposition {
        state: progress.state.clone(),
        by: series.by,
        left: series.left,
        used: series.used,
    })
}

impl<'f, 'a> Walk<'f, 'a> {
    /// The walk of the search, with its cuts.
    pub(super) fn new(found: &'f mut Found<'a>) -> Walk<'f, 'a> {
        Walk {
            found,
            path: Vec::new(),
            finds: 0,
            cuts: true,
            dead_ends: HashSet::default(),
            losses: None,
        }
    }

    /// The walk without the cuts (the debug builds' check and the tests).
    pub(super) fn without_cuts(found: &'f mut Found<'a>) -> Walk<'f, 'a> {
        Walk {
            cuts: false,
            ..Walk::new(found)
        }
    }

    /// The walk without the cuts that keeps each way the turn is lost ([`Walk::losses`]).
    pub(super) fn keeping_losses(found: &'f mut Found<'a>) -> Walk<'f, 'a> {
        Walk {
            losses: Some(Vec::new()),
            ..Walk::without_cuts(found)
        }
    }

    /// Each way the turn is lost found by a walk [`Walk::keeping_losses`], in the walk's order.
    pub(super) fn losses(self) -> Vec<(Vec<Step>, End)> {
        self.losses.unwrap_or_default()
    }

    pub(super) fn walk(&mut self, progress: &OpenTurn) -> Result<ControlFlow<()>, Refused> {
        let key = transposition(progress).filter(|_| self.cuts);
        if let Some(key) = &key
            && self.dead_ends.contains(key)
        {
            // The tests (debug builds) check that the series walked again still leads nowhere.
            debug_assert_eq!(ways_without_cuts(progress), Ok(0));
            return Ok(ControlFlow::Continue(()));
        }
        let finds = self.finds;
        let flow = self.steps(progress)?;
        if let Some(key) = key
            && flow.is_continue()
            && self.finds == finds
        {
            self.dead_ends.insert(key);
        }
        Ok(flow)
    }

    fn steps(&mut self, progress: &OpenTurn) -> Result<ControlFlow<()>, Refused> {
        if self.cuts && reach::hopeless(progress) {
            // The tests (debug builds) check that the board alone did not mislead.
            debug_assert_eq!(ways_without_cuts(progress), Ok(0));
            return Ok(ControlFlow::Continue(()));
        }
        // A series started: where nothing below completes it, it is lost here (R16), and the
        // losses found below are void.
        let started = self.losses.is_some()
            && matches!(&progress.phase, Phase::Series(series) if series.left < series.size);
        let finds = self.finds;
        let lost_before = self.losses.as_ref().map_or(0, Vec::len);
        for step in progress.options()?.iter() {
            let next = match progress.apply(step) {
                Ok(next) => next,
                Err(Fault::Illegal(_)) => continue,
                Err(Fault::Refused(e)) => return Err(e),
            };
            self.path.push(step);
            let flow = match next {
                Next::Continue(after) => self.walk(&after)?,
                Next::Done(state) => self.find(None, &state),
                Next::End(end, state) if end.is_fulfilment() => self.find(Some(end), &state),
                Next::End(end, _) => {
                    if let Some(losses) = &mut self.losses {
                        losses.push((self.path.clone(), end));
                    }
                    ControlFlow::Continue(())
                }
            };
            self.path.pop();
            if flow.is_break() {
                return Ok(flow);
            }
        }
        if started
            && self.finds == finds
            && let Some(losses) = &mut self.losses
        {
            losses.truncate(lost_before);
            let end = poverty_end(progress.roller(), crate::rules::Article::Art13_2);
            losses.push((self.path.clone(), end));
        }
        Ok(ControlFlow::Continue(()))
    }

    fn find(&mut self, end: Option<End>, state: &State) -> ControlFlow<()> {
        self.finds += 1;
        (self.found)(&self.path, end, state)
    }
}

/// How many ways finish the turn in progress, walked without the cuts (debug builds check the
/// memo of [`Transposition`]s with it).
fn ways_without_cuts(progress: &OpenTurn) -> Result<usize, Refused> {
    let mut ways = 0;
    let mut count = |_: &[Step], _, _: &State| {
        ways += 1;
        ControlFlow::Continue(())
    };
    let mut walk = Walk::without_cuts(&mut count);
    let _complete = walk.steps(progress)?;
    Ok(ways)
}
