//! A small client of a chess engine spoken to over UCI (the Universal Chess Interface), for
//! `match` in standard chess: `uci:PATH [name=value ...]`.
//!
//! The crates on crates.io for this are either years without a release (`uci`) or built on an
//! async runtime (`uciengine`); the part of the protocol a match needs is a few lines: `uci` /
//! `uciok` (the engine's name and options), `setoption`, `isready` / `readyok`, `ucinewgame`,
//! `position ... moves ...`, `go` / `bestmove`, `quit`. Every answer is awaited with a time
//! limit, so an engine that hangs fails the match instead of stopping it forever.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use shakmaty::uci::UciMove;

pub use super::uci_info::Score;
use super::uci_info::info_line;

/// How long the engine may take to answer `uci` and `isready`.
const HANDSHAKE: Duration = Duration::from_secs(20);
/// What the engine may take beyond the time it was given for a move.
const GRACE: Duration = Duration::from_secs(20);

/// Why an engine spec (what follows `uci:`) cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpecError {
    /// No path: `uci:` alone.
    #[error("`uci:` names no engine: give uci:PATH [name=value ...]")]
    NoEngine,
    /// An option with an empty name or value: `=3`, `Hash=`.
    #[error("`{word}` in the engine's options: give name=value, as UCI_Elo=1320")]
    NotAPair { word: String },
    /// A limit (`movetime`, `nodes`, `depth`) that is not a whole number.
    #[error("`{name}={value}`: {name} takes a whole number (milliseconds, nodes or plies)")]
    NotANumber {
        name: String,
        value: String,
        #[source]
        source: std::num::ParseIntError,
    },
    /// Words at the end with no `=value`: `Hash`.
    #[error("`{name}` in the engine's options has no value: give name=value")]
    NoValue { name: String },
}

/// Why an engine failed; each names the engine (`engine`: its `id name`, or its path).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// The program cannot be run.
    #[error("the engine {engine} cannot be started: {source}")]
    Start {
        engine: String,
        #[source]
        source: std::io::Error,
    },
    /// The program runs without a pipe to its input or output.
    #[error("the engine {engine} has no standard input or output")]
    NoPipes { engine: String },
    /// The engine lists no option so named (`known`: the ones it lists).
    #[error("the engine {engine} has no option `{option}` (it has: {})", known.join(", "))]
    NoOption {
        engine: String,
        option: String,
        known: Vec<String>,
    },
    /// The engine's `bestmove` line names no move.
    #[error("the engine {engine} answered `{line}`, which names no move")]
    NoMove { engine: String, line: String },
    /// The engine exited (or closed its input or output) before it gave `awaited`.
    #[error("the engine {engine} stopped before its `{awaited}`")]
    Stopped {
        engine: String,
        awaited: &'static str,
    },
    /// Writing to the engine failed otherwise.
    #[error("the engine {engine} does not listen ({source})")]
    Deaf {
        engine: String,
        #[source]
        source: std::io::Error,
    },
    /// The engine gave no `awaited` within `wait`.
    #[error("the engine {engine} gave no `{awaited}` within {} s", wait.as_secs())]
    Timeout {
        engine: String,
        awaited: &'static str,
        wait: Duration,
    },
}

/// How long the engine thinks on each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `go movetime N`: milliseconds.
    MoveTime(u64),
    /// `go nodes N`.
    Nodes(u64),
    /// `go depth N`.
    Depth(u64),
}

/// An engine as the command line names it: `uci:PATH [name=value ...]`. `movetime=MS`,
/// `nodes=N` and `depth=N` set the limit of each move (default `movetime=1000`); every other
/// pair is a UCI option (`UCI_LimitStrength=true UCI_Elo=1320`). A word without `=` belongs to
/// the name of the next option, so `Skill Level=0` is the option `Skill Level`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub path: PathBuf,
    pub options: Vec<(String, String)>,
    pub limit: Limit,
}

