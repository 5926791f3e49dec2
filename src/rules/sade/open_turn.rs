//! A turn in progress and the words for it, which the faces, the search and the dispatch
//! (`turn.rs`) share: what the face still asks for ([`Phase`], with a [`Series`] on faces 1–3
//! and an [`Exposure`] on face 6), the turn so far ([`OpenTurn`]), its candidate actions
//! ([`Options`]) and where an accepted action leads ([`Next`]).
//!
//! What a turn in progress can do (list its candidates, resolve a written action, apply one)
//! depends on the face: those methods of [`OpenTurn`] live in `turn.rs`, the one place that
//! knows the faces.

use shakmaty::{Bitboard, Color, MoveList, Square, attacks};

use super::ends::End;
use super::fault::Refused;
use super::state::State;
use super::step::Step;
use crate::record::Face;
use crate::rules::names::color_name;

/// A series in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Series {
    /// Whose pieces move: chosen once, at the roll, by the count (R4).
    pub by: Color,
    /// N, the face.
    pub size: u8,
    /// Moves still due.
    pub left: u8,
    /// Where the pieces that already moved now stand.
    pub used: Bitboard,
    /// The count at the roll (R4): the opponent's pieces, never the king, that had a move
    /// there. When the opponent's pieces are due, the first N found; when the roller's own are,
    /// all of them (fewer than N).
    pub counted: Bitboard,
}

impl Series {
    /// A series of `size` moves with `by`'s pieces, chosen by the count `counted` (R4).
    pub(crate) fn new(by: Color, size: u8, counted: Bitboard) -> Series {
        Series {
            by,
            size,
            left: size,
            used: Bitboard::EMPTY,
            counted,
        }
    }

    /// Whether the opponent's pieces are due (R4).
    pub(crate) fn enemy(&self, roller: Color) -> bool {
        self.by != roller
    }
}

/// An exposure in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Exposure {
    /// The king's square (the king does not move during the exposure).
    pub king: Square,
    /// The pieces next to the king at the roll that have not moved yet.
    pub unmoved: Bitboard,
    /// Where the pieces that have left now stand.
    pub moved: Bitboard,
}

impl Exposure {
    /// The exposure a roll of 6 asks for, before anyone looks whether a piece can leave.
    pub(crate) fn at_roll(state: &State) -> Result<Exposure, Refused> {
        let roller = state.roller();
        let board = state.board();
        let Some(king) = board.king_of(roller) else {
            return Err(Refused {
                reason: format!("{} has no king", color_name(roller)),
            });
        };
        Ok(Exposure {
            king,
            unmoved: attacks::king_attacks(king) & board.by_color(roller) & !board.kings(),
            moved: Bitboard::EMPTY,
        })
    }
}

/// What the face still asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Faces 1–3: moves by different pieces of one colour.
    Series(Series),
    /// Face 4: the sacrifice.
    Removal,
    /// Face 4 after the sacrifice, face 6 when no piece can leave the king: a regular move.
    Regular,
    /// Face 5.
    Resurrection,
    /// Face 6: the pieces next to the king leave it.
    Exposure(Exposure),
    /// Face 6 with no legal move at all, not even the fallback one: the record says `--` and
    /// the roller wins by stalemate (R7).
    Stalemate,
}

/// The candidate actions of a turn in progress ([`OpenTurn::options`]): the legal moves the face
/// allows (kept as shakmaty lists them, not collected), or the other steps.
pub(crate) struct Options {
    moves: MoveList,
    steps: Vec<Step>,
}

impl Options {
    #[inline(always)]
    pub(crate) fn moves(moves: MoveList) -> Options {
        Options {
            moves,
            steps: Vec::new(),
        }
    }

    pub(crate) fn steps(steps: Vec<Step>) -> Options {
        Options {
            moves: MoveList::new(),
            steps,
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = Step> + '_ {
        let moves = self.moves.iter().map(|&m| Step::Move(m));
        moves.chain(self.steps.iter().copied())
    }
}

/// Whether [`OpenTurn::apply`] looks past the action it judges: whether an exposure can go on
/// (R9), whether a regular move is left after a sacrifice (R7). The search for a next step
/// needs only to know that an action is accepted, whatever follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LookAhead {
    Yes,
    No,
}

/// A turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OpenTurn {
    pub state: State,
    pub face: Face,
    pub phase: Phase,
    /// Actions accepted so far in this turn.
    pub done: usize,
}

impl OpenTurn {
    pub fn roller(&self) -> Color {
        self.state.roller()
    }

    /// Whose pieces the face moves: the series' colour on faces 1–3, the roller's otherwise.
    pub fn by(&self) -> Color {
        match &self.phase {
            Phase::Series(series) => series.by,
            _ => self.roller(),
        }
    }

    /// The same turn, one action further.
    pub fn next(&self, state: State, phase: Phase) -> OpenTurn {
        OpenTurn {
            state,
            face: self.face,
            phase,
            done: self.done + 1,
        }
    }
}

/// Where an accepted action leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The face asks for more.
    Continue(OpenTurn),
    /// The face is fulfilled; the state is the one reached (the roller still to move).
    Done(State),
    /// The game is over.
    End(End, State),
}
