//! One rule set per game. Each replays a record's main line and says how it ended.
//!
//! The seam is [`rule_set`]: a variant name and the function that replays a game under its
//! rules. Adding a game means one module here and one line in that table; the parser, the
//! writers, the referee and the CLI do not change.

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
pub use replay::{ActionRef, CountedTurn, Detail, Outcome, Replay, Resolved, Violation};
pub use rule_set::{Replayer, RuleSet, rule_set};
pub(crate) use serialize::opt_color_name;
pub use setup::fen_problem;
pub use termination::Termination;
