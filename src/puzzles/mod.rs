//! Puzzles made and checked by the referee: a position, the face rolled (Sade), one question
//! and the one answer the referee proves unique.
//!
//! - [`Puzzle`]: one puzzle as a line of a JSONL file (spec/PUZZLES.md), read by [`read_jsonl`]
//!   with an error located at its line.
//! - [`analyse`] lists every way to play the turn, grouped into answers ([`Analysis`]);
//!   [`prove`] shows that exactly one answer meets the question and that it is the puzzle's.
//! - [`generate`] mines puzzles from self-play at the engine's levels.
//! - [`rating`]: the initial rating of a puzzle, and the Glicko-2 ratings of play.
//!
//! ```
//! use sade_ref::puzzles::{Question, analyse};
//! use sade_ref::record::{Face, Variant};
//!
//! // White rolls 1 with Black's rook the only Black piece that can move: of its moves, only
//! // Ra1, Black mating White, wins for White (Art. 1, 9.2).
//! let analysis = analyse(Variant::Sade, "7k/8/8/8/8/8/r4PPP/6K1 w - - 0 1", Some(Face::One)).unwrap();
//! let wins = analysis.solving(Question::WinNow);
//! assert_eq!(wins.len(), 1);
//! assert_eq!(wins[0].text, "Ra1");
//! ```

// The floors of puzzles/, from the bottom up: a file names only modules of the floors below
// its own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `chances`, `glicko`, `question`, `theme`, `variants`: quick looks for a rare theme's
//    chance; the Glicko-2 rating of a player or a puzzle; what the player is asked; what a
//    puzzle is about; the games of puzzles by name.
// 1. `error`, `mates`, `options`, `puzzle`: why a puzzle fails (or is too near another);
//    Marseillais mates one and two turns away; the options of `puzzles generate`; one puzzle,
//    its source, the key and id of its position.
// 2. `answers`, `jsonl`, `nearby`, `solver`: a turn's answers as an analysis holds them; the
//    JSONL file and the puzzles shipped; puzzles of one game too near each other; a player in
//    the Puzzles mode and the next puzzle.
// 3. `analyse`: every way to play the turn, grouped into answers.
// 4. `explain`, `judge`, `rating`, `spots`: a puzzle's theme, Article and explanation; an
//    attempt judged; the initial rating and the ratings in play; where in a played game puzzles
//    are looked for.
// 5. `judge_tests`, `prove`, `replays`: attempts judged at known puzzles; the one answer proved,
//    and what the file says of it re-derived; a puzzle's source played again to its position.
// 6. `puzzle_at`: a position made a puzzle when one question has exactly one answer.
// 7. `generate`, `generate_tests`: puzzles mined from self-play; the puzzles found at known
//    positions.
// 8. `mod.rs`: the table of contents.

mod analyse;
mod answers;
mod chances;
mod error;
mod explain;
mod generate;
#[cfg(test)]
mod generate_tests;
mod glicko;
mod jsonl;
mod judge;
#[cfg(test)]
mod judge_tests;
mod mates;
mod nearby;
mod options;
mod prove;
mod puzzle;
mod puzzle_at;
mod question;
pub mod rating;
mod replays;
mod solver;
mod spots;
mod theme;
mod variants;

pub use analyse::{analyse, analyse_defence, analyse_mate_in_two, analyse_material};
pub use answers::{Analysis, Answer, Consequence, Shape};
pub use error::{Nearby, PuzzleError};
pub use explain::{Explained, explain};
pub use generate::{generate, generate_more};
pub use jsonl::{LineError, read_jsonl, shipped, to_jsonl};
pub use judge::{AttemptJudgement, judge, reply_due};
pub use nearby::{NEAR_TURNS, nearby};
pub use options::Generate;
pub use prove::{prove, prove_all};
pub use puzzle::{Continuation, Puzzle, Search, Source, position_key, puzzle_id};
pub use question::{
    MIN_ANSWERS, MIN_DEFENCE_ANSWERS, Question, WIN_MATERIAL_DEPTH, WIN_MATERIAL_GAIN,
};
pub use replays::{Replays, replay_source};
pub use theme::Theme;
pub use variants::{VARIANT_NAMES, VARIANTS, variant_named};
