//! Standard chess (and Chess960): one move a turn, FIDE's ends of the game (S1, S2).
//!
//! ```
//! use sade_ref::record::{Action, ActionKind, Game, MoveNumber, Item, Side, Turn, SanMove};
//! use sade_ref::rules::{standard, ReplayStatus, Termination};
//!
//! // 1. f3 e5 2. g4 Qh4#
//! let moves = ["f3", "e5", "g4", "Qh4"];
//! let mut number = MoveNumber { number: 1, side: Side::White };
//! let mut game = Game::default();
//! for san in moves {
//!     let san = SanMove::from_ascii(san.as_bytes()).unwrap();
//!     game.turns.push(Turn {
//!         number,
//!         unnumbered: false,
//!         face: None,
//!         items: vec![Item::Action(Action::new(ActionKind::San(san)))],
//!         span: Default::default(),
//!     });
//!     number = number.next();
//! }
//! let replay = standard::replay(&game, sade_ref::rules::Detail::Verdict);
//! assert!(matches!(
//!     replay.outcome,
//!     ReplayStatus::Finished { termination: Termination::Checkmate, .. }
//! ));
//! ```
//!
//! Policies where the record, not the rules, is in question:
//! - Move numbers are labels (R18): a label that differs from the count is a note, never an
//!   error; a turn that holds more than one move is read as consecutive turns, and the side to
//!   move is the board's.
//! - `+` and `#` are not checked: the board decides whether a move checks or mates.
//! - `--` (or `Z0`) in the main line is an illegal action (R20): FIDE has no null move. Inside a
//!   variation it is kept, as variations are not refereed.
//! - A FEN whose castling rights do not fit its rooks and king loses those rights (see
//!   [`start_position`], which reports them); so does an en passant square that no double
//!   step can explain. A check that cannot arise in a game, or more pieces than promotions
//!   allow, is accepted. An empty board, a missing or extra king, pawns on the first or last
//!   rank, or the side not to move in check make the record invalid.

// The floors of standard/, from the bottom up: a file names only modules of the floors below
// its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `explain`, `moves`, `repetition`: why a move is refused; the legal moves, a FEN, perft;
//    the repetition key.
// 1. `start`, `ends`: the start position a record gives; the ends of the game (S1, S2).
// 2. `replay`: the replay of a record.
// 3. `before`: the standing before a record turn, from the replay of the turns before it.
// 4. `mod.rs`: the table of contents.

mod before;
mod ends;
mod explain;
mod moves;
mod repetition;
mod replay;
mod start;

pub(crate) use crate::rules::setup::position_error;
pub(crate) use ends::judge;
pub use ends::{Standing, automatic_end};
pub use explain::{Explanation, Why, color_name, explain, role_name};
pub use moves::{fen, legal_moves, null_move, perft, resolved_move, side_color};
pub use repetition::repetition_key;
pub use replay::replay;
pub use start::{StartPosition, position_from_setup, start_position};