impl EngineSpec {
    /// Reads what follows `uci:`.
    ///
    /// # Errors
    /// [`SpecError`]: no path, an option with no value, a limit that is not a whole number.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let mut words = text.split_whitespace();
        let path = words.next().ok_or(SpecError::NoEngine)?;
        let mut spec = EngineSpec {
            path: PathBuf::from(path),
            options: Vec::new(),
            limit: Limit::MoveTime(1000),
        };
        let mut name_words: Vec<&str> = Vec::new();
        for word in words {
            let Some((last, value)) = word.split_once('=') else {
                name_words.push(word);
                continue;
            };
            name_words.push(last);
            let name = name_words.join(" ");
            name_words.clear();
            if name.is_empty() || value.is_empty() {
                return Err(SpecError::NotAPair { word: word.into() });
            }
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|source| SpecError::NotANumber {
                        name: name.clone(),
                        value: value.to_owned(),
                        source,
                    })
            };
            match name.as_str() {
                "movetime" => spec.limit = Limit::MoveTime(number()?),
                "nodes" => spec.limit = Limit::Nodes(number()?),
                "depth" => spec.limit = Limit::Depth(number()?),
                _ => spec.options.push((name, value.to_owned())),
            }
        }
        if !name_words.is_empty() {
            return Err(SpecError::NoValue {
                name: name_words.join(" "),
            });
        }
        Ok(spec)
    }
}

/// A running engine.
pub struct Engine {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, or its path.
    name: String,
}

impl Engine {
    /// Starts the engine, checks that it speaks UCI and knows the options asked for, and sets
    /// them.
    ///
    /// # Errors
    /// [`UciError`], naming the engine: it cannot be started, does not answer, or has no such
    /// option.
    pub fn start(spec: &EngineSpec) -> Result<Engine, UciError> {
        let shown = spec.path.display().to_string();
        let mut child = Command::new(&spec.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| UciError::Start {
                engine: shown.clone(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(UciError::NoPipes { engine: shown });
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            name: shown,
        };
        engine.send("uci", "uciok")?;
        let mut known = Vec::new();
        loop {
            let line = engine.receive(HANDSHAKE, "uciok")?;
            if line.trim() == "uciok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_owned();
            } else if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                known.push(name.to_owned());
            }
        }
        for (name, value) in &spec.options {
            if !known.iter().any(|k| k.eq_ignore_ascii_case(name)) {
                return Err(UciError::NoOption {
                    engine: engine.name.clone(),
                    option: name.clone(),
                    known,
                });
            }
            engine.send(&format!("setoption name {name} value {value}"), "readyok")?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The engine's name (`id name`), or its path when it gives none.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Tells the engine a new game begins.
    ///
    /// # Errors
    /// [`UciError`] when the engine does not answer.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame", "readyok")?;
        self.ready()
    }

    /// The engine's move after `moves` from the start (`fen`, or the initial position).
    ///
    /// # Errors
    /// [`UciError`] when the engine does not answer in time or answers no move.
    pub fn best_move(&mut self, fen: Option<&str>, moves: &[UciMove]) -> Result<UciMove, UciError> {
        let mut position = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            position.push_str(" moves");
            for m in moves {
                position.push(' ');
                position.push_str(&m.to_string());
            }
        }
        self.send(&position, "bestmove")?;
        let (go, wait) = self.go();
        self.send(&go, "bestmove")?;
        loop {
            let line = self.receive(wait, "bestmove")?;
            let Some(rest) = line.strip_prefix("bestmove") else {
                continue;
            };
            let word = rest.split_whitespace().next().unwrap_or("");
            return word.parse::<UciMove>().map_err(|_| UciError::NoMove {
                engine: self.name.clone(),
                line: line.trim().to_owned(),
            });
        }
    }

