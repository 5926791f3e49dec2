//! One lesson of the rules course, as its data file writes it (spec/COURSE.md), read strictly
//! and checked before it is used: the Articles must be ones the referee cites, the variant one
//! the course teaches, the face a die face, the goal a termination and a winner.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::record::{Face, Variant};
use crate::rules::{Article, Termination};

/// The games the course teaches, as a lesson's file names them by their `Variant` tag: Sade
/// (the lesson's turn starts with the face already rolled) and Marseillais (two moves in every
/// turn from a FEN setup, M7).
pub const VARIANTS: [Variant; 2] = [Variant::Sade, Variant::Marseillais];

/// A lesson's `variant`: the tag of one of [`VARIANTS`], refused otherwise as serde refuses an
/// unknown name.
fn lesson_variant<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
    const TAGS: &[&str] = &["Sade", "Marseillais"];
    let tag = String::deserialize(d)?;
    VARIANTS
        .into_iter()
        .find(|v| v.tag() == tag)
        .ok_or_else(|| serde::de::Error::unknown_variant(&tag, TAGS))
}

/// The standard start position, as a FEN writes it before its move counters.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

/// What the player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Play the turn: the answer is the turn's actions.
    Play,
    /// Find why the lesson's series is refused: the answer is the Article, as the referee
    /// cites it.
    Why,
}

/// What the lesson's turn must end the game with, when it must end it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    pub termination: Termination,
    pub winner: Option<Color>,
}

/// A wrong answer a lesson shows the referee refusing (or the roller losing by), the Article it
/// expects, and what the judgement must say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wrong {
    pub answer: Vec<String>,
    pub article: Article,
    /// Words the judgement's message must contain (`king escapes`, `ends your turn`): the
    /// feedback a learner reads, held to what the lesson says it is.
    pub says: Option<String>,
}

/// One lesson: a position, a face (Sade), a prompt, a task, its solution and a wrong answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The file's name without `.json`: `01-art-1-face-one`.
    pub id: String,
    /// Sade or Marseillais ([`VARIANTS`]).
    pub variant: Variant,
    /// The Article the lesson teaches.
    pub article: Article,
    /// Other Articles or rulings that say the same thing in the referee's words (Art. 14 is
    /// cited as Art. 4.2): a wrong answer may be refused under one of them.
    pub also: Vec<Article>,
    pub title: String,
    /// The position, a Sade FEN with its pocket where pieces have left the board.
    pub fen: String,
    /// The game's own start, not a setup: `fen` is the standard start position and the record
    /// has no FEN tag, so that a Marseillais first turn is White's single move (M1).
    pub start: bool,
    /// Marseillais only: the turns played from `fen` before the lesson's own (each its moves),
    /// for what one position cannot hold (two double steps to take en passant, a repetition).
    pub before: Vec<Vec<String>>,
    /// The die face already rolled (Sade only).
    pub face: Option<Face>,
    pub prompt: String,
    pub task: Task,
    /// The series shown (task `why`): actions the referee refuses, or that lose the game.
    pub series: Vec<String>,
    /// `None`: the turn must be legal and complete and must not end the game.
    pub goal: Option<Goal>,
    pub solution: Vec<String>,
    /// The wrong answers, each failing as it states (at least one).
    pub wrong: Vec<Wrong>,
    /// A nudge towards the answer that does not give it, offered after a failure.
    pub hint: String,
    /// Task `why`: the Articles offered to choose from, the answer among them.
    pub choices: Vec<Article>,
    /// What the referee's judgement teaches, shown when the lesson is completed.
    pub explanation: String,
}

