//! One workload of docs/journal/performance.md, repeated, to count its instructions with
//! callgrind or to profile it with perf: what a figure costs without the noise of a shared
//! machine.
//!
//! ```sh
//! cargo build --release --example workload
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/workload read tests/data/pgn/lichess/lichess_db_1000k.pgn 3
//! ```
//!
//! `workload MODE FILE [REPEAT]`, MODE one of:
//! - `baseline`: pgn-reader parses every game and shakmaty plays every SAN (issue 10's baseline);
//! - `pgn-reader`: pgn-reader alone, keeping nothing;
//! - `keeping`: pgn-reader keeping what sade-ref's record keeps (tags, moves, comments);
//! - `keeping-replay`: the same, and shakmaty plays every SAN;
//! - `read`: sade-ref's reader, every game to a record;
//! - `referee`: sade-ref's referee on the records (read once, before the repetitions);
//! - `verify`: both.
//!
//! A workload's own cost is the difference between two counts, e.g. REPEAT 3 and REPEAT 1,
//! halved: that takes out the process, reading the file and (for `referee`) the reading of the
//! records. It prints what it counted (plies, games, turns), so that nothing is optimised away.
//! It runs with the command's allocator.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../benches/support/pgn.rs"]
#[allow(dead_code)]
mod pgn;

use pgn::{Count, Keep, Replay};
use pgn_reader::{Reader, Visitor};
use sade_ref::parse::parse_str;
use sade_ref::referee::verify;

fn pgn_reader<V: Visitor>(
    text: &str,
    visitor: &mut V,
    mut count: impl FnMut(V::Output) -> usize,
) -> usize {
    let mut reader = Reader::new(text.as_bytes());
    let mut n = 0;
    while let Ok(Some(out)) = reader.read_game(visitor) {
        n += count(out);
    }
    n
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(path)) = (args.next(), args.next()) else {
        eprintln!("usage: workload MODE FILE [REPEAT] (see the source for the modes)");
        std::process::exit(2);
    };
    let repeat: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("workload: {path}: {e}");
            std::process::exit(2);
        }
    };
    let records: Vec<_> = if mode == "referee" {
        parse_str(&text)
            .into_iter()
            .filter_map(Result::ok)
            .collect()
    } else {
        Vec::new()
    };
    let mut n = 0;
    for _ in 0..repeat {
        n += match mode.as_str() {
            "baseline" => pgn_reader(&text, &mut Replay, |plies| plies),
            "pgn-reader" => pgn_reader(&text, &mut Count, |moves| moves),
            "keeping" => pgn_reader(&text, &mut Keep { play: false }, |k| k.moves.len()),
            "keeping-replay" => pgn_reader(&text, &mut Keep { play: true }, |k| k.plies),
            "read" => parse_str(&text).len(),
            "referee" => records.iter().map(|g| verify(g).turns).sum(),
            "verify" => parse_str(&text)
                .iter()
                .filter_map(|g| g.as_ref().ok())
                .map(|g| verify(g).turns)
                .sum(),
            _ => {
                eprintln!("workload: unknown mode {mode}");
                std::process::exit(2);
            }
        };
    }
    println!("{n}");
}
