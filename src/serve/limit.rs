//! The rate of new games (or of logins) per address: a bucket for each address that holds
//! `per_minute` of them and fills again at that rate, so that one client cannot fill the
//! server's cap of games in progress (`--max-games`) in a burst, nor guess passwords fast.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses remembered at most; past it, those whose bucket is full again are forgotten.
const REMEMBERED: usize = 10_000;

/// The buckets of every address.
#[derive(Debug)]
pub struct RateLimit {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl RateLimit {
    /// New games (or logins) per address and minute; 0: no limit.
    pub fn new(per_minute: u32) -> RateLimit {
        RateLimit {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one new game from `address`'s bucket at `now`: `Ok`, or how long until one is
    /// there again.
    ///
    /// # Errors
    /// The time to wait when the bucket is empty.
    pub fn take(&self, address: IpAddr, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let Ok(mut buckets) = self.buckets.lock() else {
            return Ok(());
        };
        if buckets.len() >= REMEMBERED {
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second < capacity
            });
        }
        let (tokens, at) = buckets.entry(address).or_insert((capacity, now));
        *tokens =
            (*tokens + now.saturating_duration_since(*at).as_secs_f64() * per_second).min(capacity);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_has_its_burst_then_waits_and_others_are_not_held() {
        let limit = RateLimit::new(3);
        let (one, two): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "::1".parse().unwrap());
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(limit.take(one, start), Ok(()));
        }
        let wait = limit.take(one, start).unwrap_err();
        assert_eq!(wait.as_secs(), 20, "one game every 20 s at 3 a minute");
        assert_eq!(limit.take(two, start), Ok(()));
        assert_eq!(limit.take(one, start + Duration::from_secs(20)), Ok(()));
        assert!(limit.take(one, start + Duration::from_secs(21)).is_err());
        assert_eq!(RateLimit::new(0).take(one, start), Ok(()));
    }
}
