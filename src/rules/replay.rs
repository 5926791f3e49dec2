//! What a rule set finds when it replays a game: the outcome, the place of each action, the
//! first illegal action in an arbiter's words, and what each accepted action resolved to.

use serde::Serialize;
use shakmaty::{Color, Role, Square};

use crate::record::{Face, MoveNumber, Span, Turn};

use super::article::Article;
use super::fault::FaultCode;
use super::serialize::{color_name, opt_color_name, opt_display, opt_role_name, role_name};
use super::termination::Termination;

/// How much a replay records besides the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The verdict alone: [`Replay::resolved`] stays empty. What the `verify` command prints
    /// (listing the actions cost 6% of a Sade `verify`).
    Outcome,
    /// The verdict and what each action resolved to, without the position after each action
    /// (`Resolved::fen_after` stays empty).
    Verdict,
    /// Also the FEN after every action, for `convert --annotate` (writing a FEN costs about as
    /// much as playing the move).
    Annotated,
}

impl Detail {
    /// Whether the replay lists what each action resolved to ([`Replay::resolved`]).
    pub fn lists_actions(self) -> bool {
        self != Detail::Outcome
    }
}

/// What a rule set found when it replayed a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Replay {
    pub outcome: ReplayStatus,
    /// Every action accepted before the game ended or went wrong, in order (none for
    /// [`Detail::Outcome`]).
    pub resolved: Vec<Resolved>,
    /// The position after the last accepted action (for Sade with its pocket of captured pieces).
    pub final_fen: String,
    /// Turns replayed, including a turn that ended the game or held the first illegal action.
    pub turns: usize,
    /// What the referee read leniently and says so: "the FEN's castling right K does not fit
    /// its king and rooks: dropped".
    pub notes: Vec<String>,
    /// Where the record stops inside its last turn, when the prescription could have gone on
    /// (R16): the game is unfinished there, or a declared end (S3).
    pub stopped: Option<ActionRef>,
    /// Where each turn the rules count begins in the record, when record turns and turns need
    /// not be the same (Marseillais: moves written without numbers hold several turns, M1; a
    /// group is judged as the turn of the player whose turn it is, M8). Empty for the other
    /// games, where each record turn is one turn. The referee names every place in the verdict
    /// by these turns (R13).
    pub counted: Vec<CountedTurn>,
}

/// A turn as the rules count it, where it begins in the record: from action `from` (1-based)
/// of record turn `turn_index` on, up to the next such start, the actions are turn `label`'s,
/// played by `label.side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CountedTurn {
    pub turn_index: usize,
    pub from: usize,
    pub label: crate::record::MoveNumber,
}

impl CountedTurn {
    /// The turn that holds `at` among `counted` (in record order), and the action's 1-based
    /// place in it (0 stays 0: the turn as a whole). `None` when no counted turn begins in that
    /// record turn at or before the action.
    pub fn holding(counted: &[CountedTurn], at: ActionRef) -> Option<(CountedTurn, usize)> {
        let start = counted
            .iter()
            .rev()
            .find(|c| c.turn_index == at.turn_index && c.from <= at.action.max(1))?;
        let action = if at.action == 0 {
            0
        } else {
            at.action - start.from + 1
        };
        Some((*start, action))
    }
}

impl Replay {
    /// A game refused before its first turn (its setup, its Variant tag): nothing replayed.
    pub fn invalid(error: Violation) -> Replay {
        Replay {
            outcome: ReplayStatus::Invalid(error),
            ..Replay::default()
        }
    }
}

/// How the replayed game stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum ReplayStatus {
    /// Every action was legal and no rule ended the game.
    #[default]
    Unfinished,
    /// A rule ended the game at `at`; nothing may follow it.
    Finished {
        /// `None` for a draw.
        #[serde(serialize_with = "opt_color_name")]
        winner: Option<Color>,
        termination: Termination,
        /// The Article or law that ended it: `Article::Art9_2`, `Article::R2`, `Article::Fide5_1_1`.
        article: Article,
        /// Where it ended; `None`: in the start position, before the first turn (R17).
        at: Option<ActionRef>,
    },
    /// The first illegal action.
    Invalid(Violation),
}

