//! What the list of games shows of each game ([`Summary`]), made from a game in progress; the
//! stores keep it beside each game so that a page of the list is read without the records.

use serde::{Deserialize, Serialize};

use super::kind::Kind;
use super::live::{Live, Mode};

/// What a list of games shows of each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Summary {
    pub id: String,
    pub variant: String,
    pub mode: Mode,
    pub white: String,
    pub black: String,
    #[schema(schema_with = super::schema::status)]
    pub status: crate::referee::Status,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    pub turns: usize,
    /// The White and Black tags.
    #[schema(value_type = Vec<String>, min_items = 2, max_items = 2)]
    pub names: [String; 2],
    /// What the game is: one played or recorded, a puzzle attempt, or a lesson.
    pub kind: GameKind,
    /// When it was created (milliseconds since the Unix epoch); `null` for a game saved before
    /// the server kept it. The list holds the newest first.
    pub created: Option<u64>,
    /// The players who hold the seats, White then Black (a game made in the lobby); `null`
    /// where a seat is held by its token alone.
    #[serde(default)]
    pub owners: [Option<String>; 2],
    /// A rated game.
    #[serde(default)]
    pub rated: bool,
    /// Listed to everyone; a game that is not is shown only to its players.
    #[serde(default = "listed")]
    pub listed: bool,
}

/// A game kept before the players chose is listed, as every game was.
fn listed() -> bool {
    true
}

/// What a game is, as the list of games tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// A game played or recorded.
    Game,
    /// A puzzle attempt.
    Puzzle,
    /// A lesson of the course.
    Lesson,
}

impl Summary {
    pub fn of(live: &Live) -> Summary {
        Summary {
            id: live.id.clone(),
            variant: live.game.variant_name(),
            mode: live.meta.mode,
            white: live.meta.players[0].clone(),
            black: live.meta.players[1].clone(),
            status: live.verdict.status,
            result: live.verdict.result.as_str().to_owned(),
            turns: live.game.turns.len(),
            names: [
                live.game.tag("White").unwrap_or("?").to_owned(),
                live.game.tag("Black").unwrap_or("?").to_owned(),
            ],
            kind: match live.meta.kind {
                Kind::Game => GameKind::Game,
                Kind::Puzzle(_) => GameKind::Puzzle,
                Kind::Lesson(_) => GameKind::Lesson,
            },
            created: live.meta.created,
            owners: live.meta.owners.clone(),
            rated: live.meta.rated,
            listed: live.meta.listed,
        }
    }
}
