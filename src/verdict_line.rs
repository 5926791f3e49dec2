//! The verdict line: one game's verdict as tools read it (`verify --format json`, one object
//! a line). Its shape is published as `spec/verdict.schema.json`; `version` changes when a key
//! changes meaning or goes away.
//!
//! Syntax errors and rule errors share one key set, with `null` where nothing is known.

use serde::Serialize;

use crate::diagnostic::line_col;
use crate::parse::ParseError;
use crate::record::{Face, Game, GameResult};
use crate::referee::{Locator, Status, Verdict, Void};
use crate::rules::{Article, Termination};
use crate::write::json::JsonError;

/// The version of the report's shape.
pub const REPORT_VERSION: u32 = 2;

/// One game's report.
#[derive(Clone, Debug, Serialize)]
pub struct VerdictLine<'a> {
    pub version: u32,
    /// The input's name (`-` for standard input).
    pub file: &'a str,
    /// 1-based index of the game in its input.
    pub game: usize,
    pub white: Option<&'a str>,
    pub black: Option<&'a str>,
    /// The game the record was judged as; `null` when the record could not be read.
    pub variant: Option<String>,
    pub status: Status,
    pub winner: Option<&'static str>,
    pub termination: Option<Termination>,
    pub article: Option<Article>,
    /// The result as the referee sees it; `null` when the record could not be read.
    pub result: Option<&'static str>,
    pub ended_at: Option<Locator>,
    pub error: Option<VerdictError>,
    pub dispute: bool,
    pub dispute_reason: Option<&'a str>,
    pub void: Option<Void>,
    pub final_fen: Option<&'a str>,
    pub turns: Option<usize>,
    pub notes: &'a [String],
}

/// The first error of a game: a syntax error (the record could not be read) or a rule error
/// (the first illegal action).
#[derive(Clone, Debug, Serialize)]
pub struct VerdictError {
    /// `syntax` or `rule`.
    pub kind: &'static str,
    /// A stable kebab-case code: the parse error kind, or the rule fault.
    pub code: &'static str,
    pub reason: String,
    pub article: Article,
    pub help: Option<String>,
    /// The move number of the turn as counted; for a syntax error, as the notation counts it,
    /// `null` where it does not tell (before the movetext, inside a variation).
    pub turn: Option<u32>,
    /// The turn as counted, `12...`.
    pub label: Option<String>,
    /// The player whose turn it is.
    pub side: Option<&'static str>,
    pub face: Option<Face>,
    /// 1-based action in the turn; 0 for the turn as a whole.
    pub action: Option<usize>,
    /// 1-based line and column (in characters) in the input.
    pub line: usize,
    pub column: usize,
}

impl<'a> VerdictLine<'a> {
    /// The report of a game the referee judged.
    pub fn of_verdict(
        file: &'a str,
        game_number: usize,
        source: &[u8],
        game: &'a Game,
        verdict: &'a Verdict,
    ) -> VerdictLine<'a> {
        let error = verdict.error.as_ref().map(|e| {
            let (line, column) = line_col(source, e.span.start);
            VerdictError {
                kind: "rule",
                code: e.code.code(),
                reason: e.reason.clone(),
                article: e.article,
                help: Some(e.code.help().to_owned()),
                turn: Some(e.label.map_or(e.turn, |l| l.number)),
                label: e.label.map(|l| l.to_string()),
                side: Some(e.side.fold_wb("white", "black")),
                face: e.face,
                action: Some(e.action),
                line,
                column,
            }
        });
        VerdictLine {
            version: REPORT_VERSION,
            file,
            game: game_number,
            white: game.tag("White"),
            black: game.tag("Black"),
            variant: Some(verdict.variant_name().to_owned()),
            status: verdict.status,
            winner: verdict.winner.map(|c| c.fold_wb("white", "black")),
            termination: verdict.termination,
            article: verdict.article,
            result: Some(verdict.result.as_str()),
            ended_at: verdict.ended_at,
            error,
            dispute: verdict.dispute.is_some(),
            dispute_reason: verdict.dispute.as_deref(),
            void: verdict.void,
            final_fen: Some(&verdict.final_fen),
            turns: Some(verdict.turns),
            notes: &verdict.notes,
        }
    }

    /// The report of a game that could not be read.
    pub fn of_syntax_error(
        file: &'a str,
        game_number: usize,
        source: &[u8],
        error: &ParseError,
    ) -> VerdictLine<'a> {
        let (line, column) = line_col(source, error.span.start);
        let place = error.place;
        VerdictLine::unread(
            file,
            game_number,
            VerdictError {
                kind: "syntax",
                code: error.kind.code(),
                reason: error.to_string(),
                article: Article::SdnSyntax,
                help: error.help(),
                turn: place.map(|p| p.turn.number),
                label: place.map(|p| p.turn.to_string()),
                side: place.map(|p| match p.turn.side {
                    crate::record::Side::White => "white",
                    crate::record::Side::Black => "black",
                }),
                face: place.and_then(|p| p.face),
                action: place.and_then(|p| p.action),
                line,
                column,
            },
        )
    }

    /// A game that could not be read: only its error is known.
    fn unread(file: &'a str, game_number: usize, error: VerdictError) -> VerdictLine<'a> {
        VerdictLine {
            version: REPORT_VERSION,
            file,
            game: game_number,
            white: None,
            black: None,
            variant: None,
            status: Status::Invalid,
            winner: None,
            termination: None,
            article: None,
            result: None,
            ended_at: None,
            error: Some(error),
            dispute: false,
            dispute_reason: None,
            void: None,
            final_fen: None,
            turns: None,
            notes: &[],
        }
    }
}

impl<'a> VerdictLine<'a> {
    /// The report of a JSON record that could not be read.
    pub fn of_json_error(file: &'a str, game_number: usize, error: &JsonError) -> VerdictLine<'a> {
        VerdictLine::unread(
            file,
            game_number,
            VerdictError {
                kind: "syntax",
                code: if error.pointer().is_some() {
                    "bad-record"
                } else {
                    "bad-json"
                },
                reason: error.to_string(),
                article: Article::SdnSyntax,
                help: Some("spec/sdn.schema.json describes a record".to_owned()),
                turn: None,
                label: None,
                side: None,
                face: None,
                action: None,
                line: error.line(),
                column: error.column(),
            },
        )
    }
}

/// Whether a claimed result is decisive (for callers that tally).
pub fn is_decisive(result: GameResult) -> bool {
    matches!(result, GameResult::WhiteWins | GameResult::BlackWins)
}
