//! Correspondence games (spec/SERVE.md, "Games, seats and tokens"): days for each turn, the
//! clock full again at each turn's start, PGN's `TimeControl "1/86400"` for a turn a day, and a
//! game that goes on across the server's restarts.

use serde_json::{Value, json};

use super::{Server, Table, scratch};

const DAY_MS: u64 = 86_400_000;

#[test]
fn a_turn_a_day_survives_a_restart_and_each_turn_starts_with_a_full_day() {
    let data = scratch("correspondence");
    let mut server = Server::start(&data, &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "time_control": {"days": 1}}));
    let token = |side: &str| created[side].as_str().expect("a token").to_owned();
    let white = Table {
        server: &server,
        id: id.clone(),
        token: token("white"),
    };
    let state = white.state();
    assert_eq!(state["clocks"]["white"], DAY_MS, "{}", state["clocks"]);
    assert!(
        white.file().contains("[TimeControl \"1/86400\"]"),
        "{}",
        white.file()
    );
    let rolled = white.ok("roll", json!({}));
    let played = if rolled["phase"] == "act" {
        white.play_first_option()
    } else {
        rolled
    };
    assert_eq!(played["side"], "black", "{played}");
    let clocks = &played["clocks"];
    assert_eq!(
        clocks["white"], DAY_MS,
        "White's clock is full again: {clocks}"
    );
    assert_eq!(clocks["running"], "black");
    assert!(clocks["black"].as_u64().expect("Black's time") <= DAY_MS);
    assert!(!white.file().contains("[%clk"), "{}", white.file());

    server.kill();
    let server = Server::start(&data, &[]);
    let black = Table {
        server: &server,
        id,
        token: token("black"),
    };
    let state = black.state();
    assert_eq!(state["phase"], "roll", "the game goes on after the restart");
    assert_eq!(state["side"], "black");
    assert_eq!(state["clocks"]["running"], "black");
    if black.ok("roll", json!({}))["phase"] == "act" {
        black.play_first_option();
    }
    let state = black.state();
    assert_eq!(state["side"], "white", "{state}");
    assert_eq!(state["clocks"]["black"], DAY_MS);
}

#[test]
fn days_are_one_to_fourteen_and_never_mixed_with_seconds() {
    let server = Server::start(&scratch("correspondence_refused"), &[]);
    for control in [
        json!({"days": 15}),
        json!({"days": 2, "initial": 300}),
        json!({"days": 1, "increment": 5}),
    ] {
        let refused = server.post("/api/games", &json!({"time_control": control}));
        assert_eq!(refused.status, 400, "{control}: {}", refused.text);
        assert_eq!(refused.body["field"], "time_control");
    }
    let (_, created) = server.create(&json!({"variant": "Standard", "time_control": {"days": 3}}));
    assert_eq!(created["state"]["clocks"]["white"], 3 * DAY_MS);
    assert_eq!(created["state"]["claimable_at"], Value::Null);
}
