//! What the API answers about a game: its record, the verdict, whose turn it is, the board of
//! the turn in progress with its numbered arrows, and the options of the face.

use serde::Serialize;
use serde_json::value::RawValue;
use shakmaty::Color;

use crate::arbiter::locate::{TurnName, query_before};
use crate::arbiter::options::{Answer, Limits, answer};
use crate::record::{Side, VariantName};
use crate::referee::Verdict;
use crate::render::model::{GameView, TurnView, game_view, snapshot};
use crate::render::svg;
use crate::write::json::to_json_value;

use super::error::ApiError;
use super::live::{Live, Mode, Phase};

/// A game as the API shows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct GameState {
    pub id: String,
    /// The Variant tag's game: `Sade`, `Marseillais`, `Marseillais Classical`, `Standard`.
    pub variant: String,
    pub mode: Mode,
    /// `human` or the bot level, per side.
    pub white: String,
    pub black: String,
    /// `server`: the auditable die; `entered`: the arbiter enters each face; `none`: no die.
    #[schema(schema_with = super::openapi::die)]
    pub die: &'static str,
    /// The die's commitment, shown before the first roll.
    pub die_commit: Option<String>,
    /// The seed, revealed when the game is over.
    pub die_seed: Option<String>,
    /// `roll`, `act` or `over`.
    #[schema(schema_with = super::openapi::phase)]
    pub phase: &'static str,
    /// Whose turn: `white`, `black`; `None` when the game is over.
    #[schema(schema_with = super::openapi::side_or_null)]
    pub side: Option<Side>,
    /// The turn to play or in progress: `5...`.
    pub turn: Option<String>,
    #[schema(minimum = 1, maximum = 6)]
    pub face: Option<u8>,
    /// The actions of the turn in progress written so far.
    pub written: usize,
    /// The position after the last accepted action (Sade: with its pocket).
    pub fen: String,
    /// The referee's verdict on the record so far (spec/verdict.schema.json, without `file`
    /// and `game`).
    #[schema(schema_with = super::openapi::verdict)]
    pub verdict: Verdict,
    /// The record (spec/sdn.schema.json).
    #[schema(schema_with = super::openapi::record)]
    pub record: Box<RawValue>,
    /// The record as canonical SDN.
    pub sdn: String,
    /// The board of the turn in progress (or of the position to roll in), with the turn's
    /// numbered arrows, as `show` draws it.
    pub svg: String,
    /// Where the board's squares are in `svg`: a1's left edge, h8's top edge, a square's side.
    pub board: BoardFrame,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BoardFrame {
    pub left: u32,
    pub top: u32,
    pub square: u32,
}

impl GameState {
    pub fn of(live: &Live) -> Result<GameState, ApiError> {
        let phase = live.phase();
        let (phase_name, number, face, written) = match phase {
            Phase::Over => ("over", None, None, 0),
            Phase::Roll { number } => ("roll", Some(number), None, 0),
            Phase::Act {
                number,
                face,
                written,
            } => ("act", Some(number), face, written),
        };
        let sade = live.game.variant() == VariantName::Sade;
        let die = match (sade, &live.meta.seed) {
            (false, _) => "none",
            (true, Some(_)) => "server",
            (true, None) => "entered",
        };
        let record = RawValue::from_string(to_json_value(&live.game))
            .map_err(|e| ApiError::internal(format!("the record's JSON: {e}")))?;
        Ok(GameState {
            id: live.id.clone(),
            variant: live.game.variant().to_string(),
            mode: live.meta.mode,
            white: live.meta.players[0].clone(),
            black: live.meta.players[1].clone(),
            die,
            die_commit: live.game.tag("DieCommit").map(str::to_owned),
            die_seed: live.game.tag("DieSeed").map(str::to_owned),
            phase: phase_name,
            side: number.map(|n| n.side),
            turn: number.map(|n| n.to_string()),
            face,
            written,
            fen: live.verdict.final_fen.clone(),
            verdict: live.verdict.clone(),
            record,
            sdn: crate::write::sdn::to_sdn(&live.game),
            svg: board_svg(live, phase)?,
            board: BoardFrame {
                left: svg::MARGIN,
                top: svg::HEADER + svg::MARGIN,
                square: svg::SQUARE,
            },
        })
    }
}

