//! What the referee decides about one game: the [`Verdict`], its [`Status`], a place in the
//! game in an arbiter's words ([`Locator`]) and what follows the end ([`Void`]).

use serde::Serialize;
use shakmaty::Color;

use crate::record::{Face, GameResult, MoveNumber, UnknownVariant, Variant};
use crate::rules::{self, ActionRef, Article, Replay, Termination, Violation};

/// What the referee decided about one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The game the record was judged as (`Sade`, `Standard`, ...), or the `Variant` tag's name
    /// of a game sade-ref has no rules for.
    #[serde(serialize_with = "variant_name")]
    pub variant: Result<Variant, UnknownVariant>,
    pub status: Status,
    #[serde(serialize_with = "rules::opt_color_name")]
    pub winner: Option<Color>,
    pub termination: Option<Termination>,
    /// The Article, ruling or law behind the termination.
    pub article: Option<Article>,
    /// The first illegal action, when the status is `invalid`: its turn, side and action as the
    /// rules count the turns (R13).
    pub error: Option<Violation>,
    /// Where that action stands in the record: the record turn and the action's place in it.
    /// The same as the error's `turn_index` and `action` except where a record turn holds
    /// several turns (Marseillais moves written without numbers, M1).
    #[serde(skip)]
    pub error_at: Option<ActionRef>,
    /// The result as the referee sees it.
    pub result: GameResult,
    /// Why the record's Result tag or result token differs from the referee's result.
    pub dispute: Option<String>,
    /// Where the game ended (finished games by a rule on the board).
    pub ended_at: Option<Locator>,
    /// What the record holds after the end of the game: not judged (R21).
    pub void: Option<Void>,
    /// The position after the last legal action.
    pub final_fen: String,
    /// Turns replayed.
    pub turns: usize,
    /// What the referee read leniently, and where labels and the count differ (R18).
    pub notes: Vec<String>,
    #[serde(skip)]
    pub replay: Replay,
}

/// Whether the record is a legal game and whether it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Finished,
    Unfinished,
    Invalid,
}

/// A place in a game, in an arbiter's words: the turn as counted, whose it was, the face, the
/// action (0: the turn as a whole), or the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Locator {
    /// Index of the turn in the record (0-based); `None` in the start position.
    pub turn_index: Option<usize>,
    /// The turn as counted: `12...`.
    #[serde(serialize_with = "rules::opt_display")]
    pub turn: Option<MoveNumber>,
    /// The player whose turn it is (never the colour of the piece moved, R13).
    #[serde(serialize_with = "rules::opt_color_name")]
    pub side: Option<Color>,
    pub face: Option<Face>,
    /// 1-based action in the turn named by `turn`; 0 for the turn as a whole (its roll).
    pub action: usize,
    /// The game ended before the first turn (R17).
    pub start_position: bool,
    /// The action's 1-based place in the record turn `turn_index` (0: the turn as a whole): the
    /// same as `action` except where a record turn holds several turns (Marseillais moves
    /// written without numbers, M1).
    #[serde(skip)]
    pub record_action: usize,
}

/// The actions written after the end of the game, which are not judged (R21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Void {
    /// How many actions.
    pub actions: usize,
    /// How many turns hold them or follow the end.
    pub turns: usize,
    /// The first of them.
    pub from: Locator,
}

impl Verdict {
    /// The game's name as the record's `Variant` tag says it: `Marseillais Classical`, or a
    /// game sade-ref has no rules for (`Crazyhouse`).
    pub fn variant_name(&self) -> &str {
        variant_text(&self.variant)
    }
}

/// The game's name as its `Variant` tag says it.
#[allow(clippy::ref_option)]
fn variant_name<S: serde::Serializer>(
    value: &Result<Variant, UnknownVariant>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(variant_text(value))
}

/// The game's name as its `Variant` tag says it: `Marseillais Classical`, `Crazyhouse`.
pub(super) fn variant_text(variant: &Result<Variant, UnknownVariant>) -> &str {
    match variant {
        Ok(known) => known.tag(),
        Err(unknown) => &unknown.name,
    }
}
