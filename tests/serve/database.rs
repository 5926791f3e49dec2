//! The database of `serve` (spec/SERVE.md, "Storage"): SQLite by default, PostgreSQL by
//! `--database`. Killed in the middle of a burst of actions, a server starts again with every
//! acknowledged action; two writers of one game: the second is refused (409) and nothing is
//! half-written; a data folder of one file a game is imported once, every game equal, and a
//! folder that cannot be read is refused with the file, line and column; an export imports back
//! into the same database; a backup made while the server runs holds every game.
//!
//! The PostgreSQL tests need a server: `.ci/with-postgres cargo test` starts a throwaway one
//! (CI does). Without one, each says plainly that it did not run on PostgreSQL; in CI a missing
//! server fails them.

use std::process::Command;

use sade_ref::serve::store::Database;
use serde_json::{Value, json};

use super::browser::in_ci;
use super::{Server, Table, scratch};

/// The URL of a new, empty PostgreSQL database named after test `name`, on the server
/// `.ci/with-postgres` started; `None`, said plainly, when no server is given (outside CI).
pub fn postgres(name: &str) -> Option<String> {
    let Ok(base) = std::env::var("SADE_REF_TEST_POSTGRES") else {
        assert!(
            !in_ci(),
            "{name}: CI runs the PostgreSQL tests: run them under .ci/with-postgres \
             (SADE_REF_TEST_POSTGRES is not set)"
        );
        eprintln!(
            "{name}: NOT RUN on PostgreSQL: no server given (SADE_REF_TEST_POSTGRES; \
             `.ci/with-postgres cargo test` starts a throwaway one)"
        );
        return None;
    };
    let database = format!("test_{name}");
    for sql in [
        format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"),
        format!("CREATE DATABASE {database}"),
    ] {
        let out = Command::new("psql")
            .args([base.as_str(), "-q", "-c", &sql])
            .output()
            .expect("psql runs");
        assert!(
            out.status.success(),
            "{sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Some(base.replacen("/postgres?", &format!("/{database}?"), 1))
}

/// The arguments that start a server on `url`.
fn on(url: &str) -> [&str; 2] {
    ["--database", url]
}

/// Turns of a Sade game entered by the arbiter, and a burst of Standard moves.
const MOVES: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6",
];

/// Eight games played at once, each move acknowledged, then the server killed (SIGKILL) and
/// started again on the same database: every acknowledged move is there.
fn a_burst_survives_a_kill(name: &str, extra: &[&str]) {
    let data = scratch(name);
    let mut server = Server::start(&data, extra);
    let games: Vec<(String, String)> = (0..8)
        .map(|_| {
            let (id, created) = server.create(&json!({"variant": "Standard", "mode": "record"}));
            (id, created["arbiter"].as_str().unwrap().to_owned())
        })
        .collect();
    let acknowledged = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for (id, token) in &games {
            let (server, acknowledged) = (&server, &acknowledged);
            s.spawn(move || {
                let table = Table {
                    server,
                    id: id.clone(),
                    token: token.clone(),
                };
                for (n, text) in MOVES.iter().enumerate() {
                    table.ok("act", json!({ "text": text }));
                    acknowledged.lock().unwrap().push((id.clone(), n + 1));
                }
            });
        }
    });
    server.kill();
    let server = Server::start(&data, extra);
    let listed = server.get("/api/games").body;
    assert_eq!(listed.as_array().map(Vec::len), Some(8), "{listed}");
    for (id, token) in games {
        let table = Table {
            server: &server,
            id: id.clone(),
            token,
        };
        let state = table.state();
        let record = sade_ref::parse_str(state["sdn"].as_str().unwrap())
            .remove(0)
            .unwrap();
        let written: Vec<String> = record
            .turns
            .iter()
            .flat_map(|t| t.actions().map(|a| a.to_string()).collect::<Vec<_>>())
            .collect();
        let acked = acknowledged
            .lock()
            .unwrap()
            .iter()
            .filter(|(g, _)| *g == id)
            .map(|(_, n)| *n)
            .max()
            .unwrap_or(0);
        assert_eq!(written, MOVES[..acked], "game {id}");
        // The game goes on after the restart.
        table.ok("act", json!({ "text": "O-O" }));
    }
}

