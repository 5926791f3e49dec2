//! `sade-ref serve` through its HTTP API: the real binary, started on 127.0.0.1 with port 0
//! and a scratch data folder, driven over loopback. Every change is the referee's decision:
//! the games end as the referee says, a refused action comes with its Article, and the file
//! on disk verifies as the same game.

mod accounts;
mod analysis;
mod api;
mod board_files;
pub(crate) mod browser;
mod browser_analysis;
mod browser_course;
mod browser_details;
mod browser_end;
mod browser_games;
mod browser_layout;
mod browser_lobby;
mod browser_offers;
mod browser_puzzles;
mod browser_record;
mod browser_turns;
mod correspondence;
mod course_api;
mod database;
mod durable;
mod lobby;
mod offers;
mod openapi;
mod puzzles_api;
mod ratings;
mod seat_and_moves;
mod seat_latency;
mod security;
mod turns;
mod upkeep;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use crate::support::root;

/// A running server, killed (SIGKILL) when dropped.
pub struct Server {
    pub url: String,
    /// Where it keeps the games: `--database`, or the SQLite database of the data folder.
    pub database: String,
    /// The database opened by the test to read what the server kept.
    kept: std::sync::OnceLock<sade_ref::serve::store::Database>,
    child: Child,
    agent: ureq::Agent,
}

