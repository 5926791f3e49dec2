//! One rule set per game. Each replays a record's main line and says how it ended.
//!
//! The seam is [`rule_set`]: a variant name and the function that replays a game under its
//! rules. Adding a game means one module here and one line in that table; the parser, the
//! writers, the referee and the CLI do not change.

mod article;
mod fault;
mod game_end;
pub(crate) mod labels;
pub mod marseillais;
pub mod names;
pub mod perft;
mod position_error;
pub(crate) mod resolve;
pub mod sade;
pub(crate) mod setup;
pub mod standard;

use serde::Serialize;
use shakmaty::{Color, Role, Square};

use crate::record::{Face, Game, Span, Variant};

pub use article::Article;
pub use fault::FaultCode;
pub(crate) use fault::strip_citation;
pub use game_end::GameEnd;
pub use position_error::PositionError;
pub use setup::fen_problem;

/// Replays a game's main line under one game's rules.
pub type Replayer = fn(&Game, Detail) -> Replay;

/// How much a replay records besides the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The verdict and what each action resolved to, without the position after each action
    /// (`Resolved::fen_after` stays empty): what `verify` needs.
    Verdict,
    /// Also the FEN after every action, for `convert --annotate` (writing a FEN costs about as
    /// much as playing the move).
    Annotated,
}

/// A game's rules, as the referee sees them.
#[derive(Clone, Copy, Debug)]
pub struct RuleSet {
    pub replay: Replayer,
    /// Whether a drawn result (`1/2-1/2`) can stand (it cannot in Sade, Art. 17).
    pub draws: bool,
}

/// The table of rule sets: the one that replays games of a variant.
pub fn rule_set(variant: Variant) -> RuleSet {
    let (replay, draws): (Replayer, bool) = match variant {
        Variant::Sade => (sade::replay, false),
        Variant::Standard | Variant::Chess960 => (standard::replay, true),
        Variant::Marseillais | Variant::MarseillaisClassical => (marseillais::replay, true),
    };
    RuleSet { replay, draws }
}

/// What a rule set found when it replayed a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Replay {
    pub outcome: Outcome,
    /// Every action accepted before the game ended or went wrong, in order.
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
            outcome: Outcome::Invalid(error),
            ..Replay::default()
        }
    }
}

/// How the replayed game stands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Outcome {
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
    #[serde(serialize_with = "opt_label")]
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

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Sade, Art. 9.2: a player mated himself with the opponent's pieces (faces 1–3).
    SacrificeAccomplished,
    /// Sade, Art. 10: a player was mated by the opponent, and wins.
    LibertinesMercy,
    /// Sade, Art. 9.3: a player has only the king left, and wins.
    Nakedness,
    /// Sade, Art. 9.1: a player with no legal move on face 4 or 6, not in check, wins.
    SweetStalemate,
    /// Sade, Art. 5 / 11: a player could not fulfil the face (claimed with `--`), and loses.
    PovertyOfTheFlesh,
    /// Sade, Art. 4.1: a non-mating check inside a series; the player who gave it loses.
    ForbiddenCheck,
    /// A decisive result token that no rule explains.
    Resignation,
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    ThreefoldRepetition,
    FivefoldRepetition,
    FiftyMoveRule,
    SeventyFiveMoveRule,
    /// A drawn result token that no rule explains.
    Agreement,
    /// A declared end (S3) that the Termination tag calls a time forfeit.
    TimeForfeit,
    /// A declared end that the Termination tag calls abandoned.
    Abandoned,
    /// A declared end that the Termination tag calls an adjudication.
    Adjudication,
    /// A declared end that the Termination tag calls a rules infraction.
    RulesInfraction,
    /// A declared end that the Termination tag calls death.
    Death,
    /// A declared end that the Termination tag calls an emergency.
    Emergency,
}

impl Termination {
    pub fn name(self) -> &'static str {
        match self {
            Termination::SacrificeAccomplished => "sacrifice-accomplished",
            Termination::LibertinesMercy => "libertines-mercy",
            Termination::Nakedness => "nakedness",
            Termination::SweetStalemate => "sweet-stalemate",
            Termination::PovertyOfTheFlesh => "poverty-of-the-flesh",
            Termination::ForbiddenCheck => "forbidden-check",
            Termination::Resignation => "resignation",
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::FiftyMoveRule => "fifty-move-rule",
            Termination::SeventyFiveMoveRule => "seventy-five-move-rule",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules-infraction",
            Termination::Death => "death",
            Termination::Emergency => "emergency",
        }
    }

    /// As an arbiter says it: "The Sacrifice Accomplished", "checkmate".
    pub fn title(self) -> &'static str {
        match self {
            Termination::SacrificeAccomplished => "The Sacrifice Accomplished",
            Termination::LibertinesMercy => "The Libertine's Mercy",
            Termination::Nakedness => "Nakedness",
            Termination::SweetStalemate => "The Sweet Stalemate",
            Termination::PovertyOfTheFlesh => "Poverty of the Flesh",
            Termination::ForbiddenCheck => "a forbidden check",
            Termination::Resignation => "resignation",
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::FiftyMoveRule => "the fifty-move rule",
            Termination::SeventyFiveMoveRule => "the seventy-five-move rule",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time forfeit",
            Termination::Abandoned => "abandonment",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "a rules infraction",
            Termination::Death => "death",
            Termination::Emergency => "an emergency",
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
    #[serde(serialize_with = "opt_square")]
    pub from: Option<Square>,
    /// Destination square (`None` for a sacrifice or `--`).
    #[serde(serialize_with = "opt_square")]
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

fn role_name<S: serde::Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{role:?}").to_lowercase())
}

#[allow(clippy::ref_option)]
fn opt_role_name<S: serde::Serializer>(role: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
    match role {
        Some(role) => role_name(role, s),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
fn opt_square<S: serde::Serializer>(square: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
    match square {
        Some(square) => s.collect_str(square),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
fn opt_label<S: serde::Serializer>(
    label: &Option<crate::record::MoveNumber>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match label {
        Some(label) => s.collect_str(label),
        None => s.serialize_none(),
    }
}

pub(crate) fn color_name<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color.fold_wb("white", "black"))
}

#[allow(clippy::ref_option)]
pub(crate) fn opt_color_name<S: serde::Serializer>(
    color: &Option<Color>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match color {
        Some(color) => color_name(color, s),
        None => s.serialize_none(),
    }
}