#[test]
fn a_killed_server_keeps_every_acknowledged_action_on_sqlite() {
    a_burst_survives_a_kill("db_kill_sqlite", &[]);
}

#[test]
fn a_killed_server_keeps_every_acknowledged_action_on_postgres() {
    let Some(url) = postgres("kill") else { return };
    a_burst_survives_a_kill("db_kill_postgres", &on(&url));
}

/// Two servers on one database, each with the game in its cache: a change made through the
/// second is refused through the first (409, the game's version), nothing of it is written, and
/// the first serves the game as kept from then on.
fn two_writers_of_one_game(name: &str, url: &str) {
    let data = scratch(name);
    let first = Server::start(&data, &on(url));
    let second = Server::start(&data, &on(url));
    let (id, created) = first.create(&json!({"variant": "Standard", "mode": "record"}));
    let token = created["arbiter"].as_str().unwrap().to_owned();
    let through = |server| Table {
        server,
        id: id.clone(),
        token: token.clone(),
    };
    through(&first).ok("act", json!({"text": "e4"}));
    // The second reads the game from the database, and changes it.
    through(&second).ok("act", json!({"text": "e5"}));
    // The first still holds the game as it was after e4: its change loses the race. (On
    // PostgreSQL the first may have heard of the change already and read the game again:
    // then c5 is no move of White's, 422. Either way nothing of it is written.)
    let lost = through(&first).call("act", json!({"text": "c5"}));
    if lost.status != 422 || !url.starts_with("postgres") {
        assert_eq!(lost.status, 409, "{}", lost.text);
        assert_eq!(lost.body["field"], "version", "{}", lost.text);
    }
    let kept = first.stored(&id);
    assert!(kept.contains("1. e4 e5"), "{kept}");
    assert!(
        !kept.contains("c5"),
        "nothing of the lost change is written: {kept}"
    );
    // The first reads the game again, and goes on.
    assert_eq!(through(&first).state()["side"], "white");
    through(&first).ok("act", json!({"text": "Nf3"}));
    assert!(second.stored(&id).contains("1. e4 e5 2. Nf3"));
}

/// Two writers of one game through the library: each reads the game, the first saves, the
/// second's save is refused and writes nothing.
fn two_readers_save_one_game(url: &str, data: &std::path::Path) {
    use sade_ref::serve::store::{Storage, StoreError};
    let server = Server::start(data, &on(url));
    let id = {
        let table = server.arbiters_table(&json!({"variant": "Standard", "mode": "record"}));
        table.ok("act", json!({"text": "d4"}));
        table.id.clone()
    };
    drop(server);
    let (one, two) = (Database::open(url).unwrap(), Database::open(url).unwrap());
    let mut first = one.load_game(&id).unwrap().expect("kept");
    let mut second = two.load_game(&id).unwrap().expect("kept");
    first.game.set_tag("Event", "first");
    second.game.set_tag("Event", "second");
    one.save(&mut first, false)
        .expect("the first writer's save");
    let refused = two.save(&mut second, false);
    assert!(
        matches!(refused, Err(StoreError::Conflict(_))),
        "{refused:?}"
    );
    let kept = two.record(&id).unwrap().unwrap();
    assert!(kept.contains("[Event \"first\"]"), "{kept}");
}

#[test]
fn the_second_of_two_readers_saving_is_refused_on_sqlite() {
    let data = scratch("db_two_readers_sqlite");
    let url = format!("sqlite:{}", data.join("sade-ref.db").display());
    two_readers_save_one_game(&url, &data);
}

