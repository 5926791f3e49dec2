//! What the API answers about a game: its record, the verdict, whose turn it is, the board of
//! the turn in progress with its numbered arrows, and the options of the face.

use serde::Serialize;
use serde_json::value::RawValue;
use shakmaty::Color;

use crate::arbiter::locate::{TurnName, query_before};
use crate::arbiter::options::{Answer, Limits, Line, answer};
use crate::record::{Side, VariantName};
use crate::referee::Verdict;
use crate::render::model::{GameView, TurnView, frame, game_view, one_turn_view, snapshot};
use crate::render::svg;
use crate::rules::sade::{Place, play_turn_at};
use crate::rules::{Detail, Resolved};
use crate::write::json::to_json_value;

use super::error::ApiError;
use super::live::{Live, Mode, Phase};
use super::seat::Seat;

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
    #[schema(schema_with = super::schema::die)]
    pub die: &'static str,
    /// The die's commitment, shown before the first roll.
    pub die_commit: Option<String>,
    /// The seed, revealed when the game is over.
    pub die_seed: Option<String>,
    /// `roll`, `act` or `over`.
    #[schema(schema_with = super::schema::phase)]
    pub phase: &'static str,
    /// Whose turn: `white`, `black`; `None` when the game is over.
    #[schema(schema_with = super::schema::side_or_null)]
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
    #[schema(schema_with = super::schema::verdict)]
    pub verdict: Verdict,
    /// Changes whenever the record does: `GET /api/games/{id}?since=VERSION` answers 304 while
    /// it is still this (the page polls so).
    pub version: String,
    /// The record (spec/sdn.schema.json). Absent from a minimal answer (`Prefer:
    /// return=minimal`), as are `sdn`, `svg` and `board`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = super::schema::record, required = false, nullable = false)]
    pub record: Option<Box<RawValue>>,
    /// The record as canonical SDN.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub sdn: Option<String>,
    /// The board of the turn in progress (or of the position to roll in), with the turn's
    /// numbered arrows, as `show` draws it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub svg: Option<String>,
    /// Where the board's squares are in `svg`: a1's left edge, h8's top edge, a square's side.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub board: Option<BoardFrame>,
}

/// How much of the game an answer carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// Everything: the record, its SDN and the board.
    Full,
    /// RFC 7240's `return=minimal`: the state without the record, its SDN and the board (a
    /// client that keeps its own, or fetches them with `GET /api/games/{id}` when it needs
    /// them).
    Minimal,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BoardFrame {
    pub left: u32,
    pub top: u32,
    pub square: u32,
}

impl GameState {
    /// The whole state of the game.
    pub fn of(live: &Live) -> Result<GameState, ApiError> {
        GameState::answer(live, crate::write::sdn::to_sdn(&live.game), Extent::Full)
    }

    /// The state of the game whose canonical SDN is `sdn`, as much of it as asked for.
    pub fn answer(live: &Live, sdn: String, extent: Extent) -> Result<GameState, ApiError> {
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
        let mut state = GameState {
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
            version: version_of(&sdn),
            record: None,
            sdn: None,
            svg: None,
            board: None,
        };
        if extent == Extent::Full {
            state.record = Some(
                RawValue::from_string(to_json_value(&live.game))
                    .map_err(|e| ApiError::internal(format!("the record's JSON: {e}")))?,
            );
            state.sdn = Some(sdn);
            state.svg = Some(board_svg(live, phase)?);
            state.board = Some(BoardFrame {
                left: svg::MARGIN,
                top: svg::HEADER + svg::MARGIN,
                square: svg::SQUARE,
            });
        }
        Ok(state)
    }
}

