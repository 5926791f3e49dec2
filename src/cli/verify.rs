//! `sade-ref verify`: referee every game and say how it stands.

use std::fmt::Write as _;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::ValueEnum;
use rayon::prelude::*;
use sade_ref::diagnostic::Diagnostic;
use sade_ref::parse::ParseError;
use sade_ref::record::Game;
use sade_ref::referee::{Status, Verdict, verify_outcome};
use sade_ref::rules::names::color_name;
use sade_ref::verdict_line::VerdictLine;
use sade_ref::write::json::{self, JsonError};

use super::diagnose::{report_json, report_syntax};
use super::exit::Exit;
use super::format::Format;
use super::input::{GameRead, Input, Reading, each_window, is_json_name, read_all};
use super::jobs;
use super::meter::Meter;
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
    /// SDN or PGN files, or JSON records (`.json`, `.jsonl`); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// `text`: a line per game and a code frame per illegal action; `json`: JSON Lines, one
    /// object per game (spec/verdict.schema.json).
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Input format (default: JSON for `.json` and `.jsonl` files, compressed or not; SDN
    /// otherwise).
    #[arg(long, value_enum)]
    from: Option<InputFormat>,
    /// Games verified at once: 1 to 256, used up to the number of cores (default: one per
    /// core); results keep the input's order.
    #[arg(short, long, value_name = "N", value_parser = jobs::parse)]
    jobs: Option<NonZeroUsize>,
    #[command(flatten)]
    reading: Reading,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum InputFormat {
    Sdn,
    Json,
}

/// A game of an input, or why it could not be read.
enum Read {
    Game(Game),
    Sdn(ParseError),
    Json(JsonError),
}

/// A game judged, or why it could not be read.
enum Judged {
    Game(Game, Box<Verdict>),
    Sdn(ParseError),
    Json(JsonError),
}

fn judge(read: Read) -> Judged {
    match read {
        Read::Game(game) => {
            // A line names the players and no more of the record, and says nothing of the
            // moves replayed: they are not listed, and the rest of the record is freed here, on
            // the thread that read it (freeing it on another thread costs the allocator more).
            let verdict = verify_outcome(&game);
            let mut tags = game.tags;
            tags.retain(|tag| matches!(tag.name.as_str(), "White" | "Black"));
            let players = Game {
                tags,
                ..Game::default()
            };
            Judged::Game(players, Box::new(verdict))
        }
        Read::Sdn(e) => Judged::Sdn(e),
        Read::Json(e) => Judged::Json(e),
    }
}

/// The games of a JSON input (read whole).
fn json_games(input: &Input) -> Vec<Read> {
    let games = match std::str::from_utf8(&input.bytes) {
        Ok(text) => json::read_json(text),
        Err(e) => {
            let before = &input.bytes[..e.valid_up_to()];
            vec![Err(JsonError::Syntax {
                line: before.iter().filter(|&&b| b == b'\n').count() + 1,
                column: before.len()
                    - before
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |i| i + 1)
                    + 1,
                message: format!("JSON input is not UTF-8 (byte {})", e.valid_up_to()),
            })]
        }
    };
    games
        .into_iter()
        .map(|g| match g {
            Ok(game) => Read::Game(game),
            Err(e) => Read::Json(e),
        })
        .collect()
}

pub fn run(args: &Args) -> Exit {
    let sink = match Sink::open(None) {
        Ok(sink) => sink,
        Err(failed) => return failed,
    };
    match jobs::start(args.jobs) {
        Ok(pool) => {
            let jobs = pool.current_num_threads();
            pool.install(|| verify_files(args, jobs, sink))
        }
        Err(failed) => failed,
    }
}