    /// The engine's `multipv` best moves from `fen` with their scores, best first, for the
    /// player to move; with `only`, that move's score alone (`go … searchmoves`). For an
    /// analysis; the limit is the spec's.
    ///
    /// # Errors
    /// [`UciError`] when the engine does not answer in time or answers no line.
    pub fn lines(
        &mut self,
        fen: &str,
        multipv: usize,
        only: Option<&UciMove>,
    ) -> Result<Vec<(UciMove, Score)>, UciError> {
        self.send(
            &format!("setoption name MultiPV value {multipv}"),
            "readyok",
        )?;
        self.ready()?;
        self.send(&format!("position fen {fen}"), "bestmove")?;
        let (mut go, wait) = self.go();
        if let Some(m) = only {
            go.push_str(&format!(" searchmoves {m}"));
        }
        self.send(&go, "bestmove")?;
        let mut lines: Vec<Option<(UciMove, Score)>> = vec![None; multipv];
        loop {
            let line = self.receive(wait, "bestmove")?;
            if line.starts_with("bestmove") {
                break;
            }
            if let Some((k, m, score)) = info_line(&line)
                && (1..=multipv).contains(&k)
            {
                lines[k - 1] = Some((m, score));
            }
        }
        let found: Vec<(UciMove, Score)> = lines.into_iter().flatten().collect();
        if found.is_empty() {
            return Err(UciError::NoMove {
                engine: self.name.clone(),
                line: "no `info … score … pv …` line".into(),
            });
        }
        Ok(found)
    }

    /// The `go` command of the spec's limit, and how long to wait for its answer.
    fn go(&self) -> (String, Duration) {
        match self.spec.limit {
            Limit::MoveTime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms) + GRACE,
            ),
            Limit::Nodes(n) => (format!("go nodes {n}"), GRACE * 3),
            Limit::Depth(n) => (format!("go depth {n}"), GRACE * 3),
        }
    }

    fn ready(&mut self) -> Result<(), UciError> {
        self.send("isready", "readyok")?;
        while self.receive(HANDSHAKE, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Writes `line`, after which the engine owes `awaited`. An engine that has exited closes
    /// its input: that is the same fault as its output ending before `awaited` (which of the
    /// two is seen first is a race), and it gets the same words.
    fn send(&mut self, line: &str, awaited: &'static str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| {
                let engine = self.name.clone();
                if source.kind() == std::io::ErrorKind::BrokenPipe {
                    UciError::Stopped { engine, awaited }
                } else {
                    UciError::Deaf { engine, source }
                }
            })
    }

    /// The next line, or an error naming what was awaited.
    fn receive(&mut self, wait: Duration, awaited: &'static str) -> Result<String, UciError> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(UciError::Timeout {
                engine: self.name.clone(),
                awaited,
                wait,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(UciError::Stopped {
                engine: self.name.clone(),
                awaited,
            }),
        }
    }
}

impl Drop for Engine {
    /// `quit`, then the process is ended if it is still there a moment later.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_reads_path_options_and_limit() {
        let spec = EngineSpec::parse(
            "/usr/games/stockfish UCI_LimitStrength=true UCI_Elo=1320 Skill Level=0 movetime=50",
        )
        .expect("a spec");
        assert_eq!(spec.path, PathBuf::from("/usr/games/stockfish"));
        assert_eq!(spec.limit, Limit::MoveTime(50));
        assert_eq!(
            spec.options,
            [
                ("UCI_LimitStrength".to_owned(), "true".to_owned()),
                ("UCI_Elo".to_owned(), "1320".to_owned()),
                ("Skill Level".to_owned(), "0".to_owned()),
            ]
        );
        assert_eq!(
            EngineSpec::parse("sf").map(|s| s.limit),
            Ok(Limit::MoveTime(1000))
        );
        assert_eq!(
            EngineSpec::parse("sf nodes=500").map(|s| s.limit),
            Ok(Limit::Nodes(500))
        );
    }

    #[test]
    fn a_bad_spec_is_refused_with_what_is_wrong() {
        assert_eq!(EngineSpec::parse("  "), Err(SpecError::NoEngine));
        assert!(matches!(
            EngineSpec::parse("sf movetime=fast"),
            Err(SpecError::NotANumber { name, value, .. }) if name == "movetime" && value == "fast"
        ));
        let hash = EngineSpec::parse("sf Hash").unwrap_err();
        assert_eq!(
            hash,
            SpecError::NoValue {
                name: "Hash".to_owned()
            }
        );
        assert_eq!(
            hash.to_string(),
            "`Hash` in the engine's options has no value: give name=value"
        );
        assert_eq!(
            EngineSpec::parse("sf =3"),
            Err(SpecError::NotAPair {
                word: "=3".to_owned()
            })
        );
    }
}
