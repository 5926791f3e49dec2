//! One rule set per game. Each replays a record's main line and says how it ended.
//!
//! The seam is [`rule_set`]: a variant name and the function that replays a game under its
//! rules. Adding a game means one module here and one line in that table; the parser, the
//! writers, the referee and the CLI do not change.

// The floors of rules/, from the bottom up: a file (or a rule set's folder) names only modules
// of the floors below its own (the test in `src/layers/folders.rs` reads this list and holds every file
// of rules/ to it).
// 0. `article`, `labels`, `names`, `resolve`, `serialize`, `setup`, `termination`: the words
//    (the Articles cited, move-number labels, colours' and pieces' names, their JSON, why a game
//    ended); a written move resolved; a record's start position.
// 1. `fault`, `game_end`: a fault's code; how a game ended.
// 2. `replay`: what a replay gives (its outcome, violations, resolved actions).
// 3. `position_error`: why a rule set cannot give a position.
// 4. `standard`: standard chess and Chess960.
// 5. `marseillais`, `sade`: Marseillais chess, on standard's moves; Marquis de Sade chess.
// 6. `perft`, `rule_set`: the game tree counted; the table of rule sets.
// 7. `mod.rs`: the table of contents.

mod article;
mod fault;
mod game_end;
pub(crate) mod labels;
pub mod marseillais;
pub mod names;
pub mod perft;
mod position_error;
mod replay;
pub(crate) mod resolve;
mod rule_set;
pub mod sade;
mod serialize;
pub(crate) mod setup;
pub mod standard;
mod termination;

pub use article::Article;
pub use fault::FaultCode;
pub(crate) use fault::strip_citation;
pub use game_end::GameEnd;
pub use position_error::PositionError;
pub use replay::{ActionRef, CountedTurn, Detail, Replay, ReplayStatus, Resolved, Violation};
pub use rule_set::{Replayer, RuleSet, rule_set};
pub(crate) use serialize::{opt_color_name, opt_display};
pub use setup::fen_problem;
pub use termination::Termination;
