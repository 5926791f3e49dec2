//! What a player could have done: every legal fulfilment of a die face (Sade), every legal move
//! (Standard), every legal full turn (Marseillais), from the referee's own search.
//!
//! ```
//! use sade_ref::arbiter::options::{Limits, Pieces, Query, answer};
//! use sade_ref::record::{Face, Game};
//! use sade_ref::rules::sade::State;
//!
//! let state = State::from_game(&Game::default()).unwrap();
//! let found = answer(&Query::Sade { state, face: Face::One }, Limits::default()).unwrap();
//! assert_eq!(found.count, 20);
//! assert_eq!(found.mode.unwrap().pieces, Pieces::Opponent);
//! ```
//!
//! The JSON form (`options --format json`) is a public contract: `spec/options.schema.json`,
//! explained in `spec/OPTIONS.md`. A game that is already over is an answer too: no option, and
//! a [`NoneAnswer`] that says how it ended and by which Article.

use std::fmt::Write as _;

use serde::Serialize;
use shakmaty::Color;

use crate::record::{Face, Side};
use crate::rules::marseillais::TurnStart;
use crate::rules::sade::State;
use crate::rules::standard::Standing;
use crate::rules::{Article, Termination};

use crate::rules::names::color_name;

mod chess;
mod error;
mod sade;
mod text;

pub use error::OptionsError;
pub use text::text;

use chess::{marseillais_answer, standard_answer};
use sade::sade_answer;

/// The version of the JSON answer (`"version"`); it changes when a key changes meaning or goes
/// away.
pub const VERSION: u32 = 1;

/// A position and what is asked of the player in it.
#[derive(Clone, Debug)]
pub enum Query {
    /// The roller of `state` has rolled `face`.
    Sade { state: State, face: Face },
    /// The side to move in a Standard position, with the positions the game stood in since the
    /// last capture or pawn move (a FEN has none: [`Standing::new`]).
    Standard(Standing),
    /// The side to move at the start of a Marseillais turn.
    Marseillais(TurnStart),
    /// A record whose game ended before the turn asked about.
    Over(Over),
}

/// A game that ended before the turn asked about: nothing can be played in it.
#[derive(Clone, Debug)]
pub struct Over {
    /// The game, as the answer names it (`Sade`, `Standard`, `Marseillais`).
    pub variant: &'static str,
    /// The position after the last legal action.
    pub fen: String,
    /// The player whose turn was asked about.
    pub side: Color,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
    pub article: Article,
    /// Where the game ended: `turn 12.`, `the start position`.
    pub at: String,
}

/// How much of the list to keep.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Keep at most this many options (all are counted).
    pub limit: Option<usize>,
    /// Keep none: the count only.
    pub count_only: bool,
}

/// Every option of a position, counted, and the first ones listed.
#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    /// [`VERSION`].
    pub version: u32,
    /// `Sade`, `Standard` or `Marseillais`.
    pub variant: &'static str,
    /// The position (Sade: with the pocket of captured pieces).
    pub fen: String,
    /// The player whose turn it is (`"white"`, `"black"`, as in the verdict).
    pub side: Side,
    pub face: Option<Face>,
    /// Faces 1–3: whose pieces the series moves, and why.
    pub mode: Option<Mode>,
    /// The options kept (see [`Limits`]), in the search's order.
    pub options: Vec<Line>,
    /// How many options there are.
    pub count: usize,
    /// Sade: the ways to write the turn that lose the game at once (a series that gives a
    /// check that is not mate, Art. 4.1), kept as `options` are; each with its end. They are no
    /// options: an arbiter is shown them to see what a player could not play, and why.
    pub losing: Vec<Line>,
    /// How many such ways there are, listed or not.
    pub losing_count: usize,
    /// When nothing can be done, or only `--`, or the game is already over: what follows, and
    /// the Article.
    pub none: Option<NoneAnswer>,
}

/// Faces 1–3: the opponent's pieces, or the roller's own when fewer than N of the opponent's can
/// move at the roll (R4, Art. 12.1).
#[derive(Clone, Debug, Serialize)]
pub struct Mode {
    /// Whose pieces are due, by the count at the roll (R4).
    pub pieces: Pieces,
    /// The colour whose pieces move.
    pub color: Side,
    /// One line of proof: the opponent's pieces that can move at the roll, and the face.
    pub proof: String,
    pub article: &'static str,
}

