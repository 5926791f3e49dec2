//! A new game: [`NewGame::read`] reads `POST /api/games`'s request into what the game is to be
//! (its start, mode, die and seats), checking each field in a fixed order so that a request
//! with several faults is always answered with the same one; [`new_game`] then makes it, with
//! fresh tokens. A puzzle and a lesson make their games through [`new_game`] too.

use super::clock::{self, Clock, TimeControl};
use super::error::ApiError;
use super::input::{CreateGame, Die, Word};
use super::kind::Kind;
use super::live::{Live, Meta, Mode};
use super::seat::Seat;
use super::secret::token;
use crate::parse::parse_str;
use crate::record::{Game, GameResult, Variant};
use crate::referee::Status;

/// What a new game is to be.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub start: Start,
    pub mode: Mode,
    pub die: Die,
    /// White's seat, then Black's.
    pub seats: [Seat; 2],
    /// The clocks' time control, if the game has clocks.
    pub time_control: Option<TimeControl>,
    /// Whether the game has an arbiter's token (record mode, a game of bots, or asked for).
    pub arbiter: bool,
    /// Whether the game is listed to everyone.
    pub listed: bool,
}

/// Where a new game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// A position of `variant`: its start, or the FEN given (one line, at most 200 characters).
    Position {
        variant: Variant,
        fen: Option<String>,
    },
    /// An unfinished record, to continue from its last position.
    Record(Game),
}

impl NewGame {
    /// The game `request` asks for. The fields are checked in this order: the seats (white,
    /// black), the mode against the seats, the record to continue or else the variant and the
    /// FEN, the die.
    ///
    /// # Errors
    /// 400 naming the field when the request does not fit; 409 when the record to continue is
    /// already over.
    pub fn read(request: &CreateGame) -> Result<NewGame, ApiError> {
        let white = seat("white", request.white.as_ref());
        let black = seat("black", request.black.as_ref());
        let seats = [white?, black?];
        let mode = request.mode.unwrap_or(Mode::Play);
        if mode == Mode::Record && !seats.iter().all(Seat::is_human) {
            return Err(ApiError::bad(
                "mode",
                "a recorded game is played over the board: both players are human".to_owned(),
            ));
        }
        let start = match &request.record {
            Some(text) => Start::Record(continued(text)?),
            None => Start::Position {
                variant: variant(request.variant.as_ref())?,
                fen: request.fen.as_deref().map(fen).transpose()?,
            },
        };
        let die = die(request.die.as_ref(), mode)?;
        if let Some(problem) = request.time_control.and_then(TimeControl::problem) {
            return Err(ApiError::bad("time_control", problem));
        }
        let arbiter = match request.arbiter {
            Some(false) if mode == Mode::Record => {
                return Err(ApiError::bad(
                    "arbiter",
                    "a recorded game is entered by its arbiter: it has one".to_owned(),
                ));
            }
            Some(asked) => asked,
            None => mode == Mode::Record || !seats.iter().any(Seat::is_human),
        };
        Ok(NewGame {
            start,
            mode,
            die,
            seats,
            time_control: request.time_control,
            arbiter,
            listed: request.public.unwrap_or(true),
        })
    }

    /// A game recorded over the board by two humans from `fen`, a position of `variant`: a
    /// puzzle's or a lesson's.
    ///
    /// # Errors
    /// 400 when the FEN is not one line of at most 200 characters.
    pub fn recorded(variant: Variant, fen: &str, die: Die) -> Result<NewGame, ApiError> {
        Self::recorded_from(variant, Some(fen), die)
    }

    /// As [`NewGame::recorded`], from `fen` or (`None`) from the game's own start.
    pub fn recorded_from(
        variant: Variant,
        fen: Option<&str>,
        die: Die,
    ) -> Result<NewGame, ApiError> {
        Ok(NewGame {
            start: Start::Position {
                variant,
                fen: fen.map(self::fen).transpose()?,
            },
            mode: Mode::Record,
            die,
            seats: [Seat::Human, Seat::Human],
            time_control: None,
            arbiter: true,
            listed: true,
        })
    }

