//! `sade-ref verify`: referee every game and say how it stands.

use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::ValueEnum;
use rayon::prelude::*;
use sade_ref::diagnostic::Diagnostic;
use sade_ref::parse::ParseError;
use sade_ref::record::{Game, Item};
use sade_ref::referee::{Status as Standing, Verdict, verify};
use sade_ref::rules::Resolved;
use serde_json::{Value, json};
use shakmaty::Color;

use super::Status;
use super::convert::report_syntax;
use super::input::{Input, Reading, each_window};
use super::jobs;
use super::output::Sink;

/// Referee every game: who won, how and by which Article, or the first illegal action and why.
///
/// Exit code 0 when every game is valid and its result undisputed, 1 otherwise, 2 when the
/// command could not run.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref verify game.sdn\n  sade-ref verify corpus/games/*.sdn --format json\n  cat games.pgn | sade-ref verify -"
)]
pub struct Args {
    /// SDN or PGN files; `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `text`: a line per game and a code frame per illegal action; `json`: JSON Lines, one
    /// object per game.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Games verified at once (default: one per core); results keep the input's order.
    #[arg(short, long, value_name = "N")]
    jobs: Option<NonZeroUsize>,
    #[command(flatten)]
    reading: Reading,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    let mut sink = match Sink::open(None) {
        Ok(sink) => sink,
        Err(failed) => return failed,
    };
    let jobs = match jobs::start(args.jobs) {
        Ok(jobs) => jobs,
        Err(failed) => return failed,
    };
    let mut status = Status::Ok;
    for path in &args.files {
        let mut open = true;
        let read = each_window(
            path,
            &args.reading,
            jobs,
            |input, first, games, progress| {
                // The referee in parallel, the lines in input order.
                let lines: Vec<(String, bool)> = match args.format {
                    Format::Json => games
                        .into_par_iter()
                        .enumerate()
                        .map(|(i, game)| line_of(args.format, input, first + i, judge(game)))
                        .collect(),
                    Format::Text => {
                        let judged: Vec<_> = games.into_par_iter().map(judge).collect();
                        // Text lines print code frames on standard error: in order.
                        progress.suspend(|| {
                            judged
                                .into_iter()
                                .enumerate()
                                .map(|(i, game)| line_of(args.format, input, first + i, game))
                                .collect()
                        })
                    }
                };
                for (line, ok) in lines {
                    if !ok {
                        status = status.max(Status::Problems);
                    }
                    if !sink.write(&line) {
                        open = false;
                        return false;
                    }
                }
                true
            },
        );
        status = status.max(read);
        if !open {
            break;
        }
    }
    status.max(sink.finish())
}

fn judge(game: Result<Game, ParseError>) -> Result<(Game, Verdict), ParseError> {
    game.map(|game| {
        let verdict = verify(&game);
        (game, verdict)
    })
}

/// A game's line, and whether it stands (valid, and its result undisputed).
fn line_of(
    format: Format,
    input: &Input,
    number: usize,
    game: Result<(Game, Verdict), ParseError>,
) -> (String, bool) {
    match game {
        Ok((game, verdict)) => {
            let ok = verdict.status != Standing::Invalid && verdict.dispute.is_none();
            let line = match format {
                Format::Text => text_line(input, number, &game, &verdict),
                Format::Json => json_line(input, number, &game, &verdict),
            };
            (line, ok)
        }
        Err(error) => {
            let line = match format {
                Format::Text => {
                    report_syntax(input, &error);
                    format!("{} #{number}: invalid: {error}\n", input.name)
                }
                Format::Json => syntax_json_line(input, number, &error),
            };
            (line, false)
        }
    }
}

fn players(game: &Game) -> String {
    let name = |tag| {
        game.tag(tag)
            .filter(|v| !v.is_empty() && *v != "?")
            .unwrap_or("?")
    };
    format!("{}–{}", name("White"), name("Black"))
}

fn color_name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

