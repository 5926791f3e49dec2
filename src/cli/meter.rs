//! A progress bar on standard error while games are verified: games, games per second, and the
//! bytes of the file read against its size. Drawn only when standard error is a terminal, and
//! never with `--quiet`.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Meter {
    bar: Option<ProgressBar>,
    games: u64,
}

impl Meter {
    /// A bar for one input of `size` bytes (a spinner when the size is unknown: a pipe).
    pub fn new(quiet: bool, name: &str, size: Option<u64>) -> Meter {
        if quiet || !std::io::stderr().is_terminal() {
            return Meter {
                bar: None,
                games: 0,
            };
        }
        let bar = match size {
            Some(size) => ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr())
                .with_style(
                    ProgressStyle::with_template(
                        "{prefix} [{bar:30}] {bytes}/{total_bytes} {msg} ({elapsed})",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(
                ProgressStyle::with_template("{prefix} {spinner} {bytes} {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            ),
        };
        bar.set_prefix(name.to_owned());
        bar.enable_steady_tick(Duration::from_millis(200));
        Meter {
            bar: Some(bar),
            games: 0,
        }
    }

    /// `games` more games verified; `read` bytes of the file read so far.
    pub fn advance(&mut self, games: usize, read: u64) {
        self.games += games as u64;
        if let Some(bar) = &self.bar {
            bar.set_position(read);
            let secs = bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(format!(
                "{} games, {:.0} games/s",
                self.games,
                self.games as f64 / secs
            ));
        }
    }

    /// Runs `f` with the bar cleared (for messages on standard error), then draws it again.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
