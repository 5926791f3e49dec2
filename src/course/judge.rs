//! Judging an answer to a lesson with the referee: the answer becomes a record that starts from
//! the lesson's position with the lesson's face, the referee replays it, and the lesson reads
//! the verdict. The lesson never decides legality itself: a refusal is the referee's, in its
//! words, under its Article; only whether a legal turn reaches the lesson's goal is the
//! lesson's judgement, and it names the Article the goal is about.

use serde::Serialize;
use shakmaty::Color;

use super::answer::{AnswerError, record_text, roller, side_to_move};
use super::feedback::{illegal, missed};
use super::lesson::{Lesson, Task};
use crate::record::Variant;
use crate::record::{ActionKind, Game, Turn};
use crate::referee::{Status, Verdict, verify};
use crate::rules::Article;
use crate::rules::names::color_name;

/// How an answer went: the mark a judgement gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The turn is legal, complete, and does what the task asks.
    Completed,
    /// The referee refused an action, or the turn does not do what the task asks.
    Failed,
    /// Every action so far is legal, but the turn is not over: the face (or the second move of
    /// a Marseillais turn) asks for more.
    Incomplete,
}

/// The judgement of one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnswerJudgement {
    pub outcome: Mark,
    /// The Article behind the judgement: the refusal's, the ending's, or the lesson's.
    #[serde(serialize_with = "opt_cite")]
    pub article: Option<Article>,
    /// In the referee's words where the referee refused the answer.
    pub message: String,
    /// The 1-based action the referee refused (0: the turn as a whole), when it refused one.
    pub action: Option<usize>,
    /// The lesson's solution, shown when the answer failed.
    pub solution: Option<Vec<String>>,
}

fn opt_cite<S: serde::Serializer>(a: &Option<Article>, s: S) -> Result<S::Ok, S::Error> {
    match a {
        Some(a) => s.serialize_str(&a.to_string()),
        None => s.serialize_none(),
    }
}

/// Judges an answer written as SDN action texts.
///
/// # Errors
/// When the answer is not a list of actions (see [`record_text`]); an illegal action is not an
/// error but a [`Mark::Failed`] judgement.
pub fn judge_actions(lesson: &Lesson, actions: &[String]) -> Result<AnswerJudgement, AnswerError> {
    if lesson.task == Task::Why {
        return match actions {
            [article] => judge_why(lesson, article),
            _ => Err(AnswerError {
                action: 1,
                message: "the answer to a `why` lesson is one Article (Art. 12.1, R5, M4)".into(),
            }),
        };
    }
    let text = record_text(lesson, actions)?;
    let game = crate::parse::parse_str(&text)
        .into_iter()
        .next()
        .and_then(Result::ok)
        .ok_or_else(|| AnswerError {
            action: 1,
            message: "the answer does not read as SDN actions".into(),
        })?;
    Ok(judge_game(lesson, &game))
}

/// Judges the record of a game played from the lesson's position (the serve page's game): its
/// first turn is the answer. The record must start from the lesson's FEN, with its face.
pub fn judge_game(lesson: &Lesson, game: &Game) -> AnswerJudgement {
    let from = if lesson.start {
        None
    } else {
        Some(lesson.fen.trim())
    };
    if game.tag("FEN").map(str::trim) != from {
        return failed(
            lesson,
            None,
            None,
            "this game does not start from the lesson's position".into(),
        );
    }
    let mut game = game.clone();
    let before = lesson.before.len();
    let played: Vec<Vec<String>> = game
        .turns
        .iter()
        .take(before)
        .map(|t| t.actions().map(ToString::to_string).collect())
        .collect();
    if played != lesson.before {
        return failed(
            lesson,
            None,
            None,
            "this game does not begin with the lesson's earlier turns".into(),
        );
    }
    game.turns.truncate(before + 1);
    if let Some(face) = lesson.face
        && game
            .turns
            .first()
            .is_some_and(|t| t.face.map(|f| f.value) != Some(face))
    {
        return failed(
            lesson,
            None,
            None,
            format!("the lesson's face is {face}, and this game's turn has another"),
        );
    }
    judge_turn(lesson, &verify(&game), game.turns.get(before))
}

/// The judgement of the referee's verdict on the lesson's turn.
pub fn judge_verdict(lesson: &Lesson, verdict: &Verdict) -> AnswerJudgement {
    judge_turn(lesson, verdict, None)
}

