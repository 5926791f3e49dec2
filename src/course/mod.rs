//! The rules course: one lesson for each Article of Marquis de Sade chess that a player meets
//! and for each of M1–M7 of Marseillais chess, each a position, a prompt and a task that the
//! referee checks (spec/COURSE.md).
//!
//! The lessons are data files (`course/sade/*.json`, `course/marseillais/*.json`), embedded in
//! the binary and also read from a folder ([`Course::from_dir`]). An answer is judged by
//! replaying it with the referee from the lesson's position ([`judge_actions`], or
//! [`judge_game`] for the record of a game played from it).
//!
//! ```
//! use sade_ref::course::{Course, Mark, judge_actions};
//!
//! let course = Course::embedded().expect("the course's own lessons read");
//! let lesson = &course.lessons[0];
//! let right = judge_actions(lesson, &lesson.solution).expect("actions");
//! assert_eq!(right.outcome, Mark::Completed);
//! let wrong = judge_actions(lesson, &lesson.wrong[0].answer).expect("actions");
//! assert_eq!(wrong.outcome, Mark::Failed);
//! assert_eq!(wrong.article, Some(lesson.wrong[0].article));
//! ```

// The floors of course/, from the bottom up: a file names only modules of the floors below its
// own (the test in `src/layers/folders.rs` reads this list and holds every file to it).
// 0. `lesson`, `embedded`: a lesson and its errors; the course's files embedded in the binary.
// 1. `answer`, `stage`, `wording`: an answer as the record the referee replays; a stage of
//    lessons, read from its game's `stages.json`; what each cited Article says
//    (`articles.json`).
// 2. `feedback`: why a legal turn missed the goal, in the lesson's words.
// 3. `judge`, `load`: an answer judged by the referee; the course read from its files.
// 4. `check`: a lesson's own solution and wrong answers checked, and a stage's tasks.
// 5. `mod.rs`: the table of contents.

mod answer;
mod check;
mod embedded;
mod feedback;
mod judge;
mod lesson;
mod load;
mod stage;
mod wording;

pub use answer::{AnswerError, DRAW_CLAIM, record_text, roller};
pub use check::{Problem, check_lesson, check_stage, check_wordings};
pub use judge::{
    AnswerJudgement, Mark, judge_actions, judge_game, judge_verdict, judge_why, refusal,
};
pub use lesson::{Goal, Lesson, LessonError, Task, VARIANTS, Wrong};
pub use load::{Course, STAGES_FILE};
pub use stage::{SENTENCES, Stage, TASKS, stages_from_json};
pub use wording::{ARTICLES_FILE, Wording, wordings_from_json};
