//! Durable games: killed with SIGKILL in the middle of a game, the server starts again with
//! every accepted action; a data folder it cannot write refuses the action and loses nothing.

use sade_ref::{Status, parse_str, verify};
use serde_json::json;

use super::{Server, Table, scratch};

#[test]
fn a_killed_server_keeps_every_accepted_action() {
    let data = scratch("kill_restart");
    let mut server = Server::start(&data, &[]);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let token = created["arbiter"].as_str().unwrap().to_owned();
    let white_token = created["white"].as_str().unwrap().to_owned();
    let before = {
        let table = Table {
            server: &server,
            id: id.clone(),
            token: token.clone(),
        };
        table.ok("roll", json!({"face": 3}));
        table.ok("act", json!({"text": "a6"}));
        table.ok("act", json!({"text": "b6"}));
        table.state()["sdn"].as_str().unwrap().to_owned()
    };
    // In the middle of turn 1.: two of its three actions are in.
    server.kill();
    let server = Server::start(&data, &[]);
    let table = Table {
        server: &server,
        id: id.clone(),
        token,
    };
    let state = table.state();
    assert_eq!(state["sdn"].as_str().unwrap(), before);
    assert_eq!(
        (state["phase"].as_str(), state["written"].as_u64()),
        (Some("act"), Some(2))
    );
    // The game goes on after the restart, with the tokens of before.
    let state = table.ok("act", json!({"text": "c6"}));
    assert_eq!(state["phase"], "roll");
    let seat = Table {
        server: &server,
        id,
        token: white_token,
    };
    let refused = seat.call("roll", json!({"face": 2}));
    assert_eq!(
        refused.status, 403,
        "White's seat cannot roll for Black: {}",
        refused.text
    );
    let game = parse_str(&table.file()).remove(0).unwrap();
    assert_eq!(game.turns[0].actions().count(), 3);
    assert_eq!(verify(&game).status, Status::Unfinished);
}

#[test]
fn an_unwritable_data_folder_refuses_the_action_and_loses_nothing() {
    let data = scratch("unwritable");
    let folder = format!("folder:{}", data.display());
    let server = Server::start(&data, &["--database", &folder]);
    let (id, created) = server.create(&json!({"variant": "Standard", "mode": "record"}));
    let table = Table {
        server: &server,
        id: id.clone(),
        token: created["arbiter"].as_str().unwrap().to_owned(),
    };
    table.ok("act", json!({"text": "e4"}));
    let kept = table.file();
    // The temporary file's name taken by a folder: no write can go through, even as root
    // (which a folder's permissions would not stop).
    // (The spare, which holds the text before the last write, is removed first.)
    let blocker = data.join(format!(".{id}.sdn.tmp"));
    let _ = std::fs::remove_file(&blocker);
    std::fs::create_dir(&blocker).expect("a blocking folder");
    let refused = table.call("act", json!({"text": "e5"}));
    assert_eq!(refused.status, 503, "{}", refused.text);
    assert!(
        refused.body["error"]
            .as_str()
            .unwrap()
            .contains("could not be saved"),
        "{}",
        refused.text
    );
    assert_eq!(table.file(), kept, "the file keeps the accepted actions");
    let state = table.state();
    assert_eq!(
        state["sdn"].as_str().unwrap(),
        kept,
        "nothing unsaved is accepted"
    );
    assert_eq!(state["side"], "black");
    std::fs::remove_dir(&blocker).expect("the blocker removed");
    table.ok("act", json!({"text": "e5"}));
    assert!(table.file().contains("1. e4 e5"), "{}", table.file());
}

/// Many games written at once share the flushes of the data folder (spec/SERVE.md, "Storage"):
/// each game's file still holds every action accepted for it, after a SIGKILL and a restart,
/// and each file's spare is never taken for a game.
#[test]
fn games_written_at_once_keep_every_accepted_action() {
    const MOVES: [&str; 10] = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6",
    ];
    let data = scratch("at_once");
    let mut server = Server::start(&data, &[]);
    let games: Vec<(String, String)> = (0..8)
        .map(|_| {
            let (id, created) = server.create(&json!({"variant": "Standard", "mode": "record"}));
            (id, created["arbiter"].as_str().unwrap().to_owned())
        })
        .collect();
    std::thread::scope(|s| {
        for (id, token) in &games {
            let server = &server;
            s.spawn(move || {
                let table = Table {
                    server,
                    id: id.clone(),
                    token: token.clone(),
                };
                for text in MOVES {
                    table.ok("act", json!({ "text": text }));
                }
            });
        }
    });
    server.kill();
    let server = Server::start(&data, &[]);
    assert_eq!(
        server.get("/api/games").body.as_array().map(Vec::len),
        Some(8),
        "the spares are not games"
    );
    for (id, token) in games {
        let table = Table {
            server: &server,
            id,
            token,
        };
        let game = parse_str(&table.file()).remove(0).unwrap();
        let written: Vec<String> = game
            .turns
            .iter()
            .flat_map(|t| t.actions().map(|a| a.to_string()).collect::<Vec<_>>())
            .collect();
        assert_eq!(written, MOVES, "game {}", table.id);
        assert_eq!(table.state()["side"], "white");
    }
}
