//! What the server keeps of a game beside its record: the mode, the seats and their tokens, the
//! die's seed, the clocks, what the game is, and what one seat has offered the other.

use serde::{Deserialize, Serialize};

use crate::record::Side;

use super::clock::Clock;
use super::kind::Kind;

/// Play: each seat acts for itself, the server rolls. Record: the arbiter enters an
/// over-the-board game, with takebacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Play,
    Record,
}

/// What the server keeps beside the record: the seats, their tokens and the die's seed (secret
/// until the game is over). Written to the game's sidecar file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Meta {
    pub mode: Mode,
    /// `human` or a bot level, White then Black.
    pub players: [String; 2],
    /// The seat tokens, White then Black.
    pub tokens: [String; 2],
    /// The arbiter's token: acts for both seats, edits tags, takes back, declares ends. Only
    /// where an arbiter is the point: a game recorded over the board, a game of bots, a game
    /// created for an arbiter; `None` in a game played between people, whose seats are each its
    /// player's alone.
    #[serde(default)]
    pub arbiter: Option<String>,
    /// The auditable die's seed (Sade, server's die); `None`: the arbiter enters each face.
    pub seed: Option<String>,
    /// When the game was created, in milliseconds since the Unix epoch (`None` for a game
    /// saved before the server kept it): the list of games shows the newest first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<u64>,
    /// A puzzle attempt during which help was asked (the options, a take-back): it counts as
    /// failed and changes no rating.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aided: bool,
    /// A puzzle attempt settled: judged, or left for the next puzzle. Its game takes no more
    /// changes (its record is the attempt that was counted).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub settled: bool,
    /// The clocks, when the game has a time control.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// A game closed by the server after `--abandon-after` without an action (and without a
    /// clock): its record says so (`Termination "abandoned"`, the result left `*`), and it
    /// takes no more changes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
    /// A game a seat aborted before both sides had played: its record says so (`Termination
    /// "abandoned"`, the result left `*`), it takes no more changes and is never rated.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// What the game is: a game, a puzzle attempt or a lesson (with the puzzle's or the
    /// lesson's id). A game saved before the server kept it reads as a game, and
    /// [`Kind::of_legacy`] tells it from its tags once, when it is loaded.
    #[serde(default, skip_serializing_if = "Kind::is_game")]
    pub kind: Kind,
    /// When the game last changed, in milliseconds since the Unix epoch (`None` until its
    /// first change): how long a side has left its turn standing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changed: Option<u64>,
    /// What one seat offers the other and waits for an answer to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Offer>,
    /// The game the players went on to with colours swapped, once a rematch was agreed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// The players who hold the seats, White then Black, by name (an account's, or a guest's
    /// `Guest-3fa2c1`): a seat so held is acted in by its player's session as by its token.
    /// `None`: the seat is held by its token alone.
    #[serde(default, skip_serializing_if = "no_owners")]
    pub owners: [Option<String>; 2],
    /// A rated game: its result changes both players' ratings (both seats held by accounts).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Listed to everyone (the games' list, a player's page); else only to its players.
    #[serde(default = "listed", skip_serializing_if = "is_listed")]
    pub listed: bool,
}

impl Meta {
    /// The seat the player named `name` holds, if one.
    pub fn seat_of(&self, name: &str) -> Option<Side> {
        let holds = |at: usize| {
            self.owners[at]
                .as_deref()
                .is_some_and(|owner| owner.eq_ignore_ascii_case(name))
        };
        if holds(0) {
            Some(Side::White)
        } else if holds(1) {
            Some(Side::Black)
        } else {
            None
        }
    }
}

fn no_owners(owners: &[Option<String>; 2]) -> bool {
    owners.iter().all(Option::is_none)
}

/// A game saved before the players chose is listed, as every game was.
fn listed() -> bool {
    true
}

fn is_listed(listed: &bool) -> bool {
    *listed
}

/// What a seat may offer the other seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Proposal {
    /// A draw by agreement (Marseillais and standard chess; a Sade game is never drawn).
    Draw,
    /// The offering side's last turn taken back, and what followed it.
    Takeback,
    /// A new game, the colours swapped (once the game is over).
    Rematch,
}

impl Proposal {
    /// The proposal in an arbiter's words: "a draw", "a take-back", "a rematch".
    pub fn words(self) -> &'static str {
        match self {
            Proposal::Draw => "a draw",
            Proposal::Takeback => "a take-back",
            Proposal::Rematch => "a rematch",
        }
    }
}

/// A standing offer: what `by` proposed. It stands until the other seat answers it, or plays
/// on (a roll or an action), which declines it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Offer {
    #[schema(schema_with = super::schema::side)]
    pub by: Side,
    pub proposal: Proposal,
}
