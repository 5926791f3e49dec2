//! `sade-ref serve` under load: N clients on loopback, each playing Sade bot games through the
//! API against the server, in a bounded loop that stops by itself.
//!
//! `cargo bench --bench serve_load -- [think=ahead|client|server] [answer=full] [data=DIR]
//! [store=sqlite|folder|URL] [pause=MS] [actions=K] [watch] [disk] [N...]` (default
//! `think=ahead`, `store=sqlite`, N = 1 50 200). `disk` first measures the data folder's disk
//! alone (see `disk`). `store=folder` keeps the games as sade-ref 0.2 did, one file a game in
//! the data folder; `store=postgres://…` in that PostgreSQL database (emptied of games first).
//!
//! The server runs in this process (with the command's allocator) on 127.0.0.1:0 with a
//! scratch data folder in DIR (default the system's temporary folder; `data=/dev/shm` puts it
//! in memory, where a sync costs nothing, to tell the disk's share from the CPU's). Each client
//! creates a game (both seats its own, the server's auditable die) and plays it as a bot game:
//! a `roll`, then the `novice` bot's fulfilment of the face, action by action (`act`), until
//! the game is over or the client has made its share of actions (K, default 60), then a new
//! game. Each `roll` and `act` is an action, timed from request to answer: the referee's
//! judgement, the atomic write of the game's file, the answer.
//!
//! Who thinks, untimed (the "bot thinking time excluded"):
//! - `think=ahead` (the default): the bots' games are played with the library before the clock
//!   starts (`play::play_game`, novice against novice, seed 7000 + the client's number, so the
//!   die seed `7000-1` for client 0's first game), and each client creates its game from the
//!   played game's tags (a continued record with its `DieSeed`, so that the server's die rolls
//!   the same faces) and sends its rolls and actions. Each client creates its first game
//!   before the clock starts, so that the run measures 200 games in progress rather than 200
//!   creations at once (a creation is not an action, and is never timed). The bots' search costs the measured run
//!   nothing, as when the bots think on the players' own machines.
//! - `think=client`: the client reads the record from each answer (`sdn`) and asks the novice
//!   bot for the turn in its own thread, between the answer and its next request: the search
//!   runs on the same two cores as the server.
//! - `think=server`: the client asks the server's options search (`GET /options?limit=1`) and
//!   plays the first option.
//!
//! With `think=ahead` the clients ask for minimal answers (`Prefer: return=minimal`: the state
//! without the record, its SDN and the board, which a bot that keeps its own game does not
//! need); `answer=full` asks for the whole state, as the page does. The other shapes read the
//! record from each answer, so they ask for all of it.
//!
//! `watch` (with `think=ahead`): a second device on each game listens to its changes (Server-
//! Sent Events) and reads the state on each version, as the page does: the run also reports the
//! time from an action's request to its state on that device (`watch`).
//!
//! `pause=MS`: before each action a client waits a random time, uniform between half and one
//! and a half times MS, untimed: a player's time at the board. N games then offer about
//! 1000 N / MS actions a second between them. With no pause the loop is as tight as the
//! clients can make it, and by Little's law the mean latency is N / throughput: it measures
//! throughput, not the latency a game sees.

mod ahead;
mod disk;
mod thinking;
mod watch;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::RngExt as _;
use rand::rngs::ChaCha8Rng;
use serde_json::Value;

