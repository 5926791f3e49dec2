//! `sade-ref serve` under load: N clients on loopback, each playing Sade games through the API
//! against the server, in a bounded loop that stops by itself.
//!
//! `cargo bench --bench serve_load -- [server-thinks] [data=DIR] [pause=MS] [N...]` (default
//! 1 50 200):
//! the server runs in this process on 127.0.0.1:0 with a scratch data folder (in DIR, default
//! the system's temporary folder: `data=/dev/shm` puts it in memory, where a sync costs
//! nothing, to tell the disk's share from the CPU's); each client creates a game
//! (both seats its own, the server's auditable die) and plays it as a bot game: a roll, then
//! the `novice` bot's fulfilment of the face, action by action, until the game is over or the
//! client has made its share of actions, then a new game.
//!
//! The shape is a closed loop: each client sends its next request when the answer to the last
//! one is in, after its bot's thinking. The thinking is not timed, and it is not done by the
//! server: the client reads the record from the answer (`sdn`) and chooses with the library
//! (`play::next_actions`), in its own thread (on the same machine's cores, so it still competes
//! with the server for them). With `server-thinks`, the earlier shape: the client asks the
//! server for the options of the face (`GET /options?limit=1`, untimed) and plays the first.
//! Each `roll` and `act` is an action, timed from request to answer (the referee's judgement,
//! the atomic write of the file, the answer). Reported: actions per second over the run, and
//! the median and p99 latency of an action. By Little's law the mean latency of a closed loop
//! is N / throughput less the clients' thinking time. `pause=MS`: each client also waits MS
//! milliseconds before each action (untimed), a player slower than the novice bot; with no
//! pause the loop is as tight as the clients can make it.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde_json::{Value, json};

use sade_ref::play::{Bot, next_actions};
use sade_ref::record::Game;
use sade_ref::rules::Detail;
use sade_ref::rules::sade::{Place, State, play_turn_at};

/// Actions each client makes (a bound: the loop stops by itself).
const ACTIONS_PER_CLIENT: usize = 60;
/// The whole run of one N stops after this, whatever the clients have done.
const DEADLINE: Duration = Duration::from_secs(120);

