//! The referee's two cost ratios (issue 32), side by side in one run, against one anchor.
//!
//! `cargo bench --bench ratios` prints:
//! - **Standard**: `sade-ref verify --jobs 1 --format json` on 20,000 random games (the bots'
//!   `novice` level on both sides, seed 1: about 3.8 million plies), against the anchor, a
//!   pgn-reader + shakmaty replay of the same file (read from disk, every game parsed, every SAN
//!   played; target ≤ 1.85);
//! - **Sade**: `sade-ref verify --jobs 1 --format json` on 200 self-play games (novice bots,
//!   seed 1, each with its auditable die) repeated ten times, its cost per action against the
//!   anchor's cost per chess move (target ≤ 4).
//!
//! Both commands are timed the same way, as the process a user runs, in rounds: each round
//! times the anchor, the Standard command and the Sade command one after the other, so that
//! the three meet the same load of a shared machine, and gives the round's two ratios. It
//! prints every round and the median of the rounds (`SADE_RATIO_ROUNDS`, default 7, at least
//! 3). The anchor runs in this process with the command's allocator.
//!
//! `SADE_RATIO_BEFORE=path/to/sade-ref` times another build of the command too, in the same
//! rounds, against the same anchor (an earlier commit's release binary): its two ratios are
//! printed beside this one's.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pgn_reader::Reader;
use sade_ref::play::{Options, play_game};
use sade_ref::record::{Game, Variant};
use sade_ref::write::sdn::to_sdn;
use support::pgn::Replay;

/// The Standard games: the issue's own workload.
const STANDARD_GAMES: u64 = 20_000;
/// The Sade games, and how many times the file repeats them.
const SADE_GAMES: u64 = 200;
const SADE_COPIES: usize = 10;

fn main() {
    let rounds: usize = std::env::var("SADE_RATIO_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(7)
        .max(3);
    let dir = std::env::temp_dir().join(format!("sade-ref-ratios-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        println!("cannot make {}: {e}; nothing timed", dir.display());
        return;
    }
    let standard = dir.join("standard.pgn");
    let sade = dir.join("sade.sdn");
    let made = write_games(&standard, Variant::Standard, STANDARD_GAMES, 1)
        .and_then(|_| write_games(&sade, Variant::Sade, SADE_GAMES, SADE_COPIES));
    let actions = match made {
        Ok(actions) => actions,
        Err(e) => {
            println!("cannot write the games: {e}; nothing timed");
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
    };
    let plies = anchor(&standard).1;
    println!(
        "standard: {STANDARD_GAMES} random games, {plies} plies; sade: {SADE_GAMES} self-play games \
         x {SADE_COPIES}, {actions} actions"
    );
    let mut builds = vec![("this build", PathBuf::from(env!("CARGO_BIN_EXE_sade-ref")))];
    if let Some(before) = std::env::var_os("SADE_RATIO_BEFORE") {
        builds.push(("before", PathBuf::from(before)));
    }
    println!(
        "round  build        anchor     standard   sade       standard/anchor  sade action/anchor move"
    );
    let mut ratios = vec![Vec::new(); builds.len()];
    'rounds: for round in 1..=rounds {
        // One anchor a round, shared by the builds timed in it.
        let (anchor_time, _) = anchor(&standard);
        for ((name, exe), ratios) in builds.iter().zip(&mut ratios) {
            let (Some(standard_time), Some(sade_time)) =
                (verify(exe, &standard), verify(exe, &sade))
            else {
                println!("{} verify did not run; nothing more timed", exe.display());
                break 'rounds;
            };
            let per_move = anchor_time.as_secs_f64() / plies as f64;
            let per_action = sade_time.as_secs_f64() / actions as f64;
            let ratio = (
                standard_time.as_secs_f64() / anchor_time.as_secs_f64(),
                per_action / per_move,
            );
            println!(
                "{round:>5}  {name:<10}  {:>6.3} s  {:>6.3} s   {:>6.3} s   {:>15.2}  {:>23.2}",
                anchor_time.as_secs_f64(),
                standard_time.as_secs_f64(),
                sade_time.as_secs_f64(),
                ratio.0,
                ratio.1
            );
            ratios.push(ratio);
        }
    }
    for ((name, _), ratios) in builds.iter().zip(ratios) {
        if ratios.is_empty() {
            continue;
        }
        let standard: Vec<f64> = ratios.iter().map(|r| r.0).collect();
        let sade: Vec<f64> = ratios.iter().map(|r| r.1).collect();
        println!(
            "{name}, median of {} rounds: standard verify / anchor {:.2} (target <= 1.85); sade action / anchor move {:.2} (target <= 4.0)",
            ratios.len(),
            median(standard),
            median(sade)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes `games` bots' games of `variant` (seed 1) to `path`, the whole file `copies` times;
/// returns the actions written.
fn write_games(path: &Path, variant: Variant, games: u64, copies: usize) -> Result<usize, String> {
    let options = Options {
        variant,
        seed: 1,
        ..Options::default()
    };
    let mut text = String::new();
    let mut actions = 0;
    for number in 1..=games {
        let played = play_game(&options, number).map_err(|e| format!("game {number}: {e}"))?;
        actions += count_actions(&played.game);
        text.push_str(&to_sdn(&played.game));
        text.push('\n');
    }
    std::fs::write(path, text.repeat(copies)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(actions * copies)
}

fn count_actions(game: &Game) -> usize {
    game.turns.iter().map(|t| t.actions().count()).sum()
}

/// The anchor: the file read from disk, every game parsed by pgn-reader and every SAN played
/// by shakmaty. Its time and the plies it played.
fn anchor(path: &Path) -> (Duration, usize) {
    let start = Instant::now();
    let Ok(bytes) = std::fs::read(path) else {
        return (Duration::ZERO, 0);
    };
    let mut reader = Reader::new(bytes.as_slice());
    let mut plies = 0;
    while let Ok(Some(n)) = reader.read_game(&mut Replay) {
        plies += n;
    }
    (start.elapsed(), plies)
}

/// `exe verify --jobs 1 --format json` on `path` (`exe` a build of `sade-ref`), its output thrown
/// away; `None` when it cannot run or fails.
fn verify(exe: &Path, path: &Path) -> Option<Duration> {
    let start = Instant::now();
    let status = Command::new(exe)
        .args(["verify", "--jobs", "1", "--format", "json"])
        .arg(path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    // Exit code 1 is a verdict (an invalid game), not a failure to run.
    matches!(status.code(), Some(0 | 1)).then(|| start.elapsed())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len().is_multiple_of(2) {
        (values[mid - 1] + values[mid]) / 2.0
    } else {
        values[mid]
    }
}