/// Verifies every file, on the pool of `jobs` threads it runs in.
fn verify_files(args: &Args, jobs: usize, mut sink: Sink) -> Exit {
    let mut status = Exit::Ok;
    for path in &args.files {
        let json = args
            .from
            .map_or(is_json_name(path), |f| f == InputFormat::Json);
        let mut games = 0;
        let mut open = true;
        let mut lines = |input: &Input, first: usize, judged: Vec<Judged>, progress: &Meter| {
            games += judged.len();
            open = write_lines(args, input, first, judged, progress, &mut sink, &mut status);
            open
        };
        let read = if json {
            // JSON is read whole.
            let (inputs, read) = read_all(std::slice::from_ref(path));
            let quiet = Meter::new(true, "", None);
            for input in &inputs {
                let judged = json_games(input).into_par_iter().map(judge).collect();
                lines(input, args.reading.first_game(), judged, &quiet);
            }
            read
        } else {
            // SDN and PGN a window at a time: memory holds a window, never the file.
            // Each game judged on the thread that read it, as soon as it is read.
            let map = |game: GameRead| judge(game.map_or_else(Read::Sdn, Read::Game));
            each_window(
                path,
                &args.reading,
                jobs,
                &map,
                |input, first, judged, progress| lines(input, first, judged, progress),
            )
        };
        status = status.max(read);
        if games == 0 && read == Exit::Ok {
            eprintln!("{}: error: no games", path.display());
            status = status.max(Exit::Problems);
        }
        if !open {
            break;
        }
    }
    status.max(sink.finish())
}

/// Writes the lines of judged games (JSON made in parallel) in input order; false once the
/// output is gone.
fn write_lines(
    args: &Args,
    input: &Input,
    first: usize,
    judged: Vec<Judged>,
    progress: &Meter,
    sink: &mut Sink,
    status: &mut Exit,
) -> bool {
    let lines: Vec<(String, bool)> = match args.format {
        Format::Json => judged
            .into_par_iter()
            .enumerate()
            .map(|(i, judged)| line_of(args.format, input, first + i, judged))
            .collect(),
        Format::Text => {
            // Text lines print code frames on standard error: in order.
            progress.suspend(|| {
                judged
                    .into_iter()
                    .enumerate()
                    .map(|(i, judged)| line_of(args.format, input, first + i, judged))
                    .collect()
            })
        }
    };
    for (line, ok) in lines {
        if !ok {
            *status = (*status).max(Exit::Problems);
        }
        if !sink.write(&line) {
            return false;
        }
    }
    true
}

/// A game's line, and whether it stands (valid, and its result undisputed).
fn line_of(format: Format, input: &Input, number: usize, judged: Judged) -> (String, bool) {
    match judged {
        Judged::Game(game, verdict) => {
            let ok = verdict.status != Status::Invalid && verdict.dispute.is_none();
            let line = match format {
                Format::Text => text_line(input, number, &game, &verdict),
                Format::Json => json_line(input, number, &game, &verdict),
            };
            (line, ok)
        }
        Judged::Sdn(error) => {
            let line = match format {
                Format::Text => {
                    report_syntax(input, &error);
                    format!("{} #{number}: invalid: {}\n", input.name, error.located())
                }
                Format::Json => syntax_json_line(input, number, &error),
            };
            (line, false)
        }
        Judged::Json(error) => {
            let line = match format {
                Format::Text => {
                    report_json(input, &error);
                    format!("{} #{number}: invalid: {error}\n", input.name)
                }
                Format::Json => {
                    let report = VerdictLine::of_json_error(&input.name, number, &error);
                    format!("{}\n", serde_json::to_string(&report).unwrap_or_default())
                }
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

fn text_line(input: &Input, number: usize, game: &Game, verdict: &Verdict) -> String {
    let mut line = format!("{} #{number} {}: ", input.name, players(game));
    match verdict.status {
        Status::Finished => {
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
        Status::Unfinished => {
            let turns = if verdict.turns == 1 { "turn" } else { "turns" };
            let _ = write!(line, "*, unfinished after {} {turns}", verdict.turns);
        }
        Status::Invalid => {
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
                    first_line: input.first_line,
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
    let mut report = VerdictLine::of_verdict(&input.name, number, &input.bytes, game, verdict);
    if let Some(error) = &mut report.error {
        error.line += input.first_line;
    }
    format!("{}\n", serde_json::to_string(&report).unwrap_or_default())
}

fn syntax_json_line(input: &Input, number: usize, error: &ParseError) -> String {
    let mut report = VerdictLine::of_syntax_error(&input.name, number, &input.bytes, error);
    if let Some(error) = &mut report.error {
        error.line += input.first_line;
    }
    format!("{}\n", serde_json::to_string(&report).unwrap_or_default())
}