impl Lesson {
    /// Every Article the lesson teaches: its own first, then the others.
    pub fn articles(&self) -> impl Iterator<Item = Article> + '_ {
        std::iter::once(self.article).chain(self.also.iter().copied())
    }

    /// Reads a lesson from its JSON text; `id` is the file's name without `.json`.
    ///
    /// # Errors
    /// A [`LessonError`] naming the field (and, for JSON that does not parse, the line and
    /// column).
    pub fn from_json(id: &str, text: &str) -> Result<Lesson, LessonError> {
        let error = |message: String| LessonError {
            lesson: id.to_owned(),
            message,
        };
        let raw: RawLesson = serde_json::from_str(text).map_err(|e| {
            error(format!(
                "line {}, column {}: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        })?;
        let face = face_of(raw.variant, raw.face).map_err(error)?;
        let goal = raw.goal.as_ref().map(goal_of).transpose().map_err(error)?;
        let task = raw.task.unwrap_or(Task::Play);
        let wrongs = raw.wrong.into_vec();
        answers_checked(task, &raw.series, &raw.solution, &wrongs, &raw.hint).map_err(error)?;
        let choices = choices_of(task, &raw.choices, &raw.solution, &wrongs).map_err(error)?;
        let mut wrong = Vec::new();
        for w in wrongs {
            wrong.push(Wrong {
                article: cite("wrong.article", &w.article).map_err(error)?,
                answer: w.answer,
                says: w.says,
            });
        }
        let lesson = Lesson {
            id: id.to_owned(),
            variant: raw.variant,
            article: cite("article", &raw.article).map_err(error)?,
            also: raw
                .also
                .iter()
                .map(|a| cite("also", a))
                .collect::<Result<_, _>>()
                .map_err(error)?,
            title: raw.title,
            fen: raw.fen,
            start: raw.start,
            before: raw.before,
            face,
            prompt: raw.prompt,
            task,
            series: raw.series,
            goal,
            solution: raw.solution,
            wrong,
            hint: raw.hint,
            choices,
            explanation: raw.explanation,
        };
        position_checked(&lesson).map_err(error)?;
        Ok(lesson)
    }
}

/// The Article cited in a lesson's field, or why it is none.
fn cite(field: &str, text: &str) -> Result<Article, String> {
    Article::from_cite(text)
        .ok_or_else(|| format!("{field}: `{text}` is not an Article the referee cites"))
}

/// The face a lesson starts with: one for a Sade lesson, none for a Marseillais one.
fn face_of(variant: Variant, face: Option<u8>) -> Result<Option<Face>, String> {
    match (variant, face) {
        (Variant::Sade, Some(face)) => Ok(Some(
            Face::new(face.into()).map_err(|e| format!("face: {e}"))?,
        )),
        (Variant::Sade, None) => Err("face: a Sade lesson starts with a face rolled".into()),
        (_, Some(_)) => Err("face: Marseillais chess has no die".into()),
        (_, None) => Ok(None),
    }
}

/// A lesson's goal: a termination the referee gives, and its winner.
fn goal_of(goal: &RawGoal) -> Result<Goal, String> {
    Ok(Goal {
        termination: termination(&goal.termination).ok_or_else(|| {
            format!(
                "goal.termination: `{}` is not a termination the referee gives",
                goal.termination
            )
        })?,
        winner: match goal.winner.as_str() {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            "none" => None,
            other => {
                return Err(format!(
                    "goal.winner: `{other}` is not white, black or none"
                ));
            }
        },
    })
}

/// The task's answers are there and of its kind: a series for a `why` lesson only, at least one
/// wrong answer, answers of actions (of one Article for a `why` lesson), a hint.
fn answers_checked(
    task: Task,
    series: &[String],
    solution: &[String],
    wrongs: &[RawWrong],
    hint: &str,
) -> Result<(), String> {
    match (task, series.is_empty()) {
        (Task::Why, true) => {
            return Err("series: a `why` lesson shows the series to explain".into());
        }
        (Task::Play, false) => {
            return Err("series: only a `why` lesson shows a series".into());
        }
        _ => {}
    }
    if wrongs.is_empty() {
        return Err("wrong: a lesson shows at least one wrong answer".into());
    }
    if task == Task::Why && (solution.len() != 1 || wrongs.iter().any(|w| w.answer.len() != 1)) {
        return Err("solution, wrong.answer: a `why` lesson's answer is one Article".into());
    }
    if solution.is_empty() {
        return Err("solution: no action".into());
    }
    if wrongs.iter().any(|w| w.answer.is_empty()) {
        return Err("wrong.answer: no action".into());
    }
    if hint.trim().is_empty() {
        return Err("hint: a lesson offers a hint after a failure".into());
    }
    Ok(())
}

/// The Articles a `why` lesson offers to choose from (three to five, its answers among them);
/// a `play` lesson offers none.
fn choices_of(
    task: Task,
    choices: &[String],
    solution: &[String],
    wrongs: &[RawWrong],
) -> Result<Vec<Article>, String> {
    let choices = choices
        .iter()
        .map(|a| cite("choices", a))
        .collect::<Result<Vec<_>, _>>()?;
    match task {
        Task::Why => {
            if !(3..=5).contains(&choices.len()) {
                return Err("choices: a `why` lesson offers three to five Articles".into());
            }
            for answer in solution.iter().chain(wrongs.iter().flat_map(|w| &w.answer)) {
                let named = cite("solution, wrong.answer", answer)?;
                if !choices.contains(&named) {
                    return Err(format!(
                        "choices: `{answer}` is an answer the lesson names but does not offer"
                    ));
                }
            }
        }
        Task::Play if !choices.is_empty() => {
            return Err("choices: only a `why` lesson offers Articles to choose from".into());
        }
        Task::Play => {}
    }
    Ok(choices)
}

/// The lesson's position: earlier turns only in Marseillais lessons (of one or two moves), the
/// game's own start as the standard position, a FEN that is a position.
fn position_checked(lesson: &Lesson) -> Result<(), String> {
    if !lesson.before.is_empty()
        && (lesson.variant != Variant::Marseillais
            || lesson.before.iter().any(|t| !(1..=2).contains(&t.len())))
    {
        return Err("before: earlier turns are Marseillais turns of one or two moves".into());
    }
    if lesson.start && !lesson.fen.starts_with(START) {
        return Err(format!(
            "start: the game's own start is the standard position `{START} 0 1`"
        ));
    }
    if let Some(problem) = crate::rules::fen_problem(&lesson.fen) {
        return Err(format!(
            "fen: `{}` is not a position: {problem}",
            lesson.fen
        ));
    }
    Ok(())
}

/// The termination named as the verdict's JSON names it (`sacrifice-accomplished`).
fn termination(name: &str) -> Option<Termination> {
    use Termination::*;
    [
        SacrificeAccomplished,
        LibertinesMercy,
        Nakedness,
        SweetStalemate,
        PovertyOfTheFlesh,
        ForbiddenCheck,
        Checkmate,
        Stalemate,
        InsufficientMaterial,
        ThreefoldRepetition,
        FiftyMoveRule,
    ]
    .into_iter()
    .find(|t| t.name() == name)
}

/// serde_json's message without its own " at line L column C", which the error says first.
fn strip_position(message: &str) -> &str {
    message
        .rfind(" at line ")
        .map_or(message, |at| &message[..at])
}

/// A lesson file that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson's file name without `.json`.
    pub lesson: String,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lesson {}: {}", self.lesson, self.message)
    }
}

impl std::error::Error for LessonError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLesson {
    #[serde(deserialize_with = "lesson_variant")]
    variant: Variant,
    article: String,
    #[serde(default)]
    also: Vec<String>,
    title: String,
    fen: String,
    #[serde(default)]
    start: bool,
    #[serde(default)]
    before: Vec<Vec<String>>,
    #[serde(default)]
    face: Option<u8>,
    prompt: String,
    #[serde(default)]
    task: Option<Task>,
    #[serde(default)]
    series: Vec<String>,
    #[serde(default)]
    goal: Option<RawGoal>,
    solution: Vec<String>,
    wrong: OneOrMore,
    hint: String,
    #[serde(default)]
    choices: Vec<String>,
    explanation: String,
}

/// `wrong`: one wrong answer, or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMore {
    One(RawWrong),
    More(Vec<RawWrong>),
}

impl OneOrMore {
    fn into_vec(self) -> Vec<RawWrong> {
        match self {
            OneOrMore::One(w) => vec![w],
            OneOrMore::More(ws) => ws,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGoal {
    termination: String,
    winner: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWrong {
    answer: Vec<String>,
    article: String,
    #[serde(default)]
    says: Option<String>,
}
