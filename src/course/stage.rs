//! A stage of the rules course: one idea, taught first in a few plain sentences and the rule's
//! own words, then practised in three to five short tasks (spec/COURSE.md). A variant's stages
//! are its folder's `stages.json`, in order.

use serde::Deserialize;

use super::lesson::{LessonError, VARIANTS};
use crate::record::Variant;
use crate::rules::Article;

/// How many tasks a stage has: enough to meet the idea from several positions, few enough to
/// take in one sitting.
pub const TASKS: std::ops::RangeInclusive<usize> = 3..=5;

/// How many plain sentences open a stage.
pub const SENTENCES: std::ops::RangeInclusive<usize> = 2..=4;

/// One stage: its idea, what is said before the first task, and its tasks in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// `sade/faces-one-to-three`: the variant's folder and the stage's own name.
    pub id: String,
    pub variant: Variant,
    pub title: String,
    /// The Article (or ruling) the stage teaches.
    pub article: Article,
    /// Two to four plain sentences, said before the first task.
    pub teach: Vec<String>,
    /// The rule's own wording, quoted from the rules text or the rulings.
    pub wording: String,
    /// The stage's tasks, as lesson ids (`sade/01-face-one`), in order.
    pub tasks: Vec<String>,
}

/// Reads a variant's `stages.json`: `folder` is `sade` or `marseillais`.
///
/// # Errors
/// A [`LessonError`] named after the file, with the stage and field at fault.
pub fn stages_from_json(folder: &str, text: &str) -> Result<Vec<Stage>, LessonError> {
    let file = format!("{folder}/stages");
    let error = |message: String| LessonError {
        lesson: file.clone(),
        message,
    };
    let variant = VARIANTS
        .into_iter()
        .find(|v| v.tag().eq_ignore_ascii_case(folder))
        .ok_or_else(|| error(format!("`{folder}` is not a game the course teaches")))?;
    let raw: RawStages = serde_json::from_str(text)
        .map_err(|e| error(format!("line {}, column {}: {e}", e.line(), e.column())))?;
    let mut stages = Vec::new();
    for s in raw.stages {
        let at =
            |field: &str, message: String| error(format!("stage {}: {field}: {message}", s.id));
        let article = Article::from_cite(&s.article).ok_or_else(|| {
            at(
                "article",
                format!("`{}` is not an Article the referee cites", s.article),
            )
        })?;
        if stages
            .iter()
            .any(|o: &Stage| o.id == format!("{folder}/{}", s.id))
        {
            return Err(at("id", "a second stage with this name".into()));
        }
        stages.push(Stage {
            id: format!("{folder}/{}", s.id),
            variant,
            title: s.title,
            article,
            teach: s.teach,
            wording: s.wording,
            tasks: s.tasks.iter().map(|t| format!("{folder}/{t}")).collect(),
        });
    }
    Ok(stages)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStages {
    stages: Vec<RawStage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage {
    id: String,
    title: String,
    article: String,
    teach: Vec<String>,
    wording: String,
    tasks: Vec<String>,
}
