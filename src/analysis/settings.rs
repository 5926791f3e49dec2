//! How an analysis is run: the engine, the node budget of a turn, the threads.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use crate::play::uci::EngineSpec;
use crate::record::Variant;

/// The node budget of a turn by default: chess and Marseillais positions searched (about a
/// fifth of a second a turn on one core); Sade fulfilments visited.
pub const DEFAULT_NODES: [(Variant, u64); 3] = [
    (Variant::Standard, 120_000),
    (Variant::Marseillais, 120_000),
    (Variant::Sade, 150_000),
];

/// Who analyses.
#[derive(Clone, Debug, Default)]
pub enum Engine {
    /// sade-ref's own search, under a node budget (the same analysis on every run).
    #[default]
    Own,
    /// An outside UCI engine, for standard chess.
    Uci(EngineSpec),
}

/// How an analysis is run.
#[derive(Clone, Debug)]
pub struct Settings {
    pub engine: Engine,
    /// The node budget of a turn; `None`: [`DEFAULT_NODES`].
    pub nodes: Option<u64>,
    /// Turns analysed at once (the result does not depend on it).
    pub jobs: usize,
    /// Counts the turns analysed so far, for a progress bar (`serve`'s analysis).
    pub progress: Option<Arc<AtomicUsize>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            engine: Engine::Own,
            nodes: None,
            jobs: 1,
            progress: None,
        }
    }
}

impl Settings {
    /// The node budget of a turn of `variant`.
    pub fn nodes_for(&self, variant: Variant) -> u64 {
        let family = match variant {
            Variant::Sade => Variant::Sade,
            Variant::Marseillais | Variant::MarseillaisClassical => Variant::Marseillais,
            Variant::Standard | Variant::Chess960 => Variant::Standard,
        };
        self.nodes.unwrap_or_else(|| {
            DEFAULT_NODES
                .iter()
                .find(|(v, _)| *v == family)
                .map_or(100_000, |(_, n)| *n)
        })
    }
}
