//! How much of the list to keep, and the collector that keeps it while counting every option.

use super::answer::{Answer, Line};

/// How much of the list to keep.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Keep at most this many options (all are counted).
    pub limit: Option<usize>,
    /// Keep none: the count only.
    pub count_only: bool,
}

/// Collects the options up to the limits, counting them all.
pub(super) struct Collector {
    limits: Limits,
    pub(super) lines: Vec<Line>,
    pub(super) count: usize,
}

impl Collector {
    pub(super) fn new(limits: Limits) -> Collector {
        Collector {
            limits,
            lines: Vec::new(),
            count: 0,
        }
    }

    /// Whether the next option is kept (it is counted either way).
    pub(super) fn wants(&mut self) -> bool {
        self.count += 1;
        !self.limits.count_only && self.limits.limit.is_none_or(|k| self.lines.len() < k)
    }
}

impl Answer {
    /// This answer with the options `collector` kept and counted.
    pub(super) fn listing(self, collector: Collector) -> Answer {
        Answer {
            options: collector.lines,
            count: collector.count,
            ..self
        }
    }
}
