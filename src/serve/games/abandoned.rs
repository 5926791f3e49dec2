//! Games nobody plays in: a game in progress without a clock that has seen no action for
//! `--abandon-after` is closed, its record saying so (`Termination "abandoned"`, the result
//! left `*`), and it leaves the games in progress that `--max-games` counts. A game with clocks
//! left so long is looked at too: its clock has run out (a correspondence game), and it ends.

use std::sync::Arc;
use std::time::Duration;

use crate::serve::error::ApiError;
use crate::serve::http::{App, GAME, blocking, find, flag_fall, held};

/// Games looked at in one round at most (the longest idle first).
const ROUND: usize = 100;

/// Looks for abandoned games every so often (a quarter of `--abandon-after`, at most a minute
/// and at least a second) for as long as the server runs.
pub fn watch(app: &Arc<App>) {
    let Some(after) = app.abandon_after else {
        return;
    };
    let period = (after / 4).clamp(Duration::from_secs(1), Duration::from_secs(60));
    let app = Arc::clone(app);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(period);
        loop {
            tick.tick().await;
            let app = Arc::clone(&app);
            let now = crate::serve::clock::now();
            if let Err(e) = blocking("the abandoned games' task", move || close(&app, now)).await {
                eprintln!(
                    "sade-ref serve: abandoned games were not closed: {}",
                    e.body.error
                );
            }
        }
    });
}

/// Closes the games abandoned at `now` (milliseconds since the Unix epoch); how many.
///
/// # Errors
/// When the store cannot be read, or a game cannot be closed or saved.
pub fn close(app: &App, now: u64) -> Result<usize, ApiError> {
    let Some(after) = app.abandon_after else {
        return Ok(0);
    };
    let idle_ms = u64::try_from(after.as_millis()).unwrap_or(u64::MAX);
    let ids = app
        .store
        .idle(now.saturating_sub(idle_ms), ROUND)
        .map_err(|e| ApiError::unsaved(format!("the idle games cannot be read: {e}")))?;
    let mut closed = 0;
    for id in ids {
        let Ok(game) = find(app, &id) else {
            continue;
        };
        let mut live = held(game.lock(), GAME)?;
        if !live.going() {
            continue;
        }
        // A game with clocks is not abandoned: it ends when a clock runs out (a correspondence
        // game left for days), which is seen here too.
        if live.meta.clock.is_some() {
            flag_fall(app, &id, &mut live, now)?;
            continue;
        }
        let mut next = live.clone();
        next.close_abandoned(&words(after))?;
        let sdn = crate::write::sdn::to_sdn(&next.game);
        match app.store.save_game(&mut next, &sdn, true) {
            Ok(()) => {}
            // Played in meanwhile through another server: not abandoned.
            Err(crate::serve::store::StoreError::Conflict(_)) => {
                drop(live);
                app.cache(&id, false);
                continue;
            }
            Err(e) => return Err(app.not_kept(&id, e, "an abandoned game could not be closed")),
        }
        let version = next.version(&sdn);
        *live = next;
        drop(live);
        app.cache(&id, false);
        app.events.tell(&id, &version);
        closed += 1;
    }
    Ok(closed)
}

/// A duration in words, in its largest whole unit: `7 days`, `90 minutes`, `1 second`.
pub fn words(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (n, unit) = [(86_400, "day"), (3_600, "hour"), (60, "minute")]
        .into_iter()
        .find(|(size, _)| seconds >= *size && seconds.is_multiple_of(*size))
        .map_or((seconds, "second"), |(size, unit)| (seconds / size, unit));
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_duration_is_said_in_its_largest_whole_unit() {
        assert_eq!(words(Duration::from_secs(7 * 86_400)), "7 days");
        assert_eq!(words(Duration::from_secs(90 * 60)), "90 minutes");
        assert_eq!(words(Duration::from_secs(3_600)), "1 hour");
        assert_eq!(words(Duration::from_secs(1)), "1 second");
    }
}