/// Actions each client makes unless `actions=K` says otherwise (a bound: the loop stops by
/// itself).
const ACTIONS_PER_CLIENT: usize = 60;
/// The whole run of one N stops after this, whatever the clients have done.
const DEADLINE: Duration = Duration::from_secs(120);

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let arg = |key: &str| std::env::args().find_map(|a| a.strip_prefix(key).map(str::to_owned));
    let think = match arg("think=").as_deref() {
        None | Some("ahead") => Think::Ahead,
        Some("client") => Think::Client,
        Some("server") => Think::Server,
        Some(other) => {
            eprintln!("think={other}: ahead, client or server");
            std::process::exit(2);
        }
    };
    let shape = Shape {
        think,
        actions: arg("actions=")
            .and_then(|k| k.parse().ok())
            .unwrap_or(ACTIONS_PER_CLIENT),
        minimal: arg("answer=").as_deref() != Some("full"),
        pause: Duration::from_millis(arg("pause=").and_then(|ms| ms.parse().ok()).unwrap_or(0)),
        watch: std::env::args().any(|a| a == "watch" || a == "watch=other"),
        watch_at: None,
    };
    let counts: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .filter(|n| (1..=200).contains(n))
        .collect();
    let counts = if counts.is_empty() {
        vec![1, 50, 200]
    } else {
        counts
    };
    // `data=DIR`: where the games' folder is made (default: the system's temporary folder).
    let parent = std::env::args()
        .find_map(|a| a.strip_prefix("data=").map(std::path::PathBuf::from))
        .unwrap_or_else(std::env::temp_dir);
    let data = parent.join(format!("sade-ref-serve-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let database = match std::env::args().find_map(|a| a.strip_prefix("store=").map(str::to_owned))
    {
        None => None,
        Some(store) if store == "sqlite" => None,
        Some(store) if store == "folder" => Some(format!("folder:{}", data.display())),
        Some(url) => Some(url),
    };
    let config = sade_ref::serve::Config {
        host: "127.0.0.1".to_owned(),
        port: 0,
        data: data.clone(),
        database,
        games: None,
        max_games: 100_000,
        abandon_after: None,
        create_per_minute: 0,
        forwarded_for: false,
        claim_after: None,
        login_per_minute: 0,
        public_url: None,
    };
    let shown = config
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite:{}/sade-ref.db", data.display()));
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let result = sade_ref::serve::run(&config, |addr, _, _| {
            let _ = tx.send(addr);
        });
        if let Err(e) = result {
            eprintln!("the server stopped: {e}");
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the server listens");
    let url = format!("http://{addr}");
    let mut shape = shape;
    if std::env::args().any(|a| a == "watch=other") {
        let other = second_server(&data, &shown);
        println!("the watchers watch through a second server on the same database: {other}");
        shape.watch_at = Some(Box::leak(other.into_boxed_str()));
    }
    let thinker = match shape.think {
        Think::Ahead => "the novice bots, before the clock starts",
        Think::Client => "the novice bot in the client, between answer and request",
        Think::Server => "the server's options search (GET /options)",
    };
    println!(
        "serve load: Sade games through the API on {url}; each action a roll or an act; \
         thinking (untimed): {thinker}; answers: {}; a pause of about {} ms before each action; \
         store {}",
        if shape.minimal && shape.think == Think::Ahead {
            "minimal (Prefer: return=minimal)"
        } else {
            "the whole state"
        },
        shape.pause.as_millis(),
        shown
    );
    if std::env::args().any(|a| a == "disk") {
        disk::disk(&data);
    }
    for n in counts {
        run(&url, n, shape);
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// A second server on the database `database` (with its own data folder), as a second process
/// would be: nothing is shared with the first but the database. Its URL.
fn second_server(data: &std::path::Path, database: &str) -> String {
    let config = sade_ref::serve::Config {
        host: "127.0.0.1".to_owned(),
        port: 0,
        data: data.join("second"),
        database: Some(database.to_owned()),
        games: None,
        max_games: 100_000,
        abandon_after: None,
        create_per_minute: 0,
        forwarded_for: false,
        claim_after: None,
        login_per_minute: 0,
        public_url: None,
    };
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let result = sade_ref::serve::run(&config, |addr, _, _| {
            let _ = tx.send(addr);
        });
        if let Err(e) = result {
            eprintln!("the second server stopped: {e}");
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the second server listens");
    format!("http://{addr}")
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_idle_connections_per_host(4)
        .build()
        .into()
}

fn call(agent: &ureq::Agent, method: &str, url: &str, body: Option<&Value>) -> (u16, Value) {
    let response = match (method, body) {
        ("GET", _) => agent.get(url).call(),
        (_, Some(body)) => agent
            .post(url)
            .header("Content-Type", "application/json")
            .send(body.to_string()),
        (_, None) => agent.post(url).send_empty(),
    };
    let Ok(mut response) = response else {
        return (0, Value::Null);
    };
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(16 * 1024 * 1024)
        .read_to_string()
        .unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Who thinks for the bots (untimed).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Think {
    /// Before the clock starts: the games are played with the library first.
    Ahead,
    /// The client, between an answer and its next request.
    Client,
    /// The server's options search.
    Server,
}

/// How the clients play: who thinks, and how long each waits before an action.
#[derive(Clone, Copy)]
struct Shape {
    think: Think,
    /// Actions each client makes.
    actions: usize,
    /// `think=ahead` asks for minimal answers (`Prefer: return=minimal`), unless `answer=full`.
    minimal: bool,
    /// Untimed, before each action: a player's time at the board (the mean; see the header).
    pause: Duration,
    /// `watch` (with `think=ahead`): a second device on each game, listening to its changes
    /// (see `watch`).
    watch: bool,
    /// `watch=other`: the second device watches through a second server on the same database
    /// (its URL), which hears the changes through the database (PostgreSQL's notices).
    watch_at: Option<&'static str>,
}

/// The pause before an action: uniform in [pause / 2, 3 pause / 2].
fn pause(shape: Shape, rng: &mut ChaCha8Rng) {
    if !shape.pause.is_zero() {
        std::thread::sleep(shape.pause.mul_f64(rng.random_range(0.5..1.5)));
    }
}

/// One client's actions (when each was sent, how long its answer took), how many requests
/// failed, and (`watch`) how long each action took to be drawn on the second device.
type Outcome = (Vec<(Instant, Duration)>, usize, Vec<Option<Duration>>);

/// A POST whose answer is read whole but not parsed: its status and its bytes.
fn send(agent: &ureq::Agent, url: &str, body: &Value, minimal: bool) -> (u16, Vec<u8>) {
    let mut request = agent.post(url).header("Content-Type", "application/json");
    if minimal {
        request = request.header("Prefer", "return=minimal");
    }
    let response = request.send(body.to_string());
    let Ok(mut response) = response else {
        return (0, Vec::new());
    };
    let status = response.status().as_u16();
    let answer = response
        .body_mut()
        .with_config()
        .limit(16 * 1024 * 1024)
        .read_to_vec()
        .unwrap_or_default();
    (status, answer)
}

fn run(url: &str, n: usize, shape: Shape) {
    // Every client prepares (think=ahead: plays its bots' games), then all start together.
    let ready = std::sync::Barrier::new(n + 1);
    let clock = std::sync::OnceLock::new();
    let (results, started): (Vec<Outcome>, Instant) = std::thread::scope(|s| {
        let (ready, clock) = (&ready, &clock);
        let handles: Vec<_> = (0..n)
            .map(|i| {
                s.spawn(move || {
                    let agent = agent();
                    let (games, first) = match shape.think {
                        Think::Ahead => {
                            let games = ahead::prepare(i, shape.actions);
                            let first = games.first().and_then(|g| ahead::create(&agent, url, g));
                            (games, first)
                        }
                        _ => (Vec::new(), None),
                    };
                    ready.wait();
                    let stop = *clock.wait() + DEADLINE;
                    match shape.think {
                        Think::Ahead => {
                            ahead::client_ahead(&agent, url, stop, (&games, first), shape, i as u64)
                        }
                        _ => thinking::client(url, stop, i as u64, shape),
                    }
                })
            })
            .collect();
        ready.wait();
        let started = Instant::now();
        let _ = clock.set(started);
        let results = handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect();
        (results, started)
    });
    let wall = started.elapsed();
    let failures: usize = results.iter().map(|r| r.1).sum();
    let mut drawn: Vec<Option<Duration>> = results.iter().flat_map(|r| r.2.clone()).collect();
    let actions: Vec<(Instant, Duration)> = results.into_iter().flat_map(|r| r.0).collect();
    let mut all: Vec<Duration> = actions.iter().map(|a| a.1).collect();
    all.sort();
    let at = |q: f64| {
        all.get(((all.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    };
    println!(
        "N={n:>3}: {:>6} actions in {:>7.2} s: {:>7.0} actions/s; latency median {:>7.2} ms, p99 {:>7.2} ms; {failures} failed",
        all.len(),
        wall.as_secs_f64(),
        all.len() as f64 / wall.as_secs_f64(),
        at(0.5).as_secs_f64() * 1000.0,
        at(0.99).as_secs_f64() * 1000.0,
    );
    if shape.watch {
        let missed = drawn.iter().filter(|d| d.is_none()).count();
        drawn.sort();
        let seen: Vec<Duration> = drawn.into_iter().flatten().collect();
        let at = |q: f64| {
            seen.get(((seen.len() as f64 * q).ceil() as usize).saturating_sub(1))
                .copied()
                .unwrap_or_default()
        };
        println!(
            "        on the second device (event heard, state read): median {:>7.2} ms, p99 {:>7.2} ms; {} of {} actions drawn ({missed} skipped: a later version came first)",
            at(0.5).as_secs_f64() * 1000.0,
            at(0.99).as_secs_f64() * 1000.0,
            seen.len(),
            seen.len() + missed,
        );
    }
    // When the slow actions were sent: spread over the run (a queue) or in a few seconds of it
    // (a stall of the machine or its disk).
    let slow = Duration::from_millis(50);
    let mut by_second = std::collections::BTreeMap::<u64, usize>::new();
    for (sent, latency) in &actions {
        if *latency > slow {
            *by_second
                .entry(sent.duration_since(started).as_secs())
                .or_default() += 1;
        }
    }
    if !by_second.is_empty() {
        let mut busiest: Vec<(u64, usize)> = by_second.into_iter().collect();
        let total: usize = busiest.iter().map(|b| b.1).sum();
        busiest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let shown: Vec<String> = busiest
            .iter()
            .take(5)
            .map(|(second, count)| format!("{count} in second {second}"))
            .collect();
        println!(
            "        {total} actions over 50 ms, sent in {} seconds of the run; most: {}",
            busiest.len(),
            shown.join(", ")
        );
    }
}
