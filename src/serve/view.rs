//! What the API answers about a game: its record, the verdict, whose turn it is, the board of
//! the turn in progress with its numbered arrows, and the options of the face.

use serde::Serialize;
use serde_json::value::RawValue;

use crate::record::{Face, Game, Side, Variant};
use crate::referee::Verdict;
use crate::render::svg;
use crate::write::json::to_json_value;

use super::board::{board_before, board_svg};
use super::clock::{Clock, TimeControl};
use super::error::ApiError;
pub use super::events::version_of;
use super::live::{Holder, Live, Mode, Phase};
use super::meta::Offer;
use super::seat::Seat;
pub use super::summary::{GameKind, Summary};

/// How a game ended without a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Closed {
    /// A seat aborted it before both sides had played.
    Aborted,
    /// The server closed it: nobody played in it for `--abandon-after`.
    Abandoned,
}

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
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6)]
    pub face: Option<Face>,
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
    /// The actions of the turn the board is at, as the referee resolved them: the turn in
    /// progress, or the last turn played (before a roll, before the first action of a turn,
    /// when the game is over). A board draws them as numbered arrows.
    pub drawn: Vec<DrawnAction>,
    /// The squares of the kings attacked in `fen`.
    pub checks: Vec<String>,
    /// The board before the turn of `drawn` (the placement field of a FEN), so that a page may
    /// play that turn back action by action. Absent from a minimal answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, nullable = false)]
    pub before: Option<String>,
    /// The clocks, when the game has a time control: the time each side has left at the
    /// answer, whose clock runs.
    pub clocks: Option<Clocks>,
    /// What one seat offers the other, waiting for its answer (spec/SERVE.md, "Offers"); it
    /// lapses when the seat it is made to plays on.
    pub offer: Option<Offer>,
    /// The game the players went on to, colours swapped, once a rematch is agreed: each seat's
    /// token holds the other colour there.
    pub rematch: Option<String>,
    /// Whether a seat may abort the game now: it is played, going on, and one side at most has
    /// played.
    pub abortable: bool,
    /// In a game between two humans without clocks: when (milliseconds since the Unix epoch)
    /// the side not to act may claim the win, the other having left its turn standing for
    /// `--claim-after`; `null` in any other game.
    pub claimable_at: Option<u64>,
    /// A game ended without a result: `aborted` by a seat before both sides had played, or
    /// `abandoned` (closed by the server after `--abandon-after` without an action); `null`
    /// for any other game.
    pub closed: Option<Closed>,
    /// The players who hold the seats, White then Black (a game made in the lobby: each acts
    /// through their session); `null` where a seat is held by its token alone.
    pub owners: [Option<String>; 2],
    /// A rated game: its result changes both players' ratings.
    pub rated: bool,
}

/// The clocks at the moment of an answer.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Clocks {
    /// Seconds each side started with, and seconds added after each turn.
    pub control: TimeControl,
    /// Milliseconds White has left.
    pub white: u64,
    /// Milliseconds Black has left.
    pub black: u64,
    /// Whose clock runs; none when the game is over.
    #[schema(schema_with = super::schema::side_or_null)]
    pub running: Option<Side>,
}

impl Clocks {
    fn of(clock: &Clock, now: u64) -> Clocks {
        Clocks {
            control: clock.control,
            white: clock.left_at(Side::White, now),
            black: clock.left_at(Side::Black, now),
            running: clock.running,
        }
    }
}

