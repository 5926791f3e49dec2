//! What a seek asks for (`POST /api/seeks`), and what the lobby's routes answer.

use serde::{Deserialize, Serialize};

use crate::serve::clock::TimeControl;
use crate::serve::seek::{Colour, Seek};
use crate::serve::store::Player;

/// `POST /api/seeks`: the game sought. Every field may be left out.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// `Sade` (the default), `Marseillais`, `Marseillais Classical`, `Standard`.
    #[serde(default)]
    pub variant: Option<String>,
    /// Live clocks (`{"initial", "increment"}`) or correspondence (`{"days"}`); none: no clock.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// A rated game: both players must be signed in to an account. Default: casual.
    #[serde(default)]
    pub rated: bool,
    /// The seeker's colour: `white`, `black` or `random` (the default).
    #[serde(default)]
    pub colour: Colour,
    /// Whether the game is listed to everyone once it starts (default: yes).
    #[serde(default)]
    pub public: Option<bool>,
    /// A challenge to this player alone (an account's name); none: an open seek.
    #[serde(default)]
    pub to: Option<String>,
    /// A challenge reached by its link alone: listed nowhere.
    #[serde(default)]
    pub link: bool,
}

/// `GET /api/lobby`: who asks, and the seeks shown to them (the open ones, the challenges to
/// them, their own), oldest first.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Lobby {
    pub player: Option<Player>,
    pub seeks: Vec<Seek>,
}

/// `POST /api/seeks/{id}/accept`: the game the seek became, and the seat the accepting player
/// holds in it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Accepted {
    pub game: String,
    #[schema(schema_with = crate::serve::schema::side)]
    pub seat: crate::record::Side,
    /// The page's link of the game (`/#game=ID`): the seat is the session's, no token.
    pub link: String,
}
