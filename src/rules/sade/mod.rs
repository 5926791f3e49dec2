// The files stand on floors, listed from the bottom up; a file imports only from the floors
// below its own (the test in `layers.rs` reads this list and holds every file to it):
//
// 0. `step`, `ends`, `fault`, `pool`: the words (a step, an end, a fault, the pool)
// 1. `state`: the game between two actions
// 2. `positions`, `after`, `open_turn`, `notation`, `matching`, `played`: a state's chess
//    positions, the state after each kind of action, a turn in progress, steps in writing, a
//    written move matched, a turn played
// 3. `reach`, `fulfilment`, `legal_order`: what the board alone shows pieces can do; what the
//    search finds; the legal moves walked in shakmaty's order
// 4. `aftermath`, `walk`: the board after an action; the depth-first walk over a turn's
//    candidates, with its memo of the series that led nowhere
// 5. `search`: every legal way to fulfil a face
// 6. `faces_1_3`, `face_4`, `face_5`, `face_6`: the faces, each judging its own actions
// 7. `turn`, `assumed`: the dispatch, the one file that knows the faces; a turn as written
// 8. `play`, `perft`: a turn judged from the roll; the game tree counted to a depth
// 9. `replay`: the replay of a record
// 10. `mod.rs`: the public API
//
// The rules recurse (a face looks ahead with the search, the search judges each step with the
// faces) through the methods of `OpenTurn` that `turn.rs` implements, not through an import.

//! Marquis de Sade chess (seeds/000, rulings R1–R14): the replay of a record and the search for
//! the legal fulfilments of a die face.
//!
//! The public API is small:
//! - [`replay`]: a whole record, as the referee calls it through [`crate::rules::rule_set`];
//! - [`State`]: the game between two turns (board, castling rights, en passant chance, pool of
//!   captured pieces, who rolls), built from a record's start ([`State::from_game`]);
//! - [`play_turn`]: one written turn from a state, to the next state or to the end of the game;
//! - [`fulfilments`] / [`visit_fulfilments`] / [`has_fulfilment`]: every legal way to fulfil a
//!   face from a state, exact and exhaustive, that can stop at the first one found.
//!
//! ```
//! use sade_ref::record::{Face, Game};
//! use sade_ref::rules::sade::{self, State};
//!
//! let state = State::from_game(&Game::default()).unwrap();
//! // Face 1 at the start: White plays one of Black's pieces (20 moves, none of the king's).
//! assert_eq!(sade::fulfilments(&state, Face::One).unwrap().len(), 20);
//! ```
//!
//! How a turn is judged lives in one place (`turn.rs`): a turn in progress (the face, the state,
//! what is left to do) lists its candidate actions, resolves a written action into one, and
//! applies it. The same code serves the replay and the search, so the referee accepts a turn
//! exactly when the search lists it. Where the written turn itself answers a search the rules
//! call for (a regular move exists after the sacrifice: here it is), the replay does not make
//! it (`assumed.rs`; debug builds check each such turn against the judgement with the search).
//!
//! Choices where the rulings leave room:
//! - a `+` or `#` written after a move is informative: the board decides checks and mates;
//! - every turn must be complete: a record that stops inside a turn is invalid there (action 0),
//!   even in its last turn;
//! - a face-6 turn with no move at all is written `6: --` and is a stalemate the roller wins
//!   (R7); a face-4 stalemate ends the game at the sacrifice;
//! - an action is judged legal before nakedness: a sacrifice that leaves the king alone but in
//!   a check that is not mate is illegal (R6), not a win;
//! - `--` ends an en passant chance as a sacrifice or a resurrection does (R11);
//! - a start position with a king in check, or one shakmaty refuses (castling rights without
//!   their rook, pawns on the back rank, ...), makes the record invalid at the FEN tag; too much
//!   material is accepted (resurrections create it).

mod after;
mod aftermath;
mod assumed;
mod ends;
mod face_4;
mod face_5;
mod face_6;
mod faces_1_3;
mod fault;
mod fulfilment;
#[cfg(test)]
mod layers;
mod legal_order;
mod matching;
mod notation;
mod open_turn;
mod perft;
mod play;
mod played;
mod pool;
mod positions;
mod reach;
mod replay;
mod search;
mod state;
mod step;
mod turn;
mod walk;

pub use ends::End;
pub use face_6::{FaceSix, face_six};
pub use faces_1_3::{PiecesDue, counted_text, pieces_due};
pub use fault::{BadStart, Refused};
pub use fulfilment::Fulfilment;
pub use perft::{Branch, divide, perft};
pub use play::{Place, play_turn, play_turn_at, play_turn_with};
pub use played::{Played, TurnOutcome};
pub use replay::{Memo, replay, replay_with};
pub use search::{fulfilments, has_fulfilment, visit_fulfilments, visit_losses};
pub use state::State;
pub use step::Step;
// The engine reads the state each fulfilment reaches.
pub(crate) use search::visit_fulfilments_after;