/// One action of the turn the board is at.
#[derive(Serialize, utoipa::ToSchema)]
pub struct DrawnAction {
    /// The turn's label: `5` (White's) or `5...` (Black's).
    pub turn: String,
    /// The action's place in its turn, from 1.
    pub number: usize,
    /// Whose piece moved, was taken off or was put back.
    #[schema(schema_with = super::schema::side)]
    pub color: Side,
    /// A move's square of departure; none for a resurrection or `--`.
    #[schema(schema_with = super::schema::square_or_null)]
    pub from: Option<String>,
    /// A move's or a resurrection's square of arrival; none for a sacrifice or `--`.
    #[schema(schema_with = super::schema::square_or_null)]
    pub to: Option<String>,
    /// The piece: `K`, `Q`, `R`, `B`, `N` or `P`.
    #[schema(value_type = String, pattern = "^[KQRBNP]$")]
    pub piece: char,
    /// The piece a pawn became, if it did: `Q`, `R`, `B` or `N`.
    #[schema(schema_with = super::schema::piece_or_null)]
    pub promotion: Option<char>,
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
        let sade = live.game.variant() == Ok(Variant::Sade);
        let die = match (sade, &live.meta.seed) {
            (false, _) => "none",
            (true, Some(_)) => "server",
            (true, None) => "entered",
        };
        let mut state = GameState {
            id: live.id.clone(),
            variant: live.game.variant_name(),
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
            version: live.version(&sdn),
            record: None,
            sdn: None,
            svg: None,
            board: None,
            drawn: drawn(live),
            checks: checks(&live.verdict.final_fen),
            before: None,
            clocks: live
                .meta
                .clock
                .as_ref()
                .map(|c| Clocks::of(c, super::clock::now())),
            offer: live.meta.offer,
            rematch: live.meta.rematch.clone(),
            abortable: live.abortable(),
            claimable_at: None,
            owners: live.meta.owners.clone(),
            rated: live.meta.rated,
            closed: if live.meta.aborted {
                Some(Closed::Aborted)
            } else if live.meta.abandoned {
                Some(Closed::Abandoned)
            } else {
                None
            },
        };
        if extent == Extent::Full {
            state.record = Some(
                RawValue::from_string(to_json_value(&live.game))
                    .map_err(|e| ApiError::internal(format!("the record's JSON: {e}")))?,
            );
            state.sdn = Some(sdn);
            state.svg = Some(board_svg(live, phase)?);
            state.before = live
                .game
                .turns
                .len()
                .checked_sub(1)
                .and_then(|index| board_before(live, index));
            state.board = Some(BoardFrame {
                left: svg::MARGIN,
                top: svg::HEADER + svg::MARGIN,
                square: svg::SQUARE,
            });
        }
        Ok(state)
    }
}

/// The actions of the turn the board is at: the turn in progress, else the last turn.
fn drawn(live: &Live) -> Vec<DrawnAction> {
    match live.game.turns.len().checked_sub(1) {
        Some(index) => drawn_turn(&live.game, &live.verdict, index),
        None => Vec::new(),
    }
}

/// The actions of the record's turn `index` as the referee resolved them.
pub fn drawn_turn(game: &Game, verdict: &Verdict, index: usize) -> Vec<DrawnAction> {
    let Some(turn) = game.turns.get(index) else {
        return Vec::new();
    };
    let label = turn.number.to_string();
    verdict
        .replay
        .resolved
        .iter()
        .filter(|r| r.turn_index == index)
        .map(|r| DrawnAction {
            turn: label.clone(),
            number: r.action,
            color: Side::from(r.color),
            from: r.from.map(|s| s.to_string()),
            to: r.to.map(|s| s.to_string()),
            piece: r.role.upper_char(),
            promotion: r.promotion.map(shakmaty::Role::upper_char),
        })
        .collect()
}

/// The squares of the kings attacked on the board of `fen` (a Sade FEN's pocket aside).
fn checks(fen: &str) -> Vec<String> {
    let placement = fen.split([' ', '[']).next().unwrap_or_default();
    let Ok(board) = placement.parse::<shakmaty::Board>() else {
        return Vec::new();
    };
    let occupied = board.occupied();
    (board.kings() & occupied)
        .into_iter()
        .filter(|&king| {
            board
                .color_at(king)
                .is_some_and(|color| board.attacks_to(king, !color, occupied).any())
        })
        .map(|king| king.to_string())
        .collect()
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

/// `POST /api/games`: the new game, its three tokens and their links.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Created {
    pub id: String,
    /// The arbiter's token: acts for both seats, edits tags, takes back, declares ends; `null`
    /// when the game has no arbiter (a game played by people, unless asked for).
    pub arbiter: Option<String>,
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
    pub arbiter: Option<String>,
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
                arbiter: live.meta.arbiter.as_deref().map(link),
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
            variants: crate::play::VARIANTS
                .map(crate::record::Variant::tag)
                .to_vec(),
            players: Seat::names(),
            modes: vec!["play", "record"],
            ends: vec!["resignation", "agreement", "time-forfeit", "adjudication"],
        }
    }
}

/// Which seat a token holds in a game (`POST /api/games/{id}/seat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Held {
    White,
    Black,
    /// The arbiter's token: both seats, and what only the arbiter does.
    Arbiter,
    /// No seat: the page watches.
    Watching,
}

impl Held {
    /// The seat of `holder`, or none.
    pub fn of(holder: Option<Holder>) -> Held {
        match holder {
            Some(Holder::Arbiter) => Held::Arbiter,
            Some(Holder::Seat(Side::White)) => Held::White,
            Some(Holder::Seat(Side::Black)) => Held::Black,
            None => Held::Watching,
        }
    }
}

/// The answer of `POST /api/games/{id}/seat`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SeatAnswer {
    pub seat: Held,
}
