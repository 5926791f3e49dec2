//! Turns analysed on several threads, the results in the order of the turns: the analysis of
//! a turn depends on nothing but the turn, so it is the same with any number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::error::AnalysisError;

/// `work(tool, item)` for each item on `jobs` threads, each thread with its own tool (`start`,
/// given the thread's number: an outside engine, or nothing); the results in the items' order,
/// or the first error in that order.
pub(super) fn in_parallel<W, T, R>(
    items: &[W],
    jobs: usize,
    progress: Option<&AtomicUsize>,
    start: impl Fn(usize) -> Result<T, AnalysisError> + Sync,
    work: impl Fn(&mut T, &W) -> Result<R, AnalysisError> + Sync,
) -> Result<Vec<R>, AnalysisError>
where
    W: Sync,
    R: Send,
{
    let jobs = jobs.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<R, AnalysisError>>>> =
        Mutex::new((0..items.len()).map(|_| None).collect());
    let failed: Mutex<Option<AnalysisError>> = Mutex::new(None);
    let run = |thread: usize| {
        let mut tool = match start(thread) {
            Ok(tool) => tool,
            Err(e) => {
                if let Ok(mut failed) = failed.lock() {
                    failed.get_or_insert(e);
                }
                return;
            }
        };
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            let Some(item) = items.get(i) else { return };
            let result = work(&mut tool, item);
            if let Some(done) = progress {
                done.fetch_add(1, Ordering::Relaxed);
            }
            if let Ok(mut all) = results.lock() {
                all[i] = Some(result);
            }
        }
    };
    if jobs == 1 {
        run(0);
    } else {
        std::thread::scope(|scope| {
            for thread in 0..jobs {
                scope.spawn(move || run(thread));
            }
        });
    }
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let all = results.into_inner().unwrap_or_else(|e| e.into_inner());
    all.into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                Err(AnalysisError::Position {
                    turn: "?".into(),
                    reason: "the analysis stopped before this turn".into(),
                })
            })
        })
        .collect()
}