    /// A game recorded over the board by two humans that continues `game` (a lesson's earlier
    /// turns).
    pub fn recorded_after(game: Game, die: Die) -> NewGame {
        NewGame {
            start: Start::Record(game),
            mode: Mode::Record,
            die,
            seats: [Seat::Human, Seat::Human],
            time_control: None,
            arbiter: true,
            listed: true,
        }
    }

    /// The field an answer about the start names: `record` or `fen`.
    fn start_field(&self) -> &'static str {
        match self.start {
            Start::Record(_) => "record",
            Start::Position { .. } => "fen",
        }
    }
}

/// The seat the request's `field` (`white`, `black`) names; a human when it names none.
fn seat(field: &str, word: Option<&Word<Seat>>) -> Result<Seat, ApiError> {
    match word {
        None => Ok(Seat::Human),
        Some(Word::Known(seat)) => Ok(seat.clone()),
        Some(Word::Unknown(name)) => Err(Seat::refused(field, name)),
    }
}

/// The variant the request names (`Sade` when it names none).
fn variant(word: Option<&Word<Variant>>) -> Result<Variant, ApiError> {
    match word {
        None => Ok(Variant::Sade),
        Some(Word::Known(variant)) => Ok(*variant),
        Some(Word::Unknown(name)) => Err(ApiError::bad(
            "variant",
            format!(
                "{name:?} is no game sade-ref serves: {}",
                crate::play::VARIANTS.map(Variant::tag).join(", ")
            ),
        )),
    }
}

/// The die the request names (the server's when it names none), which only a recorded game
/// may have entered.
fn die(word: Option<&Word<Die>>, mode: Mode) -> Result<Die, ApiError> {
    let die = match word {
        None => Die::Server,
        Some(Word::Known(die)) => *die,
        Some(Word::Unknown(other)) => {
            return Err(ApiError::bad(
                "die",
                format!("{other:?}: the die is server or entered"),
            ));
        }
    };
    if die == Die::Entered && mode == Mode::Play {
        return Err(ApiError::bad(
            "die",
            "faces are entered only when recording a game (mode record)".to_owned(),
        ));
    }
    Ok(die)
}

/// A FEN as the game's tag holds it: one line of at most 200 characters, trimmed.
fn fen(fen: &str) -> Result<String, ApiError> {
    if fen.len() > 200 || fen.chars().any(char::is_control) {
        return Err(ApiError::bad(
            "fen",
            "a FEN is one line of at most 200 characters".to_owned(),
        ));
    }
    Ok(fen.trim().to_owned())
}

/// A new game as `new` asks for it, with fresh tokens.
///
/// # Errors
/// 409 when a Sade record to continue on the server's die has no `DieSeed`, or the start is
/// already over; 422 when the start or the record is not a game the referee accepts.
pub fn new_game(new: &NewGame) -> Result<Live, ApiError> {
    let mut game = match &new.start {
        Start::Record(game) => game.clone(),
        Start::Position { variant, fen } => started(*variant, fen.as_deref(), &new.seats),
    };
    let seed = seed(new, &mut game)?;
    let meta = Meta {
        mode: new.mode,
        players: new.seats.clone().map(|s| s.name().to_owned()),
        tokens: [token()?, token()?],
        arbiter: if new.arbiter { Some(token()?) } else { None },
        seed,
        created: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .ok()
            .and_then(|d| u64::try_from(d.as_millis()).ok()),
        aided: false,
        settled: false,
        clock: None,
        abandoned: false,
        aborted: false,
        kind: Kind::Game,
        changed: None,
        offer: None,
        rematch: None,
        owners: [None, None],
        rated: false,
        listed: new.listed,
    };
    let id = token()?[..16].to_owned();
    if let Some(control) = new.time_control {
        game.set_tag("TimeControl", control.tag());
    }
    let mut live = Live::new(id, game, meta);
    // The clocks wait for the first change: White's first roll, or the first move where there
    // is no die (issue 50: a clock that ran from the game's creation charged the wait for the
    // opponent to White).
    if let Some(control) = new.time_control {
        live.meta.clock = Some(Clock::waiting(control, clock::now()));
    }
    match live.verdict.status {
        Status::Unfinished => Ok(live),
        Status::Finished => Err(ApiError::conflict(
            new.start_field(),
            "this game is already over: nothing can be played in it".to_owned(),
        )),
        Status::Invalid => {
            let mut e = ApiError::refused(&live.verdict);
            e.body.field = Some(new.start_field().to_owned());
            Err(e)
        }
    }
}

