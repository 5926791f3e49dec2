//! The course's learners, kept beside the games in one document: each learner's tries, help
//! and stars at each lesson, read and changed under one lock.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::serve::error::ApiError;
use crate::serve::http::{App, held};
use crate::serve::store::Doc;

/// One writer of the progress file at a time.
static LEARNERS: Mutex<()> = Mutex::new(());

/// How many failed tries open the solution.
pub const TRIES_BEFORE_SOLUTION: u32 = 2;

/// One learner's way through one lesson.
#[derive(Clone, Copy, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Tries {
    pub(super) failures: u32,
    pub(super) hint: bool,
    pub(super) solution: bool,
    pub(super) completed: bool,
    pub(super) stars: u8,
}

impl Tries {
    /// The stars a completion now earns: 3 at the first try without help, 2 after one failure
    /// or the hint, 1 after more, 0 once the solution was shown.
    pub(super) fn earned(&self) -> u8 {
        match (self.solution, self.failures, self.hint) {
            (true, _, _) => 0,
            (false, 0, false) => 3,
            (false, 0 | 1, _) => 2,
            _ => 1,
        }
    }
}

/// Every learner's progress, as stored: learner id → lesson id → tries.
#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Learners {
    pub(super) learners: BTreeMap<String, BTreeMap<String, Tries>>,
}

/// A learner's id as the browser keeps it: 8 to 64 letters, digits or `-`.
pub(super) fn learner_id(id: Option<&str>) -> Result<Option<String>, ApiError> {
    match id {
        None => Ok(None),
        Some(id)
            if (8..=64).contains(&id.len())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
        {
            Ok(Some(id.to_owned()))
        }
        Some(_) => Err(ApiError::bad(
            "learner",
            "a learner is 8 to 64 letters, digits or `-`".to_owned(),
        )),
    }
}

pub(super) fn read_learners(app: &App) -> Learners {
    app.store
        .read(Doc::Learners)
        .ok()
        .flatten()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

/// The learner's tries on a lesson, changed by `edit` and saved; without a learner, nothing is
/// kept and the tries start from nothing.
pub(super) fn record(
    app: &App,
    learner: Option<&str>,
    lesson: &str,
    edit: impl FnOnce(&mut Tries),
) -> Result<(Tries, Vec<String>), ApiError> {
    let Some(learner) = learner else {
        let mut tries = Tries::default();
        edit(&mut tries);
        let completed = if tries.completed {
            vec![lesson.to_owned()]
        } else {
            Vec::new()
        };
        return Ok((tries, completed));
    };
    let _one = held(LEARNERS.lock(), "the progress lock is poisoned")?;
    let mut progress = read_learners(app);
    let lessons = progress.learners.entry(learner.to_owned()).or_default();
    let tries = lessons.entry(lesson.to_owned()).or_default();
    edit(tries);
    let tries = *tries;
    let completed = lessons
        .iter()
        .filter(|(_, t)| t.completed)
        .map(|(id, _)| id.clone())
        .collect();
    let text =
        serde_json::to_string_pretty(&progress).map_err(|e| ApiError::internal(e.to_string()))?;
    app.store
        .write(Doc::Learners, &text)
        .map_err(|e| ApiError::unsaved(format!("the lesson's progress is not saved: {e}")))?;
    Ok((tries, completed))
}