/// The Article a missed goal is about: the Sade victory's own, or the lesson's.
fn goal_article(lesson: &Lesson) -> Article {
    use crate::rules::Termination::*;
    match lesson.goal.map(|g| g.termination) {
        Some(SacrificeAccomplished) => Article::Art9_2,
        Some(LibertinesMercy) => Article::Art10,
        Some(Nakedness) => Article::Art9_3,
        Some(SweetStalemate) => Article::Art9_1,
        _ => lesson.article,
    }
}

/// The judgement of the verdict, with the turn as written when there is one (what a missed
/// goal is told from).
fn judge_turn(lesson: &Lesson, verdict: &Verdict, turn: Option<&Turn>) -> AnswerJudgement {
    let roller = roller(lesson);
    match verdict.status {
        Status::Invalid => judge_refused(lesson, verdict, turn),
        Status::Finished => judge_finished(lesson, verdict, roller),
        Status::Unfinished => judge_unfinished(lesson, verdict, turn, roller),
    }
}

/// The referee refused an action of the turn: its words, its Article.
fn judge_refused(lesson: &Lesson, verdict: &Verdict, turn: Option<&Turn>) -> AnswerJudgement {
    let Some(error) = &verdict.error else {
        return failed(lesson, None, None, "the referee refused the record".into());
    };
    // A clicked move the referee finds illegal: said with its squares, and why.
    let clicked = turn
        .and_then(|t| t.actions().nth(error.action.checked_sub(1)?))
        .and_then(|a| match &a.kind {
            ActionKind::Uci(m) => Some(m),
            _ => None,
        });
    let mut reason = without_example(&error.reason);
    if let Some(m) = clicked {
        reason = reason.replace(
            &format!("{}{}", m.from, m.to),
            &format!("{}–{}", m.from, m.to),
        );
        if error.article == Article::R1
            && error.reason.contains("is not a legal move")
            && let Some(why) = illegal(&verdict.final_fen, m.from, m.to)
        {
            reason = format!("{reason}: {why}");
        }
    }
    failed(
        lesson,
        Some(error.article),
        Some(error.action),
        format!("{reason} ({})", error.article),
    )
}

/// The turn ended the game: the lesson's goal reached, or not.
fn judge_finished(lesson: &Lesson, verdict: &Verdict, roller: Color) -> AnswerJudgement {
    let ending = format!(
        "the game ends: {} ({})",
        ending_words(verdict),
        verdict
            .article
            .map_or_else(|| "no Article".to_owned(), |a| a.to_string())
    );
    if let Some(void) = &verdict.void {
        return failed(
            lesson,
            Some(Article::R21),
            Some(void.from.action),
            format!(
                "{ending} before action {}; what follows the end is void (R21)",
                void.from.action
            ),
        );
    }
    match lesson.goal {
        Some(goal)
            if verdict.termination == Some(goal.termination) && verdict.winner == goal.winner =>
        {
            AnswerJudgement {
                outcome: Mark::Completed,
                article: verdict.article,
                message: ending,
                action: None,
                solution: None,
            }
        }
        _ => failed(
            lesson,
            verdict.article,
            None,
            format!("{ending}, {}", asked(lesson, roller)),
        ),
    }
}

/// The game goes on: the turn is not over, or it is and reached the goal or missed it.
fn judge_unfinished(
    lesson: &Lesson,
    verdict: &Verdict,
    turn: Option<&Turn>,
    roller: Color,
) -> AnswerJudgement {
    if verdict.replay.stopped.is_some() || side_to_move(&verdict.final_fen) == Some(roller) {
        // Nothing of what the referee's note says about the rest of the turn (which
        // pieces can still move, what is due next): that is the lesson's answer, often.
        let done = turn.map_or(0, |t| t.actions().count());
        let so_far = match done {
            0 => "nothing played yet".to_owned(),
            1 => "1 action played".to_owned(),
            n => format!("{n} actions played"),
        };
        return AnswerJudgement {
            outcome: Mark::Incomplete,
            article: None,
            message: match lesson.variant {
                Variant::Sade => {
                    format!("your turn is not complete ({so_far}): the face asks for more")
                }
                _ => format!("a turn has two moves ({so_far})"),
            },
            action: None,
            solution: None,
        };
    }
    match lesson.goal {
        None => AnswerJudgement {
            outcome: Mark::Completed,
            article: Some(lesson.article),
            message: format!("the turn is legal and complete ({})", lesson.article),
            action: None,
            solution: None,
        },
        Some(goal) => {
            let article = goal_article(lesson);
            let reasons = missed(lesson.variant, goal, roller, turn, &verdict.final_fen);
            let why = if reasons.is_empty() {
                "the turn is legal, but the game goes on".to_owned()
            } else {
                format!("{}; the game goes on", reasons.join("; "))
            };
            failed(
                lesson,
                Some(article),
                None,
                format!("{why}: {} ({article})", asked(lesson, roller)),
            )
        }
    }
}

