//! `sade-ref verify`: referee every game and say how it stands.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::ValueEnum;
use sade_ref::diagnostic::Diagnostic;
use sade_ref::parse::{ParseError, Reader};
use sade_ref::record::{Game, Item};
use sade_ref::referee::{Status as Standing, Verdict, verify};
use sade_ref::report::Report;
use sade_ref::rules::Resolved;
use serde_json::Value;
use shakmaty::Color;

use super::Status;
use super::convert::report_syntax;
use super::input::{Input, read_all};
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
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

pub fn run(args: &Args) -> Status {
    let (inputs, mut status) = read_all(&args.files);
    let mut sink = match Sink::open(None) {
        Ok(sink) => sink,
        Err(failed) => return failed,
    };
    'inputs: for input in &inputs {
        // One game at a time: memory holds the input's text and one game.
        for (index, game) in Reader::new(&input.bytes).enumerate() {
            let number = index + 1;
            let (line, ok) = match game {
                Ok(game) => {
                    let verdict = verify(&game);
                    let ok = verdict.status != Standing::Invalid && verdict.dispute.is_none();
                    let line = match args.format {
                        Format::Text => text_line(input, number, &game, &verdict),
                        Format::Json => json_line(input, number, &game, &verdict),
                    };
                    (line, ok)
                }
                Err(error) => {
                    let line = match args.format {
                        Format::Text => {
                            report_syntax(input, &error);
                            format!("{} #{number}: invalid: {error}\n", input.name)
                        }
                        Format::Json => syntax_json_line(input, number, &error),
                    };
                    (line, false)
                }
            };
            if !ok {
                status = status.max(Status::Problems);
            }
            if !sink.write(&line) {
                break 'inputs;
            }
        }
    }
    status.max(sink.finish())
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
            let article = verdict.article.map_or("?", |a| a.cite());
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
            match verdict.ended_at {
                Some(at) if at.start_position => line.push_str(", in the start position"),
                Some(at) => {
                    if let Some(turn) = at.turn {
                        let _ = write!(line, ", turn {turn}");
                    }
                    if let Some(face) = at.face {
                        let _ = write!(line, " (face {face})");
                    }
                    if at.action > 0 {
                        let _ = write!(line, ", action {}", at.action);
                    }
                }
                None => {}
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
                let turn = error
                    .label
                    .map_or(error.turn.to_string(), |l| l.to_string());
                let message = format!(
                    "turn {turn} ({}{face}), {action}: {} ({}) [{}]",
                    color_name(error.side),
                    error.reason,
                    error.article,
                    error.code
                );
                let diagnostic = Diagnostic {
                    path: &input.name,
                    source: &input.bytes,
                    span: error.span,
                    message,
                    help: Some(error.code.help().to_owned()),
                };
                eprintln!("{diagnostic:#}\n");
                let _ = write!(
                    line,
                    "invalid at turn {turn}, {action}: {} ({})",
                    error.reason, error.article
                );
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
    let report = Report::of_verdict(&input.name, number, &input.bytes, game, verdict);
    format!("{}\n", serde_json::to_string(&report).unwrap_or_default())
}

fn syntax_json_line(input: &Input, number: usize, error: &ParseError) -> String {
    let report = Report::of_syntax_error(&input.name, number, &input.bytes, error);
    format!("{}\n", serde_json::to_string(&report).unwrap_or_default())
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