#[test]
fn the_second_of_two_readers_saving_is_refused_on_postgres() {
    let Some(url) = postgres("two_readers") else {
        return;
    };
    two_readers_save_one_game(&url, &scratch("db_two_readers_postgres"));
}

#[test]
fn the_second_of_two_writers_is_refused_on_sqlite() {
    let data = scratch("db_two_writers_sqlite_file");
    let url = format!("sqlite:{}", data.join("shared.db").display());
    two_writers_of_one_game("db_two_writers_sqlite", &url);
}

#[test]
fn the_second_of_two_writers_is_refused_on_postgres() {
    let Some(url) = postgres("two_writers") else {
        return;
    };
    two_writers_of_one_game("db_two_writers_postgres", &url);
}

/// A data folder as sade-ref 0.2 kept it: games played through a server on `folder:`.
fn a_folder_of_games(name: &str) -> (std::path::PathBuf, Vec<(String, String)>) {
    let data = scratch(name);
    let folder = format!("folder:{}", data.display());
    let server = Server::start(&data, &on(&folder));
    let mut games = Vec::new();
    for variant in ["Standard", "Sade", "Marseillais"] {
        let table = server.arbiters_table(&json!({"variant": variant, "mode": "play"}));
        for _ in 0..2 {
            if table.state()["phase"] == "roll" && table.ok("roll", json!({}))["phase"] != "act" {
                continue;
            }
            table.play_first_option();
        }
        games.push((table.id.clone(), table.token.clone()));
    }
    let over = server.arbiters_table(&json!({"variant": "Standard", "mode": "record"}));
    over.ok("end", json!({"end": "resignation", "winner": "black"}));
    games.push((over.id.clone(), over.token.clone()));
    let lesson = server.post(
        "/api/course/start",
        &json!({ "lesson": "sade/01-face-one" }),
    );
    assert_eq!(lesson.status, 201, "{}", lesson.text);
    let puzzle = server.post("/api/puzzles/next", &json!({}));
    assert_eq!(puzzle.status, 201, "{}", puzzle.text);
    (data, games)
}

#[test]
fn a_data_folder_is_imported_once_with_every_game_equal() {
    let (data, games) = a_folder_of_games("db_import");
    let files: Vec<(String, String)> = games
        .iter()
        .map(|(id, _)| {
            let text = std::fs::read_to_string(data.join(format!("{id}.sdn"))).unwrap();
            (id.clone(), text)
        })
        .collect();
    let before = folder_bytes(&data);
    let server = Server::start(&data, &[]);
    for (id, text) in &files {
        assert_eq!(&server.stored(id), text, "game {id} is imported equal");
    }
    // Every game is there, with its seats: the tokens of before act in it.
    for (id, token) in &games {
        let table = Table {
            server: &server,
            id: id.clone(),
            token: token.clone(),
        };
        assert_eq!(
            table.state()["sdn"],
            json!(files.iter().find(|f| f.0 == *id).unwrap().1)
        );
        let seat = server.post(&format!("/api/games/{id}/seat"), &json!({ "token": token }));
        assert_eq!(seat.body["seat"], "arbiter", "{}", seat.text);
    }
    assert_eq!(
        server.stored_games(),
        games.len() + 2,
        "the lesson's and the puzzle's games too"
    );
    let (_, documents) = rows(&server.database);
    assert_eq!(documents.len(), 1, "the puzzle player's progress");
    drop(server);
    // The folder is only read; a second start imports nothing again.
    let mut after = folder_bytes(&data);
    after.retain(|(name, _)| !name.starts_with("sade-ref.db"));
    assert_eq!(after, before, "the folder is unchanged");
    let out = start_line(&data, &[]);
    assert!(!out.contains("imported"), "{out}");
}

/// The names and contents of a folder's files, in order.
fn folder_bytes(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    files.sort();
    files
}

