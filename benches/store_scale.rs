//! `sade-ref serve` with many finished games stored: the time to start, the time to read the
//! first page of the list, and the server's resident memory, with 100 and with N (default
//! 100,000) finished games in the database.
//!
//! `cargo bench --bench store_scale -- [N] [store=URL]` (default SQLite in a scratch folder;
//! `store=postgres://…` fills that PostgreSQL database, emptied of games first).
//!
//! The games are put in with the import's one transaction (a finished Standard game, one row
//! each, as a server keeps it), then the release binary is started as a user starts it, twice:
//! the start is the time from its launch to the line with its URL (the first start after the
//! fill also finishes the fill's own work, SQLite's checkpoint of its log, and is shown apart);
//! the first page is `GET /api/games` (100 games), the median of 20; the memory is the
//! server's `VmRSS` after them.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sade_ref::serve::live::{Live, Meta, Mode};
use sade_ref::serve::store::Database;

/// A finished game, as the server keeps one.
const RECORD: &str = "[Event \"scale\"]\n[Variant \"Standard\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";

fn main() {
    let n: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(100_000);
    let store = std::env::args().find_map(|a| a.strip_prefix("store=").map(str::to_owned));
    println!("serve with stored finished games: start, first page of the list, memory");
    println!(
        "{:>9}  {:>15}  {:>9}  {:>14}  {:>10}",
        "stored", "first start ms", "start ms", "first page ms", "RSS MiB"
    );
    for count in [100, n] {
        let data = std::env::temp_dir().join(format!(
            "sade-ref-store-scale-{}-{count}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&data);
        std::fs::create_dir_all(&data).expect("a scratch folder");
        let url = store
            .clone()
            .unwrap_or_else(|| format!("sqlite:{}", data.join("sade-ref.db").display()));
        fill(&url, count);
        let (first, _, _) = measure(&data, &url);
        let (start, page, rss) = measure(&data, &url);
        println!(
            "{count:>9}  {:>15.0}  {:>9.0}  {:>14.1}  {:>10.1}",
            first.as_secs_f64() * 1e3,
            start.as_secs_f64() * 1e3,
            page.as_secs_f64() * 1e3,
            rss as f64 / 1024.0
        );
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// Empties the database of games and puts `count` finished ones in.
fn fill(url: &str, count: usize) {
    let db = Database::open(url).expect("the database");
    db.clear().expect("emptied");
    let game = sade_ref::parse_str(RECORD)
        .remove(0)
        .expect("the record reads");
    let meta = Meta {
        mode: Mode::Record,
        players: ["human".to_owned(), "human".to_owned()],
        tokens: ["0".repeat(32), "1".repeat(32)],
        arbiter: Some("2".repeat(32)),
        seed: None,
        created: Some(1_700_000_000_000),
        aided: false,
        settled: false,
        clock: None,
        kind: Default::default(),
        abandoned: false,
        aborted: false,
        changed: None,
        offer: None,
        rematch: None,
        owners: [None, None],
        rated: false,
        listed: true,
    };
    let template = Live::new("0".repeat(16), game, meta);
    let started = Instant::now();
    let games: Vec<(Live, String)> = (0..count)
        .map(|i| {
            let mut live = template.clone();
            live.id = format!("{i:016x}");
            live.meta.created = Some(1_700_000_000_000 + i as u64);
            (live, RECORD.to_owned())
        })
        .collect();
    db.import(&format!("scale-{count}"), &games, &[])
        .expect("the games put in");
    eprintln!(
        "({count} games put in in {:.1} s)",
        started.elapsed().as_secs_f64()
    );
}

/// The server's start, its first page's median time, and its resident memory in KiB.
fn measure(data: &std::path::Path, url: &str) -> (Duration, Duration, u64) {
    let launched = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["serve", "--port", "0", "--data"])
        .arg(data)
        .args(["--database", url])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let mut lines = BufReader::new(child.stdout.take().expect("its output")).lines();
    let first = lines.next().expect("a line").expect("text");
    let start = launched.elapsed();
    let address = first
        .strip_prefix("sade-ref serve: ")
        .expect("the URL")
        .trim_end_matches('/')
        .to_owned();
    std::thread::spawn(move || for _ in lines {});
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut times: Vec<Duration> = (0..20)
        .map(|_| {
            let asked = Instant::now();
            let mut answer = agent
                .get(format!("{address}/api/games"))
                .call()
                .expect("an answer");
            let body = answer.body_mut().read_to_string().expect("a body");
            let took = asked.elapsed();
            assert!(body.starts_with('['), "{body}");
            took
        })
        .collect();
    times.sort();
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    let _ = child.kill();
    let _ = child.wait();
    (start, times[times.len() / 2], rss)
}
