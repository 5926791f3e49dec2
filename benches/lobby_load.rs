//! The lobby under load (issue 53's measure): N seeks made at once, taken at once by N other
//! players, then the N games played by scripted clients at one action a second.
//!
//! `cargo bench --bench lobby_load -- [store=sqlite|URL] [data=DIR] [actions=K] [N]` (default
//! N = 500, K = 10 actions a game, SQLite in a scratch folder of the system's temporary one).
//!
//! The server runs in this process on 127.0.0.1:0. Each player is a guest session (an account
//! costs an Argon2id hash at sign-up, which is not the lobby's work). Each seeker makes a
//! casual Standard seek and listens to the lobby's event stream (`GET /api/lobby/events`), as
//! the page does; when it hears its own seek's id it reads the seek (`GET /api/seeks/{id}`) and,
//! once the seek has a game, the game's state. Each taker accepts one seek (all at once, behind
//! a barrier) and reads the game's state. "Both pages show the game" is the later of the two
//! state reads; the time is counted from the acceptance's request. Then each game is played by
//! its two players' sessions (no token) at one action a second, each `act` timed from request
//! to answer.
//!
//! Figures: docs/journal/performance.md ("the lobby"). Not a test: it takes N threads per side
//! and a few tens of seconds.

use std::io::{BufRead, BufReader};
use std::sync::{Arc, Barrier, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A short opening both sides play, one move an action.
const MOVES: [&str; 10] = [
    "Nf3", "Nc6", "Nc3", "Nf6", "e4", "e5", "d4", "d5", "Be2", "Be7",
];

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// `method path` with the session's cookie (and a JSON body for a POST); the status and body.
fn call(
    agent: &ureq::Agent,
    url: &str,
    cookie: &str,
    method: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let answer = match (method, body) {
        ("POST", Some(body)) => agent
            .post(url)
            .header("Cookie", cookie)
            .header("Content-Type", "application/json")
            .send(body.to_string()),
        _ => agent.get(url).header("Cookie", cookie).call(),
    };
    match answer {
        Ok(mut response) => {
            let status = response.status().as_u16();
            let text = response.body_mut().read_to_string().unwrap_or_default();
            (status, serde_json::from_str(&text).unwrap_or(Value::Null))
        }
        Err(e) => panic!("{method} {url}: {e}"),
    }
}

/// A guest's session: its cookie.
fn guest(agent: &ureq::Agent, url: &str) -> String {
    let mut response = agent
        .post(format!("{url}/api/session/guest"))
        .header("Content-Type", "application/json")
        .send("{}")
        .expect("a guest session");
    let cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .expect("a cookie")
        .to_owned();
    let _ = response.body_mut().read_to_string();
    cookie
}

/// The p50, p99 and largest of `samples` in milliseconds.
fn spread(mut samples: Vec<Duration>) -> String {
    samples.sort();
    let at = |q: f64| {
        let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        samples[i].as_secs_f64() * 1000.0
    };
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {}",
        at(0.5),
        at(0.99),
        at(1.0),
        samples.len()
    )
}

/// The seeker's side: waits on the lobby's stream for its seek to become a game, then reads
/// the game's state; the game's id and when its page showed it.
fn seeker(url: &str, cookie: &str, seek: &str, ready: &Barrier) -> (String, Instant) {
    let agent = agent();
    call(&agent, &format!("{url}/api/session"), cookie, "GET", None);
    let mut stream = agent
        .get(format!("{url}/api/lobby/events"))
        .header("Cookie", cookie)
        .call()
        .expect("the lobby's stream");
    let mut lines = BufReader::new(stream.body_mut().as_reader());
    let mut line = String::new();
    // The stream's first event says it is open: from then on nothing is missed.
    while lines.read_line(&mut line).map(|n| n > 0).unwrap_or(false) && !line.starts_with("data:") {
        line.clear();
    }
    ready.wait();
    loop {
        line.clear();
        if lines.read_line(&mut line).map(|n| n == 0).unwrap_or(true) {
            panic!("the lobby's stream ended");
        }
        // Its own seek's id, or `*` (the stream fell behind: anything may have changed).
        let Some(data) = line.trim_end().strip_prefix("data: ") else {
            continue;
        };
        if data != "*" && !data.split(',').any(|id| id == seek) {
            continue;
        }
        let (_, seen) = call(
            &agent,
            &format!("{url}/api/seeks/{seek}"),
            cookie,
            "GET",
            None,
        );
        if let Some(game) = seen["game"].as_str() {
            let (status, _) = call(
                &agent,
                &format!("{url}/api/games/{game}"),
                cookie,
                "GET",
                None,
            );
            assert_eq!(status, 200);
            return (game.to_owned(), Instant::now());
        }
    }
}