fn main() {
    let shape = Shape {
        server_thinks: std::env::args().any(|a| a == "server-thinks"),
        pause: Duration::from_millis(
            std::env::args()
                .find_map(|a| a.strip_prefix("pause=").and_then(|ms| ms.parse().ok()))
                .unwrap_or(0),
        ),
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
    let config = sade_ref::serve::Config {
        host: "127.0.0.1".to_owned(),
        port: 0,
        data: data.clone(),
        games: None,
        max_games: 100_000,
    };
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
    let thinker = if shape.server_thinks {
        "the server's options search (GET /options)"
    } else {
        "the novice bot in the client"
    };
    println!(
        "serve load: Sade games through the API on {url}; each action a roll or an act; \
         thinking (untimed): {thinker}; a pause of {} ms before each action; data folder {}",
        shape.pause.as_millis(),
        data.display()
    );
    for n in counts {
        run(&url, n, shape);
    }
    let _ = std::fs::remove_dir_all(&data);
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

/// One client: its action latencies and how many requests failed.
/// How the clients play: who thinks, and how long each waits before an action.
#[derive(Clone, Copy)]
struct Shape {
    server_thinks: bool,
    /// Untimed, before each action: a player's time to think beyond the bot's search.
    pause: Duration,
}

fn client(url: &str, stop: Instant, seed: u64, shape: Shape) -> (Vec<Duration>, usize) {
    let agent = agent();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::with_capacity(ACTIONS_PER_CLIENT);
    let mut failures = 0;
    'games: while latencies.len() < ACTIONS_PER_CLIENT && Instant::now() < stop {
        let (status, created) = call(
            &agent,
            "POST",
            &format!("{url}/api/games"),
            Some(&json!({})),
        );
        if status != 201 {
            failures += 1;
            break;
        }
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        let token = created["arbiter"].as_str().unwrap_or_default().to_owned();
        let mut state = created["state"].clone();
        let mut mind = Mind {
            done: 0,
            state: None,
        };
        while latencies.len() < ACTIONS_PER_CLIENT && Instant::now() < stop {
            match state["phase"].as_str() {
                Some("roll") => {
                    std::thread::sleep(shape.pause);
                    let started = Instant::now();
                    let (status, next) = call(
                        &agent,
                        "POST",
                        &format!("{url}/api/games/{id}/roll"),
                        Some(&json!({ "token": token })),
                    );
                    latencies.push(started.elapsed());
                    if status != 200 {
                        failures += 1;
                        continue 'games;
                    }
                    state = next;
                }
                Some("act") => {
                    // The thinking: not timed.
                    let written = state["written"].as_u64().unwrap_or(0) as usize;
                    let actions = if shape.server_thinks {
                        server_choice(&agent, url, &id)
                    } else {
                        match bot_choice(&state, &mut mind, &mut rng) {
                            Some(actions) => actions,
                            None => {
                                failures += 1;
                                continue 'games;
                            }
                        }
                    };
                    for action in actions.iter().skip(written) {
                        std::thread::sleep(shape.pause);
                        let started = Instant::now();
                        let (status, next) = call(
                            &agent,
                            "POST",
                            &format!("{url}/api/games/{id}/act"),
                            Some(&json!({ "token": token, "text": action })),
                        );
                        latencies.push(started.elapsed());
                        if status != 200 {
                            failures += 1;
                            continue 'games;
                        }
                        state = next;
                    }
                }
                _ => continue 'games,
            }
        }
    }
    (latencies, failures)
}

/// The first option of the face, as the server's options search gives it.
fn server_choice(agent: &ureq::Agent, url: &str, id: &str) -> Vec<String> {
    let (_, options) = call(
        agent,
        "GET",
        &format!("{url}/api/games/{id}/options?limit=1"),
        None,
    );
    options["options"][0]["actions"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_else(|| vec!["--".to_owned()])
}

/// What a client knows of its game between answers, so that its thinking costs one turn, not
/// the game: the state after the first `done` turns of the record.
struct Mind {
    done: usize,
    state: Option<State>,
}

/// The novice bot's fulfilment of the face, chosen in the client from the record in the answer:
/// the turns the client has not seen are played from its state (`play_turn_at`), and the bot is
/// asked for the last turn alone, from a record of that turn set up from the state's FEN.
fn bot_choice(state: &Value, mind: &mut Mind, rng: &mut ChaCha8Rng) -> Option<Vec<String>> {
    let sdn = state["sdn"].as_str()?;
    let game = sade_ref::parse_str(sdn).into_iter().next()?.ok()?;
    let last = game.turns.len().checked_sub(1)?;
    if mind.state.is_none() || mind.done > last {
        mind.state = Some(State::from_game(&game).ok()?);
        mind.done = 0;
    }
    let mut now = mind.state.take()?;
    for turn in &game.turns[mind.done..last] {
        now = play_turn_at(&now, turn, Detail::Verdict, Place::Inner).state;
    }
    let mut alone = Game::default();
    alone.set_tag("Variant", "Sade");
    alone.set_tag("SetUp", "1");
    alone.set_tag("FEN", now.fen());
    alone.turns.push(game.turns[last].clone());
    mind.state = Some(now);
    mind.done = last;
    let actions = next_actions(Bot::Random, &alone, rng).ok()?;
    Some(actions.iter().map(ToString::to_string).collect())
}

fn run(url: &str, n: usize, shape: Shape) {
    let stop = Instant::now() + DEADLINE;
    let started = Instant::now();
    let results: Vec<(Vec<Duration>, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|i| s.spawn(move || client(url, stop, i as u64, shape)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let wall = started.elapsed();
    let failures: usize = results.iter().map(|r| r.1).sum();
    let mut all: Vec<Duration> = results.into_iter().flat_map(|r| r.0).collect();
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
}
