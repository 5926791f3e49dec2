//! The changes of each game, told to every page that watches it (Server-Sent Events): the
//! game's new version as soon as a change is saved, through this server or (a [`Notice`]
//! from the database) another. A page that hears a version it does not show reads the state
//! anew. [`event_stream`] is the answer of such a stream.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use axum::response::IntoResponse as _;
use tokio::sync::broadcast;

/// How many versions a slow watcher may fall behind before it misses some: it then hears the
/// next one, which is all it needs (the version says "read the state again").
const BACKLOG: usize = 16;

/// The version of a game whose canonical SDN is `sdn`: a hash of the text (the record holds
/// everything the state shows), in hex. Not a secret, only a cheap way to say "unchanged".
pub fn version_of(sdn: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    sdn.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// What a message to a game's watchers about its analysis starts with (`analysis 3 61`,
/// `analysis done`): it is sent as an event `analysis` with the rest, not as a version.
pub const ANALYSIS: &str = "analysis ";

/// The name the lobby's watchers and notices go by, beside the games' ids (which are 16 hex
/// digits, so never this).
pub const LOBBY: &str = "lobby";

/// A change to a game saved through another server on the same database: its id, its revision
/// and its version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub id: String,
    pub revision: u64,
    pub version: String,
}

impl Notice {
    /// The notice as the database carries it: `id revision version`.
    pub fn payload(&self) -> String {
        format!("{} {} {}", self.id, self.revision, self.version)
    }

    /// A notice read from its payload, or `None` for one this server does not send.
    pub fn read(payload: &str) -> Option<Notice> {
        let mut words = payload.split(' ');
        let notice = Notice {
            id: words.next()?.to_owned(),
            revision: words.next()?.parse().ok()?,
            version: words.next()?.to_owned(),
        };
        words.next().is_none().then_some(notice)
    }
}

/// The watchers of each game.
#[derive(Default)]
pub struct Events {
    channels: Mutex<HashMap<String, broadcast::Sender<String>>>,
}

impl Events {
    /// A new watcher of game `id`: it hears every version told from now on.
    pub fn watch(&self, id: &str) -> broadcast::Receiver<String> {
        let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        channels
            .entry(id.to_owned())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    /// Tells game `id`'s watchers its new `version`; a game nobody watches any more is
    /// forgotten.
    pub fn tell(&self, id: &str, version: &str) {
        let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sender) = channels.get(id)
            && sender.send(version.to_owned()).is_err()
        {
            channels.remove(id);
        }
    }

    /// How many games have watchers.
    pub fn watched(&self) -> usize {
        self.channels
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// What a stream says of the messages waiting when it wakes (a burst heard at once): the last
/// alone (a game's version says all), or all of them, joined by commas (the lobby's seeks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Burst {
    Last,
    Joined,
}

/// A Server-Sent Events answer: the event `name` with `first` at once, then one for the
/// messages `watcher` hears, a burst said as `burst` says; a watcher that fell behind hears
/// `lagged` when one is given (else the next message, which says all), and a comment every 15
/// seconds keeps the stream alive. A message that starts with [`ANALYSIS`] is an event
/// `analysis` of its own. The stream never ends by itself.
pub fn event_stream(
    name: &'static str,
    first: String,
    watcher: broadcast::Receiver<String>,
    burst: Burst,
    lagged: Option<&'static str>,
) -> axum::response::Response {
    use futures_util::StreamExt as _;
    use tokio::sync::broadcast::error::{RecvError, TryRecvError};
    let event = move |data: String| {
        let sse = axum::response::sse::Event::default();
        Ok::<_, std::convert::Infallible>(match data.strip_prefix(ANALYSIS) {
            Some(rest) => sse.event("analysis").data(rest),
            None => sse.event(name).data(data),
        })
    };
    let kind = |message: &str| message.starts_with(ANALYSIS);
    let opening = futures_util::stream::once(std::future::ready(event(first)));
    // The state: the watcher, and a message of the other kind heard in the last burst.
    let changes = futures_util::stream::unfold(
        (watcher, None::<String>),
        move |(mut watcher, pending)| async move {
            let mut said = match pending {
                Some(message) => message,
                None => loop {
                    match watcher.recv().await {
                        Ok(message) => break message,
                        Err(RecvError::Lagged(_)) => {
                            if let Some(said) = lagged {
                                return Some((event(said.to_owned()), (watcher, None)));
                            }
                        }
                        Err(RecvError::Closed) => return None,
                    }
                },
            };
            // What waits already goes in the same event; a message of the other kind (a
            // game's version, an analysis's progress) goes in the next.
            let mut other = None;
            loop {
                match watcher.try_recv() {
                    Ok(more) if kind(&more) != kind(&said) => other = Some(more),
                    Ok(more) if burst == Burst::Last => said = more,
                    Ok(more) => {
                        said.push(',');
                        said.push_str(&more);
                    }
                    Err(TryRecvError::Lagged(_)) if lagged.is_some() => {
                        said = lagged.unwrap_or_default().to_owned();
                        break;
                    }
                    Err(TryRecvError::Lagged(_)) => {}
                    Err(TryRecvError::Empty | TryRecvError::Closed) => break,
                }
            }
            Some((event(said), (watcher, other)))
        },
    );
    axum::response::sse::Sse::new(opening.chain(changes))
        .keep_alive(
            axum::response::sse::KeepAlive::new().interval(std::time::Duration::from_secs(15)),
        )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::Events;

    #[test]
    fn a_notice_reads_back_from_its_payload_and_nothing_else_does() {
        let notice = super::Notice {
            id: "0123456789abcdef".to_owned(),
            revision: 7,
            version: "00ff".to_owned(),
        };
        assert_eq!(super::Notice::read(&notice.payload()), Some(notice));
        for other in ["", "a", "a b c", "a 1 b c", "a -1 b"] {
            assert_eq!(super::Notice::read(other), None, "{other:?}");
        }
    }

    #[test]
    fn each_watcher_hears_each_version_and_an_unwatched_game_is_forgotten() {
        let events = Events::default();
        let mut one = events.watch("a");
        let mut two = events.watch("a");
        events.tell("a", "v1");
        events.tell("b", "v9");
        assert_eq!(one.try_recv().as_deref(), Ok("v1"));
        assert_eq!(two.try_recv().as_deref(), Ok("v1"));
        assert_eq!(events.watched(), 1);
        drop((one, two));
        events.tell("a", "v2");
        assert_eq!(events.watched(), 0);
    }
}
