//! `sade-ref puzzles`: make puzzles from self-play (`generate`) and re-prove a file of them
//! with the referee (`check`). See spec/PUZZLES.md.

use std::time::Instant;

use clap::Subcommand;
use sade_ref::puzzles::{self, Generate};
use sade_ref::record::Variant;

use super::status::Status;
use super::words::io_words;

/// Make puzzles from self-play, or re-prove a file of them.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref puzzles generate --variant sade --count 100 --seed 1 -o sade.jsonl\n  sade-ref puzzles check data/puzzles/*.jsonl"
)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Mine puzzles from self-play at the engine's levels; each one's answer is proved unique.
    Generate(GenerateArgs),
    /// Re-prove every puzzle of JSONL files: exactly one answer, the puzzle's. Exit code 1 when
    /// a line is not a puzzle or a puzzle fails its proof.
    Check(CheckArgs),
}

#[derive(clap::Args)]
struct GenerateArgs {
    #[arg(long, value_parser = super::variants::parser(&super::variants::PUZZLES))]
    variant: Variant,
    /// Puzzles wanted.
    #[arg(long)]
    count: usize,
    /// The self-play run's seed: the same seed gives the same file, byte for byte.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at most (default: 50 for each puzzle wanted).
    #[arg(long)]
    max_games: Option<u64>,
    /// Puzzles kept from one game at most.
    #[arg(long, default_value_t = 4)]
    per_game: usize,
    /// A position whose turn has more different answers than this is left out.
    #[arg(long, default_value_t = 4000)]
    max_answers: usize,
    /// Where to write the JSONL (default: standard output).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// JSONL files of puzzles.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Status {
    match &args.action {
        Action::Generate(a) => generate(a),
        Action::Check(a) => check(a),
    }
}

fn generate(args: &GenerateArgs) -> Status {
    let mut options = Generate::new(args.variant, args.count, args.seed);
    options.per_game = args.per_game.max(1);
    options.max_answers = args.max_answers;
    if let Some(max) = args.max_games {
        options.max_games = max;
    }
    let started = Instant::now();
    let mut games = 0;
    let found = match puzzles::generate(&options, |n, _| games = n) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("sade-ref: puzzles generate: {e}");
            return Status::Failed;
        }
    };
    let text = puzzles::to_jsonl(&found);
    let written = match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {}", path.display(), io_words(&e))),
        None => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.map_err(|e| io_words(&e)),
            }
        }
    };
    if let Err(e) = written {
        eprintln!("sade-ref: puzzles generate: {e}");
        return Status::Failed;
    }
    eprintln!(
        "sade-ref: puzzles generate: {} puzzles from {games} games in {:.1} s",
        found.len(),
        started.elapsed().as_secs_f64()
    );
    if found.len() < args.count {
        eprintln!(
            "sade-ref: puzzles generate: {} wanted, {} found in {} games",
            args.count,
            found.len(),
            options.max_games
        );
        return Status::Problems;
    }
    Status::Ok
}

fn check(args: &CheckArgs) -> Status {
    let mut status = Status::Ok;
    for path in &args.files {
        let name = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{name}: error: cannot read: {}", io_words(&e));
                status = status.max(Status::Failed);
                continue;
            }
        };
        let (read, errors) = puzzles::read_jsonl(&text);
        for e in &errors {
            eprintln!(
                "{name}:{}:{}: error: not a puzzle: {}",
                e.line, e.column, e.message
            );
        }
        let failures = puzzles::prove_all(&read);
        for (line, id, reason) in &failures {
            eprintln!("{name}:{line}: error: puzzle {id} fails its proof: {reason}");
        }
        println!(
            "{name}: {} puzzles proved, {} failed, {} lines not puzzles",
            read.len() - failures.len(),
            failures.len(),
            errors.len()
        );
        if !errors.is_empty() || !failures.is_empty() {
            status = status.max(Status::Problems);
        }
    }
    status
}
