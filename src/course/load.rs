//! The course as a whole: its lessons in order, read from the files built into the binary or
//! from a folder, each checked to read and to have a name of its own.

use std::path::Path;

use super::embedded;
use super::lesson::{Lesson, LessonError};

/// The lessons in their order: Sade's first (from the die's simplest faces to the General
/// Provision on Check), then Marseillais'.
#[derive(Clone, Debug, Default)]
pub struct Course {
    pub lessons: Vec<Lesson>,
}

impl Course {
    /// The lessons built into the binary.
    ///
    /// # Errors
    /// Every lesson file that does not read, each with its name and why.
    pub fn embedded() -> Result<Course, Vec<LessonError>> {
        Course::from_files(
            embedded::LESSONS
                .iter()
                .map(|(name, text)| ((*name).to_owned(), (*text).to_owned())),
        )
    }

    /// The lessons of a folder laid out as `course/`: `sade/*.json` then `marseillais/*.json`,
    /// each in the order of its file names.
    ///
    /// # Errors
    /// A folder or file that cannot be read, and every lesson file that does not read.
    pub fn from_dir(dir: &Path) -> Result<Course, Vec<LessonError>> {
        let mut files = Vec::new();
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
        match Course::from_files(files) {
            Ok(course) if errors.is_empty() => Ok(course),
            Ok(_) => Err(errors),
            Err(more) => {
                errors.extend(more);
                Err(errors)
            }
        }
    }

    /// Reads lessons from `(name, text)` pairs, in that order.
    ///
    /// # Errors
    /// Every lesson that does not read, and every name used twice.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Course, Vec<LessonError>> {
        let mut lessons: Vec<Lesson> = Vec::new();
        let mut errors = Vec::new();
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
        if errors.is_empty() {
            Ok(Course { lessons })
        } else {
            Err(errors)
        }
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
