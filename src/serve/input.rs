//! What the API reads: a new game, and an action in any of the ways the page sends one (SAN or
//! SDN text, from and to squares, a sacrifice, a resurrection). Each is checked here for its
//! shape only; whether it is legal is the referee's question.

use serde::{Deserialize, Deserializer};
use shakmaty::Square;

use super::clicked::san_of;
use super::error::ApiError;
use super::live::{Declared, Mode};
use super::meta::Proposal;
use super::seat::Seat;
use crate::parse::parse_str;
use crate::record::Variant;
use crate::record::{Action, Item, Side, UciMove};

/// A word of a request that names one of a few things: the thing, or the word as given when it
/// names none. Any string is read (anything else is refused as a string would be), so that the
/// word is judged where the request's fields are judged in their order, with the field's own
/// message ([`super::new_game::NewGame::read`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word<T> {
    Known(T),
    Unknown(String),
}

/// What a [`Word`] may name.
pub trait Named: Sized {
    /// The thing `word` names, if any.
    fn named(word: &str) -> Option<Self>;
}

impl<'de, T: Named> Deserialize<'de> for Word<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let word = String::deserialize(deserializer)?;
        Ok(match T::named(&word) {
            Some(thing) => Word::Known(thing),
            None => Word::Unknown(word),
        })
    }
}

impl Named for Variant {
    /// A variant by its `Variant` tag: `Sade`, `Marseillais`, `Marseillais Classical`,
    /// `Standard`.
    fn named(word: &str) -> Option<Variant> {
        crate::play::VARIANTS.into_iter().find(|v| v.tag() == word)
    }
}

impl Named for Seat {
    /// `human`, or a bot level as `play` reads it.
    fn named(word: &str) -> Option<Seat> {
        Seat::of(word)
    }
}

/// Who rolls a Sade game's die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Die {
    /// The server's auditable die.
    Server,
    /// The arbiter enters each face rolled over the board (record mode).
    Entered,
}

impl Named for Die {
    /// `server` or `entered`.
    fn named(word: &str) -> Option<Die> {
        match word {
            "server" => Some(Die::Server),
            "entered" => Some(Die::Entered),
            _ => None,
        }
    }
}

/// `POST /api/games`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "Standard", "white": "human", "black": "novice"}))]
pub struct CreateGame {
    /// `Sade` (the default), `Marseillais`, `Marseillais Classical`, `Standard`.
    #[serde(default)]
    #[schema(schema_with = super::schema::variant)]
    pub variant: Option<Word<Variant>>,
    /// The start position (Sade: with the pocket, `…[Qrn] w …`).
    #[serde(default)]
    #[schema(max_length = 200)]
    pub fen: Option<String>,
    #[serde(default)]
    pub mode: Option<Mode>,
    /// Record mode, Sade: `server` (the auditable die, the default) or `entered`.
    #[serde(default)]
    #[schema(schema_with = super::schema::die_entered)]
    pub die: Option<Word<Die>>,
    /// `human` (the default) or a bot level.
    #[serde(default)]
    #[schema(schema_with = super::schema::player)]
    pub white: Option<Word<Seat>>,
    #[serde(default)]
    #[schema(schema_with = super::schema::player)]
    pub black: Option<Word<Seat>>,
    /// An unfinished record (SDN or PGN) to continue from its last position.
    #[serde(default)]
    pub record: Option<String>,
    /// Clocks: seconds each side starts with and seconds added after each turn; none, no
    /// clock.
    #[serde(default)]
    pub time_control: Option<super::clock::TimeControl>,
    /// Whether the game has an arbiter's token, which acts for both seats. By default only a
    /// recorded game (which needs one) and a game of bots have one: in a game played by people
    /// each seat is its player's alone.
    #[serde(default)]
    pub arbiter: Option<bool>,
    /// Whether the game is listed to everyone in the games' list (the default); else it is
    /// reached by its link only.
    #[serde(default)]
    pub public: Option<bool>,
}

