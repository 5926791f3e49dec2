//! Games through the API, each action judged by the referee.

use std::sync::{Arc, Barrier};

use sade_ref::{Status, parse_str, verify};
use serde_json::{Value, json};

use super::{Server, Table, scratch};

/// A recorded Sade game: the arbiter enters the faces; face 3 moves the opponent's pieces,
/// face 4 sacrifices, face 5 brings back an enemy piece, face 6 exposes the king, an illegal
/// action is refused with its Article and nothing of it is kept; then the game is played to
/// its end, and the file on disk verifies as the same game with the same result.
#[test]
fn a_recorded_sade_game_to_its_end() {
    let server = Server::start(&scratch("sade_game"), &[]);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let table = Table {
        server: &server,
        id,
        token: created["arbiter"]
            .as_str()
            .expect("the arbiter's token")
            .to_owned(),
    };
    assert_eq!(created["state"]["phase"], "roll");
    assert_eq!(created["state"]["die"], "entered");

    // 1. face 3: White moves three of Black's pieces (Art. 12.1).
    let state = table.ok("roll", json!({"face": 3}));
    assert_eq!(
        (state["phase"].as_str(), state["face"].as_u64()),
        (Some("act"), Some(3))
    );
    let options = table.options();
    assert_eq!(options["mode"]["pieces"], "opponent", "{options}");
    assert_eq!(options["mode"]["article"], "Art. 12.1");
    let refused = table.call("act", json!({"text": "e4"}));
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.body["article"], "Art. 12.2", "{}", refused.text);
    assert_eq!(refused.body["code"], "own-pieces-while-enemy-possible");
    assert_eq!(
        table.state()["written"],
        0,
        "nothing of a refused action is kept"
    );
    table.ok("act", json!({"from": "b8", "to": "c6"}));
    table.ok("act", json!({"text": "a6"}));
    let state = table.ok("act", json!({"text": "h6"}));
    assert_eq!(
        (state["phase"].as_str(), state["side"].as_str()),
        (Some("roll"), Some("black"))
    );

    // 1... face 4: Black gives up his knight, which goes to White's pool; a regular move
    // follows the sacrifice (R16): the turn is not over before it.
    table.ok("roll", json!({"face": 4}));
    let state = table.ok("act", json!({"sacrifice": "c6"}));
    assert_eq!(
        (state["phase"].as_str(), state["written"].as_u64()),
        (Some("act"), Some(1))
    );
    assert!(
        state["fen"].as_str().expect("fen").contains("[n]"),
        "{}",
        state["fen"]
    );
    let state = table.ok("act", json!({"text": "e6"}));
    assert_eq!(state["phase"], "roll", "{}", state["sdn"]);

    // 2. face 5: White brings Black's knight back.
    table.ok("roll", json!({"face": 5}));
    let resurrection = first_option(&table);
    let (piece, square) = resurrection[0].split_once('@').expect("a resurrection");
    let state = table.ok(
        "act",
        json!({"resurrect": {"piece": piece, "square": square}}),
    );
    assert!(
        state["fen"].as_str().expect("fen").contains("[]"),
        "{}",
        state["fen"]
    );

    // 2... face 6: Black moves every piece he can away from his king (exposure).
    table.ok("roll", json!({"face": 6}));
    let exposure = first_option(&table);
    assert!(!exposure.is_empty());
    for action in &exposure {
        table.ok("act", json!({ "text": action }));
    }
    assert_eq!(table.state()["phase"], "roll");
    let record = table.state()["sdn"].as_str().expect("sdn").to_owned();
    assert!(
        record.contains("1. 3: Nc6 a6 h6 1... 4: -Nc6 e6 2. 5: "),
        "{record}"
    );
    assert!(record.contains("2... 6: "), "{record}");

    // Then White rolls 4 every turn and Black 1, the first option each time (one that ends
    // the game when there is one): White gives up a piece a turn until a rule ends the game
    // (at the latest when White has nothing but the king, Art. 9.3).
    let mut turns = 0;
    loop {
        let state = table.state();
        if state["phase"] == "over" {
            break;
        }
        turns += 1;
        assert!(
            turns < 100,
            "the game did not end in 100 turns: {}",
            state["sdn"]
        );
        let face = if state["side"] == "white" { 4 } else { 1 };
        if table.ok("roll", json!({ "face": face }))["phase"] == "act" {
            table.play_first_option();
        }
    }
    let state = table.state();
    assert_eq!(
        state["verdict"]["status"], "finished",
        "{}",
        state["verdict"]
    );
    assert!(state["verdict"]["termination"].is_string());

    // The file on disk: the same game, the same result.
    let file = table.file();
    assert_eq!(file, state["sdn"].as_str().expect("sdn"));
    let game = parse_str(&file).remove(0).expect("the file reads");
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(verdict.result.as_str(), state["verdict"]["result"]);
    assert_eq!(game.tag("Result"), Some(verdict.result.as_str()));

    // No turn follows the end.
    let after = table.call("roll", json!({"face": 1}));
    assert_eq!(after.status, 409, "{}", after.text);
}

