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
    let errors = crate::options::options_schema_errors(&answer.body);
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