/// Whose pieces a series of faces 1–3 moves (`"opponent"`, `"own"` in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pieces {
    /// The opponent's: at least N of them can move at the roll.
    Opponent,
    /// The roller's own: fewer than N of the opponent's can.
    Own,
}

/// One option: the actions to write, in SDN, and the end of the game it leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub actions: Vec<String>,
    pub ends: Option<Ends>,
}

/// An end of the game an option leads to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ends {
    /// `None` for a draw.
    pub winner: Option<Side>,
    pub termination: &'static str,
    pub article: &'static str,
}

/// What follows when the player can do nothing (or only write `--`), or when the game is
/// already over.
#[derive(Clone, Debug, Serialize)]
pub struct NoneAnswer {
    pub consequence: String,
    pub article: &'static str,
    /// The end of the game it is, or was; `None` when the game goes on (face 5: the turn
    /// passes).
    pub ends: Option<Ends>,
}

/// `Side::White` for White: the casing of the verdict's JSON (`"white"`).
pub fn side(color: Color) -> Side {
    color.fold_wb(Side::White, Side::Black)
}

/// "White" or "Black".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl Line {
    /// `e6 d6 Nf6` or `-Nb8 {ends: Black wins, nakedness}`.
    pub fn text(&self) -> String {
        let mut text = self.actions.join(" ");
        if let Some(ends) = &self.ends {
            let _ = write!(text, " {{ends: {}}}", ends.text());
        }
        text
    }
}

impl Ends {
    /// `White wins, nakedness` or `draw, stalemate`.
    pub fn text(&self) -> String {
        match self.winner {
            Some(winner) => format!("{} wins, {}", side_name(winner), self.termination),
            None => format!("draw, {}", self.termination),
        }
    }
}

/// Collects the options up to the limits, counting them all.
struct Collector {
    limits: Limits,
    lines: Vec<Line>,
    count: usize,
}

impl Collector {
    fn new(limits: Limits) -> Collector {
        Collector {
            limits,
            lines: Vec::new(),
            count: 0,
        }
    }

    /// Whether the next option is kept (it is counted either way).
    fn wants(&mut self) -> bool {
        self.count += 1;
        !self.limits.count_only && self.limits.limit.is_none_or(|k| self.lines.len() < k)
    }
}

/// Every option of `query`.
///
/// # Errors
/// [`OptionsError`] when the referee cannot analyse the position (a position shakmaty refuses,
/// two bare kings).
pub fn answer(query: &Query, limits: Limits) -> Result<Answer, OptionsError> {
    match query {
        Query::Sade { state, face } => sade_answer(state, *face, limits),
        Query::Standard(standing) => Ok(standard_answer(standing, limits)),
        Query::Marseillais(start) => Ok(marseillais_answer(start, limits)),
        Query::Over(over) => Ok(over_answer(over)),
    }
}

impl Answer {
    /// An answer about `fen`, with `side` to play, that holds nothing yet: no face, no mode, no
    /// option, nothing losing, no "none". Each variant's answer fills in what it found.
    fn about(variant: &'static str, fen: String, side: Color) -> Answer {
        Answer {
            version: VERSION,
            variant,
            fen,
            side: self::side(side),
            face: None,
            mode: None,
            options: Vec::new(),
            count: 0,
            losing: Vec::new(),
            losing_count: 0,
            none: None,
        }
    }

    /// This answer with the options `collector` kept and counted.
    fn listing(self, collector: Collector) -> Answer {
        Answer {
            options: collector.lines,
            count: collector.count,
            ..self
        }
    }
}

/// An answer with no option: the game is over, or nothing can be done.
fn no_option(variant: &'static str, fen: String, side: Color, none: NoneAnswer) -> Answer {
    Answer {
        none: Some(none),
        ..Answer::about(variant, fen, side)
    }
}

fn over_answer(over: &Over) -> Answer {
    let how = match over.winner {
        Some(winner) => format!("{} won by {}", color_name(winner), over.termination.title()),
        None => format!("it was drawn by {}", over.termination.title()),
    };
    no_option(
        over.variant,
        over.fen.clone(),
        over.side,
        NoneAnswer {
            consequence: format!(
                "the game is already over: {how}, in {}; no turn follows",
                over.at
            ),
            article: over.article.cite(),
            ends: Some(Ends {
                winner: over.winner.map(side),
                termination: over.termination.name(),
                article: over.article.cite(),
            }),
        },
    )
}