/// The referee's words without the example it gives of a way that works ("…, e.g. f3 g3 Kh1",
/// "(e.g. a3 a4)"): in a lesson that is the answer, which comes with the hint and the solution.
fn without_example(reason: &str) -> String {
    if let Some(at) = reason.find(" (e.g. ") {
        let rest = &reason[at + 1..];
        let close = rest.find(')').map_or(rest.len(), |c| c + 1);
        return format!("{}{}", &reason[..at], &rest[close..]);
    }
    match reason.find(", e.g. ") {
        Some(at) => reason[..at].to_owned(),
        None => reason.to_owned(),
    }
}

fn failed(
    lesson: &Lesson,
    article: Option<Article>,
    action: Option<usize>,
    message: String,
) -> AnswerJudgement {
    AnswerJudgement {
        outcome: Mark::Failed,
        article,
        message,
        action,
        solution: Some(lesson.solution.clone()),
    }
}

/// What the lesson asked for, in words.
fn asked(lesson: &Lesson, roller: Color) -> String {
    match lesson.goal {
        None => "the lesson asks for a turn after which the game goes on".into(),
        Some(goal) => {
            let who = match goal.winner {
                Some(c) if c == roller => "you".to_owned(),
                Some(c) => color_name(c).to_owned(),
                None => "nobody".to_owned(),
            };
            let verb = if who == "you" { "win" } else { "wins" };
            format!(
                "the lesson asks that {who} {verb} by {}",
                goal.termination.title()
            )
        }
    }
}

fn ending_words(verdict: &Verdict) -> String {
    let how = verdict.termination.map_or("the rules", |t| t.title());
    match verdict.winner {
        Some(c) => format!("{} wins by {how}", color_name(c)),
        None => format!("drawn by {how}"),
    }
}

/// Why the referee refuses the lesson's series: the Article and its words. `None` when the
/// referee accepts the series and the roller does not lose by it.
pub fn refusal(lesson: &Lesson) -> Option<(Article, String)> {
    let text = record_text(lesson, &lesson.series).ok()?;
    let game = crate::parse::parse_str(&text).into_iter().next()?.ok()?;
    let verdict = verify(&game);
    match verdict.status {
        Status::Invalid => verdict
            .error
            .map(|e| (e.article, format!("action {}: {}", e.action, e.reason))),
        Status::Finished if verdict.winner != Some(roller(lesson)) => verdict
            .article
            .map(|a| (a, format!("the game ends: {}", ending_words(&verdict)))),
        _ => None,
    }
}

/// Judges the Article named as the reason the lesson's series is refused (task `why`).
///
/// # Errors
/// When `answer` is not an Article, ruling or law the referee cites.
pub fn judge_why(lesson: &Lesson, answer: &str) -> Result<AnswerJudgement, AnswerError> {
    let answer = answer.trim();
    let named = Article::from_cite(answer)
        .or_else(|| Article::from_cite(&format!("Art. {answer}")))
        .ok_or_else(|| AnswerError {
            action: 1,
            message: format!("`{answer}` is not an Article the referee cites (Art. 12.1, R5, M4)"),
        })?;
    let Some((article, words)) = refusal(lesson) else {
        return Ok(failed(
            lesson,
            None,
            None,
            "the referee accepts this series: the lesson is wrong".into(),
        ));
    };
    let series = lesson.series.join(" ");
    // A refusal, or a legal series that ends the game against its player: said as it is.
    let decides = if words.starts_with("the game ends") {
        "decides"
    } else {
        "refuses"
    };
    Ok(if named == article {
        AnswerJudgement {
            outcome: Mark::Completed,
            article: Some(article),
            message: format!("{article}: the referee {decides} {series} so ({words})"),
            action: None,
            solution: None,
        }
    } else {
        // The right Article is not given away: the learner may choose again.
        failed(
            lesson,
            Some(article),
            None,
            format!(
                "not {named} ({}): the referee does not {} {series} by that rule",
                named.title(),
                decides.trim_end_matches('s')
            ),
        )
    })
}
