//! The changes of each game, told to every page that watches it (Server-Sent Events): the
//! game's new version as soon as a change is saved. A page that hears a version it does not
//! show reads the state anew.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use tokio::sync::broadcast;

/// How many versions a slow watcher may fall behind before it misses some: it then hears the
/// next one, which is all it needs (the version says "read the state again").
const BACKLOG: usize = 16;

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

#[cfg(test)]
mod tests {
    use super::Events;

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
