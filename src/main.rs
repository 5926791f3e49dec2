//! The `sade-ref` command: `convert` and `verify`. See `sade-ref --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
