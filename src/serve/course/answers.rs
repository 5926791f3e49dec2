//! What the Course mode answers: the stages and lessons with each learner's marks, a lesson
//! started, a judgement, help, and an Article cited with what it is about.

use serde::Serialize;

use crate::course::{AnswerJudgement, Mark, Stage, Task};
use crate::record::Face;
use crate::rules::Article;
use crate::serve::view::Created;

/// An Article cited by the course, with what it is about (shown where it is cited).
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Cited {
    /// As the referee cites it: `Art. 12.1`, `R4`, `M2`.
    pub(super) cite: String,
    pub(super) title: &'static str,
}

impl From<Article> for Cited {
    fn from(a: Article) -> Cited {
        Cited {
            cite: a.to_string(),
            title: a.title(),
        }
    }
}

/// An Article the referee cites, what it is about and, where the course has them, its own words.
#[derive(Clone, Serialize, utoipa::ToSchema)]
pub struct Said {
    #[serde(flatten)]
    pub(super) cited: Cited,
    /// Where the words stand (`Article 12.1 (Section IV)`, `Ruling R4`).
    #[schema(required = true)]
    pub(super) source: Option<String>,
    /// The Article's own words (a paraphrase where `quoted` is false).
    #[schema(required = true)]
    pub(super) words: Option<String>,
    pub(super) quoted: bool,
}

/// A lesson (a stage's task) of the course (spec/COURSE.md), as the list shows it before it is
/// played.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Lesson)]
pub struct LessonView {
    pub(super) id: String,
    /// The stage it belongs to.
    pub(super) stage: String,
    pub(super) variant: &'static str,
    /// The Article the lesson teaches; none for a `why` lesson, whose answer it is (sent with
    /// its judgement only).
    #[schema(required = true)]
    pub(super) article: Option<Cited>,
    pub(super) title: String,
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6, required = true)]
    pub(super) face: Option<Face>,
    pub(super) prompt: String,
    #[schema(schema_with = crate::serve::schema::task)]
    pub(super) task: Task,
    /// The series to explain (task `why`).
    pub(super) series: Vec<String>,
    /// The Articles to choose from (task `why`).
    pub(super) choices: Vec<Cited>,
    /// The side the lesson's player plays (the side to move in its position): the board is
    /// seen from it.
    #[schema(schema_with = crate::serve::schema::side)]
    pub(super) side: &'static str,
    /// Completed by this learner (with or without stars).
    pub(super) completed: bool,
    /// 3: at the first try; 2: after one failure or the hint; 1: after more; 0: after the
    /// solution was shown, or not completed.
    #[schema(minimum = 0, maximum = 3)]
    pub(super) stars: u8,
}

/// A stage: what is taught before its tasks, and the tasks in order.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StageView {
    pub(super) id: String,
    pub(super) variant: &'static str,
    pub(super) title: String,
    pub(super) article: Cited,
    /// Two to four plain sentences, said before the first task.
    pub(super) teach: Vec<String>,
    /// The rule's own words.
    pub(super) wording: String,
    /// The stage's lessons, by id, in order.
    pub(super) tasks: Vec<String>,
}

impl From<&Stage> for StageView {
    fn from(s: &Stage) -> StageView {
        StageView {
            id: s.id.clone(),
            variant: s.variant.tag(),
            title: s.title.clone(),
            article: s.article.into(),
            teach: s.teach.clone(),
            wording: s.wording.clone(),
            tasks: s.tasks.clone(),
        }
    }
}

/// The stages and their lessons in order, each lesson marked completed (and its stars) for the
/// learner asked about.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseList {
    pub(super) stages: Vec<StageView>,
    pub(super) lessons: Vec<LessonView>,
    /// The lessons the learner completed.
    pub(super) completed: usize,
    /// The learner's stars, all lessons together.
    pub(super) stars: u32,
    /// Every Article, ruling and law the referee cites, with what it is about and (those the
    /// course cites) its own words: shown where a lesson or a judgement cites one.
    pub(super) articles: Vec<Said>,
}

/// A new game of the lesson (as `POST /api/games` answers), with its prompt.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseStarted {
    #[serde(flatten)]
    pub(super) game: Created,
    pub(super) lesson: LessonPrompt,
}

/// What the page shows of a lesson started.
#[derive(Serialize, utoipa::ToSchema)]
pub struct LessonPrompt {
    pub(super) id: String,
    pub(super) stage: String,
    /// 1-based place of the lesson in its stage, and the stage's number of tasks.
    pub(super) number: usize,
    pub(super) of: usize,
    /// The Article the lesson teaches; none for a `why` lesson, whose answer it is (sent with
    /// its judgement only).
    #[schema(required = true)]
    pub(super) article: Option<Cited>,
    pub(super) title: String,
    pub(super) prompt: String,
    #[schema(schema_with = crate::serve::schema::task)]
    pub(super) task: Task,
    pub(super) series: Vec<String>,
    pub(super) choices: Vec<Cited>,
}

/// The judgement of the lesson's turn as the game's record holds it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CourseJudged {
    pub(super) lesson: String,
    pub(super) article: String,
    pub(super) judgement: LessonJudgement,
    /// The lesson's explanation, once it is completed.
    #[schema(required = true)]
    pub(super) explanation: Option<String>,
    /// The lesson's own solution, once it is completed (the explanation speaks of it; the turn
    /// played may be another that does what was asked).
    #[schema(required = true)]
    pub(super) solution: Option<Vec<String>>,
    /// The lesson's turn as the game's record holds it (SDN actions).
    pub(super) played: Vec<String>,
    /// The learner's tries that failed on this lesson so far.
    pub(super) failures: u32,
    /// The stars of this lesson (0 to 3: see `Lesson.stars`), once it is completed.
    #[schema(minimum = 0, maximum = 3)]
    pub(super) stars: u8,
    /// The lessons the learner completed.
    pub(super) completed: Vec<String>,
}

/// The judgement of one answer to a lesson (the library's course `AnswerJudgement`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct LessonJudgement {
    #[schema(schema_with = crate::serve::schema::outcome)]
    pub(super) outcome: Mark,
    /// The Article behind the judgement: the refusal's, the ending's, or the lesson's.
    #[schema(required = true)]
    pub(super) article: Option<String>,
    /// In the referee's words where the referee refused the answer.
    pub(super) message: String,
    /// The 1-based action the referee refused (0: the turn as a whole), when it refused one.
    #[schema(required = true)]
    pub(super) action: Option<usize>,
}

impl From<AnswerJudgement> for LessonJudgement {
    fn from(j: AnswerJudgement) -> LessonJudgement {
        LessonJudgement {
            outcome: j.outcome,
            article: j.article.map(|a| a.to_string()),
            message: j.message,
            action: j.action,
        }
    }
}

/// The help given.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Help {
    pub(super) lesson: String,
    /// The hint, when it was asked.
    #[schema(required = true)]
    pub(super) hint: Option<String>,
    /// The solution's actions (or the Article of a `why` lesson), when it was asked.
    #[schema(required = true)]
    pub(super) solution: Option<Vec<String>>,
    /// Why the solution works, with it.
    #[schema(required = true)]
    pub(super) explanation: Option<String>,
}
