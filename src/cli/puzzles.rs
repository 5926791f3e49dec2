//! `sade-ref puzzles`: make puzzles from self-play (`generate`) and re-prove a file of them
//! with the referee (`check`). See spec/PUZZLES.md.

use std::time::Instant;

use clap::Subcommand;
use sade_ref::puzzles::{self, Generate};
use sade_ref::record::Variant;

use super::exit::Exit;
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
    /// Print a Markdown table of JSONL files of puzzles: per game and theme, the count, the
    /// Articles, the rating quartiles and the share of source games by level.
    Table(TableArgs),
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
    /// The most puzzles, in percent of --count, from games with a novice in them.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(0..=100))]
    novice_share: u8,
    /// The most puzzles of one theme, in percent of --count.
    #[arg(long, default_value_t = 75, value_parser = clap::value_parser!(u8).range(1..=100))]
    theme_share: u8,
    /// The most puzzles in one band of 200 rating points, in percent of --count.
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u8).range(1..=100))]
    band_share: u8,
    /// Keep only puzzles of this theme (repeat for more; default: every theme but defend,
    /// mate-in-two-turns, win-material and defend-material, looked for only when named: they
    /// walk or search the opponent's turns after each answer).
    #[arg(long = "theme", value_name = "THEME", value_parser = theme_named)]
    themes: Vec<puzzles::Theme>,
    /// Look also one turn off each game, at the turns that leave the player a chance at a rare
    /// theme: Marseillais, a mate that takes en passant or castles; Sade, a sacrifice that
    /// stalemates, a series to survive or complete, or an exposure that may check (for the
    /// themes en-passant, castling, sweet-stalemate, survive, poverty-of-the-flesh, exposure).
    #[arg(long)]
    sidelines: bool,
    /// Add --count puzzles to this file's: they are written first, and the new ones are held
    /// to their positions, games and shares.
    #[arg(long, value_name = "FILE")]
    extend: Option<std::path::PathBuf>,
    /// Say on standard error, every 50 games, how many puzzles are found.
    #[arg(long)]
    progress: bool,
    /// Where to write the JSONL (default: standard output).
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// JSONL files of puzzles.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
    /// Also play each puzzle's source game again and check that its turn (and sideline) lead
    /// to the puzzle's position (slow: the committed sets take about 4 minutes).
    #[arg(long)]
    sources: bool,
}

#[derive(clap::Args)]
struct TableArgs {
    /// JSONL files of puzzles.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Exit {
    match &args.action {
        Action::Generate(a) => generate(a),
        Action::Check(a) => check(a),
        Action::Table(a) => table(a),
    }
}