fn first_option(table: &Table<'_>) -> Vec<String> {
    let options = table.options();
    options["options"][0]["actions"]
        .as_array()
        .unwrap_or_else(|| panic!("an option: {options}"))
        .iter()
        .map(|a| a.as_str().expect("text").to_owned())
        .collect()
}

/// Against a bot in play mode, with the server's auditable die: the commitment is shown from
/// the start, the seed only at the end, and it verifies the faces of the record.
#[test]
fn a_sade_game_against_a_bot_with_the_auditable_die() {
    let server = Server::start(&scratch("sade_bot"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "black": "greedy"}));
    let table = Table {
        server: &server,
        id,
        token: created["white"].as_str().expect("White's token").to_owned(),
    };
    let commit = created["state"]["die_commit"]
        .as_str()
        .expect("DieCommit")
        .to_owned();
    assert!(created["state"]["die_seed"].is_null());
    let entered = table.call("roll", json!({"face": 6}));
    assert_eq!(
        (entered.status, entered.body["field"].as_str()),
        (400, Some("face"))
    );
    let mut turns = 0;
    loop {
        let state = table.state();
        if state["phase"] == "over" {
            break;
        }
        assert!(
            state["die_seed"].is_null(),
            "the seed stays secret during the game"
        );
        turns += 1;
        assert!(turns < 400, "the game did not end in 400 turns");
        assert_eq!(state["side"], "white", "the bot answers at once");
        if table.ok("roll", json!({}))["phase"] == "act" {
            table.play_first_option();
        }
    }
    let state = table.state();
    let seed = state["die_seed"]
        .as_str()
        .expect("the seed is revealed at the end");
    assert_eq!(sade_ref::die::commit(seed), commit);
    let game = parse_str(&table.file()).remove(0).expect("the file reads");
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished, "{verdict:?}");
    assert_eq!(game.tag("DieSeed"), Some(seed));
}

