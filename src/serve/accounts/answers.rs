//! What the accounts' routes read and answer: a name and a password, and who a browser is.

use serde::{Deserialize, Serialize};

use crate::serve::store::Player;

/// A new account: its name and its password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SignupRequest {
    /// 3 to 20 letters (A-Z, a-z), digits, `_` and `-`, unique whatever their case; a name
    /// beginning with `Guest-` is the guests'.
    #[schema(min_length = 3, max_length = 20, pattern = r"^[A-Za-z0-9_-]{3,20}$")]
    pub(super) name: String,
    /// 8 to 256 characters.
    #[schema(min_length = 8, max_length = 256)]
    pub(super) password: String,
}

/// An account's name and its password, to log in.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct LoginRequest {
    /// The account's name, in any case.
    pub(super) name: String,
    pub(super) password: String,
}

/// Who this browser is: the player of its session, or null when it has none.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SessionAnswer {
    #[schema(required = true)]
    pub player: Option<Player>,
}
