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

mod analyse;
mod error;
mod generate;
mod jsonl;
mod judge;
mod prove;
pub mod rating;

pub use analyse::{Analysis, Answer, Outcome, analyse};
pub use error::PuzzleError;
pub use generate::{Generate, generate};
pub use jsonl::{LineError, read_jsonl, to_jsonl};
pub use judge::{Judgement, judge};
pub use prove::{prove, prove_all};

use serde::{Deserialize, Serialize};

use crate::record::{Face, Variant};

/// The games a puzzle is played in, as the JSONL file names them (`sade`, `marseillais`).
pub const VARIANTS: [Variant; 2] = [Variant::Sade, Variant::Marseillais];

/// The names of [`VARIANTS`].
pub const VARIANT_NAMES: &[&str] = &["sade", "marseillais"];

/// A game of puzzles by its name: one of [`VARIANTS`], refused otherwise as serde refuses an
/// unknown name.
///
/// # Errors
/// serde's "unknown variant" error, listing [`VARIANT_NAMES`].
pub fn variant_named<E: serde::de::Error>(name: &str) -> Result<Variant, E> {
    VARIANTS
        .into_iter()
        .find(|v| v.name() == name)
        .ok_or_else(|| E::unknown_variant(name, VARIANT_NAMES))
}

fn puzzle_variant<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
    variant_named(&String::deserialize(d)?)
}

/// What the player is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Sade: exactly one answer ends the game in the roller's favour this turn.
    WinNow,
    /// Sade: every answer but one loses this turn; none wins.
    Survive,
    /// Marseillais: exactly one full turn mates.
    MateInOneTurn,
}

impl Question {
    /// The question in words, as the page shows it.
    pub fn words(self) -> &'static str {
        match self {
            Question::WinNow => "win this turn",
            Question::Survive => "survive this turn: every other way to play it loses",
            Question::MateInOneTurn => "mate in one turn",
        }
    }

    /// The variant the question belongs to.
    pub fn variant(self) -> Variant {
        match self {
            Question::WinNow | Question::Survive => Variant::Sade,
            Question::MateInOneTurn => Variant::Marseillais,
        }
    }
}

/// Where a puzzle was found: a self-play game of `puzzles generate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The run's `--seed`.
    pub seed: u64,
    /// The game's number in the run (`sade-ref play --seed S`, game N).
    pub game: u64,
    /// The levels of the two bots.
    pub white: String,
    pub black: String,
    /// The record turn before which the position stood (`12w`, `30b`).
    pub turn: String,
}

/// One puzzle: a line of a puzzles JSONL file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// `sade-` or `marseillais-` and 12 hex digits of the SHA-256 of the position (and face).
    pub id: String,
    #[serde(deserialize_with = "puzzle_variant")]
    pub variant: Variant,
    /// The position, the player to act to move; Sade with the pocket (`…/RNBQKBNR[Qrn] w …`).
    pub fen: String,
    /// Sade: the face rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Face>,
    pub question: Question,
    /// The one answer, as SDN actions separated by spaces (`Ra1`, `Nf3 Qh5`).
    pub answer: String,
    /// How many different answers the turn has (the proof's count; see spec/PUZZLES.md).
    pub candidates: usize,
    /// The initial rating ([`rating::initial`]).
    pub rating: u32,
    /// The Article or rule the puzzle turns on (`Art. 9.2`, `M2`).
    pub theme: String,
    /// The referee's verdict on the answer and the other ways, in words.
    pub explanation: String,
    pub source: Source,
}

/// The key that tells two puzzles' positions apart: the FEN without its move counters, and the
/// face.
pub fn position_key(fen: &str, face: Option<Face>) -> String {
    let fields: Vec<&str> = fen.split_whitespace().take(4).collect();
    match face {
        Some(face) => format!("{} face {face}", fields.join(" ")),
        None => fields.join(" "),
    }
}

/// The id of a puzzle of `variant` at `fen` with `face`.
pub fn puzzle_id(variant: Variant, fen: &str, face: Option<Face>) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(position_key(fen, face).as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("{}-{hex}", variant.name())
}
