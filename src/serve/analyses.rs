//! The analyses the server made of finished games (`POST /api/games/{id}/analysis`): each kept
//! by what makes it the same on another run (the record, the engine's version, the budget),
//! the last [`KEPT`] in memory, and one made at a time so that play stays fast.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use crate::analysis::Analysis;

/// The analyses kept in memory at most, the oldest forgotten first.
pub const KEPT: usize = 64;

/// What an analysis is kept by: a hash of the record's canonical SDN, the engine's version,
/// the node budget of a turn (`default`, or a number).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnalysisKey(pub String);

impl AnalysisKey {
    /// The key of the record whose hash is `record` (a game's version with no offer standing),
    /// analysed by this build under `nodes` (`None`: the default budget).
    pub fn new(record: &str, nodes: Option<u64>) -> AnalysisKey {
        let budget = nodes.map_or_else(|| "default".to_owned(), |n| n.to_string());
        AnalysisKey(format!(
            "{record} sade-ref-{} {budget}",
            env!("CARGO_PKG_VERSION")
        ))
    }
}

/// Where one analysis stands.
#[derive(Clone, Debug)]
pub enum Stage {
    /// Waiting for its turn or running: the turns analysed so far, of `total`.
    Running { done: usize, total: usize },
    /// Finished.
    Done(Arc<Analysis>),
    /// The engine could not analyse the record: why, in an arbiter's words.
    Failed(String),
}

/// An analysis asked for and not finished: its counter of turns analysed, and its turns.
struct Asked {
    progress: Arc<AtomicUsize>,
    total: usize,
}

#[derive(Default)]
struct Kept {
    running: HashMap<AnalysisKey, Asked>,
    /// Finished (or failed), oldest first.
    finished: VecDeque<(AnalysisKey, Result<Arc<Analysis>, String>)>,
}

/// The analyses, and the gate that lets one run at a time.
pub struct Analyses {
    kept: Mutex<Kept>,
    /// One permit: the analysis that holds it runs, the others wait.
    pub gate: Arc<tokio::sync::Semaphore>,
}

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses {
            kept: Mutex::default(),
            gate: Arc::new(tokio::sync::Semaphore::new(1)),
        }
    }
}

/// What [`Analyses::ask`] found.
pub enum Asking {
    /// The analysis is kept or under way: where it stands.
    Known(Stage),
    /// A new one: its counter, to give the engine (the caller runs it, then calls
    /// [`Analyses::finish`]).
    New(Arc<AtomicUsize>),
}

impl Analyses {
    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where the analysis kept by `key` stands, if it was ever asked for (and not forgotten).
    pub fn stage(&self, key: &AnalysisKey) -> Option<Stage> {
        let kept = self.kept();
        if let Some(asked) = kept.running.get(key) {
            return Some(Stage::Running {
                done: asked.progress.load(Ordering::Relaxed),
                total: asked.total,
            });
        }
        kept.finished
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, result)| match result {
                Ok(analysis) => Stage::Done(analysis.clone()),
                Err(reason) => Stage::Failed(reason.clone()),
            })
    }

    /// The analysis kept by `key` if it is known, else a new one of `total` turns, counted as
    /// running from now.
    pub fn ask(&self, key: &AnalysisKey, total: usize) -> Asking {
        if let Some(stage) = self.stage(key) {
            return Asking::Known(stage);
        }
        let progress = Arc::new(AtomicUsize::new(0));
        self.kept().running.insert(
            key.clone(),
            Asked {
                progress: progress.clone(),
                total,
            },
        );
        Asking::New(progress)
    }

    /// Keeps the finished analysis of `key` (forgetting the oldest beyond [`KEPT`]).
    pub fn finish(&self, key: &AnalysisKey, result: Result<Analysis, String>) {
        let mut kept = self.kept();
        kept.running.remove(key);
        kept.finished.retain(|(k, _)| k != key);
        kept.finished.push_back((key.clone(), result.map(Arc::new)));
        while kept.finished.len() > KEPT {
            kept.finished.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Analyses, AnalysisKey, Asking, KEPT, Stage};

    #[test]
    fn an_analysis_is_asked_once_and_the_oldest_is_forgotten() {
        let analyses = Analyses::default();
        let key = AnalysisKey::new("a", None);
        assert!(matches!(analyses.ask(&key, 3), Asking::New(_)));
        assert!(matches!(
            analyses.ask(&key, 3),
            Asking::Known(Stage::Running { done: 0, total: 3 })
        ));
        analyses.finish(&key, Err("no".into()));
        assert!(matches!(analyses.stage(&key), Some(Stage::Failed(_))));
        for n in 0..KEPT {
            analyses.finish(&AnalysisKey::new(&n.to_string(), None), Err("no".into()));
        }
        assert!(analyses.stage(&key).is_none());
        assert_ne!(AnalysisKey::new("a", None), AnalysisKey::new("a", Some(5)));
    }
}