/// `POST /api/games/{id}/act`: one of `text`, `from` and `to`, `sacrifice`, `resurrect`, or
/// `nothing`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    pub token: Option<String>,
    /// Actions in SAN or SDN action syntax: `Nf3`, `e8=Q`, `-Nb1`, `N@a6`, `--`.
    #[serde(default)]
    pub text: Option<String>,
    /// A move clicked on the board, from this square to `to`: the move of the piece on
    /// `from`, refused when the referee resolves it to another piece.
    #[serde(default)]
    #[schema(schema_with = super::schema::square_or_null)]
    pub from: Option<String>,
    #[serde(default)]
    #[schema(schema_with = super::schema::square_or_null)]
    pub to: Option<String>,
    /// With `from` and `to`: `q`, `r`, `b` or `n`.
    #[serde(default)]
    #[schema(schema_with = super::schema::promotion)]
    pub promotion: Option<String>,
    /// Face 4: the square of the piece given up.
    #[serde(default)]
    #[schema(schema_with = super::schema::square_or_null)]
    pub sacrifice: Option<String>,
    /// Face 5: the piece (`Q`, `R`, `B`, `N`, `P`) and the square.
    #[serde(default)]
    pub resurrect: Option<Resurrect>,
    /// `true`: `--`.
    #[serde(default)]
    pub nothing: Option<bool>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Resurrect {
    #[schema(schema_with = super::schema::piece)]
    pub piece: String,
    #[schema(schema_with = super::schema::square)]
    pub square: String,
}

fn square(field: &str, text: &str) -> Result<Square, ApiError> {
    text.parse::<Square>()
        .map_err(|_| ApiError::bad(field, format!("{text:?} is not a square (a1 to h8)")))
}

/// The actions an act request writes, as text the reader reads.
///
/// # Errors
/// 400 naming the field when the request gives none or several, or one that is not an action.
pub fn act_actions(request: &ActRequest, fen: &str) -> Result<Vec<Action>, ApiError> {
    let given = [
        request.text.is_some(),
        request.from.is_some() || request.to.is_some(),
        request.sacrifice.is_some(),
        request.resurrect.is_some(),
        request.nothing == Some(true),
    ];
    if given.iter().filter(|g| **g).count() != 1 {
        return Err(ApiError::bad(
            "body",
            "give one of text, from and to, sacrifice, resurrect or nothing".to_owned(),
        ));
    }
    let (field, text) = if let Some(text) = &request.text {
        ("text", text.clone())
    } else if request.from.is_some() || request.to.is_some() {
        let from = square("from", request.from.as_deref().unwrap_or_default())?;
        let to = square("to", request.to.as_deref().unwrap_or_default())?;
        let promotion = match request.promotion.as_deref() {
            None => "",
            Some(p @ ("q" | "r" | "b" | "n")) => p,
            Some(other) => {
                return Err(ApiError::bad(
                    "promotion",
                    format!("{other:?}: a pawn promotes to q, r, b or n"),
                ));
            }
        };
        let uci = format!("{from}{to}{promotion}");
        ("from", san_of(fen, &uci).unwrap_or(uci))
    } else if let Some(at) = &request.sacrifice {
        let at = square("sacrifice", at)?;
        ("sacrifice", format!("-{}{at}", letter_at(fen, at)))
    } else if let Some(r) = &request.resurrect {
        let piece = match r.piece.as_str() {
            p @ ("Q" | "R" | "B" | "N" | "P") => p,
            other => {
                return Err(ApiError::bad(
                    "resurrect.piece",
                    format!("{other:?}: the piece is Q, R, B, N or P"),
                ));
            }
        };
        let at = square("resurrect.square", &r.square)?;
        ("resurrect", format!("{piece}@{at}"))
    } else {
        ("nothing", "--".to_owned())
    };
    parse_actions(&text).map_err(|e| ApiError::bad(field, e.to_string()))
}

/// The move an act request clicked on the board (its `from` and `to`, with the promotion), once
/// [`act_actions`] has read the request; `None` for any other act request.
pub fn clicked(request: &ActRequest) -> Option<UciMove> {
    let from = request.from.as_deref()?.parse().ok()?;
    let to = request.to.as_deref()?.parse().ok()?;
    let promotion = match request.promotion.as_deref() {
        None => None,
        Some(letter) => Some(shakmaty::Role::from_char(letter.chars().next()?)?),
    };
    Some(UciMove {
        from,
        to,
        promotion,
    })
}

/// Why a text is not a list of actions ([`parse_actions`]); `text`: the text, trimmed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionsError {
    /// Empty, or longer than 200 bytes.
    #[error("write one to sixteen actions, at most 200 characters")]
    Length,
    /// A character no action is written with.
    #[error("{0:?} belongs to no action (SAN, UCI, -Nb1, N@a6 or --)")]
    Stray(char),
    /// The reader refuses the text.
    #[error("{text:?} is not an action: {source}")]
    NotAnAction {
        text: String,
        #[source]
        source: Box<crate::parse::ParseError>,
    },
    /// The reader finds no game, or more than one, in the text.
    #[error("{text:?} is not an action")]
    Unreadable { text: String },
    /// Tags, a turn number or a second turn among the actions.
    #[error("{text:?} holds more than actions: write the actions only")]
    MoreThanActions { text: String },
    /// Something other than an action in the turn: a comment, a result.
    #[error("{text:?} holds more than actions")]
    NotOnlyActions { text: String },
    /// No action, or more than sixteen.
    #[error("write one to sixteen actions")]
    Count,
}

