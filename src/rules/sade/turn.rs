//! One turn: the die face, then the actions it prescribes, one at a time. This is the dispatch,
//! the one file that knows every face.
//!
//! A turn in progress is an [`OpenTurn`] (`open_turn.rs`): the state reached, the face, and what
//! the face still asks for (a [`Phase`]). [`OpenTurn::begin`] rolls the face; from there,
//! [`OpenTurn::options`] lists the candidate actions, [`OpenTurn::resolve`] turns a written
//! action into one (or says why it cannot be), and [`OpenTurn::apply`] judges it on the board
//! (R1, R2, R3, R10) and moves on, each by asking the face's own file. The replay (`play.rs`)
//! and the search (`search.rs`) share these methods, so they cannot disagree.

use super::ends::sweet_stalemate_end;
use super::fault::{Fault, Illegal, Refused};
use super::notation::steps_san;
use super::open_turn::{LookAhead, Next, OpenTurn, Options, Phase};
use super::state::{self, State};
use super::step::Step;
use super::{face_4, face_5, face_6, faces_1_3, search};
use crate::record::{ActionKind, Face};
use crate::rules::Article;

impl OpenTurn {
    /// The turn right after the roll of `face`.
    ///
    /// # Errors
    /// [`Refused`] when a position cannot be analysed.
    pub fn begin(state: &State, face: Face) -> Result<OpenTurn, Refused> {
        // The count's position of the opponent (faces 1–3) is the one his series moves in.
        OpenTurn::begin_from(state.with_positions(), face)
    }

    /// [`OpenTurn::begin`] from a state given up by the caller, with the positions built for it.
    pub(crate) fn begin_from(mut state: State, face: Face) -> Result<OpenTurn, Refused> {
        let phase = match face {
            Face::One | Face::Two | Face::Three => {
                // The count walks the opponent's position.
                state.prepare(!state.roller());
                Phase::Series(faces_1_3::begin(&state, face)?)
            }
            Face::Four => Phase::Removal,
            Face::Five => Phase::Resurrection,
            Face::Six => face_6::begin(&state)?,
        };
        Ok(OpenTurn {
            state,
            face,
            phase,
            done: 0,
        })
    }

    /// The candidate actions: those the face allows, before the board judges them (a candidate
    /// may still give a forbidden check).
    #[inline(always)]
    pub fn options(&self) -> Result<Options, Refused> {
        Ok(match &self.phase {
            Phase::Series(series) => Options::moves(faces_1_3::options(self, series)?),
            Phase::Removal => Options::steps(face_4::removals(&self.state)),
            Phase::Regular => Options::moves(face_4::regular_moves(&self.state)?),
            Phase::Resurrection => Options::steps(face_5::options(&self.state)?),
            Phase::Exposure(exposure) => Options::moves(face_6::options(&self.state, exposure)?),
            Phase::Stalemate => Options::steps(vec![Step::Nothing]),
        })
    }

    /// Makes ahead the position a move of this turn is resolved in, where the caller owns the
    /// turn ([`State::prepare`]).
    pub(crate) fn prepare(&mut self) {
        if let Phase::Series(_) | Phase::Regular | Phase::Exposure(_) = self.phase {
            let by = self.by();
            self.state.prepare(by);
        }
    }

    /// The candidate a written action names.
    pub fn resolve(&self, kind: &ActionKind) -> Result<Step, Fault> {
        if let ActionKind::Nothing {} = kind {
            return Ok(Step::Nothing);
        }
        match &self.phase {
            Phase::Series(series) => faces_1_3::resolve(self, series, kind),
            Phase::Removal => face_4::resolve_removal(self, kind),
            Phase::Regular => face_4::resolve_regular(self, kind),
            Phase::Resurrection => face_5::resolve(self, kind),
            Phase::Exposure(exposure) => face_6::resolve(self, exposure, kind),
            Phase::Stalemate => Err(face_6::stalemate_claim(self).into()),
        }
    }

    /// Plays a candidate and judges the board after it. `Step::Nothing` is the claim `--`.
    pub fn apply(&self, step: Step) -> Result<Next, Fault> {
        self.apply_looking(step, LookAhead::Yes)
    }

    /// [`OpenTurn::apply`]; without the look ahead, an accepted action that would complete an
    /// exposure or end the game by a stalemate after a sacrifice gives [`Next::Continue`]
    /// instead: still accepted, and not lost.
    pub fn apply_looking(&self, step: Step, look: LookAhead) -> Result<Next, Fault> {
        if step == Step::Nothing {
            return self.nothing();
        }
        match &self.phase {
            Phase::Series(series) => faces_1_3::apply(self, series, step),
            Phase::Removal => face_4::apply_removal(self, step, look),
            Phase::Regular => face_4::apply_regular(self, step),
            Phase::Resurrection => face_5::apply(self, step),
            Phase::Exposure(exposure) => face_6::apply(self, exposure, step, look),
            Phase::Stalemate => Err(face_6::stalemate_claim(self).into()),
        }
    }

    /// `--`: the claim that the face cannot be fulfilled (R14).
    fn nothing(&self) -> Result<Next, Fault> {
        match &self.phase {
            Phase::Series(series) => faces_1_3::nothing(self, series),
            Phase::Removal => face_4::nothing_to_remove(self),
            Phase::Resurrection => face_5::nothing(self),
            Phase::Stalemate => Ok(Next::End(
                sweet_stalemate_end(self.roller()),
                self.state.after_nothing(),
            )),
            Phase::Regular | Phase::Exposure(_) => {
                let example = search::first(self)?
                    .map(|steps| steps_san(&self.state, &steps))
                    .unwrap_or_default();
                Err(Illegal::new(
                    format!(
                        "`--` claims that nothing can be done, but {} can still play, e.g. \
                         {example} (R14)",
                        state::color_name(self.roller())
                    ),
                    Article::R14,
                )
                .into())
            }
        }
    }

    /// Whether the roll alone fulfils the face: face 5 with no piece that can come back (R8).
    pub fn passes_at_the_roll(&self) -> bool {
        matches!(self.phase, Phase::Resurrection) && !face_5::can_return(&self.state)
    }

    /// Why the turn may not stop here.
    pub fn unfinished(&self) -> Result<Illegal, Refused> {
        match &self.phase {
            Phase::Series(series) => faces_1_3::unfinished(self, series),
            Phase::Removal => Ok(Illegal::new(
                "face 4 asks for a sacrifice, then a regular move (Art. 6)",
                Article::Art6,
            )),
            Phase::Regular if self.face == Face::Four => Ok(Illegal::new(
                "after the sacrifice a regular move must follow (Art. 6)",
                Article::Art6,
            )),
            Phase::Regular => Ok(Illegal::new(
                "no piece can leave the king's side, so a regular move is due (Art. 8.7)",
                Article::Art8_7,
            )),
            Phase::Resurrection => Ok(Illegal::new(
                "face 5 asks for a resurrection, or `--` when there is nothing to resurrect \
                 (Art. 7)",
                Article::Art7,
            )),
            Phase::Exposure(exposure) => face_6::unfinished(self, exposure),
            Phase::Stalemate => Ok(face_6::stalemate_claim(self)),
        }
    }
}
