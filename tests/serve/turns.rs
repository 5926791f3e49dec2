//! The API's answers about the turn in progress: the options that continue the actions
//! already written, the state's version (a poll answered 304 while nothing changed), the PGN
//! of an unfinished Standard game, and the die of a continued Sade record.

use sade_ref::arbiter::options::{Limits, Query, answer};
use sade_ref::record::{Face, Game};
use sade_ref::rules::sade::State;
use serde_json::{Value, json};

use super::browser_games::read_pgn;
use super::{Server, Table, scratch};

fn options(table: &Table<'_>, limit: usize) -> Value {
    let answer = table
        .server
        .get(&format!("/api/games/{}/options?limit={limit}", table.id));
    assert_eq!(answer.status, 200, "{}", answer.text);
    let errors = crate::arbiter::options::options_schema_errors(&answer.body);
    assert!(errors.is_empty(), "{errors:?}: {}", answer.text);
    answer.body
}

fn lines(answer: &Value) -> Vec<Vec<String>> {
    answer["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|line| {
            line["actions"]
                .as_array()
                .expect("actions")
                .iter()
                .map(|a| a.as_str().expect("text").to_owned())
                .collect()
        })
        .collect()
}

/// Face 3 from the start: with nothing written the answer is the whole turn's; once `a6` and
/// then `Nc6` are written, only the ways to write the turn that begin with them, counted as the
/// library's own search counts them.
#[test]
fn options_continue_the_actions_written() {
    let server = Server::start(&scratch("options_written"), &[]);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let table = Table {
        server: &server,
        id,
        token: created["arbiter"].as_str().unwrap().to_owned(),
    };
    table.ok("roll", json!({"face": 3}));
    let state = State::from_game(&Game::default()).expect("the start");
    let all = answer(
        &Query::Sade {
            state,
            face: Face::Three,
        },
        Limits::default(),
    )
    .expect("the search");
    let starting = |prefix: &[&str]| {
        all.options
            .iter()
            .filter(|l| {
                l.actions.len() >= prefix.len() && l.actions.iter().zip(prefix).all(|(a, p)| a == p)
            })
            .count()
    };

    let whole = options(&table, 5);
    assert_eq!(whole["written"], json!([]));
    assert_eq!(whole["partial"], false);
    assert_eq!(whole["count"], all.count);

    table.ok("act", json!({"text": "a6"}));
    let after_one = options(&table, 1000);
    assert_eq!(after_one["written"], json!(["a6"]));
    assert_eq!(after_one["partial"], false);
    let expected = starting(&["a6"]);
    assert!(
        expected > 0 && expected < all.count,
        "{expected} of {}",
        all.count
    );
    assert_eq!(after_one["count"], expected, "{after_one}");
    let listed = lines(&after_one);
    assert_eq!(listed.len(), expected);
    assert!(
        listed.iter().all(|l| l.len() == 3 && l[0] == "a6"),
        "{listed:?}"
    );

    table.ok("act", json!({"text": "Nc6"}));
    let after_two = options(&table, 3);
    assert_eq!(after_two["written"], json!(["a6", "Nc6"]));
    assert_eq!(after_two["count"], starting(&["a6", "Nc6"]), "{after_two}");
    let listed = lines(&after_two);
    assert!(!listed.is_empty() && listed.len() <= 3, "{listed:?}");
    assert!(listed.iter().all(|l| l[..2] == ["a6", "Nc6"]), "{listed:?}");
    // The first one, played from what is written, ends the turn.
    let state = table.ok("act", json!({"text": listed[0][2]}));
    assert_eq!(
        (state["phase"].as_str(), state["side"].as_str()),
        (Some("roll"), Some("black"))
    );
}

/// Marseillais: after the turn's first move, the options are the full turns that begin with it.
#[test]
fn marseillais_options_after_the_first_move() {
    let server = Server::start(&scratch("options_marseillais"), &[]);
    let (id, created) = server.create(&json!({"variant": "Marseillais Classical"}));
    let table = Table {
        server: &server,
        id,
        token: created["white"].as_str().unwrap().to_owned(),
    };
    let before = options(&table, 5000);
    table.ok("act", json!({"text": "e4"}));
    let after = options(&table, 5000);
    assert_eq!(after["written"], json!(["e4"]));
    let from_start: Vec<Vec<String>> = lines(&before)
        .into_iter()
        .filter(|l| l[0] == "e4")
        .collect();
    assert!(!from_start.is_empty());
    assert_eq!(lines(&after), from_start);
    assert_eq!(after["count"], from_start.len());
}

