//! The course as a whole: its stages and their lessons in order, read from the files built into
//! the binary or from a folder, each checked to read, to have a name of its own, and every
//! lesson to stand in exactly one stage.

use std::path::Path;

use super::embedded;
use super::lesson::{Lesson, LessonError};
use super::stage::{Stage, stages_from_json};
use super::wording::{ARTICLES_FILE, Wording, wordings_from_json};

/// The stages in their order (Sade's, then Marseillais'), and their lessons in the same order.
#[derive(Clone, Debug, Default)]
pub struct Course {
    pub stages: Vec<Stage>,
    /// Every lesson, stage by stage.
    pub lessons: Vec<Lesson>,
    /// What each cited Article says.
    pub wordings: Vec<Wording>,
}

/// The name of a folder's list of stages, beside its lessons.
pub const STAGES_FILE: &str = "stages.json";

impl Course {
    /// The lessons built into the binary.
    ///
    /// # Errors
    /// Every lesson file that does not read, each with its name and why.
    pub fn embedded() -> Result<Course, Vec<LessonError>> {
        Course::from_files(
            embedded::STAGES
                .iter()
                .map(|(folder, text)| ((*folder).to_owned(), (*text).to_owned())),
            embedded::LESSONS
                .iter()
                .map(|(name, text)| ((*name).to_owned(), (*text).to_owned())),
        )?
        .with_wordings(embedded::ARTICLES)
    }

    /// The course with what each cited Article says, read from `articles.json`'s text.
    ///
    /// # Errors
    /// The file's error, when it does not read.
    pub fn with_wordings(mut self, text: &str) -> Result<Course, Vec<LessonError>> {
        self.wordings = wordings_from_json(text).map_err(|e| vec![e])?;
        Ok(self)
    }

    /// What `article` says, when the course has its words.
    pub fn wording(&self, article: crate::rules::Article) -> Option<&Wording> {
        self.wordings.iter().find(|w| w.article == article)
    }

    /// The course of a folder laid out as `course/`: `articles.json`, then `sade/stages.json` and
    /// `sade/*.json`, then the same for `marseillais/`.
    ///
    /// # Errors
    /// A folder or file that cannot be read, and every lesson file that does not read.
    pub fn from_dir(dir: &Path) -> Result<Course, Vec<LessonError>> {
        let mut files = Vec::new();
        let mut stage_files = Vec::new();
        let mut errors = Vec::new();
        for variant in ["sade", "marseillais"] {
            let sub = dir.join(variant);
            let entries = match std::fs::read_dir(&sub) {
                Ok(entries) => entries,
                Err(e) => {
                    errors.push(LessonError {
                        lesson: sub.display().to_string(),
                        message: format!("cannot read the folder: {}", io_words(&e)),
                    });
                    continue;
                }
            };
            let mut names: Vec<_> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            names.sort();
            let stages = sub.join(STAGES_FILE);
            names.retain(|p| *p != stages);
            match std::fs::read_to_string(&stages) {
                Ok(text) => stage_files.push((variant.to_owned(), text)),
                Err(e) => errors.push(LessonError {
                    lesson: format!("{variant}/stages"),
                    message: format!("cannot read {}: {}", stages.display(), io_words(&e)),
                }),
            }
            for path in names {
                let name = format!(
                    "{variant}/{}",
                    path.file_stem()
                        .map(|s| s.to_string_lossy())
                        .unwrap_or_default()
                );
                match std::fs::read_to_string(&path) {
                    Ok(text) => files.push((name, text)),
                    Err(e) => errors.push(LessonError {
                        lesson: name,
                        message: format!("cannot read {}: {}", path.display(), io_words(&e)),
                    }),
                }
            }
        }
        let articles = std::fs::read_to_string(dir.join(ARTICLES_FILE)).map_err(|e| LessonError {
            lesson: "articles".to_owned(),
            message: format!(
                "cannot read {}: {}",
                dir.join(ARTICLES_FILE).display(),
                io_words(&e)
            ),
        });
        match Course::from_files(stage_files, files) {
            Ok(course) if errors.is_empty() => match articles {
                Ok(text) => course.with_wordings(&text),
                Err(e) => Err(vec![e]),
            },
            Ok(_) => Err(errors),
            Err(more) => {
                errors.extend(more);
                Err(errors)
            }
        }
    }

    /// Reads the stages from `(folder, stages.json text)` pairs and the lessons from `(name,
    /// text)` pairs, and puts the lessons in the stages' order.
    ///
    /// # Errors
    /// Every file that does not read, every name used twice, every lesson in no stage or in
    /// two, and every task of a stage that names no lesson of its game.
    pub fn from_files(
        stage_files: impl IntoIterator<Item = (String, String)>,
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Course, Vec<LessonError>> {
        let mut lessons: Vec<Lesson> = Vec::new();
        let mut stages: Vec<Stage> = Vec::new();
        let mut errors = Vec::new();
        for (folder, text) in stage_files {
            match stages_from_json(&folder, &text) {
                Ok(more) => stages.extend(more),
                Err(e) => errors.push(e),
            }
        }
        for (name, text) in files {
            match Lesson::from_json(&name, &text) {
                Ok(lesson) if lessons.iter().any(|l| l.id == lesson.id) => {
                    errors.push(LessonError {
                        lesson: name,
                        message: "a second lesson with this name".into(),
                    })
                }
                Ok(lesson) => lessons.push(lesson),
                Err(e) => errors.push(e),
            }
        }
        let mut ordered = Vec::with_capacity(lessons.len());
        for stage in &stages {
            for task in &stage.tasks {
                match lessons.iter().position(|l| &l.id == task) {
                    Some(at) if lessons[at].variant != stage.variant => errors.push(LessonError {
                        lesson: task.clone(),
                        message: format!("a {} lesson in {}", lessons[at].variant, stage.id),
                    }),
                    Some(at) => ordered.push(lessons.swap_remove(at)),
                    None if ordered.iter().any(|l: &Lesson| &l.id == task) => {
                        errors.push(LessonError {
                            lesson: task.clone(),
                            message: format!("in a second stage, {}", stage.id),
                        })
                    }
                    None => errors.push(LessonError {
                        lesson: task.clone(),
                        message: format!("no such lesson, though stage {} names it", stage.id),
                    }),
                }
            }
        }
        for lesson in lessons {
            errors.push(LessonError {
                message: "in no stage: the folder's stages.json must name it".into(),
                lesson: lesson.id,
            });
        }
        if errors.is_empty() {
            Ok(Course {
                stages,
                lessons: ordered,
                wordings: Vec::new(),
            })
        } else {
            Err(errors)
        }
    }

    /// The stage a lesson belongs to.
    pub fn stage_of(&self, lesson: &str) -> Option<&Stage> {
        self.stages
            .iter()
            .find(|s| s.tasks.iter().any(|t| t == lesson))
    }

    /// The lesson named `id` (`sade/01-art-1-face-one`).
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }
}

fn io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}