/// Where in a record: the index of the turn in `Game::turns` (0-based) and the action within it
/// (1-based; 0 for the turn as a whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ActionRef {
    pub turn_index: usize,
    pub action: usize,
}

impl ActionRef {
    /// Where a game that ended before its first action ended: `None`, the start position;
    /// any other place as it is. (For games whose first turn cannot end at its roll.)
    pub fn or_start(self) -> Option<ActionRef> {
        (self.turn_index != 0 || self.action != 0).then_some(self)
    }
}

/// An illegal action, in words an arbiter knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// The kind of fault, as a stable code (`illegal-move`, `false-impossibility-claim`, ...).
    pub code: FaultCode,
    /// The move number of the turn as the referee counts it (`12` for `12...`).
    pub turn: u32,
    /// The turn as the referee counts it (`12...`); `None` before any turn.
    #[serde(serialize_with = "opt_display")]
    pub label: Option<crate::record::MoveNumber>,
    #[serde(serialize_with = "color_name")]
    pub side: Color,
    /// The die face of the turn (Sade).
    pub face: Option<Face>,
    /// 1-based index of the action in its turn; 0 when the turn as a whole is at fault.
    pub action: usize,
    /// Index of the turn in `Game::turns`.
    #[serde(skip)]
    pub turn_index: usize,
    /// Specific, e.g. "Black's pieces are due: Black's knight c8 and bishop e8 can move, face 2
    /// asks for 2, so White may not play his own: a3 would move White's pawn (Art. 12.2)".
    pub reason: String,
    /// The Article or ruling: `Article::Art12_2`, `Article::R9`.
    pub article: Article,
    /// The offending action's span, or the turn's.
    #[serde(skip)]
    pub span: Span,
}

impl Violation {
    /// The fault of `article`, said as `reason`, at `at` in `turn`, by `side`: `label` is the
    /// turn as the referee counts it where that is not the record's own number (a Sade or
    /// Marseillais turn), and `span` the offending action's or the turn's.
    pub(crate) fn new(
        turn: &Turn,
        at: ActionRef,
        side: Color,
        label: Option<MoveNumber>,
        reason: String,
        article: Article,
        span: Span,
    ) -> Violation {
        Violation {
            code: FaultCode::of(article, &reason),
            turn: label.map_or(turn.number.number, |label| label.number),
            label,
            side,
            face: turn.face.map(|f| f.value),
            action: at.action,
            turn_index: at.turn_index,
            reason,
            article,
            span,
        }
    }
}

/// What the referee resolved an accepted action to (for `convert --annotate`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Resolved {
    pub turn_index: usize,
    /// 1-based, as in [`Violation::action`].
    pub action: usize,
    /// Whose piece moved, was removed or was put back.
    #[serde(serialize_with = "color_name")]
    pub color: Color,
    #[serde(serialize_with = "role_name")]
    pub role: Role,
    /// Origin square (`None` for a resurrection or `--`).
    #[serde(serialize_with = "opt_display")]
    pub from: Option<Square>,
    /// Destination square (`None` for a sacrifice or `--`).
    #[serde(serialize_with = "opt_display")]
    pub to: Option<Square>,
    /// The move in UCI (`e1g1` for white king-side castling), for moves.
    pub uci: Option<crate::record::UciMove>,
    #[serde(serialize_with = "opt_role_name")]
    pub captured: Option<Role>,
    #[serde(serialize_with = "opt_role_name")]
    pub promotion: Option<Role>,
    /// The position after the action (Sade: with the pocket of captured pieces); empty unless
    /// the replay was asked for [`Detail::Annotated`].
    pub fen_after: String,
}
