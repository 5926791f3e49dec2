//! Referee throughput, measured in one run (compare ratios: the machines are shared and noisy).
//!
//! `cargo bench --bench verify`:
//! - Standard: `sade-ref verify` (parse + referee) on the lichess sample of `../shared/data`
//!   against a plain pgn-reader + shakmaty replay of the same text (the baseline every PGN tool
//!   can reach), as games/s and the ratio;
//! - Sade: the whole games `corpus/games/sade_*.sdn`, as games/s and actions/s.
//!
//! Each figure is the best of five runs.

use std::hint::black_box;
mod support;

use std::ops::ControlFlow;
use std::path::Path;

use support::best_of;

use pgn_reader::{Reader, SanPlus, Visitor};
use sade_ref::parse::parse_str;
use sade_ref::referee::{Status, verify};
use shakmaty::{Chess, Position};

/// Replays the main line with shakmaty; the output is the number of legal moves played.
struct Replay;

impl Visitor for Replay {
    type Tags = ();
    type Movetext = (Chess, usize, bool);
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, Self::Movetext> {
        ControlFlow::Continue((Chess::default(), 0, true))
    }
    fn san(&mut self, (pos, n, ok): &mut Self::Movetext, san: SanPlus) -> ControlFlow<usize> {
        if *ok {
            match san.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    *n += 1;
                }
                Err(_) => *ok = false,
            }
        }
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<usize, pgn_reader::Skip> {
        ControlFlow::Continue(pgn_reader::Skip(true))
    }
    fn end_game(&mut self, (pos, n, _): Self::Movetext) -> usize {
        black_box(pos.is_checkmate());
        n
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::fs::read_to_string(root.join("../shared/data/pgn/lichess/lichess_db_1000k.pgn")) {
        Ok(text) => {
            let (ours, valid) = best_of(5, || {
                parse_str(&text)
                    .iter()
                    .filter_map(|g| g.as_ref().ok())
                    .filter(|g| verify(g).status != Status::Invalid)
                    .count()
            });
            let (theirs, plies) = best_of(5, || {
                let mut reader = Reader::new(text.as_bytes());
                let mut plies = 0;
                while let Ok(Some(n)) = reader.read_game(&mut Replay) {
                    plies += n;
                }
                plies
            });
            let games = parse_str(&text).len() as f64;
            println!(
                "standard: lichess_db_1000k.pgn, {games} games, {plies} plies ({valid} valid)"
            );
            println!(
                "  sade-ref verify (parse + referee)   {:>10.0} games/s",
                games / ours.as_secs_f64()
            );
            println!(
                "  pgn-reader + shakmaty replay         {:>10.0} games/s",
                games / theirs.as_secs_f64()
            );
            println!(
                "  ratio sade-ref / baseline            {:>10.2}",
                theirs.as_secs_f64() / ours.as_secs_f64()
            );
        }
        Err(e) => println!("standard: ../shared/data not found ({e}); skipped"),
    }

    let mut texts = Vec::new();
    if let Ok(entries) = std::fs::read_dir(root.join("corpus/games")) {
        for entry in entries.flatten() {
            let sade = entry.file_name().to_string_lossy().starts_with("sade_");
            if sade && entry.path().extension().is_some_and(|e| e == "sdn") {
                texts.push(std::fs::read_to_string(entry.path()).unwrap_or_default());
            }
        }
    }
    let games: Vec<_> = texts
        .iter()
        .flat_map(|t| parse_str(t))
        .filter_map(Result::ok)
        .collect();
    let actions: usize = games
        .iter()
        .flat_map(|g| &g.turns)
        .map(|t| t.actions().count())
        .sum();
    let (time, _) = best_of(5, || {
        games
            .iter()
            .filter(|g| verify(g).status != Status::Invalid)
            .count()
    });
    let (parse, _) = best_of(5, || texts.iter().map(|t| parse_str(t).len()).sum());
    println!(
        "sade: corpus/games/sade_*.sdn, {} games, {actions} actions",
        games.len()
    );
    println!(
        "  referee alone      {:>10.0} games/s  {:>10.0} actions/s",
        games.len() as f64 / time.as_secs_f64(),
        actions as f64 / time.as_secs_f64()
    );
    println!(
        "  reader alone       {:>10.0} games/s  (reader / referee time = {:.3})",
        games.len() as f64 / parse.as_secs_f64(),
        parse.as_secs_f64() / time.as_secs_f64()
    );
}
