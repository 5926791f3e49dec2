//! The baseline of `benches/verify.rs` as a program, for counting instructions against
//! `sade-ref verify` (docs/performance.md): reads a PGN file, parses every game with pgn-reader
//! and plays every SAN of the main line with shakmaty; prints the plies played.
//!
//! `cargo build --release --example replay_baseline`, then
//! `valgrind --tool=callgrind target/release/examples/replay_baseline FILE`.

use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

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
        std::hint::black_box(pos.is_checkmate());
        n
    }
}

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: replay_baseline FILE.pgn");
        return std::process::ExitCode::from(2);
    };
    let text = match std::fs::read(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            return std::process::ExitCode::from(2);
        }
    };
    let mut reader = Reader::new(&text[..]);
    let mut plies = 0;
    while let Ok(Some(n)) = reader.read_game(&mut Replay) {
        plies += n;
    }
    println!("{plies}");
    std::process::ExitCode::SUCCESS
}
