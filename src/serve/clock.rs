//! The game's clocks, kept by the server (the authority): a time control (seconds to start
//! with, seconds added after each turn; or, for correspondence, days for each turn), the time
//! each side has left, and whose clock runs since when. Times are wall-clock milliseconds since the Unix epoch, so that a server started
//! again counts the time it was away against the side whose clock ran.

use serde::{Deserialize, Serialize};

use crate::record::Side;

/// A time control: `initial` seconds each, `increment` seconds added after each turn; or, for a
/// correspondence game, `days` for each turn (the clock full again at each turn's start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Seconds each side starts with: 1 to 10,800 (three hours); none in correspondence.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 10800)]
    pub initial: u32,
    /// Seconds added to a side's clock after each of its turns: 0 to 180.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 180)]
    pub increment: u32,
    /// Correspondence: days for each turn, 1 to 14 (`initial` and `increment` not given).
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schema(minimum = 0, maximum = 14)]
    pub days: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A day, in milliseconds.
const DAY_MS: u64 = 86_400_000;

impl TimeControl {
    /// The `TimeControl` tag, as PGN writes it: `300+2`, or `300` without increment; a
    /// correspondence game's as PGN's moves-in-seconds period, one turn in so many seconds,
    /// again and again: `1/86400` for a turn a day.
    pub fn tag(self) -> String {
        if self.days > 0 {
            format!("1/{}", u64::from(self.days) * 86_400)
        } else if self.increment == 0 {
            self.initial.to_string()
        } else {
            format!("{}+{}", self.initial, self.increment)
        }
    }

    /// Whether the control gives days for each turn.
    pub fn correspondence(self) -> bool {
        self.days > 0
    }

    /// The milliseconds a full clock holds: at the start, and in correspondence at each turn.
    pub fn full(self) -> u64 {
        if self.days > 0 {
            u64::from(self.days) * DAY_MS
        } else {
            u64::from(self.initial) * 1000
        }
    }

    /// Why the control is none a game may have, if it is not.
    pub fn problem(self) -> Option<String> {
        if self.days > 0 {
            if self.days > 14 || self.initial != 0 || self.increment != 0 {
                return Some(format!(
                    "days: {}; correspondence gives 1 to 14 days for each turn, without initial \
                     or increment",
                    self.days
                ));
            }
            return None;
        }
        if !(1..=10_800).contains(&self.initial) {
            return Some(format!(
                "initial: {} seconds; a clock starts with 1 to 10800",
                self.initial
            ));
        }
        (self.increment > 180).then(|| {
            format!(
                "increment: {} seconds; 0 to 180 are added after a turn",
                self.increment
            )
        })
    }
}

/// The clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    /// Milliseconds left, White's then Black's, when `since` was set.
    pub left: [u64; 2],
    /// Whose clock runs (`None`: the game is over, or has not begun).
    pub running: Option<Side>,
    /// Since when it runs (milliseconds since the Unix epoch).
    pub since: u64,
}

