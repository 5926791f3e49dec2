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
// 0. `chances`, `question`, `theme`, `variants`: quick looks for a rare theme's chance; what the
//    player is asked; what a puzzle is about; the games of puzzles by name.
// 1. `error`, `mates`, `puzzle`: why a puzzle fails (or is too near another); one puzzle, its source, the key and id of its
//    position; Marseillais mates one and two turns away.
// 2. `analyse`, `jsonl`, `nearby`: every way to play the turn, grouped into answers; the JSONL
//    file and the puzzles shipped; puzzles of one game too near each other.
// 3. `explain`, `judge`, `rating`: a puzzle's theme, Article and explanation; an attempt
//    judged; the ratings.
// 4. `prove`: the one answer proved, and what the file says of it re-derived.
// 5. `generate`: puzzles mined from self-play.
// 6. `mod.rs`: the table of contents.

mod analyse;
mod chances;
mod error;
mod explain;
mod generate;
mod jsonl;
mod judge;
mod mates;
mod nearby;
mod prove;
mod puzzle;
mod question;
pub mod rating;
mod theme;
mod variants;

pub use analyse::{
    Analysis, Answer, Consequence, Shape, analyse, analyse_defence, analyse_mate_in_two,
    analyse_material,
};
pub use error::{Nearby, PuzzleError};
pub use explain::{Explained, explain};
pub use generate::{Generate, Replays, generate, generate_more, replay_source};
pub use jsonl::{LineError, read_jsonl, shipped, to_jsonl};
pub use judge::{AttemptJudgement, judge, reply_due};
pub use nearby::{NEAR_TURNS, nearby};
pub use prove::{prove, prove_all};
pub use puzzle::{Continuation, Puzzle, Search, Source, position_key, puzzle_id};
pub use question::{
    MIN_ANSWERS, MIN_DEFENCE_ANSWERS, Question, WIN_MATERIAL_DEPTH, WIN_MATERIAL_GAIN,
};
pub use theme::Theme;
pub use variants::{VARIANT_NAMES, VARIANTS, variant_named};