/// What `serve` prints and whether it started: its standard output and error, until it
/// stops or has printed its start (it is then killed).
fn start_line(data: &std::path::Path, extra: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["serve", "--port", "0", "--data"])
        .arg(data)
        .args(extra)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(std::time::Duration::from_secs(2));
    let _ = child.kill();
    let out = child.wait_with_output().expect("its output");
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_folder_that_cannot_be_read_is_refused_located_and_left_unchanged() {
    let (data, games) = a_folder_of_games("db_import_refused");
    let broken = &games[0].0;
    let path = data.join(format!("{broken}.sdn"));
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("1. ", "1. Qxh9 ", 1)).unwrap();
    std::fs::write(
        data.join(format!("{}.seat.json", games[1].0)),
        "{\"mode\": ",
    )
    .unwrap();
    let before = folder_bytes(&data);
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["serve", "--port", "0", "--data"])
        .arg(&data)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2), "the server does not start");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("nothing was imported"), "{said}");
    assert!(
        said.contains(&format!("{}:", path.display())),
        "the broken record is named: {said}"
    );
    assert!(
        said.contains(&format!("{}.seat.json:1:", games[1].0)),
        "the broken seats are named with their line: {said}"
    );
    assert_eq!(
        folder_bytes(&data),
        before,
        "the folder is unchanged: no database is left in it"
    );
}

/// Every row of a database but the time it was written: (id, sdn, meta) and documents.
type Rows = (Vec<(String, String, String)>, Vec<(String, String)>);

fn rows(url: &str) -> Rows {
    Database::open(url).unwrap().everything().unwrap()
}

#[test]
fn an_export_imports_back_into_the_same_database() {
    let (data, _) = a_folder_of_games("db_export");
    let server = Server::start(&data, &[]);
    drop(server);
    let first = format!("sqlite:{}", data.join("sade-ref.db").display());
    let exported = scratch("db_export_out");
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["store", "export"])
        .arg(&exported)
        .args(["--database", &first])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("exported 6 game(s) and 1 document(s)"));
    // The export is a data folder: a server imports it into a new database.
    let server = Server::start(&exported, &[]);
    drop(server);
    let second = format!("sqlite:{}", exported.join("sade-ref.db").display());
    assert_eq!(rows(&first), rows(&second));
    // The tokens are kept hashed: no token of the games is in the database.
    let (games, _) = rows(&first);
    for (_, _, meta) in &games {
        let meta: Value = serde_json::from_str(meta).unwrap();
        assert!(
            meta["arbiter"].as_str().unwrap().starts_with("sha256:"),
            "{meta}"
        );
    }
}

#[test]
fn a_backup_made_while_the_server_runs_holds_every_game() {
    let data = scratch("db_backup");
    let server = Server::start(&data, &[]);
    let ids: Vec<String> = (0..4)
        .map(|_| {
            let table = server.arbiters_table(&json!({"variant": "Marseillais", "mode": "play"}));
            table.play_first_option();
            table.id.clone()
        })
        .collect();
    let copy = data.join("backup.db");
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["store", "backup"])
        .arg(&copy)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    drop(server);
    // The backup restored: a server on it serves every game as it was.
    let restored = scratch("db_backup_restored");
    std::fs::copy(&copy, restored.join("sade-ref.db")).unwrap();
    let server = Server::start(&restored, &[]);
    for id in &ids {
        let state = server.get(&format!("/api/games/{id}"));
        assert_eq!(state.status, 200, "{}", state.text);
        assert_eq!(server.stored(id), state.body["sdn"].as_str().unwrap());
    }
    // A second backup to the same file is refused: a backup is a new file.
    let again = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["store", "backup"])
        .arg(&copy)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
}

