//! `watch`: a second device on each game. Beside each client, a watcher listens to the game's
//! changes (`GET /api/games/{id}/events`, Server-Sent Events) and, on each version it hears,
//! reads the whole state as the page does before it draws it. The time from an action's
//! request on the client to the watcher holding the state that has it is the time from an
//! action on one device to its drawing on another (the drawing itself, in the browser, aside).

use std::io::{BufRead as _, BufReader, Write as _};
use std::net::{Shutdown, TcpStream};
use std::sync::mpsc;
use std::time::Instant;

use super::call;

/// A watcher of one game: the connection to close when the game is done, and the versions it
/// has drawn, each with the moment its state was read.
pub(super) struct Watcher {
    stream: TcpStream,
    seen: mpsc::Receiver<(String, Instant)>,
    thread: std::thread::JoinHandle<()>,
}

impl Watcher {
    /// Starts watching game `id` of the server at `url` (`http://HOST:PORT`).
    pub(super) fn start(url: &str, id: &str) -> Option<Watcher> {
        let address = url.trim_start_matches("http://").to_owned();
        let mut stream = TcpStream::connect(&address).ok()?;
        write!(
            stream,
            "GET /api/games/{id}/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .ok()?;
        let reader = stream.try_clone().ok()?;
        let (tx, seen) = mpsc::channel();
        let state = format!("{url}/api/games/{id}");
        let thread = std::thread::spawn(move || {
            let agent = super::agent();
            let mut lines = BufReader::new(reader).lines();
            while let Some(Ok(line)) = lines.next() {
                let Some(version) = line.strip_prefix("data:") else {
                    continue;
                };
                let (status, answer) = call(&agent, "GET", &state, None);
                let drawn = answer["version"].as_str().unwrap_or_default();
                if status == 200 && drawn == version.trim() {
                    let _ = tx.send((drawn.to_owned(), Instant::now()));
                }
            }
        });
        Some(Watcher {
            stream,
            seen,
            thread,
        })
    }

    /// Stops watching; the versions drawn, each with when.
    pub(super) fn stop(self) -> Vec<(String, Instant)> {
        let _ = self.stream.shutdown(Shutdown::Both);
        let _ = self.thread.join();
        self.seen.try_iter().collect()
    }
}

/// For each action (the version its answer gave, when its request went), how long until a
/// watcher drew that version; `None` for an action whose version no watcher drew (a later one
/// came first, or the run stopped).
pub(super) fn delays(
    actions: &[(String, Instant)],
    drawn: &[(String, Instant)],
) -> Vec<Option<std::time::Duration>> {
    actions
        .iter()
        .map(|(version, sent)| {
            drawn
                .iter()
                .find(|(v, _)| v == version)
                .map(|(_, at)| at.saturating_duration_since(*sent))
        })
        .collect()
}