fn text_line(input: &Input, number: usize, game: &Game, verdict: &Verdict) -> String {
    let mut line = format!("{} #{number} {}: ", input.name, players(game));
    match verdict.status {
        Standing::Finished => {
            let how = verdict.termination.map_or("?", |t| t.title());
            let article = verdict.article.unwrap_or("?");
            let _ = match verdict.winner {
                Some(winner) => write!(
                    line,
                    "{}, {} wins by {how} ({article})",
                    verdict.result.as_str(),
                    color_name(winner)
                ),
                None => write!(
                    line,
                    "{}, drawn by {how} ({article})",
                    verdict.result.as_str()
                ),
            };
            if let Some(turn) = verdict
                .ended_at
                .and_then(|at| game.turns.get(at.turn_index))
            {
                let _ = write!(line, ", turn {}", turn.number);
            }
        }
        Standing::Unfinished => {
            let _ = write!(line, "*, unfinished after {} turns", verdict.turns);
        }
        Standing::Invalid => {
            if let Some(error) = &verdict.error {
                let face = error
                    .face
                    .map(|f| format!(", face {f}"))
                    .unwrap_or_default();
                let action = if error.action == 0 {
                    "the turn".to_owned()
                } else {
                    format!("action {}", error.action)
                };
                let turn = game
                    .turns
                    .get(error.turn_index)
                    .map_or(error.turn.to_string(), |t| t.number.to_string());
                // Reasons usually cite their Article already: "… (Art. 12.2)".
                let cite = if error.reason.contains(error.article) {
                    String::new()
                } else {
                    format!(" ({})", error.article)
                };
                let message = format!(
                    "turn {turn} ({}{face}), {action}: {}{cite}",
                    color_name(error.side),
                    error.reason
                );
                let diagnostic = Diagnostic {
                    path: &input.name,
                    source: &input.bytes,
                    first_line: input.first_line,
                    span: error.span,
                    message,
                    help: None,
                };
                eprintln!("{diagnostic:#}\n");
                let _ = write!(line, "invalid at turn {turn}, {action}: {}", error.reason);
            }
        }
    }
    if let Some(dispute) = &verdict.dispute {
        let _ = write!(line, "; dispute: {dispute}");
    }
    for note in &verdict.notes {
        let _ = write!(line, "; note: {note}");
    }
    line.push('\n');
    line
}

fn json_line(input: &Input, number: usize, game: &Game, verdict: &Verdict) -> String {
    let error = verdict.error.as_ref().map(|e| {
        let (line, column) = input.line_col(e.span.start);
        json!({
            "turn": e.turn,
            "side": e.side.fold_wb("white", "black"),
            "face": e.face,
            "action": e.action,
            "reason": e.reason,
            "article": e.article,
            "line": line,
            "column": column,
        })
    });
    let value = json!({
        "file": input.name,
        "game": number,
        "white": game.tag("White"),
        "black": game.tag("Black"),
        "variant": verdict.variant.to_string(),
        "status": verdict.status,
        "winner": verdict.winner.map(|c| c.fold_wb("white", "black")),
        "termination": verdict.termination,
        "article": verdict.article,
        "result": verdict.result.as_str(),
        "error": error,
        "dispute": verdict.dispute.is_some(),
        "dispute_reason": verdict.dispute,
        "final_fen": verdict.final_fen,
        "turns": verdict.turns,
        "notes": verdict.notes,
    });
    format!("{value}\n")
}

fn syntax_json_line(input: &Input, number: usize, error: &ParseError) -> String {
    let (line, column) = input.line_col(error.span.start);
    let value = json!({
        "file": input.name,
        "game": number,
        "status": "invalid",
        "winner": null,
        "termination": null,
        "error": {
            "turn": null, "side": null, "face": null, "action": null,
            "reason": error.to_string(),
            "article": "SDN syntax",
            "kind": error.kind.code(),
            "line": line,
            "column": column,
        },
        "dispute": false,
    });
    format!("{value}\n")
}

/// A game as one compact JSON object, each action with what the referee resolved it to, and the
/// game with its verdict.
pub fn annotated_json(game: &Game) -> String {
    let verdict = sade_ref::referee::verify_annotated(game);
    let mut value = serde_json::to_value(game).unwrap_or(Value::Null);
    if let Some(turns) = value.get_mut("turns").and_then(Value::as_array_mut) {
        for resolved in &verdict.replay.resolved {
            annotate(turns, game, resolved);
        }
    }
    if let Some(object) = value.as_object_mut() {
        object.insert(
            "verdict".into(),
            serde_json::to_value(&verdict).unwrap_or(Value::Null),
        );
    }
    value.to_string()
}

/// Puts `resolved` into the JSON of the action it belongs to.
fn annotate(turns: &mut [Value], game: &Game, resolved: &Resolved) {
    let Some(turn) = game.turns.get(resolved.turn_index) else {
        return;
    };
    let Some(item_index) = turn
        .items
        .iter()
        .enumerate()
        .filter(|(_, item)| matches!(item, Item::Action(_)))
        .nth(resolved.action.saturating_sub(1))
        .map(|(i, _)| i)
    else {
        return;
    };
    if let Some(item) = turns
        .get_mut(resolved.turn_index)
        .and_then(|t| t.get_mut("items"))
        .and_then(|items| items.get_mut(item_index))
        .and_then(Value::as_object_mut)
    {
        item.insert(
            "resolved".into(),
            serde_json::to_value(resolved).unwrap_or(Value::Null),
        );
    }
}