fn main() {
    let number = |key: &str, default: usize| {
        std::env::args()
            .find_map(|a| a.strip_prefix(key).and_then(|n| n.parse().ok()))
            .unwrap_or(default)
    };
    let pairs = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<usize>().ok())
        .next()
        .unwrap_or(500);
    let actions = number("actions=", MOVES.len()).min(MOVES.len());
    let parent = std::env::args()
        .find_map(|a| a.strip_prefix("data=").map(std::path::PathBuf::from))
        .unwrap_or_else(std::env::temp_dir);
    let data = parent.join(format!("sade-ref-lobby-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let database = std::env::args()
        .find_map(|a| a.strip_prefix("store=").map(str::to_owned))
        .filter(|s| s != "sqlite");
    if let Some(url) = &database {
        sade_ref::serve::store::Database::open(url)
            .and_then(|db| db.clear())
            .expect("the database emptied");
    }
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
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        if let Err(e) = sade_ref::serve::run(&config, |addr, _, _| {
            let _ = tx.send(addr);
        }) {
            eprintln!("the server stopped: {e}");
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the server listens");
    let url = format!("http://{addr}");
    println!(
        "lobby load on {url}: {pairs} seeks made at once, taken at once, then {actions} actions a game at one a second"
    );

    let setup = agent();
    let players: Vec<(String, String)> = (0..pairs)
        .map(|_| (guest(&setup, &url), guest(&setup, &url)))
        .collect();

    // The seeks, made at once.
    let made = Instant::now();
    let barrier = Arc::new(Barrier::new(pairs));
    let seeks: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = players
            .iter()
            .map(|(seeker, _)| {
                let (barrier, url) = (barrier.clone(), url.clone());
                scope.spawn(move || {
                    // Each client's connection is open before the barrier, as a page's is.
                    let agent = agent();
                    call(&agent, &format!("{url}/api/session"), seeker, "GET", None);
                    barrier.wait();
                    let body = json!({"variant": "Standard", "colour": "white"});
                    let (status, seek) = call(
                        &agent,
                        &format!("{url}/api/seeks"),
                        seeker,
                        "POST",
                        Some(&body),
                    );
                    assert_eq!(status, 201, "{seek}");
                    seek["id"].as_str().expect("an id").to_owned()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a seeker"))
            .collect()
    });
    println!(
        "{pairs} seeks made in {:.1} s",
        made.elapsed().as_secs_f64()
    );

    // Taken at once, each seeker listening for its own.
    let ready = Arc::new(Barrier::new(2 * pairs));
    let (shown, games) = std::thread::scope(|scope| {
        let watchers: Vec<_> = players
            .iter()
            .zip(&seeks)
            .map(|((cookie, _), seek)| {
                let (ready, url) = (ready.clone(), url.clone());
                scope.spawn(move || seeker(&url, cookie, seek, &ready))
            })
            .collect();
        let takers: Vec<_> = players
            .iter()
            .zip(&seeks)
            .map(|((_, taker), seek)| {
                let (ready, url) = (ready.clone(), url.clone());
                scope.spawn(move || {
                    let agent = agent();
                    call(&agent, &format!("{url}/api/session"), taker, "GET", None);
                    ready.wait();
                    let asked = Instant::now();
                    let (status, taken) = call(
                        &agent,
                        &format!("{url}/api/seeks/{seek}/accept"),
                        taker,
                        "POST",
                        Some(&json!({})),
                    );
                    assert_eq!(status, 201, "{taken}");
                    let game = taken["game"].as_str().expect("a game").to_owned();
                    let (status, _) = call(
                        &agent,
                        &format!("{url}/api/games/{game}"),
                        taker,
                        "GET",
                        None,
                    );
                    assert_eq!(status, 200);
                    (asked, Instant::now())
                })
            })
            .collect();
        let taken: Vec<(Instant, Instant)> = takers
            .into_iter()
            .map(|h| h.join().expect("a taker"))
            .collect();
        let seen: Vec<(String, Instant)> = watchers
            .into_iter()
            .map(|h| h.join().expect("a seeker"))
            .collect();
        let shown: Vec<Duration> = taken
            .iter()
            .zip(&seen)
            .map(|((asked, taker), (_, seeker))| (*taker).max(*seeker) - *asked)
            .collect();
        (
            shown,
            seen.into_iter().map(|(game, _)| game).collect::<Vec<_>>(),
        )
    });
    println!(
        "acceptance to both players' pages showing the game: {}",
        spread(shown)
    );

    // The games, played at one action a second by their players' sessions.
    let timed: Vec<Duration> = std::thread::scope(|scope| {
        let handles: Vec<_> = players
            .iter()
            .zip(&games)
            .enumerate()
            .map(|(i, ((white, black), game))| {
                let url = url.clone();
                scope.spawn(move || {
                    let agent = agent();
                    call(&agent, &format!("{url}/api/session"), white, "GET", None);
                    // Spread the games' first actions over the first second.
                    std::thread::sleep(Duration::from_millis((i * 1000 / pairs.max(1)) as u64));
                    let mut times = Vec::new();
                    for (n, text) in MOVES.iter().take(actions).enumerate() {
                        let started = Instant::now();
                        let cookie = if n % 2 == 0 { white } else { black };
                        let (status, state) = call(
                            &agent,
                            &format!("{url}/api/games/{game}/act"),
                            cookie,
                            "POST",
                            Some(&json!({"text": text, "token": ""})),
                        );
                        assert_eq!(status, 200, "{state}");
                        times.push(started.elapsed());
                        std::thread::sleep(
                            Duration::from_secs(1).saturating_sub(started.elapsed()),
                        );
                    }
                    times
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game"))
            .collect()
    });
    println!("each action, request to answer: {}", spread(timed));
    let _ = std::fs::remove_dir_all(&data);
}