/// Standard and Marseillais games by squares and by SAN; Marseillais's checking first move
/// ends the turn (M2).
#[test]
fn standard_and_marseillais_games_move_by_move() {
    let server = Server::start(&scratch("chess_games"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let white = Table {
        server: &server,
        id: id.clone(),
        token: created["white"].as_str().unwrap().to_owned(),
    };
    let black = Table {
        server: &server,
        id,
        token: created["black"].as_str().unwrap().to_owned(),
    };
    white.ok("act", json!({"from": "f2", "to": "f3"}));
    black.ok("act", json!({"text": "e5"}));
    white.ok("act", json!({"text": "g4"}));
    let state = black.ok("act", json!({"text": "Qh4#"}));
    assert_eq!(state["phase"], "over");
    assert_eq!(state["verdict"]["termination"], "checkmate");
    assert_eq!(state["verdict"]["result"], "0-1");
    let pgn = server.get(&format!("/api/games/{}/export/pgn", white.id));
    assert_eq!(pgn.status, 200);
    assert!(pgn.text.contains("0-1"), "{}", pgn.text);

    let (id, created) = server.create(&json!({"variant": "Marseillais", "mode": "record"}));
    let arbiter = Table {
        server: &server,
        id,
        token: created["arbiter"].as_str().unwrap().to_owned(),
    };
    arbiter.ok("act", json!({"text": "e4"}));
    let state = arbiter.ok("act", json!({"text": "f5"}));
    assert_eq!(
        (state["side"].as_str(), state["written"].as_u64()),
        (Some("black"), Some(1))
    );
    arbiter.ok("act", json!({"text": "a6"}));
    // White's first move gives check: the turn ends there (M2).
    let state = arbiter.ok("act", json!({"text": "Qh5+"}));
    assert_eq!(state["side"], "black", "{}", state["sdn"]);
    let refused = arbiter.call("act", json!({"text": "Nf3"}));
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert!(refused.body["article"].is_string());
}

/// A new Sade game in record mode with the die's faces entered, at its arbiter's table.
fn recorded_sade(server: &Server) -> Table<'_> {
    server.arbiters_table(&json!({"variant": "Sade", "mode": "record", "die": "entered"}))
}

/// Which seat a token holds: each of the three tokens its own, any other none. A game played
/// by people has no arbiter unless one is asked for: each seat is its player's alone.
#[test]
fn a_token_tells_its_seat() {
    let server = Server::start(&scratch("seat"), &[]);
    let (_, unarbitered) = server.create(&json!({"variant": "Sade"}));
    assert_eq!(unarbitered["arbiter"], Value::Null, "{unarbitered}");
    assert_eq!(unarbitered["links"]["arbiter"], Value::Null);
    let (_, recorded) = server.create(&json!({"variant": "Sade", "mode": "record"}));
    assert!(
        recorded["arbiter"].is_string(),
        "a recorded game has its arbiter"
    );
    let refused = server.post("/api/games", &json!({"mode": "record", "arbiter": false}));
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert_eq!(refused.body["field"], "arbiter");
    let (id, created) = server.create(&json!({"variant": "Sade", "arbiter": true}));
    let seat = |body: Value| {
        let answer = server.send("POST", &format!("/api/games/{id}/seat"), &body.to_string());
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body["seat"].as_str().unwrap_or_default().to_owned()
    };
    for (token, expected) in [
        ("arbiter", "arbiter"),
        ("white", "white"),
        ("black", "black"),
    ] {
        assert_eq!(seat(json!({"token": created[token]})), expected);
    }
    assert_eq!(seat(json!({"token": "not-a-token"})), "watching");
    assert_eq!(seat(json!({})), "watching");
    let missing = server.send("POST", "/api/games/0000000000000000/seat", "{}");
    assert_eq!(missing.status, 404, "{}", missing.text);
}

/// Face 4 in record mode: a pawn's sacrifice written without its letter (`-b2`) is continued
/// by the options listed for the regular move, which write it `-b2` as the record does.
#[test]
fn the_options_after_a_sacrifice_written_without_its_piece_continue_it() {
    let server = Server::start(&scratch("sacrifice_options"), &[]);
    let table = recorded_sade(&server);
    table.ok("roll", json!({"face": 4}));
    table.ok("act", json!({"text": "-b2"}));
    let options = table.options();
    let listed = options["options"].as_array().expect("options");
    assert!(options["count"].as_u64() > Some(0), "{options}");
    assert!(
        listed
            .iter()
            .all(|o| o["actions"][0] == "-b2" && o["actions"].as_array().map(Vec::len) == Some(2)),
        "{options}"
    );
}

/// Record mode: a take back leaves a comment; a resignation ends the game as S3 says; the
/// tags are edited; the exports are the record's; a take back after the resignation takes
/// back the resignation, then the move.
#[test]
fn record_mode_takes_back_and_resigns() {
    let server = Server::start(&scratch("record_mode"), &[]);
    let table = recorded_sade(&server);
    table.ok("roll", json!({"face": 1}));
    table.ok("act", json!({"text": "a6"}));
    let state = table.ok("takeback", json!({}));
    assert_eq!(
        (state["phase"].as_str(), state["written"].as_u64()),
        (Some("act"), Some(0))
    );
    assert!(
        state["sdn"]
            .as_str()
            .unwrap()
            .contains("{taken back: a6 in turn 1.}"),
        "{}",
        state["sdn"]
    );
    table.ok("act", json!({"text": "h6"}));
    let tags = server.send(
        "PUT",
        &format!("/api/games/{}/tags", table.id),
        &json!({"token": table.token, "tags": {"Event": "Club night", "White": "Justine"}})
            .to_string(),
    );
    assert_eq!(tags.status, 200, "{}", tags.text);
    let bad_tag = server.send(
        "PUT",
        &format!("/api/games/{}/tags", table.id),
        &json!({"token": table.token, "tags": {"FEN": "8/8/8/8/8/8/8/8 w - - 0 1"}}).to_string(),
    );
    assert_eq!(
        (bad_tag.status, bad_tag.body["field"].as_str()),
        (400, Some("tags.FEN"))
    );
    let drawn = table.call("end", json!({"end": "agreement"}));
    assert_eq!(
        drawn.status, 400,
        "a Sade game is never drawn: {}",
        drawn.text
    );
    let state = table.ok("end", json!({"end": "resignation", "winner": "white"}));
    assert_eq!(state["verdict"]["status"], "finished");
    assert_eq!(state["verdict"]["termination"], "resignation");
    assert_eq!(state["verdict"]["article"], "S3");
    let sdn = server.get(&format!("/api/games/{}/export/sdn", table.id));
    assert_eq!(sdn.text, table.file());
    assert!(
        sdn.text.contains("[Event \"Club night\"]") && sdn.text.contains("1-0"),
        "{}",
        sdn.text
    );
    let verdict = server.get(&format!("/api/games/{}/export/verdict", table.id));
    assert_eq!(
        verdict.body["termination"], "resignation",
        "{}",
        verdict.text
    );
    let record = server.get(&format!("/api/games/{}/export/record", table.id));
    assert_eq!(record.status, 200);
    assert!(
        record.body["tags"].is_array() || record.body["tags"].is_object(),
        "{}",
        record.text
    );
    let report = server.get(&format!("/api/games/{}/export/report", table.id));
    assert!(report.text.starts_with("<!DOCTYPE html>"));
    let pgn = server.get(&format!("/api/games/{}/export/pgn", table.id));
    assert_eq!(pgn.status, 409, "PGN is for standard chess");
    // A take back after a declared end takes back the declaration, not the last move.
    let state = table.ok("takeback", json!({}));
    assert_eq!(state["verdict"]["status"], "unfinished", "{}", state["sdn"]);
    let sdn = state["sdn"].as_str().unwrap();
    assert!(
        sdn.contains("h6 {taken back: Black resigns}") && !sdn.contains("{Black resigns}"),
        "{sdn}"
    );
    assert!(
        !sdn.contains("1-0") && !sdn.contains("Termination"),
        "{sdn}"
    );
    // The next take back is the move's.
    let state = table.ok("takeback", json!({}));
    assert!(
        state["sdn"]
            .as_str()
            .unwrap()
            .contains("{taken back: h6 in turn 1.}"),
        "{}",
        state["sdn"]
    );
}

/// Two actions at once on one game: exactly one is accepted, twenty times over.
#[test]
fn two_actions_at_once_give_one() {
    let server = Server::start(&scratch("concurrent"), &[]);
    let table = recorded_sade(&server);
    for round in 0..20 {
        // A face 1: either of two moves fulfils it; only the first to get the lock is written.
        table.ok("roll", json!({"face": 1}));
        let options = table.options();
        let moves: Vec<String> = options["options"]
            .as_array()
            .expect("options")
            .iter()
            .take(2)
            .map(|o| o["actions"][0].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(moves.len(), 2, "round {round}: {options}");
        let barrier = Arc::new(Barrier::new(2));
        let statuses: Vec<u16> = std::thread::scope(|s| {
            let handles: Vec<_> = moves
                .iter()
                .map(|m| {
                    let barrier = Arc::clone(&barrier);
                    let table = &table;
                    s.spawn(move || {
                        barrier.wait();
                        table.call("act", json!({ "text": m })).status
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a thread"))
                .collect()
        });
        let accepted = statuses.iter().filter(|s| **s == 200).count();
        assert_eq!(accepted, 1, "round {round}: {statuses:?}");
        assert!(
            statuses.iter().all(|s| [200, 409, 422].contains(s)),
            "{statuses:?}"
        );
        let state: Value = table.state();
        let game = parse_str(state["sdn"].as_str().unwrap()).remove(0).unwrap();
        assert_eq!(
            game.turns.last().unwrap().actions().count(),
            1,
            "round {round}"
        );
        if state["phase"] == "over" {
            break;
        }
    }
}

/// `Prefer: return=minimal` (RFC 7240): the answer is the state without the record, its SDN
/// and the board, says so, and is the same state otherwise; without it, or with a preference
/// the server does not know, the answer is whole.
#[test]
fn a_minimal_answer_is_the_state_without_the_record_and_the_board() {
    let server = Server::start(&scratch("minimal"), &[]);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let token = created["arbiter"].as_str().unwrap().to_owned();
    let act = |what: &str, body: Value, prefer: Option<&str>| {
        let mut body = body;
        body["token"] = json!(token);
        let headers: Vec<(&str, &str)> = prefer.map(|p| ("Prefer", p)).into_iter().collect();
        let answer = server.send_with(
            "POST",
            &format!("/api/games/{id}/{what}"),
            &body.to_string(),
            &headers,
        );
        assert_eq!(answer.status, 200, "{what}: {}", answer.text);
        answer
    };
    let rolled = act("roll", json!({"face": 1}), Some("return=minimal"));
    assert_eq!(rolled.header("Preference-Applied"), Some("return=minimal"));
    for gone in ["record", "sdn", "svg", "board", "before"] {
        assert!(rolled.body.get(gone).is_none(), "{gone}: {}", rolled.text);
    }
    let whole = server.get(&format!("/api/games/{id}"));
    let mut trimmed = whole.body.clone();
    for gone in ["record", "sdn", "svg", "board", "before"] {
        trimmed.as_object_mut().unwrap().remove(gone);
    }
    assert_eq!(rolled.body, trimmed, "the same state, face 1 rolled");
    assert_eq!(rolled.body["phase"], "act");
    assert_eq!(rolled.body["face"], 1);
    // Several preferences, the one known among them, in another case and quoted.
    let moved = act(
        "act",
        json!({"text": "e5"}),
        Some("respond-async, wait=10, RETURN=\"minimal\""),
    );
    assert_eq!(moved.header("Preference-Applied"), Some("return=minimal"));
    assert!(moved.body.get("sdn").is_none(), "{}", moved.text);
    assert_eq!(moved.body["phase"], "roll", "face 1 fulfilled by one move");
    assert_ne!(moved.body["version"], rolled.body["version"]);
    // A preference the server does not know, or none: the whole state.
    let full = act("roll", json!({"face": 2}), Some("return=representation"));
    assert_eq!(full.header("Preference-Applied"), None);
    assert!(
        full.body["sdn"].as_str().unwrap().contains("1. 1: e5"),
        "{}",
        full.text
    );
    assert!(full.body["svg"].as_str().unwrap().starts_with("<svg"));
}

/// The list of games (issue 30, defect 12): the newest first, each a game, a puzzle attempt
/// or a lesson, with the time it was created; and the list follows the games created.
#[test]
fn the_games_list_is_newest_first_tells_puzzles_apart_and_leaves_lessons_out() {
    let server = Server::start(&scratch("games_list"), &[]);
    let (game, _) = server.create(&json!({"variant": "Standard"}));
    std::thread::sleep(std::time::Duration::from_millis(5));
    let puzzle = server.post("/api/puzzles/next", &json!({}));
    assert_eq!(puzzle.status, 201, "{}", puzzle.text);
    std::thread::sleep(std::time::Duration::from_millis(5));
    let lesson = server.post("/api/course/start", &json!({"lesson": "sade/18-face-six"}));
    assert_eq!(lesson.status, 201, "{}", lesson.text);
    let list = server.get("/api/games").body;
    let seen: Vec<(&str, &str)> = list
        .as_array()
        .expect("a list")
        .iter()
        .map(|g| (g["id"].as_str().unwrap(), g["kind"].as_str().unwrap()))
        .collect();
    // A lesson's game is the course's, not one of the list (issue 34).
    assert_eq!(
        seen,
        [
            (puzzle.body["id"].as_str().unwrap(), "puzzle"),
            (game.as_str(), "game"),
        ]
    );
    let times: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["created"].as_u64().expect("a time"))
        .collect();
    assert!(times.windows(2).all(|w| w[0] > w[1]), "{times:?}");
}

/// Clocks (issue 30): a time control at creation (its `TimeControl` tag), the server's clocks in
/// every state, each turn charged to its side with its increment and written as lichess writes
/// it (`[%clk 0:00:03]`), the clocks kept across a restart, and a flag fall ending the game by
/// time forfeit (S3) when the state is next read.
#[test]
fn a_game_on_the_clock_is_lost_on_time() {
    let data = scratch("clocks");
    let mut server = Server::start(&data, &[]);
    let refused = server.post(
        "/api/games",
        &json!({"variant": "Standard", "time_control": {"initial": 0, "increment": 1}}),
    );
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert_eq!(refused.body["field"], "time_control");
    let (id, created) = server
        .create(&json!({"variant": "Standard", "time_control": {"initial": 3, "increment": 1}}));
    let state = &created["state"];
    // No clock runs before the first move (issue 50): White's first move costs no time.
    assert_eq!(state["clocks"]["running"], Value::Null, "{state}");
    assert_eq!(state["clocks"]["white"], 3_000, "{state}");
    assert!(
        state["sdn"]
            .as_str()
            .unwrap()
            .contains("[TimeControl \"3+1\"]")
    );
    let moved = server.post(
        &format!("/api/games/{id}/act"),
        &json!({"token": created["white"], "text": "e4"}),
    );
    assert_eq!(moved.status, 200, "{}", moved.text);
    let clocks = &moved.body["clocks"];
    assert_eq!(clocks["running"], "black", "{clocks}");
    let white = clocks["white"].as_u64().unwrap();
    assert_eq!(
        white, 4_000,
        "3 s, none of it spent before the first move, plus 1"
    );
    assert!(clocks["black"].as_u64().unwrap() <= 3_000);
    assert!(
        moved.body["sdn"]
            .as_str()
            .unwrap()
            .contains("1. e4 {[%clk 0:00:04]}"),
        "{}",
        moved.body["sdn"]
    );
    // A restart keeps the clocks: Black's ran all along.
    server.kill();
    let server = Server::start(&data, &[]);
    let state = server.get(&format!("/api/games/{id}")).body;
    assert_eq!(state["clocks"]["running"], "black", "{state}");
    assert_eq!(state["clocks"]["white"].as_u64(), Some(white));
    std::thread::sleep(std::time::Duration::from_millis(3_100));
    let late = server.post(
        &format!("/api/games/{id}/act"),
        &json!({"token": created["black"], "text": "e5"}),
    );
    assert_eq!(late.status, 409, "{}", late.text);
    assert_eq!(late.body["field"], "clock");
    assert!(
        late.text
            .contains("Black's time ran out: White wins on time"),
        "{}",
        late.text
    );
    let over = server.get(&format!("/api/games/{id}")).body;
    assert_eq!(over["phase"], "over", "{over}");
    assert_eq!(over["verdict"]["result"], "1-0");
    assert_eq!(over["verdict"]["termination"], "time-forfeit");
    assert_eq!(over["clocks"]["running"], Value::Null);
    assert_eq!(over["clocks"]["black"], 0);
    let file = server.stored(&id);
    assert!(file.contains("[Termination \"time forfeit\"]"), "{file}");
    assert!(!file.contains("e5"), "{file}");
}