/// The list is paged and filtered, from the database's indexes.
fn the_list_is_paged_and_filtered(name: &str, extra: &[&str]) {
    let data = scratch(name);
    let server = Server::start(&data, extra);
    let mut made = Vec::new();
    for (variant, white) in [("Standard", "Ann"), ("Sade", "Bob"), ("Sade", "Ann")] {
        let table = server.arbiters_table(&json!({"variant": variant, "mode": "record"}));
        let body = json!({"token": table.token, "tags": {"White": white}});
        let tagged = server.send(
            "PUT",
            &format!("/api/games/{}/tags", table.id),
            &body.to_string(),
        );
        assert_eq!(tagged.status, 200, "{}", tagged.text);
        made.push(table.id.clone());
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let ids = |query: &str| -> Vec<String> {
        let answer = server.get(&format!("/api/games{query}"));
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let newest: Vec<String> = made.iter().rev().cloned().collect();
    assert_eq!(ids(""), newest);
    assert_eq!(ids("?limit=2"), newest[..2]);
    assert_eq!(ids("?limit=2&offset=2"), newest[2..]);
    assert_eq!(ids("?variant=Sade"), newest[..2]);
    assert_eq!(ids("?player=Ann"), vec![made[2].clone(), made[0].clone()]);
    assert_eq!(ids("?status=finished"), Vec::<String>::new());
    assert_eq!(ids("?kind=game&variant=Standard"), vec![made[0].clone()]);
    let refused = server.get("/api/games?limit=1001");
    assert_eq!(refused.status, 400, "{}", refused.text);
    let refused = server.get("/api/games?status=won");
    assert_eq!(refused.status, 400, "{}", refused.text);
}

#[test]
fn the_list_is_paged_and_filtered_on_sqlite() {
    the_list_is_paged_and_filtered("db_list_sqlite", &[]);
}

#[test]
fn the_list_is_paged_and_filtered_on_postgres() {
    let Some(url) = postgres("list") else { return };
    the_list_is_paged_and_filtered("db_list_postgres", &on(&url));
}

/// The versions a page watching game `id` through `server` hears (its stream of changes), sent
/// as they come, from a thread of their own.
fn watch(server: &Server, id: &str) -> std::sync::mpsc::Receiver<String> {
    use std::io::{BufRead, BufReader, Write};
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("the server answers");
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("a request");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { return };
            if let Some(version) = line.strip_prefix("data:")
                && tx.send(version.trim().to_owned()).is_err()
            {
                return;
            }
        }
    });
    rx
}

#[test]
fn a_page_watching_through_one_server_sees_an_action_made_through_another() {
    let Some(url) = postgres("watch") else { return };
    let data = scratch("db_watch_postgres");
    let (one, other) = (
        Server::start(&data, &on(&url)),
        Server::start(&data, &on(&url)),
    );
    let (id, created) = one.create(&json!({"variant": "Standard", "mode": "record"}));
    let token = created["arbiter"].as_str().unwrap().to_owned();
    let through = |server| Table {
        server,
        id: id.clone(),
        token: token.clone(),
    };
    through(&one).ok("act", json!({"text": "e4"}));
    // The other server holds the game, and a page watches it there.
    assert_eq!(through(&other).state()["side"], "black");
    let heard = watch(&other, &id);
    let first = heard
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the version the page starts from");
    let moved = through(&one).ok("act", json!({"text": "e5"}));
    let next = heard
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the change made through the first server is heard through the other");
    assert_ne!(next, first);
    assert_eq!(next, moved["version"].as_str().unwrap());
    // The page reads the state through the other server: the move is there, and play goes on.
    let state = through(&other).state();
    assert_eq!(state["version"], json!(next));
    assert!(state["sdn"].as_str().unwrap().contains("1. e4 e5"));
    through(&other).ok("act", json!({"text": "Nf3"}));
    assert!(one.stored(&id).contains("2. Nf3"));
}

#[test]
fn the_store_command_names_a_database_that_is_not_there_and_makes_none() {
    let data = scratch("db_store_missing");
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["store", "export"])
        .arg(data.join("out"))
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no database at") && said.contains("sade-ref.db"),
        "{said}"
    );
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 0, "nothing made");
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["store", "backup", "copy.db", "--database", "mysql://h/db"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("sqlite:PATH or postgres://"));
}