/// Actions written in SDN action syntax, read by the reader (which knows no chess): only
/// actions, at most 16, nothing else (no comment, no turn number, no result).
///
/// # Errors
/// [`ActionsError`]: why the text is not a list of actions.
pub fn parse_actions(text: &str) -> Result<Vec<Action>, ActionsError> {
    let text = text.trim();
    if text.is_empty() || text.len() > 200 {
        return Err(ActionsError::Length);
    }
    if let Some(c) = text
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || " -+#=@!?".contains(*c)))
    {
        return Err(ActionsError::Stray(c));
    }
    let games = parse_str(&format!("1. 1: {text} *\n"));
    let game = match games.as_slice() {
        [Ok(game)] => game.without_spans(),
        [Err(e)] => {
            return Err(ActionsError::NotAnAction {
                text: text.to_owned(),
                source: Box::new(e.clone()),
            });
        }
        _ => {
            return Err(ActionsError::Unreadable {
                text: text.to_owned(),
            });
        }
    };
    let only = game.turns.len() == 1 && game.preamble.is_empty();
    let turn =
        game.turns
            .first()
            .filter(|_| only)
            .ok_or_else(|| ActionsError::MoreThanActions {
                text: text.to_owned(),
            })?;
    let mut actions = Vec::new();
    for item in &turn.items {
        match item {
            Item::Action(a) => actions.push(a.clone()),
            _ => {
                return Err(ActionsError::NotOnlyActions {
                    text: text.to_owned(),
                });
            }
        }
    }
    if actions.is_empty() || actions.len() > 16 {
        return Err(ActionsError::Count);
    }
    Ok(actions)
}

/// The letter of the piece on `square` in `fen` (`N`; empty for a pawn or an empty square), so
/// that a clicked sacrifice is written `-Nb1` as an arbiter writes it.
fn letter_at(fen: &str, square: Square) -> String {
    let placement = fen.split(['[', ' ']).next().unwrap_or_default();
    placement
        .parse::<shakmaty::Board>()
        .ok()
        .and_then(|board| board.piece_at(square))
        .filter(|piece| piece.role != shakmaty::Role::Pawn)
        .map(|piece| piece.role.upper_char().to_string())
        .unwrap_or_default()
}

/// `GET /api/games/{id}/options`'s query.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Limit {
    /// The options listed at most (default 200, at most 5000); all are counted.
    #[param(minimum = 0)]
    pub limit: Option<usize>,
}

/// The request header that asks for a minimal answer (RFC 7240). Documentation only: the
/// handlers read it with `changes::extent`, which ignores what it does not know.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct Prefer {
    /// `return=minimal`: the answer is the state without `record`, `sdn`, `svg` and `board`,
    /// and says so in `Preference-Applied: return=minimal`. Other preferences are ignored.
    #[param(rename = "Prefer", value_type = String, required = false)]
    pub prefer: Option<String>,
}

/// `GET /api/games/{id}`'s query: the page's polling.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Since {
    /// The `version` of the state the client has: while the game is unchanged the answer is
    /// `304 Not Modified` with no body.
    pub since: Option<String>,
}

/// `POST /api/games/{id}/roll`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RollRequest {
    /// A token of the game: the arbiter's or the seat's that rolls.
    pub token: Option<String>,
    /// An entered die only: the face rolled over the board.
    #[schema(minimum = 1, maximum = 6)]
    pub face: Option<u8>,
}

/// `POST /api/games/{id}/bot` and `/takeback`: the token only.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    pub token: Option<String>,
}

/// `POST /api/games/{id}/end`: a declared end.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndRequest {
    pub token: Option<String>,
    pub end: Declared,
    /// Resignation, time forfeit, adjudication: the winner; none for a draw.
    #[serde(default)]
    #[schema(schema_with = super::schema::side_or_null)]
    pub winner: Option<Side>,
}

/// `PUT /api/games/{id}/tags`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TagsRequest {
    pub token: Option<String>,
    pub tags: std::collections::BTreeMap<String, String>,
}

/// `POST /api/games/{id}/offer`: what the seat offers the other.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferRequest {
    pub token: Option<String>,
    pub offer: Proposal,
}

/// `POST /api/games/{id}/answer`: the answer to the offer the other seat made.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    pub token: Option<String>,
    pub accept: bool,
}
