//! The `sade-ref` command: `convert` and `verify`. See `sade-ref --help`.

mod cli;

/// mimalloc: the reader and the referee allocate small records by the million (a turn, a
/// comment, a resolved move per ply); it serves them in about half the time of the system's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}