/// The version of a game whose canonical SDN is `sdn`: a hash of the text (the record holds
/// everything the state shows), in hex. Not a secret, only a cheap way to say "unchanged".
pub fn version_of(sdn: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    sdn.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// The picture of the turn in progress; before a roll, or in a game without a die before the
/// first action of a turn, the position with no arrow. A Sade turn in progress is drawn from
/// the state before it, which the referee's memo keeps, with only that turn replayed; the other
/// games (no search, cheap to replay) are drawn from the replay of the whole record. Either
/// way the picture is [`board_svg_replayed`]'s.
pub fn board_svg(live: &Live, phase: Phase) -> Result<String, ApiError> {
    let Some(index) = in_progress(live, phase) else {
        return quiet_board(live, phase);
    };
    let before = live
        .memo
        .state_before(&live.game, index)
        .filter(|_| live.game.variant() == VariantName::Sade);
    let Some(before) = before else {
        return board_svg_replayed(live, phase);
    };
    let played = play_turn_at(
        before,
        &live.game.turns[index],
        Detail::Annotated,
        Place::Last,
    );
    let resolved: Vec<Resolved> = played
        .resolved
        .into_iter()
        .map(|r| Resolved {
            turn_index: index,
            ..r
        })
        .collect();
    let start = snapshot(&before.fen())
        .ok_or_else(|| ApiError::internal(format!("cannot draw {}", before.fen())))?;
    let view = one_turn_view(&live.game, &live.verdict, index, start, &resolved);
    let turn = view
        .turns
        .first()
        .ok_or_else(|| ApiError::internal("no turn to draw".to_owned()))?;
    Ok(svg::turn(&view, turn))
}

/// [`board_svg`] from the annotated replay of the whole record (`show`'s picture): the
/// reference the tests hold [`board_svg`] to.
pub fn board_svg_replayed(live: &Live, phase: Phase) -> Result<String, ApiError> {
    let Some(index) = in_progress(live, phase) else {
        return quiet_board(live, phase);
    };
    let view: GameView = game_view(&live.game).map_err(|e| ApiError::internal(e.to_string()))?;
    let turn = view
        .turns
        .get(index)
        .ok_or_else(|| ApiError::internal("no turn to draw".to_owned()))?;
    Ok(svg::turn(&view, turn))
}

/// The record turn in progress: the last, when its player is to act.
fn in_progress(live: &Live, phase: Phase) -> Option<usize> {
    match phase {
        Phase::Act { number, .. } => live
            .game
            .turns
            .last()
            .filter(|g| g.number == number)
            .map(|_| live.game.turns.len() - 1),
        _ => None,
    }
}

/// The position after the last accepted action, with no arrow (before a roll, or before the
/// first action of a turn); a game that is over shows its last turn, with its arrows and the
/// referee's verdict.
fn quiet_board(live: &Live, phase: Phase) -> Result<String, ApiError> {
    if phase == Phase::Over {
        let view: GameView =
            game_view(&live.game).map_err(|e| ApiError::internal(e.to_string()))?;
        if let Some(last) = view.turns.last() {
            return Ok(svg::turn(&view, last));
        }
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
        before: before.clone(),
        actions: Vec::new(),
        verdict: match phase {
            Phase::Roll { number } => {
                format!("{} to roll the die", super::live::side_word(number.side))
            }
            Phase::Act { number, .. } => format!("{} to play", super::live::side_word(number.side)),
            Phase::Over => "the game is over".to_owned(),
        },
        invalid: false,
        comments: Vec::new(),
    };
    let view = frame(&live.game, &live.verdict, before, Vec::new());
    Ok(svg::turn(&view, &turn))
}

/// The options the search lists at most, when they are filtered by the actions written.
const FILTERED_FROM: usize = 20_000;

/// `GET /api/games/{id}/options`: the answer of `options` (spec/options.schema.json) for the
/// turn to play, keeping only the options that continue the actions of the turn already
/// written, each listed whole, from the turn's first action.
#[derive(Serialize)]
pub struct TurnOptions {
    #[serde(flatten)]
    pub answer: Answer,
    /// The actions of the turn in progress written so far (SDN); `options`, `count`, `losing`
    /// and `losing_count` hold only the ways to write the turn that begin with them.
    pub written: Vec<String>,
    /// The turn has more ways than the server looked through ([`FILTERED_FROM`]): some that
    /// continue `written` may be missing, and the counts are then the least there are.
    pub partial: bool,
}

/// The options of the turn to play, from the same search as `options`, that continue the
/// actions already written in it.
pub fn options(live: &Live, limit: usize) -> Result<TurnOptions, ApiError> {
    let (index, number, written) = match live.phase() {
        Phase::Over => {
            let last = live.game.turns.len();
            let number = live.game.turns.last().map(|t| t.number.next()).unwrap_or(
                crate::record::MoveNumber {
                    number: 1,
                    side: Side::White,
                },
            );
            (last, number, Vec::new())
        }
        Phase::Roll { .. } => {
            return Err(ApiError::conflict(
                "face",
                "roll the die first: the options follow from the face".to_owned(),
            ));
        }
        Phase::Act { number, .. } => match live.game.turns.last() {
            Some(t) if t.number == number => (
                live.game.turns.len() - 1,
                number,
                t.actions().map(ToString::to_string).collect(),
            ),
            _ => (live.game.turns.len(), number, Vec::new()),
        },
    };
    let mut game = live.game.clone();
    game.result = None;
    let query = query_before(&game, index, TurnName(number), None)
        .map_err(|e| ApiError::conflict("turn", e))?;
    let searched = if written.is_empty() {
        limit
    } else {
        FILTERED_FROM
    };
    let mut answer = answer(
        &query,
        Limits {
            limit: Some(searched),
            count_only: false,
        },
    )
    .map_err(|e| ApiError::conflict("turn", e))?;
    let mut partial = false;
    if !written.is_empty() {
        partial = answer.count > searched || answer.losing_count > searched;
        let continues = |line: &Line| {
            line.actions.len() >= written.len()
                && line
                    .actions
                    .iter()
                    .zip(&written)
                    .all(|(a, w)| bare(a) == bare(w))
        };
        answer.options.retain(continues);
        answer.losing.retain(continues);
        answer.count = answer.options.len();
        answer.losing_count = answer.losing.len();
        answer.options.truncate(limit);
        answer.losing.truncate(limit);
    }
    Ok(TurnOptions {
        answer,
        written,
        partial,
    })
}

/// An action without its check mark or annotation (`Qa8+` and `Qa8` are one action).
fn bare(action: &str) -> &str {
    action.trim_end_matches(['+', '#', '!', '?'])
}

/// A Standard game as PGN: its canonical SDN (the PGN export format, spec/SDN.md) without the
/// `Variant` tag, and with the result token `*` while the game goes on (PGN requires one).
pub fn pgn(game: &crate::record::Game) -> String {
    let mut game = game.clone();
    game.tags.retain(|t| t.name != "Variant");
    if game.result.is_none() {
        game.result = Some(crate::record::GameResult::Unknown);
        game.set_tag("Result", "*");
    }
    crate::write::sdn::to_sdn(&game)
}

/// What a list of games shows of each.
#[derive(Serialize, utoipa::ToSchema)]
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
            variants: crate::play::Variant::ALL
                .map(crate::play::Variant::tag)
                .to_vec(),
            players: Seat::names(),
            modes: vec!["play", "record"],
            ends: vec!["resignation", "agreement", "time-forfeit", "adjudication"],
        }
    }
}
