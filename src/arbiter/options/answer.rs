//! The answer's shape: every option of a position, counted, the mode of faces 1–3, the ends the
//! options lead to, and what follows when there is none; and how the text form names them.

use std::fmt::Write as _;

use serde::Serialize;
use shakmaty::{CastlingMode, Color, Move, Role, Square};

use crate::record::{Face, Side};

/// The version of the JSON answer (`"version"`); it changes when a key changes meaning or goes
/// away.
pub const VERSION: u32 = 1;

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
    /// The options kept (see [`Limits`](super::Limits)), in the search's order.
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
    /// Where each action happens on the board, in the order of `actions`: what a board that
    /// takes its legal destinations from the options needs. Not in the options JSON (its
    /// schema is the arbiter's); the HTTP API gives it as the next actions of a turn.
    #[serde(skip)]
    pub squares: Vec<Squares>,
}

/// Where an action happens on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Squares {
    /// A move from a square to a square; castling as the king's move (standard castling) or
    /// the king onto its rook (Chess960), as UCI writes it.
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// Face 4: the piece on the square is taken off.
    Sacrifice(Square),
    /// Face 5: the piece comes back on the square.
    Resurrection { role: Role, square: Square },
    /// `--`: nothing is done.
    Nothing,
}

impl Squares {
    /// Where `m` happens, castling written as `mode` writes it.
    pub fn of_move(m: Move, mode: CastlingMode) -> Squares {
        match m.to_uci(mode) {
            shakmaty::uci::UciMove::Normal {
                from,
                to,
                promotion,
            } => Squares::Move {
                from,
                to,
                promotion,
            },
            shakmaty::uci::UciMove::Put { role, to } => Squares::Resurrection { role, square: to },
            shakmaty::uci::UciMove::Null => Squares::Nothing,
        }
    }
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
            Some(winner) => format!("{} wins, {}", winner.name(), self.termination),
            None => format!("draw, {}", self.termination),
        }
    }
}

impl Answer {
    /// An answer about `fen`, with `side` to play, that holds nothing yet: no face, no mode, no
    /// option, nothing losing, no "none". Each variant's answer fills in what it found.
    pub(super) fn about(variant: &'static str, fen: String, side: Color) -> Answer {
        Answer {
            version: VERSION,
            variant,
            fen,
            side: Side::from(side),
            face: None,
            mode: None,
            options: Vec::new(),
            count: 0,
            losing: Vec::new(),
            losing_count: 0,
            none: None,
        }
    }
}

/// An answer with no option: the game is over, or nothing can be done.
pub(super) fn no_option(
    variant: &'static str,
    fen: String,
    side: Color,
    none: NoneAnswer,
) -> Answer {
    Answer {
        none: Some(none),
        ..Answer::about(variant, fen, side)
    }
}