fn at(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl Clock {
    /// Both clocks full; `first`'s runs from `now`.
    pub fn start(control: TimeControl, first: Side, now: u64) -> Clock {
        let full = control.full();
        Clock {
            control,
            left: [full, full],
            running: Some(first),
            since: now,
        }
    }

    /// Both clocks full, neither running: the first change of the game starts the clock of
    /// the side to act.
    pub fn waiting(control: TimeControl, now: u64) -> Clock {
        let full = control.full();
        Clock {
            control,
            left: [full, full],
            running: None,
            since: now,
        }
    }

    /// The milliseconds `side` has left at `now`.
    pub fn left_at(&self, side: Side, now: u64) -> u64 {
        let left = self.left[at(side)];
        if self.running == Some(side) {
            left.saturating_sub(now.saturating_sub(self.since))
        } else {
            left
        }
    }

    /// The side whose time has run out at `now`, if one has.
    pub fn fallen(&self, now: u64) -> Option<Side> {
        self.running.filter(|&side| self.left_at(side, now) == 0)
    }

    /// Stops the running clock at `now`, its time charged.
    pub fn stop(&mut self, now: u64) {
        if let Some(side) = self.running {
            self.left[at(side)] = self.left_at(side, now);
        }
        self.running = None;
        self.since = now;
    }

    /// `side` ends a turn at `now`: its time is charged when its clock ran, the increment
    /// added (in correspondence, the clock full again for its next turn). Returns what it has
    /// left, for the record's `[%clk]`.
    pub fn end_turn(&mut self, side: Side, now: u64) -> u64 {
        if self.running == Some(side) {
            self.stop(now);
        }
        let i = at(side);
        if self.control.correspondence() {
            self.left[i] = self.control.full();
        } else {
            self.left[i] += u64::from(self.control.increment) * 1000;
        }
        self.left[i]
    }

    /// `side`'s clock runs from `now` (the other's is stopped first).
    pub fn run(&mut self, side: Side, now: u64) {
        self.stop(now);
        self.running = Some(side);
        self.since = now;
    }
}

/// How a clock's comment begins.
pub const CLK: &str = "[%clk ";

/// Milliseconds as lichess writes a clock in PGN: `[%clk 0:04:58]` (hours, minutes, seconds,
/// the seconds rounded down).
pub fn clk_comment(ms: u64) -> String {
    let s = ms / 1000;
    format!("{CLK}{}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// Now, in milliseconds since the Unix epoch.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()
        .and_then(|d| u64::try_from(d.as_millis()).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_PLUS_TWO: TimeControl = TimeControl {
        initial: 300,
        increment: 2,
        days: 0,
    };

    #[test]
    fn a_turn_charges_the_time_it_took_and_adds_the_increment() {
        let mut clock = Clock::start(FIVE_PLUS_TWO, Side::White, 1_000);
        assert_eq!(clock.left_at(Side::White, 4_500), 296_500);
        assert_eq!(clock.left_at(Side::Black, 4_500), 300_000);
        assert_eq!(clock.end_turn(Side::White, 4_500), 298_500);
        clock.run(Side::Black, 4_500);
        assert_eq!(clock.left_at(Side::White, 10_000), 298_500);
        assert_eq!(clock.left_at(Side::Black, 10_000), 294_500);
        assert_eq!(clk_comment(298_500), "[%clk 0:04:58]");
        assert_eq!(clk_comment(3_725_000), "[%clk 1:02:05]");
        assert_eq!(FIVE_PLUS_TWO.tag(), "300+2");
    }

    #[test]
    fn a_flag_falls_when_the_running_side_has_no_time_left() {
        let clock = Clock::start(
            TimeControl {
                initial: 1,
                increment: 0,
                days: 0,
            },
            Side::Black,
            0,
        );
        assert_eq!(clock.fallen(999), None);
        assert_eq!(clock.fallen(1_000), Some(Side::Black));
        let mut stopped = clock.clone();
        stopped.stop(500);
        assert_eq!(stopped.fallen(10_000), None);
        assert_eq!(stopped.left_at(Side::Black, 10_000), 500);
    }

    #[test]
    fn a_correspondence_clock_is_full_again_at_each_turn_and_falls_after_its_days() {
        let two_days = TimeControl {
            initial: 0,
            increment: 0,
            days: 2,
        };
        assert_eq!(two_days.problem(), None);
        assert_eq!(two_days.tag(), "1/172800");
        let mut clock = Clock::start(two_days, Side::White, 0);
        assert_eq!(clock.end_turn(Side::White, DAY_MS + 5), 2 * DAY_MS);
        clock.run(Side::Black, DAY_MS + 5);
        assert_eq!(clock.fallen(3 * DAY_MS + 4), None);
        assert_eq!(clock.fallen(3 * DAY_MS + 5), Some(Side::Black));
        let mixed = TimeControl {
            initial: 60,
            ..two_days
        };
        assert!(mixed.problem().is_some(), "days and seconds at once");
        let long = TimeControl {
            days: 15,
            ..two_days
        };
        assert!(long.problem().is_some());
    }
}