/// The record of a new game of `variant`, from its start or from `fen`.
fn started(variant: Variant, fen: Option<&str>, seats: &[Seat; 2]) -> Game {
    let mut game = Game::default();
    game.set_tag("Event", "sade-ref serve");
    game.set_tag("Site", "?");
    game.set_tag("Date", "????.??.??");
    game.set_tag("Round", "-");
    for (tag, seat) in [("White", &seats[0]), ("Black", &seats[1])] {
        game.set_tag(tag, if seat.is_human() { "?" } else { seat.name() });
    }
    game.set_tag("Result", "*");
    game.set_tag("Variant", variant.tag());
    if let Some(fen) = fen {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", fen);
    }
    game
}

/// The seed of the server's die, committed to in `game` for a new Sade game, or the continued
/// record's own; `None` when there is no die or its faces are entered.
fn seed(new: &NewGame, game: &mut Game) -> Result<Option<String>, ApiError> {
    if game.variant() != Ok(Variant::Sade) || new.die == Die::Entered {
        return Ok(None);
    }
    if let Start::Record(_) = new.start {
        // A continued record keeps its own die. Without a `DieSeed`, no die of the server can
        // roll its next turns so that the record shows the faces were not chosen (a seed
        // checks every turn from the first): the faces are entered, as for an
        // over-the-board game (spec/SERVE.md, "Continuing a game").
        return match game.tag("DieSeed") {
            Some(seed) => Ok(Some(seed.to_owned())),
            None => Err(ApiError::conflict(
                "die",
                "this Sade record has no DieSeed: the server's die cannot go on with it so \
                 that the record shows its faces; continue it in record mode with the faces \
                 entered (die: entered)"
                    .to_owned(),
            )),
        };
    }
    let seed = format!("{}{}", token()?, token()?);
    game.set_tag("DieCommit", crate::die::commit(&seed));
    Ok(Some(seed))
}

/// The first game of `text`, without its result, to go on with.
fn continued(text: &str) -> Result<Game, ApiError> {
    let first = parse_str(text)
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::bad("record", "the record holds no game".to_owned()))?;
    let mut game = first.map_err(|e| ApiError::bad("record", e.to_string()))?;
    if game.result.is_some_and(|r| r != GameResult::Unknown) {
        return Err(ApiError::conflict(
            "record",
            format!(
                "the record ends with {}: the game is over",
                game.result.map_or("", |r| r.as_str())
            ),
        ));
    }
    game.result = None;
    game.set_tag("Result", "*");
    Ok(game.without_spans())
}

/// The rematch of `live`, a game played on the server: a new game of the same variant, start
/// and time control on the server's die, the colours swapped. Each seat's token (and the
/// arbiter's) holds the other colour there, so each page goes on with the token it has; the
/// players' names and sessions go with them, and the game is rated and listed as it was.
///
/// # Errors
/// As [`new_game`]'s.
pub fn rematch_of(live: &Live) -> Result<Live, ApiError> {
    let seat = |side: usize| Seat::of(&live.meta.players[side]).unwrap_or(Seat::Human);
    let new = NewGame {
        start: Start::Position {
            variant: live.game.variant().unwrap_or(Variant::Sade),
            fen: live.game.tag("FEN").map(str::to_owned),
        },
        mode: Mode::Play,
        die: Die::Server,
        seats: [seat(1), seat(0)],
        time_control: live.meta.clock.as_ref().map(|c| c.control),
        arbiter: false,
        listed: live.meta.listed,
    };
    let mut rematch = new_game(&new)?;
    let [white, black] = &live.meta.tokens;
    rematch.meta.tokens = [black.clone(), white.clone()];
    rematch.meta.arbiter = live.meta.arbiter.clone();
    let [white, black] = &live.meta.owners;
    rematch.meta.owners = [black.clone(), white.clone()];
    rematch.meta.rated = live.meta.rated;
    rematch.meta.listed = live.meta.listed;
    for (tag, was) in [("White", "Black"), ("Black", "White")] {
        if let Some(name) = live.game.tag(was) {
            rematch.game.set_tag(tag, name.to_owned());
        }
    }
    Ok(rematch)
}
