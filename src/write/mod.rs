//! Writers: canonical SDN text ([`sdn`]), JSON ([`json`]) and the annotated JSON
//! ([`annotated`]).
//!
//! The writers in `plain/` know no rules: they write the record as it is. Those in `judged/`
//! call the referee and write what it decided.
//!
//! ```
//! use sade_ref::record::{Action, ActionKind, DieFace, Face, Game, Item, MoveNumber, Side, Turn};
//! use sade_ref::write::sdn;
//!
//! let mut game = Game::default();
//! game.set_tag("White", "Justine");
//! game.turns.push(Turn {
//!     number: MoveNumber { number: 1, side: Side::White },
//!     unnumbered: false,
//!     face: Some(DieFace { value: Face::Four, span: Default::default() }),
//!     items: vec![Item::Action(Action::new(ActionKind::Sacrifice {
//!         role: Some(shakmaty::Role::Knight),
//!         square: shakmaty::Square::B1,
//!     }))],
//!     span: Default::default(),
//! });
//! let text = sdn::to_sdn(&game);
//! assert!(text.starts_with("[Event \"?\"]\n"));
//! // No result token in the record: none written.
//! assert!(text.ends_with("\n\n1. 4: -Nb1\n"));
//! ```

// The floors of write/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `plain`: the writers that know no rules (a folder with floors of its own).
// 1. `judged`: the writers that call the referee (a folder with floors of its own).
// 2. `mod.rs`: the table of contents.

mod judged;
mod plain;

pub use judged::{adjudicate, annotated};
pub use plain::{json, sdn};