/// The picture of the turn in progress; before a roll, or in a game without a die before the
/// first action of a turn, the position with no arrow.
fn board_svg(live: &Live, phase: Phase) -> Result<String, ApiError> {
    let view: GameView = game_view(&live.game).map_err(|e| ApiError::internal(e.to_string()))?;
    let in_progress = match phase {
        Phase::Act { number, .. } => view.turns.last().filter(|t| {
            live.game.turns.last().is_some_and(|g| g.number == number)
                && t.index + 1 == live.game.turns.len()
        }),
        _ => None,
    };
    if let Some(turn) = in_progress {
        return Ok(svg::turn(&view, turn));
    }
    let before = snapshot(&live.verdict.final_fen)
        .ok_or_else(|| ApiError::internal(format!("cannot draw {}", live.verdict.final_fen)))?;
    let (label, side) = match phase {
        Phase::Roll { number } | Phase::Act { number, .. } => (
            number.to_string(),
            Color::from_white(number.side == Side::White),
        ),
        Phase::Over => (String::new(), Color::White),
    };
    let turn = TurnView {
        index: live.game.turns.len(),
        label,
        side,
        face: None,
        before,
        actions: Vec::new(),
        verdict: String::new(),
        invalid: false,
        comments: Vec::new(),
    };
    Ok(svg::turn(&view, &turn))
}

/// The options of the turn to play (from its start), from the same search as `options`.
pub fn options(live: &Live, limit: usize) -> Result<Answer, ApiError> {
    let (index, number) = match live.phase() {
        Phase::Over => {
            let last = live.game.turns.len();
            let number = live.game.turns.last().map(|t| t.number.next()).unwrap_or(
                crate::record::MoveNumber {
                    number: 1,
                    side: Side::White,
                },
            );
            (last, number)
        }
        Phase::Roll { .. } => {
            return Err(ApiError::conflict(
                "face",
                "roll the die first: the options follow from the face".to_owned(),
            ));
        }
        Phase::Act { number, .. } => {
            let index = match live.game.turns.last() {
                Some(t) if t.number == number => live.game.turns.len() - 1,
                _ => live.game.turns.len(),
            };
            (index, number)
        }
    };
    let mut game = live.game.clone();
    game.result = None;
    let query = query_before(&game, index, TurnName(number), None)
        .map_err(|e| ApiError::conflict("turn", e))?;
    answer(
        &query,
        Limits {
            limit: Some(limit),
            count_only: false,
        },
    )
    .map_err(|e| ApiError::conflict("turn", e))
}

/// What a list of games shows of each.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Summary {
    pub id: String,
    pub variant: String,
    pub mode: Mode,
    pub white: String,
    pub black: String,
    #[schema(schema_with = super::openapi::status)]
    pub status: crate::referee::Status,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    pub turns: usize,
    /// The White and Black tags.
    #[schema(value_type = Vec<String>, min_items = 2, max_items = 2)]
    pub names: [String; 2],
}

impl Summary {
    pub fn of(live: &Live) -> Summary {
        Summary {
            id: live.id.clone(),
            variant: live.game.variant().to_string(),
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
        }
    }
}

/// `POST /api/games`: the new game, its three tokens and their links.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Created {
    pub id: String,
    /// The arbiter's token: acts for both seats, edits tags, takes back, declares ends.
    pub arbiter: String,
    /// White's seat token.
    pub white: String,
    /// Black's seat token.
    pub black: String,
    pub links: SeatLinks,
    pub state: GameState,
}

/// The page's links of each token: `/#game=ID&token=TOKEN`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SeatLinks {
    pub arbiter: String,
    pub white: String,
    pub black: String,
}

impl Created {
    pub fn of(live: &Live) -> Result<Created, ApiError> {
        let link = |token: &str| format!("/#game={}&token={token}", live.id);
        Ok(Created {
            id: live.id.clone(),
            arbiter: live.meta.arbiter.clone(),
            white: live.meta.tokens[0].clone(),
            black: live.meta.tokens[1].clone(),
            links: SeatLinks {
                arbiter: link(&live.meta.arbiter),
                white: link(&live.meta.tokens[0]),
                black: link(&live.meta.tokens[1]),
            },
            state: GameState::of(live)?,
        })
    }
}

/// `GET /api/levels`: what a new game may be.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Levels {
    pub variants: Vec<&'static str>,
    /// `human` and the bot levels of `play`.
    pub players: Vec<&'static str>,
    pub modes: Vec<&'static str>,
    /// The ends that may be declared.
    pub ends: Vec<&'static str>,
}

impl Levels {
    /// What this server offers.
    pub fn offered() -> Levels {
        Levels {
            variants: vec!["Sade", "Marseillais", "Marseillais Classical", "Standard"],
            players: std::iter::once("human")
                .chain(crate::play::LEVELS.iter().map(|b| b.name()))
                .collect(),
            modes: vec!["play", "record"],
            ends: vec!["resignation", "agreement", "time-forfeit", "adjudication"],
        }
    }
}
