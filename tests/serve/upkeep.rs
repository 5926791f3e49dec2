//! What keeps a server open to everyone (spec/SERVE.md, "Storage" and "Security"): a game
//! nobody plays in is closed after `--abandon-after` and frees its place under `--max-games`;
//! one address makes at most `--create-limit` new games a minute.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Server, Table, scratch};

/// Asks for game `id`'s state until `done` says so of it, for 20 s at most.
fn state_when(server: &Server, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let state = server.get(&format!("/api/games/{id}")).body;
        if done(&state) {
            return state;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not closed in time: {state}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_game_nobody_plays_in_is_closed_and_frees_its_place() {
    let data = scratch("upkeep_abandoned");
    let server = Server::start(&data, &["--abandon-after", "2s", "--max-games", "2"]);
    let idle = server.arbiters_table(&json!({"variant": "Standard", "mode": "record"}));
    idle.ok("act", json!({"text": "e4"}));
    let (clocked, _) = server
        .create(&json!({"variant": "Standard", "time_control": {"initial": 600, "increment": 0}}));
    let full = server.post("/api/games", &json!({"variant": "Sade"}));
    assert_eq!(full.status, 429, "{}", full.text);
    let closed = state_when(&server, &idle.id, |s| s["phase"] == "over");
    let sdn = closed["sdn"].as_str().unwrap();
    assert!(sdn.contains("[Termination \"abandoned\"]"), "{sdn}");
    assert!(
        sdn.contains("{Closed by the server: no action for 2 seconds.}"),
        "{sdn}"
    );
    assert!(sdn.contains("1. e4"), "the record is kept: {sdn}");
    assert_eq!(
        closed["verdict"]["result"], "*",
        "an aborted game has no winner"
    );
    assert_eq!(server.stored(&idle.id), sdn, "closed as kept");
    let refused = idle.call("act", json!({"text": "e5"}));
    assert_eq!(refused.status, 409, "{}", refused.text);
    assert_eq!(refused.body["field"], "game");
    // Its place is free; the game on the clock was left open (its clock ends it).
    let again = server.post("/api/games", &json!({"variant": "Sade"}));
    assert_eq!(again.status, 201, "{}", again.text);
    assert_eq!(
        server.get(&format!("/api/games/{clocked}")).body["phase"],
        "act"
    );
}

#[test]
fn one_address_makes_at_most_its_new_games_a_minute() {
    let data = scratch("upkeep_rate");
    let server = Server::start(&data, &["--create-limit", "3"]);
    for _ in 0..3 {
        server.create(&json!({"variant": "Standard"}));
    }
    let refused = server.post("/api/games", &json!({"variant": "Standard"}));
    assert_eq!(refused.status, 429, "{}", refused.text);
    assert!(
        refused.text.contains("too many new games"),
        "{}",
        refused.text
    );
    let wait: u64 = refused
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .unwrap();
    assert!((1..=21).contains(&wait), "{wait}");
    let puzzle = server.post("/api/puzzles/next", &json!({}));
    assert_eq!(puzzle.status, 429, "a puzzle's game is a new game too");
    // The list and the games themselves are not limited.
    assert_eq!(server.get("/api/games").status, 200);
    let (id, token) = {
        let list = server.get("/api/games").body;
        (list[0]["id"].as_str().unwrap().to_owned(), String::new())
    };
    let table = Table {
        server: &server,
        id,
        token,
    };
    assert_eq!(table.state()["phase"], "act");
}
