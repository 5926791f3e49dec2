//! Changes made through another server on the same database (PostgreSQL): each is heard as a
//! [`Notice`] sent with its commit. A game this server holds at an older revision is
//! forgotten (the next request reads it as kept), and the pages watching the game through this
//! server hear its new version, as they would hear a change made here.

use std::sync::Arc;

use crate::serve::events::Notice;
use crate::serve::http::{App, GAME, TABLE, blocking, held};

/// Hears the store's notices for as long as the server runs.
pub fn listen(app: &Arc<App>) {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Notice>();
    app.store.listen(Box::new(move |notice| {
        let _ = tx.send(notice);
    }));
    let app = Arc::clone(app);
    tokio::spawn(async move {
        while let Some(notice) = rx.recv().await {
            let app = Arc::clone(&app);
            let heard = blocking("the notices' task", move || {
                heard(&app, &notice);
                Ok(())
            });
            let _ = heard.await;
        }
    });
}

/// One notice: the game forgotten when this server holds an older revision of it (a change of
/// its own is heard too, and is not older), its watchers told when it was not this server's.
fn heard(app: &App, notice: &Notice) {
    let held_game = held(app.games.read(), TABLE)
        .ok()
        .and_then(|games| games.get(&notice.id).cloned());
    if let Some(game) = held_game {
        // The change's own server assigns the revision under the game's lock: once the lock is
        // taken here, a change of this server's shows its revision.
        let ours = held(game.lock(), GAME).is_ok_and(|live| live.revision >= notice.revision);
        if ours {
            return;
        }
        if let Ok(mut games) = app.games.write() {
            games.remove(&notice.id);
        }
    }
    app.events.tell(&notice.id, &notice.version);
}