/// `GET /api/games/{id}?since=V`: 304 with no body while the version is still `V`, the new
/// state (and a new version) once an action is accepted.
#[test]
fn a_poll_is_answered_304_until_the_game_changes() {
    let server = Server::start(&scratch("poll_since"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let version = created["state"]["version"]
        .as_str()
        .expect("a version")
        .to_owned();
    let unchanged = server.get(&format!("/api/games/{id}?since={version}"));
    assert_eq!(unchanged.status, 304, "{}", unchanged.text);
    assert!(unchanged.text.is_empty(), "{}", unchanged.text);
    let other = server.get(&format!("/api/games/{id}?since=0"));
    assert_eq!(other.status, 200);
    assert_eq!(other.body["version"], version.as_str());
    let table = Table {
        server: &server,
        id: id.clone(),
        token: created["white"].as_str().unwrap().to_owned(),
    };
    let moved = table.ok("act", json!({"text": "e4"}));
    let changed = server.get(&format!("/api/games/{id}?since={version}"));
    assert_eq!(changed.status, 200, "{}", changed.text);
    assert_ne!(changed.body["version"], version.as_str());
    assert_eq!(changed.body["version"], moved["version"]);
    assert!(changed.body["sdn"].as_str().unwrap().contains("1. e4"));
}

/// The PGN of a Standard game still going on: pgn-reader reads its move and the `*` PGN
/// requires.
#[test]
fn the_pgn_of_an_unfinished_standard_game() {
    let server = Server::start(&scratch("pgn_unfinished"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let table = Table {
        server: &server,
        id: id.clone(),
        token: created["white"].as_str().unwrap().to_owned(),
    };
    table.ok("act", json!({"from": "g1", "to": "f3"}));
    let pgn = server.get(&format!("/api/games/{id}/export/pgn"));
    assert_eq!(pgn.status, 200, "{}", pgn.text);
    let games = read_pgn(&pgn.text);
    assert_eq!(
        games,
        [(vec!["Nf3".to_owned()], Some("*".to_owned()))],
        "{}",
        pgn.text
    );
}

/// A Sade record without `DieSeed`, continued: the server's die is refused (no seed could show
/// its faces were not chosen), in play and in record mode; with the faces entered it goes on,
/// and a roll without a face is refused rather than drawn from the system's generator. A record
/// that carries its `DieSeed` goes on with that die's faces.
#[test]
fn a_continued_sade_record_without_a_seed_has_its_faces_entered() {
    let server = Server::start(&scratch("continued_die"), &[]);
    let record = "[Variant \"Sade\"]\n[Result \"*\"]\n\n1. 1: a6 1... 1: h3 *\n";
    for request in [
        json!({"record": record}),
        json!({"record": record, "mode": "record"}),
        json!({"record": record, "mode": "record", "die": "server"}),
    ] {
        let refused = server.post("/api/games", &request);
        assert_eq!(refused.status, 409, "{request}: {}", refused.text);
        assert_eq!(refused.body["field"], "die", "{}", refused.text);
        assert!(
            refused.body["error"].as_str().unwrap().contains("DieSeed"),
            "{}",
            refused.text
        );
    }
    let (id, created) =
        server.create(&json!({"record": record, "mode": "record", "die": "entered"}));
    assert_eq!(created["state"]["die"], "entered");
    let table = Table {
        server: &server,
        id,
        token: created["arbiter"].as_str().unwrap().to_owned(),
    };
    let unrolled = table.call("roll", json!({}));
    assert_eq!(unrolled.status, 400, "{}", unrolled.text);
    assert_eq!(unrolled.body["field"], "face");
    assert_eq!(table.state()["phase"], "roll", "nothing was rolled");
    let state = table.ok("roll", json!({"face": 2}));
    assert_eq!(
        (state["turn"].as_str(), state["face"].as_u64()),
        (Some("2."), Some(2))
    );

    let seeded = "[Variant \"Sade\"]\n[Result \"*\"]\n[DieSeed \"club-7\"]\n\n*\n";
    let (id, created) = server.create(&json!({"record": seeded}));
    assert_eq!(created["state"]["die"], "server");
    let table = Table {
        server: &server,
        id,
        token: created["white"].as_str().unwrap().to_owned(),
    };
    let state = table.ok("roll", json!({}));
    let face = sade_ref::die::face("club-7", 1);
    assert!(
        state["sdn"]
            .as_str()
            .unwrap()
            .contains(&format!("1. {face}:")),
        "face {face}: {}",
        state["sdn"]
    );
}

/// The next actions of a turn, as the page's board offers them: their texts, kinds and squares.
fn next(table: &Table<'_>) -> Value {
    let answer = table.server.get(&format!("/api/games/{}/next", table.id));
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body
}

/// `(text, kind, from, to, piece)` of each next action.
fn next_list(answer: &Value) -> Vec<(String, String, String, String, String)> {
    let field = |a: &Value, k: &str| a[k].as_str().map(str::to_owned).unwrap_or_default();
    answer["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| {
            (
                field(a, "text"),
                field(a, "kind"),
                field(a, "from"),
                field(a, "to"),
                field(a, "piece"),
            )
        })
        .collect()
}

/// Face 2 from the start (Art. 2): Black's pieces are due, by the count at the roll (R4); the
/// first action may be any of Black's twenty moves, and after `Nf6` any move of another piece,
/// the knight's no more, and nothing after it.
#[test]
fn the_next_actions_of_face_2_are_the_opponents_moves_by_different_pieces() {
    let server = Server::start(&scratch("next_face_2"), &[]);
    let table =
        server.arbiters_table(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let early = server.get(&format!("/api/games/{}/next", table.id));
    assert_eq!(early.status, 409, "before the roll: {}", early.text);
    table.ok("roll", json!({"face": 2}));
    let first = next(&table);
    assert_eq!(first["due"], "black");
    assert!(
        first["proof"]
            .as_str()
            .unwrap_or_default()
            .contains("Black"),
        "{first}"
    );
    assert_eq!(
        (first["after"].as_u64(), &first["written"]),
        (Some(1), &json!([]))
    );
    let actions = next_list(&first);
    assert_eq!(actions.len(), 20, "{actions:?}");
    assert!(
        actions
            .iter()
            .all(|a| a.1 == "move" && a.2.ends_with(['7', '8']))
    );
    assert!(actions.contains(&(
        "Nf6".to_owned(),
        "move".to_owned(),
        "g8".to_owned(),
        "f6".to_owned(),
        String::new()
    )));

    table.ok("act", json!({"from": "g8", "to": "f6"}));
    let second = next(&table);
    assert_eq!(
        (second["after"].as_u64(), &second["written"]),
        (Some(0), &json!(["Nf6"]))
    );
    let actions = next_list(&second);
    assert!(!actions.is_empty());
    assert!(
        actions.iter().all(|a| a.2 != "f6" && a.2 != "g8"),
        "the knight has moved: {actions:?}"
    );
    assert!(actions.iter().any(|a| a.2 == "b8"), "{actions:?}");
}

/// Face 4 (Art. 6): the pieces White may take off, every one but the king, by its square;
/// face 5 (Art. 7, R8): only the queen, the highest piece captured, comes back, on the squares
/// where it gives no check to White's king (with e2 empty, none of the e-file's).
#[test]
fn the_next_actions_of_faces_4_and_5_name_their_squares() {
    let server = Server::start(&scratch("next_faces_4_5"), &[]);
    let table = server.arbiters_table(
        &json!({"variant": "Sade", "mode": "record", "die": "entered",
                "fen": "rnb1kbn1/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR[qrp] w KQq - 0 1"}),
    );
    table.ok("roll", json!({"face": 4}));
    let off = next_list(&next(&table));
    assert_eq!(off.len(), 15, "{off:?}");
    assert!(off.iter().all(|a| a.1 == "sacrifice" && a.2.is_empty()));
    assert!(off.iter().any(|a| a.0 == "-Nb1" && a.3 == "b1"), "{off:?}");
    assert!(!off.iter().any(|a| a.3 == "e1"), "never the king: {off:?}");

    let table = server.arbiters_table(
        &json!({"variant": "Sade", "mode": "record", "die": "entered",
                "fen": "rnb1kbn1/ppppppp1/8/8/8/8/PPPP1PPP/RNBQKBNR[qrp] w KQq - 0 1"}),
    );
    table.ok("roll", json!({"face": 5}));
    let back = next_list(&next(&table));
    assert!(!back.is_empty());
    assert!(
        back.iter().all(|a| a.1 == "resurrection" && a.4 == "Q"),
        "{back:?}"
    );
    assert!(
        back.iter().any(|a| a.0 == "Q@d5" && a.3 == "d5"),
        "{back:?}"
    );
    assert!(
        !back.iter().any(|a| a.3.starts_with('e')),
        "no square from which the queen checks White's king: {back:?}"
    );
}

/// A pawn's move to the last rank is one action per piece it may become.
#[test]
fn a_promotion_is_one_next_action_per_piece() {
    let server = Server::start(&scratch("next_promotion"), &[]);
    let table = server
        .arbiters_table(&json!({"variant": "Standard", "fen": "7k/1P6/8/8/8/8/8/K7 w - - 0 1"}));
    let mut promotions: Vec<String> = next_list(&next(&table))
        .into_iter()
        .filter(|a| a.2 == "b7" && a.3 == "b8")
        .map(|a| a.4)
        .collect();
    promotions.sort();
    assert_eq!(promotions, ["B", "N", "Q", "R"]);
}

/// A clicked move in a Sade position chess never reaches (after Black's face 6, White's king
/// stands attacked by nothing legal chess allows: shakmaty refuses it as a chess position) is
/// written in SAN as an arbiter writes it, not in UCI, so that the options still continue it.
#[test]
fn a_clicked_move_in_a_position_chess_never_reaches_is_written_in_san() {
    let server = Server::start(&scratch("clicked_san"), &[]);
    let record = "[Variant \"Sade\"]\n\n1. 4: -Ra1 a3 1... 4: -Bc8 h6 2. 5: B@a1 2... 6: f5 e5 Qc8 Bb4 d6 *\n";
    let table =
        server.arbiters_table(&json!({"record": record, "mode": "record", "die": "entered"}));
    table.ok("roll", json!({"face": 6}));
    let state = table.ok("act", json!({"from": "e2", "to": "e3"}));
    let sdn = state["sdn"].as_str().unwrap_or_default();
    assert!(sdn.trim_end().ends_with("3. 6: e3"), "{sdn}");
    let options = options(&table, 5);
    assert_eq!(options["written"], json!(["e3"]));
    assert!(
        options["count"].as_u64().unwrap_or_default() > 0,
        "{options}"
    );
}

/// Reads one event of a Server-Sent Events stream: its name and its data.
fn read_event(reader: &mut impl std::io::BufRead) -> (String, String) {
    let (mut name, mut data) = (String::new(), String::new());
    loop {
        let mut line = String::new();
        assert!(
            reader.read_line(&mut line).expect("the stream") > 0,
            "the stream ended"
        );
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if !name.is_empty() || !data.is_empty() {
                return (name, data);
            }
        } else if let Some(v) = line.strip_prefix("event:") {
            v.trim().clone_into(&mut name);
        } else if let Some(v) = line.strip_prefix("data:") {
            v.trim().clone_into(&mut data);
        }
    }
}

/// The stream of a game's changes: first the version it has, then each new version as soon as
/// a change is saved, a change by another seat included.
#[test]
fn the_events_of_a_game_tell_each_new_version() {
    use std::io::{BufReader, Write as _};
    let server = Server::start(&scratch("events"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("a connection");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("the request");
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    std::io::BufRead::read_line(&mut reader, &mut status).expect("the status");
    assert!(status.contains(" 200 "), "{status}");
    let first = read_event(&mut reader);
    let state = server.get(&format!("/api/games/{id}")).body;
    assert_eq!(
        first,
        (
            "version".to_owned(),
            state["version"].as_str().unwrap().to_owned()
        )
    );
    for (seat, text) in [("white", "e4"), ("black", "e5")] {
        let answer = server.post(
            &format!("/api/games/{id}/act"),
            &json!({"token": created[seat], "text": text}),
        );
        assert_eq!(answer.status, 200, "{}", answer.text);
        let heard = read_event(&mut reader);
        assert_eq!(
            heard,
            (
                "version".to_owned(),
                answer.body["version"].as_str().unwrap().to_owned()
            ),
            "after {text}"
        );
    }
    assert_eq!(server.get("/api/games/0123456789abcdef/events").status, 404);
}
