//! One puzzle as a line of a puzzles JSONL file, where it was found, and the key and id of its
//! position.

use serde::{Deserialize, Serialize};

use super::question::Question;
use super::theme::Theme;
use super::variants::variant_named;
use crate::record::{Face, Variant};
use crate::rules::Article;

fn puzzle_variant<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
    variant_named(&String::deserialize(d)?)
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
    /// The record turn before which the position stood (`12w`, `30b`); with a sideline, the
    /// turn the sideline plays instead.
    pub turn: String,
    /// The turn played instead of the game's `turn` (Sade: with the face the game rolled), its
    /// actions as the record writes them (`Nf3 d5`), after which the puzzle's position stands
    /// (the other player to act).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sideline: Option<String>,
}

/// A mate in two turns' play after its answer: the opponent's reply the page plays, and the one
/// mate after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Continuation {
    /// The strongest defence: the reply whose mate has the fewest ways to be played (the first
    /// the referee's walk meets, of equals), as SAN separated by spaces.
    pub reply: String,
    /// The mate after the reply, as SAN separated by spaces.
    pub mate: String,
}

/// A win of material's proof: what the engine's search, at a fixed depth, makes of the answer
/// and of the best other turn (spec/PUZZLES.md, "Win material").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// Plies searched after the turn before only captures are looked at (2: the opponent's
    /// full turn).
    pub depth: u8,
    /// How the position stands before the turn, for the player: the engine's evaluation, in
    /// centipawns.
    pub before: i32,
    /// The answer's score after the search, for the player, in centipawns.
    pub score: i32,
    /// The best other turn, as SAN separated by spaces.
    pub next: String,
    /// Its score after the same search.
    pub next_score: i32,
}

/// Centipawns as pawns, with one decimal: "3.2 pawns", "1 pawn".
pub(crate) fn pawns(centipawns: i32) -> String {
    let tenths = (f64::from(centipawns) / 10.0).round() / 10.0;
    if (tenths.abs() - 1.0).abs() < f64::EPSILON {
        format!("{tenths} pawn")
    } else {
        format!("{tenths} pawns")
    }
}

/// What a turn's score does to how the position stood: "gains 0.4 pawns", "loses 1 pawn",
/// "keeps it as it was".
pub(crate) fn gains(centipawns: i32) -> String {
    match centipawns {
        c if c >= 5 => format!("gains {}", pawns(c)),
        c if c <= -5 => format!("loses {}", pawns(-c)),
        _ => "keeps it as it was".to_owned(),
    }
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
    /// Mate in two turns: the reply the page plays after the answer, and the mate after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Continuation>,
    /// Win material: the engine's scores of the answer and of the best other turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<Search>,
    /// How many different answers the turn has (the proof's count; see spec/PUZZLES.md).
    pub candidates: usize,
    /// The initial rating ([`super::rating::initial`]).
    pub rating: u32,
    /// What the puzzle is about (`sacrifice-accomplished`, `en-passant`).
    pub theme: Theme,
    /// The Article or rule the puzzle turns on (`Art. 9.2`, `M2`).
    pub article: Article,
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