fn generate(args: &GenerateArgs) -> Exit {
    let mut options = Generate::new(args.variant, args.count, args.seed);
    options.per_game = args.per_game.max(1);
    options.max_answers = args.max_answers;
    if let Some(max) = args.max_games {
        options.max_games = max;
    }
    options.novice_share = f64::from(args.novice_share) / 100.0;
    options.theme_share = f64::from(args.theme_share) / 100.0;
    options.band_share = f64::from(args.band_share) / 100.0;
    options.themes.clone_from(&args.themes);
    options.sidelines = args.sidelines;
    let set = match &args.extend {
        None => Vec::new(),
        Some(path) => match read_set(path) {
            Ok(set) => set,
            Err(e) => {
                eprintln!("sade-ref: puzzles generate: {e}");
                return Exit::Failed;
            }
        },
    };
    let before = set.len();
    let started = Instant::now();
    let mut games = 0;
    let found = match puzzles::generate_more(&options, set, |n, found| {
        games = n;
        if args.progress && n % 50 == 0 {
            eprintln!(
                "sade-ref: puzzles generate: {n} games, {} puzzles, {:.0} s",
                found - before,
                started.elapsed().as_secs_f64()
            );
        }
    }) {
        Ok(found) => found,
        Err(e) => {
            eprintln!("sade-ref: puzzles generate: {e}");
            return Exit::Failed;
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
        return Exit::Failed;
    }
    let new = found.len() - before;
    eprintln!(
        "sade-ref: puzzles generate: {new} puzzles from {games} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    if new < args.count {
        eprintln!(
            "sade-ref: puzzles generate: {} wanted, {new} found in {} games",
            args.count, options.max_games
        );
        return Exit::Problems;
    }
    Exit::Ok
}

fn check(args: &CheckArgs) -> Exit {
    let mut status = Exit::Ok;
    for path in &args.files {
        let name = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{name}: error: cannot read: {}", io_words(&e));
                status = status.max(Exit::Failed);
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
        let mut astray = 0;
        if args.sources {
            let mut replays = puzzles::Replays::default();
            for (line, p) in &read {
                let why = match replays.position(p.variant, &p.source) {
                    Ok(fen) if fen == p.fen => continue,
                    Ok(fen) => {
                        format!("the source does not lead to the puzzle: it leads to `{fen}`")
                    }
                    Err(e) => e.to_string(),
                };
                astray += 1;
                eprintln!("{name}:{line}: error: puzzle {}: {why}", p.id);
            }
            println!(
                "{name}: {} sources lead to their puzzles, {astray} do not",
                read.len() - astray
            );
        }
        if !errors.is_empty() || !failures.is_empty() || astray > 0 {
            status = status.max(Exit::Problems);
        }
    }
    status
}

/// The rating at quartile `q` (1–3) of sorted ratings, the nearest rank.
fn quartile(sorted: &[u32], q: usize) -> u32 {
    sorted[(sorted.len() * q / 4).min(sorted.len() - 1)]
}

fn table(args: &TableArgs) -> Exit {
    let mut all = Vec::new();
    for path in &args.files {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: error: cannot read: {}", path.display(), io_words(&e));
                return Exit::Failed;
            }
        };
        let (read, errors) = puzzles::read_jsonl(&text);
        for e in &errors {
            eprintln!(
                "{}:{}:{}: error: not a puzzle: {}",
                path.display(),
                e.line,
                e.column,
                e.message
            );
        }
        if !errors.is_empty() {
            return Exit::Problems;
        }
        all.extend(read.into_iter().map(|(_, p)| p));
    }
    let mut groups: std::collections::BTreeMap<(&str, puzzles::Theme), Vec<&puzzles::Puzzle>> =
        std::collections::BTreeMap::new();
    for p in &all {
        groups
            .entry((p.variant.name(), p.theme))
            .or_default()
            .push(p);
    }
    println!(
        "| game | theme | Articles | puzzles | rating Q1 / median / Q3 | club and casual games | with a beginner | with a novice |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut totals: std::collections::BTreeMap<&str, Vec<&puzzles::Puzzle>> = Default::default();
    let rows = groups
        .iter()
        .map(|((game, theme), list)| {
            totals
                .entry(*game)
                .or_default()
                .extend(list.iter().copied());
            ((*game).to_owned(), format!("`{theme}`"), list.clone())
        })
        .collect::<Vec<_>>();
    let totals = totals
        .into_iter()
        .map(|(game, list)| (format!("**{game}**"), "all".to_owned(), list));
    for (game, theme, list) in rows.into_iter().chain(totals) {
        let mut ratings: Vec<u32> = list.iter().map(|p| p.rating).collect();
        ratings.sort_unstable();
        let mut articles: Vec<String> = list.iter().map(|p| p.article.to_string()).collect();
        articles.sort();
        articles.dedup();
        let level = |name: &str| {
            list.iter()
                .filter(|p| p.source.white == name || p.source.black == name)
                .count()
        };
        let novice = level("novice");
        let beginner = list
            .iter()
            .filter(|p| {
                (p.source.white == "beginner" || p.source.black == "beginner")
                    && p.source.white != "novice"
                    && p.source.black != "novice"
            })
            .count();
        let share = |n: usize| format!("{:.0}%", 100.0 * n as f64 / list.len() as f64);
        println!(
            "| {game} | {theme} | {} | {} | {} / {} / {} | {} | {} | {} |",
            if theme == "all" {
                String::new()
            } else {
                articles.join(", ")
            },
            list.len(),
            quartile(&ratings, 1),
            quartile(&ratings, 2),
            quartile(&ratings, 3),
            share(list.len() - novice - beginner),
            share(beginner),
            share(novice)
        );
    }
    Exit::Ok
}

/// The theme named by a slug, for `--theme`; the error lists the themes there are.
fn theme_named(slug: &str) -> Result<puzzles::Theme, String> {
    puzzles::Theme::from_slug(slug).ok_or_else(|| {
        let all: Vec<&str> = puzzles::Theme::ALL.iter().map(|t| t.slug()).collect();
        format!("no theme `{slug}`: the themes are {}", all.join(", "))
    })
}

/// The puzzles of a file to extend, every line a puzzle.
fn read_set(path: &std::path::Path) -> Result<Vec<puzzles::Puzzle>, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {name}: {}", io_words(&e)))?;
    let (read, errors) = puzzles::read_jsonl(&text);
    match errors.first() {
        Some(e) => Err(format!(
            "{name}:{}:{}: not a puzzle: {}",
            e.line, e.column, e.message
        )),
        None => Ok(read.into_iter().map(|(_, p)| p).collect()),
    }
}
