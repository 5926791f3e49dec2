//! The `sade-ref` command: `verify` (the referee's verdict on every game), `convert` (SDN, PGN
//! and JSON records, both ways), `options` (what a player could have done), `show` and `report`
//! (a turn drawn as text or SVG; a game as an HTML page), `play` and `match` (bots and engines),
//! `perft`, `puzzles`, `course` and `serve` (the web application). See `sade-ref --help`.

mod cli;

/// mimalloc: the reader and the referee allocate small records by the million (a turn, a
/// comment, a resolved move per ply); it serves them in about half the time of the system's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}