/// A scratch folder of this test (removed first).
pub fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target").join("serve-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// An answer: its status and its body (JSON when it is JSON, else a string).
pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub text: String,
    pub headers: Vec<(String, String)>,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl Server {
    /// Starts the binary on `data` with these extra arguments; waits for the line with its URL.
    /// The rates of new games and of logins are not limited unless `extra` says so
    /// (`--create-limit`, `--login-limit`): the tests make many from one address.
    pub fn start(data: &Path, extra: &[&str]) -> Server {
        let mut unlimited: Vec<&str> = Vec::new();
        for option in ["--create-limit", "--login-limit"] {
            if !extra.contains(&option) {
                unlimited.extend([option, "0"]);
            }
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
            .args(["serve", "--port", "0", "--data"])
            .arg(data)
            .args(&unlimited)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("its standard output");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next().expect("a first line").expect("a line of text");
        let url = first
            .strip_prefix("sade-ref serve: ")
            .expect("the first line gives the URL")
            .trim_end_matches('/')
            .to_owned();
        assert!(url.starts_with("http://127.0.0.1:"), "{first}");
        let data_line = lines.next().expect("a second line").expect("text");
        assert!(
            data_line.starts_with("database: ") || data_line.starts_with("data folder: "),
            "{data_line}"
        );
        let database = extra
            .iter()
            .position(|a| *a == "--database")
            .and_then(|at| extra.get(at + 1))
            .map_or_else(
                || format!("sqlite:{}", data.join("sade-ref.db").display()),
                |url| (*url).to_owned(),
            );
        // Keep reading its output so that the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        Server {
            url,
            database,
            kept: std::sync::OnceLock::new(),
            child,
            agent,
        }
    }

    fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> Answer {
        let mut response = response.expect("the server answers");
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_owned()))
            .collect();
        let text = response
            .body_mut()
            .with_config()
            .limit(64 * 1024 * 1024)
            .read_to_string()
            .expect("a body");
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer {
            status,
            body,
            text,
            headers,
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        Server::answer(self.agent.get(format!("{}{path}", self.url)).call())
    }

    /// [`Server::get`] with these request headers.
    pub fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let mut request = self.agent.get(format!("{}{path}", self.url));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Server::answer(request.call())
    }

    /// `DELETE path` with these request headers.
    pub fn delete_with(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let mut request = self.agent.delete(format!("{}{path}", self.url));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Server::answer(request.call())
    }

    pub fn send(&self, method: &str, path: &str, body: &str) -> Answer {
        self.send_with(method, path, body, &[])
    }

    /// [`Server::send`] with these request headers besides `Content-Type`.
    pub fn send_with(
        &self,
        method: &str,
        path: &str,
        body: &str,
        headers: &[(&str, &str)],
    ) -> Answer {
        let url = format!("{}{path}", self.url);
        let mut request = match method {
            "PUT" => self.agent.put(url),
            _ => self.agent.post(url),
        };
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        Server::answer(
            request
                .header("Content-Type", "application/json")
                .send(body.to_owned()),
        )
    }

    pub fn post(&self, path: &str, body: &Value) -> Answer {
        self.send("POST", path, &body.to_string())
    }

    /// The texts of the actions game `id`'s board offers next (`GET .../next`), those that
    /// lose at once left out.
    pub fn next_texts(&self, id: &str) -> Vec<String> {
        self.get(&format!("/api/games/{id}/next")).body["actions"]
            .as_array()
            .expect("the next actions")
            .iter()
            .filter(|a| a["loses"] == false)
            .map(|a| a["text"].as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Creates a game; its id and its answer (tokens, links, state).
    pub fn create(&self, request: &Value) -> (String, Value) {
        let answer = self.post("/api/games", request);
        assert_eq!(answer.status, 201, "{}", answer.text);
        let id = answer.body["id"].as_str().expect("an id").to_owned();
        (id, answer.body)
    }

    /// Creates a game with `request`, an arbiter's token asked for (a game played by people
    /// has none unless asked); its arbiter's table.
    pub fn arbiters_table(&self, request: &Value) -> Table<'_> {
        let mut request = request.clone();
        if request.get("arbiter").is_none() {
            request["arbiter"] = json!(true);
        }
        let (id, created) = self.create(&request);
        Table {
            server: self,
            id,
            token: created["arbiter"]
                .as_str()
                .expect("the arbiter's token")
                .to_owned(),
        }
    }

    /// The text of game `id`'s record as the server kept it (committed: what a restart reads).
    pub fn stored(&self, id: &str) -> String {
        if let Some(dir) = self.database.strip_prefix("folder:") {
            return std::fs::read_to_string(Path::new(dir).join(format!("{id}.sdn")))
                .expect("the game's file");
        }
        self.kept_database()
            .record(id)
            .expect("the database reads")
            .expect("the game is kept")
    }

    /// A document the server kept (`course-progress`, `puzzles-<player>`), or `None`.
    pub fn stored_document(&self, doc: sade_ref::serve::store::Doc<'_>) -> Option<String> {
        use sade_ref::serve::store::Storage;
        self.kept_database().read(doc).expect("the database reads")
    }

    /// How many games the server kept (the course's lessons among them).
    pub fn stored_games(&self) -> usize {
        self.kept_database()
            .everything()
            .expect("the database reads")
            .0
            .len()
    }

    /// The account of `name` as the server kept it (its name as typed and its password's
    /// hash), or `None`.
    pub fn stored_account(&self, name: &str) -> Option<sade_ref::serve::store::Account> {
        use sade_ref::serve::store::Storage;
        self.kept_database()
            .account(name)
            .expect("the database reads")
    }

    fn kept_database(&self) -> &sade_ref::serve::store::Database {
        self.kept.get_or_init(|| {
            sade_ref::serve::store::Database::open(&self.database).expect("the server's database")
        })
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A game's handle: the server, its id and a token.
pub struct Table<'a> {
    pub server: &'a Server,
    pub id: String,
    pub token: String,
}

impl Table<'_> {
    pub fn state(&self) -> Value {
        let answer = self.server.get(&format!("/api/games/{}", self.id));
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body
    }

    /// Sends `body` (with the token) to `/api/games/{id}/{what}`.
    pub fn call(&self, what: &str, mut body: Value) -> Answer {
        body["token"] = json!(self.token);
        self.server
            .post(&format!("/api/games/{}/{what}", self.id), &body)
    }

    /// Like [`Table::call`], and the call must be accepted.
    pub fn ok(&self, what: &str, body: Value) -> Value {
        let answer = self.call(what, body);
        assert_eq!(answer.status, 200, "{what}: {}", answer.text);
        answer.body
    }

    /// The options of the turn to play.
    pub fn options(&self) -> Value {
        let answer = self
            .server
            .get(&format!("/api/games/{}/options?limit=5", self.id));
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body
    }

    /// Plays the first option of the turn in progress, action by action, from what is written.
    pub fn play_first_option(&self) -> Value {
        let options = self.options();
        let state = self.state();
        let written = state["written"].as_u64().unwrap_or(0) as usize;
        let lines = options["options"].as_array();
        let ending = lines.and_then(|o| o.iter().find(|line| !line["ends"].is_null()));
        let actions: Vec<String> = match ending.or_else(|| lines.and_then(|o| o.first())) {
            Some(line) => line["actions"]
                .as_array()
                .expect("actions")
                .iter()
                .map(|a| a.as_str().expect("text").to_owned())
                .collect(),
            None => vec!["--".to_owned()],
        };
        let mut last = state;
        for action in actions.iter().skip(written) {
            last = self.ok("act", json!({ "text": action }));
        }
        last
    }

    /// The game's record as the server kept it.
    pub fn file(&self) -> String {
        self.server.stored(&self.id)
    }
}
