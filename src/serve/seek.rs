//! A seek: a player's wish for a game (which game, which clocks, rated or casual, which
//! colour), open in the lobby, sent to one player by name, or reached by its link only, until
//! another player accepts it and it becomes a game.

use serde::{Deserialize, Serialize};

use super::clock::TimeControl;

/// The colour the seeker asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Black,
    /// Drawn when the seek is accepted.
    #[default]
    Random,
}

/// Who may see and accept a seek.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase", tag = "kind", content = "name")]
pub enum Audience {
    /// Everyone: listed in the lobby.
    #[default]
    Lobby,
    /// One player, by name: a challenge, shown to that player alone.
    Player(String),
    /// Whoever has its link: listed nowhere.
    Link,
}

/// A seek as kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Seek {
    /// 16 hex digits.
    pub id: String,
    /// The seeker's name (an account's, or a guest's).
    pub by: String,
    /// Whether the seeker is a guest.
    pub guest: bool,
    /// The game: `Sade`, `Marseillais`, `Marseillais Classical`, `Standard`.
    pub variant: String,
    /// The clocks (live, or correspondence in days for each turn); none: no clock.
    pub time_control: Option<TimeControl>,
    /// A rated game (both players signed in to an account).
    pub rated: bool,
    pub colour: Colour,
    /// The game is listed to everyone once it is made (a seek's default); else only to its
    /// players.
    pub public: bool,
    pub audience: Audience,
    /// When it was made and when it lapses, in milliseconds since the Unix epoch.
    pub created: u64,
    pub expires: u64,
    /// The game it became, once accepted, and who accepted it.
    pub game: Option<String>,
    pub taker: Option<String>,
}

impl Seek {
    /// Whether the player named `name` may see the seek in the lobby: everyone a lobby seek,
    /// its player a challenge, the seeker his own.
    pub fn shown_to(&self, name: Option<&str>) -> bool {
        let is = |other: &str| name.is_some_and(|n| n.eq_ignore_ascii_case(other));
        match &self.audience {
            Audience::Lobby => true,
            Audience::Player(to) => is(to) || is(&self.by),
            Audience::Link => is(&self.by),
        }
    }
}
