//! The search engine behind the `casual` and `club` levels: one search that knows each game.
//!
//! - Standard chess ([`standard`]) and Marseillais ([`marseillais`]): alpha-beta (negamax) with
//!   iterative deepening, a transposition table keyed by shakmaty's Zobrist hash ([`tt`]), move
//!   ordering (the table's move, captures by MVV-LVA, two killer moves a ply) and quiescence on
//!   captures, over a piece-square evaluation ([`eval`]). A Marseillais turn is searched one
//!   move at a time: the second move of a turn is a ply of its own where the same player moves
//!   again, so it is ordered and cut off like any other move (see [`chess`]).
//! - Sade ([`sade`]): an expectimax over the die. The roll is a chance node (six faces, equally
//!   likely), the roller's choice among the face's fulfilments a max node; the evaluation knows
//!   the inverted goals ([`sade_eval`]).
//!
//! The root's candidates are always the referee's own: shakmaty's legal moves, the Marseillais
//! full turns of [`crate::rules::marseillais::visit_full_turns`], the Sade fulfilments of
//! [`crate::rules::sade::visit_fulfilments`]. A search stops at its node limit (or at
//! `movetime` if one is set); with a node limit only, it is deterministic.

// The floors of engine/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `budget`, `eval`, `sade_eval`, `tt`: the node and time limits and the search's counts; the
//    piece-square evaluation; the Sade evaluation; the transposition table.
// 1. `chess`: the alpha-beta search shared by standard chess and Marseillais.
// 2. `root`: the root's candidates and the choice among them.
// 3. `standard`, `marseillais`, `sade`, `sade_chance`: the search of each game; Sade's chances
//    for an analysis.
// 4. `mod.rs`: the table of contents.

mod budget;
pub(crate) mod chess;
pub mod eval;
pub mod marseillais;
mod root;
pub mod sade;
pub mod sade_chance;
pub mod sade_eval;
pub mod standard;
pub(crate) mod tt;

pub use budget::{Limit, Stats};
pub use chess::MATE;
pub use root::Lines;
