//! How long a search may go on (its [`Limit`]), the budget it spends while under way, and what
//! it found ([`Stats`]).

use std::time::{Duration, Instant};

/// How long a search may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limit {
    /// Nodes at most (positions visited; in Sade, positions reached by a fulfilment).
    pub nodes: u64,
    /// Milliseconds at most for the turn, when set; the search is then no longer
    /// deterministic.
    pub movetime_ms: Option<u64>,
    /// Depth at most (plies; in Sade, turns).
    pub depth: u8,
}

impl Limit {
    pub const fn nodes(nodes: u64) -> Limit {
        Limit {
            nodes,
            movetime_ms: None,
            depth: 64,
        }
    }
}

/// What a search found, for the benches and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited.
    pub nodes: u64,
    /// The last depth searched to the end.
    pub depth: u8,
    /// Time spent generating moves (only counted when [`Stats::timed`] was asked for).
    pub movegen: Duration,
    /// Time spent in the evaluation (likewise).
    pub eval: Duration,
}

/// The budget of a search under way.
pub(crate) struct Budget {
    limit: Limit,
    start: Instant,
    pub nodes: u64,
    stopped: bool,
    /// Whether move generation and evaluation are timed (the bench).
    pub timed: bool,
    pub movegen: Duration,
    pub eval: Duration,
}

impl Budget {
    pub fn new(limit: Limit) -> Budget {
        Budget {
            limit,
            start: Instant::now(),
            nodes: 0,
            stopped: false,
            timed: false,
            movegen: Duration::ZERO,
            eval: Duration::ZERO,
        }
    }

    /// Counts one node; whether the search must stop.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit.nodes {
            self.stopped = true;
        }
        if let Some(ms) = self.limit.movetime_ms
            && self.nodes.is_multiple_of(256)
            && self.start.elapsed() >= Duration::from_millis(ms)
        {
            self.stopped = true;
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Goes on under `limit` (the nodes already counted count against it): a search whose
    /// first iteration had none.
    pub fn limit_to(&mut self, limit: Limit) {
        self.limit = limit;
        self.stopped = self.nodes >= limit.nodes;
    }

    pub fn limit(&self) -> Limit {
        self.limit
    }

    pub fn max_depth(&self) -> u8 {
        self.limit.depth
    }

    /// Runs `f`, adding its time to `movegen` when timed.
    #[inline]
    pub fn generate<T>(&mut self, f: impl FnOnce() -> T) -> T {
        if !self.timed {
            return f();
        }
        let start = Instant::now();
        let out = f();
        self.movegen += start.elapsed();
        out
    }

    /// Runs `f`, adding its time to `eval` when timed.
    #[inline]
    pub fn evaluate<T>(&mut self, f: impl FnOnce() -> T) -> T {
        if !self.timed {
            return f();
        }
        let start = Instant::now();
        let out = f();
        self.eval += start.elapsed();
        out
    }

    pub fn stats(&self, depth: u8) -> Stats {
        Stats {
            nodes: self.nodes,
            depth,
            movegen: self.movegen,
            eval: self.eval,
        }
    }
}
