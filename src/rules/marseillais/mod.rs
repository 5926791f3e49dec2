//! Marseillais chess: two moves a turn (M1–M7, seeds/001).
//!
//! - M1 The record's turns follow its written move numbers (M8: a group is one turn); the moves
//!   written without numbers before the first one (the first turn, marked
//!   [`Turn::unnumbered`](crate::record::Turn::unnumbered)) may hold several real turns, so the
//!   replay splits them by the rules: two a turn, one in White's first turn of a Balanced game,
//!   one when the first move gives check. Violations and ends are places in the record (the
//!   record turn and the move's 1-based place in it); the replay says where each real turn
//!   begins and its label ([`Replay::counted`](crate::rules::Replay::counted)), from which the
//!   referee names the turn, side and action in the verdict (R13).
//! - M2 A check with the first move ends the turn; a player in check must escape with the
//!   first move; the king is never left in check (move legality).
//! - M3 A first move after which no second move exists is allowed only when no full turn
//!   exists; then the game is a stalemate. No legal first move: mate if in check, else
//!   stalemate.
//! - M4 En passant against either double step of the opponent's last turn, with the first
//!   move; after two double steps, the other pawn with the second move, right after a first en
//!   passant capture. (Either pawn may be taken first.)
//! - M5 Castling is one move; a king or rook that moved earlier in the turn lost the right
//!   (shakmaty drops the right when king or rook moves).
//! - M6 Draws at once: the same position (placement, side to move, castling rights, en passant
//!   captures available) at the start of a turn of the same player for the third time; fifty
//!   turns by each player without a capture or a pawn move (a FEN's halfmove clock is read as
//!   single moves, two a turn); K v K, K+N v K, K+B v K.
//! - M7 From a FEN tag every turn has two moves; insufficient material is checked after every
//!   move.
//!
//! `--` is not a move in Marseillais chess (there is no null move), and a die face has no place.
//! The FEN written after a move has the player who moves next to move, the fullmove number of
//! the turn, the halfmove clock counting single moves, and an en passant square only when
//! exactly one en passant capture is available.

// The floors of marseillais/, from the bottom up: a file names only modules of the floors below
// its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `board`: a position in the middle of a game, with the en passant captures of M4.
// 1. `ends`, `turn_state`: whether the game is over at the start of a turn (M3, M6, M7); the
//    real turn being played.
// 2. `replayer`: real turns of two moves, played from the record.
// 3. `groups`, `replay`: what a numbered group may hold and the replay's messages; the replay
//    of a record.
// 4. `turn_start`: the position at the start of a turn (the initial one, a FEN's, the one
//    before a record turn).
// 5. `turns`: every legal full turn of a position.
// 6. `perft`: the game tree counted in full turns.
// 7. `mod.rs`: the table of contents.

mod board;
mod ends;
mod groups;
mod perft;
mod replay;
mod replayer;
mod turn_start;
mod turn_state;
mod turns;

pub use ends::LookBack;
pub(crate) use ends::position_key;
pub use perft::{Unreachable, divide, perft};
pub use replay::replay;
pub use turn_start::TurnStart;
pub use turns::{
    FullTurn, FullTurnEnd, end_at_turn_start, full_turns, visit_full_turns, visit_mating_turns,
};

pub(crate) use board::second_move_ep;
pub(crate) use board::{Board, double_step, insufficient_material, rebase};
pub(crate) use ends::{Standing, judge};
