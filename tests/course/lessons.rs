//! The rules course (issues 21 §4 and 34, spec/COURSE.md): every lesson and every stage is
//! checked by the referee, the course covers every Article of the seed a player meets and M1–M7,
//! stage by stage in its order, a missed goal is told in the lesson's words, and bad lesson
//! files and bad answers get clear errors.

use std::path::PathBuf;

use sade_ref::Article;
use sade_ref::course::{
    Course, Lesson, Mark, Task, check_lesson, check_stage, check_wordings, judge_actions,
    judge_game, judge_why, record_text, refusal,
};
use sade_ref::record::Variant;

use crate::support::{root, run_binary};

fn course() -> Course {
    Course::embedded().expect("the course's own lessons read")
}

fn lesson(id: &str) -> Lesson {
    course().lesson(id).expect("the lesson exists").clone()
}

fn actions(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// Whether `text` cites `article` itself (`Art. 8` in "(Art. 8)", not in "Art. 8.7").
fn cites(text: &str, article: Article) -> bool {
    let cite = article.to_string();
    text.match_indices(&cite).any(|(at, _)| {
        let rest = &text[at + cite.len()..];
        !(rest.starts_with(|c: char| c.is_ascii_digit())
            || rest.len() > 1
                && rest.starts_with('.')
                && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// The Article a lesson teaches, as the seed numbers it: `Art. 12.2` is Article 12.
fn article_number(article: Article) -> Option<u32> {
    let cite = article.to_string();
    let number = cite.strip_prefix("Art. ")?;
    number.split('.').next()?.parse().ok()
}

#[test]
fn every_lesson_and_every_stage_is_checked_by_the_referee() {
    let course = course();
    let mut problems: Vec<String> = course
        .lessons
        .iter()
        .flat_map(check_lesson)
        .map(|p| p.to_string())
        .collect();
    for stage in &course.stages {
        problems.extend(check_stage(&course, stage).iter().map(ToString::to_string));
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn the_course_has_at_least_45_tasks_in_at_least_20_stages() {
    let course = course();
    assert!(course.stages.len() >= 20, "{} stages", course.stages.len());
    assert!(course.lessons.len() >= 45, "{} tasks", course.lessons.len());
    for stage in &course.stages {
        assert!(
            (3..=5).contains(&stage.tasks.len()),
            "{}: {} tasks",
            stage.id,
            stage.tasks.len()
        );
    }
}

#[test]
fn each_solution_completes_and_each_wrong_answer_fails_under_an_article_the_lesson_teaches() {
    for lesson in &course().lessons {
        let right = judge_actions(lesson, &lesson.solution).expect("the solution is actions");
        assert_eq!(
            right.outcome,
            Mark::Completed,
            "{}: {}",
            lesson.id,
            right.message
        );
        assert!(right.solution.is_none(), "{}", lesson.id);
        for expected in &lesson.wrong {
            let wrong =
                judge_actions(lesson, &expected.answer).expect("the wrong answer is actions");
            assert_eq!(
                wrong.outcome,
                Mark::Failed,
                "{}: {}",
                lesson.id,
                wrong.message
            );
            let article = wrong.article.expect("a failure names its Article");
            assert_eq!(
                article, expected.article,
                "{}: {}",
                lesson.id, wrong.message
            );
            assert!(
                lesson.articles().any(|a| a == article),
                "{}: refused under {article}, which the lesson does not teach",
                lesson.id
            );
            // A refusal names its Article; a `why` task's wrong choice never gives the right one.
            let named = cites(&wrong.message, article);
            assert_eq!(
                named,
                lesson.task == Task::Play,
                "{}: the message and the Article: {}",
                lesson.id,
                wrong.message
            );
            if let Some(says) = &expected.says {
                assert!(wrong.message.contains(says.as_str()), "{}", wrong.message);
            }
        }
    }
}

#[test]
fn every_article_of_the_seed_and_every_marseillais_rule_has_its_own_lesson() {
    let course = course();
    let sade: Vec<u32> = course
        .lessons
        .iter()
        .filter(|l| l.variant == Variant::Sade)
        .filter_map(|l| article_number(l.article))
        .collect();
    for number in 1..=17 {
        assert!(sade.contains(&number), "no lesson teaches Art. {number}");
    }
    let marseillais: Vec<String> = course
        .lessons
        .iter()
        .filter(|l| l.variant == Variant::Marseillais)
        .map(|l| l.article.to_string())
        .collect();
    for rule in ["M1", "M2", "M3", "M4", "M5", "M6", "M7"] {
        assert!(
            marseillais.iter().any(|a| a == rule),
            "no lesson teaches {rule}"
        );
    }
}

/// The place of the first Sade stage that teaches `article` (its own, or a task's).
fn first_stage(course: &Course, article: Article) -> usize {
    course
        .stages
        .iter()
        .filter(|s| s.variant == Variant::Sade)
        .position(|s| {
            s.article == article
                || s.tasks
                    .iter()
                    .filter_map(|t| course.lesson(t))
                    .any(|l| l.article == article)
        })
        .unwrap_or_else(|| panic!("no Sade stage teaches {article}"))
}

#[test]
fn the_sade_stages_go_from_the_die_to_faces_four_to_six() {
    let course = course();
    let sade = course
        .stages
        .iter()
        .filter(|s| s.variant == Variant::Sade)
        .count();
    // Sade's stages come first, then Marseillais'.
    assert!(
        course.stages[..sade]
            .iter()
            .all(|s| s.variant == Variant::Sade)
    );
    // The die and the turn open the course; faces 1-3, then check, then whose pieces move
    // (R4's count), then Poverty of the Flesh, then the victories, with promotion right after
    // the Sacrifice Accomplished, then faces 4, 5, 6.
    assert_eq!(course.stages[0].id, "sade/the-die-and-the-turn");
    let order = [
        Article::Art1,
        Article::R1,
        Article::Art12_1,
        Article::Art5,
        Article::Art9_2,
        Article::Art16,
        Article::Art6,
        Article::Art7,
        Article::Art8,
    ]
    .map(|a| {
        course
            .stages
            .iter()
            .position(|s| s.article == a)
            .unwrap_or(usize::MAX)
    });
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(
        order[5],
        order[4] + 1,
        "promotion follows the Sacrifice Accomplished"
    );
    assert!(first_stage(&course, Article::Art4_1) <= first_stage(&course, Article::Art12_1));
    // Every stage's tasks are of its game.
    for stage in &course.stages {
        for task in &stage.tasks {
            assert_eq!(course.lesson(task).map(|l| l.variant), Some(stage.variant));
        }
    }
}

#[test]
fn the_folder_and_the_built_in_course_are_the_same() {
    let from_dir = Course::from_dir(&root().join("course")).expect("course/ reads");
    assert_eq!(from_dir.lessons, course().lessons);
    assert_eq!(from_dir.stages, course().stages);
    assert_eq!(from_dir.wordings, course().wordings);
}

#[test]
fn an_answer_cut_short_is_incomplete_not_failed() {
    let two = lesson("sade/02-face-two");
    let judged = judge_actions(&two, &actions("Ne5")).expect("actions");
    assert_eq!(judged.outcome, Mark::Incomplete, "{}", judged.message);
    // How far the turn is, never what can or must come next (the answer, often).
    assert_eq!(
        judged.message,
        "your turn is not complete (1 action played): the face asks for more"
    );
    let m1 = lesson("marseillais/01-m1-two-moves");
    let judged = judge_actions(&m1, &actions("e5")).expect("actions");
    assert_eq!(judged.outcome, Mark::Incomplete, "{}", judged.message);
}

#[test]
fn a_legal_turn_that_misses_the_goal_fails_and_says_why_in_the_lessons_words() {
    let mate = lesson("sade/12-sacrifice-accomplished");
    let judged = judge_actions(&mate, &actions("h6 g6 f6")).expect("actions");
    assert_eq!(judged.outcome, Mark::Failed);
    assert_eq!(judged.article, Some(Article::Art9_2));
    assert!(
        judged.message.contains("the game goes on"),
        "{}",
        judged.message
    );
    assert!(
        judged.message.contains("The Sacrifice Accomplished"),
        "{}",
        judged.message
    );
    // Why, in the lesson's words: the rook on a8 gives no check.
    assert!(
        judged
            .message
            .contains("no mate: White's king is not in check"),
        "{}",
        judged.message
    );
    // A Marseillais check with the first move spends the turn, and the king escapes.
    let mate = lesson("marseillais/03-m3-mate-in-one-turn");
    let judged = judge_actions(&mate, &actions("Rb8+")).expect("actions");
    assert_eq!(judged.outcome, Mark::Failed, "{}", judged.message);
    assert!(
        judged
            .message
            .contains("Rb8+ gave check with your first move, which ends your turn (M2)"),
        "{}",
        judged.message
    );
    assert!(
        judged.message.contains("no mate: Black's king escapes to"),
        "{}",
        judged.message
    );
    // A turn that ends the game another way is judged by the verdict's own Article.
    let series = lesson("sade/21-check-in-a-series");
    let judged = judge_actions(&series, &actions("h6 Ra1")).expect("actions");
    assert_eq!(judged.article, Some(Article::Art4_1));
    assert!(
        judged.message.contains("Black wins by a forbidden check"),
        "{}",
        judged.message
    );
}

#[test]
fn text_that_is_not_an_action_is_refused_and_located() {
    let one = lesson("sade/01-face-one");
    for (answer, place) in [
        (vec!["a5", "1-0"], 2),
        (vec!["a5 b5"], 1),
        (vec!["{a comment}"], 1),
        (vec!["e4", "*"], 2),
        (vec![""], 1),
        (vec!["1/2-1/2", "a5"], 1),
    ] {
        let answer: Vec<String> = answer.into_iter().map(str::to_owned).collect();
        let error = judge_actions(&one, &answer).expect_err("not actions");
        assert_eq!(error.action, place, "{answer:?}: {error}");
    }
    let text = record_text(&one, &actions("a5")).expect("actions");
    assert!(
        text.contains("[FEN \"4k3/pp6/8/8/8/8/P6P/4K1N1 w - - 0 1\"]"),
        "{text}"
    );
    assert!(text.contains("1. 1: a5 *"), "{text}");
}

#[test]
fn a_games_record_is_judged_from_the_lessons_position_only() {
    let lesson = lesson("sade/12-sacrifice-accomplished");
    let text = record_text(&lesson, &lesson.solution).expect("actions");
    let game = sade_ref::parse_str(&text).remove(0).expect("a record");
    assert_eq!(judge_game(&lesson, &game).outcome, Mark::Completed);
    let elsewhere = text.replace("r5k1/5ppp", "r5k1/6pp");
    let game = sade_ref::parse_str(&elsewhere).remove(0).expect("a record");
    let judged = judge_game(&lesson, &game);
    assert_eq!(judged.outcome, Mark::Failed);
    assert!(
        judged.message.contains("lesson's position"),
        "{}",
        judged.message
    );
    let other_face = text.replace("1. 3:", "1. 2:");
    let game = sade_ref::parse_str(&other_face)
        .remove(0)
        .expect("a record");
    assert_eq!(judge_game(&lesson, &game).outcome, Mark::Failed);
}

/// A change to a good lesson's JSON that makes it bad.
type Edit = Box<dyn Fn(&mut serde_json::Value)>;

fn bad_lesson(edit: impl Fn(&mut serde_json::Value)) -> String {
    let text = std::fs::read_to_string(root().join("course/sade/01-face-one.json")).expect("read");
    let mut value: serde_json::Value = serde_json::from_str(&text).expect("json");
    edit(&mut value);
    let text = serde_json::to_string_pretty(&value).expect("json");
    Lesson::from_json("sade/99-bad", &text)
        .expect_err("a bad lesson")
        .to_string()
}

#[test]
fn a_bad_lesson_file_is_refused_with_the_field_and_why() {
    let cases: [(&str, Edit); 8] = [
        (
            "article: `Art. 99` is not an Article",
            Box::new(|v| v["article"] = "Art. 99".into()),
        ),
        (
            "face: a die has six faces: 7 is not one of them",
            Box::new(|v| v["face"] = 7.into()),
        ),
        (
            "fen: `8/8 w` is not a position",
            Box::new(|v| v["fen"] = "8/8 w".into()),
        ),
        (
            "unknown field `hints`",
            Box::new(|v| v["hints"] = "x".into()),
        ),
        (
            "hint: a lesson offers a hint",
            Box::new(|v| v["hint"] = " ".into()),
        ),
        (
            "choices: only a `why` lesson offers Articles",
            Box::new(|v| v["choices"] = serde_json::json!(["Art. 1", "Art. 2", "Art. 3"])),
        ),
        (
            "goal.termination: `victory`",
            Box::new(|v| {
                v["goal"] = serde_json::json!({"termination": "victory", "winner": "white"})
            }),
        ),
        (
            "solution: no action",
            Box::new(|v| v["solution"] = serde_json::json!([])),
        ),
    ];
    for (expected, edit) in cases {
        let message = bad_lesson(edit);
        assert!(message.starts_with("lesson sade/99-bad: "), "{message}");
        assert!(message.contains(expected), "{expected:?} in {message}");
    }
    let broken = Lesson::from_json("sade/99-bad", "{\n  \"variant\": \"Sade\",\n  oops\n}")
        .expect_err("not JSON")
        .to_string();
    assert!(broken.contains("line 3, column 3"), "{broken}");
}

#[test]
fn course_list_and_check_on_the_command_line() {
    let count = course().lessons.len();
    let (out, err, code) = run_binary(&["course", "list"]);
    assert_eq!(code, 0, "{err}");
    // A stage's line, then a line for each of its tasks, indented.
    let ids: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  "))
        .filter_map(|l| l.split('\t').next())
        .collect();
    let expected: Vec<String> = course().lessons.iter().map(|l| l.id.clone()).collect();
    assert_eq!(ids, expected);
    let (out, err, code) = run_binary(&["course", "check", "course"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(&format!(
            "{count} lessons, {count} checked by the referee, 0 failed; {} stages, 0 failed",
            course().stages.len()
        )),
        "{out}"
    );
}

#[test]
fn course_check_fails_on_a_lesson_the_referee_disagrees_with() {
    let dir = std::env::temp_dir().join(format!("sade-ref-course-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["sade", "marseillais"] {
        std::fs::create_dir_all(dir.join(sub)).expect("mkdir");
    }
    let source = root().join("course/sade/02-face-two.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(source).expect("read")).expect("json");
    // The "wrong" answer is now a right one: the referee accepts it, so the lesson is broken.
    value["wrong"]["answer"] = value["solution"].clone();
    let path: PathBuf = dir.join("sade/02-face-two.json");
    std::fs::write(&path, serde_json::to_string(&value).expect("json")).expect("write");
    let stage = serde_json::json!({"stages": [{"id": "two", "title": "Face two", "article": "Art. 2",
        "teach": ["Two pieces.", "Different ones."], "wording": "Article 2", "tasks": ["02-face-two"]}]});
    std::fs::write(dir.join("sade/stages.json"), stage.to_string()).expect("write");
    std::fs::write(dir.join("marseillais/stages.json"), r#"{"stages": []}"#).expect("write");
    std::fs::copy(
        root().join("course/articles.json"),
        dir.join("articles.json"),
    )
    .expect("copy");
    let (out, _, code) = run_binary(&["course", "check", dir.to_str().expect("utf-8")]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED\tlesson sade/02-face-two: wrong answer Ne5 g5 is judged Completed"),
        "{out}"
    );
    assert!(
        out.contains("1 lessons, 0 checked by the referee, 1 failed"),
        "{out}"
    );
    // The stage of one task is short of three, and none of its tasks is refused or lost.
    assert!(
        out.contains("FAILED\tstage sade/two: a stage has 3 to 5 tasks, not 1"),
        "{out}"
    );
    let (_, err, code) = run_binary(&["course", "check", "no/such/folder"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read the folder"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_why_lesson_is_answered_with_the_article_the_referee_cites() {
    let why = lesson("sade/10-why-this-series-is-refused");
    assert_eq!(why.task, Task::Why);
    let (article, words) = refusal(&why).expect("the referee refuses the series");
    assert_eq!(article, Article::Art12_1);
    assert!(words.contains("Black's pieces are not due"), "{words}");
    let right = judge_why(&why, "Art. 12.1").expect("an Article");
    assert_eq!(right.outcome, Mark::Completed, "{}", right.message);
    let wrong = judge_why(&why, " Art. 12.2 ").expect("an Article");
    assert_eq!(wrong.outcome, Mark::Failed);
    assert_eq!(wrong.article, Some(Article::Art12_1));
    // The right Article is not given away.
    assert!(
        wrong.message.starts_with("not Art. 12.2 (")
            && wrong
                .message
                .contains("the referee does not refuse b5 Bb7 f3 by that rule")
            && !wrong.message.contains("12.1"),
        "{}",
        wrong.message
    );
    assert!(
        right
            .message
            .starts_with("Art. 12.1: the referee refuses b5 Bb7 f3 so"),
        "{}",
        right.message
    );
    // The number alone names the Article.
    let bare = judge_why(&why, "12.1").expect("an Article");
    assert_eq!(bare.outcome, Mark::Completed, "{}", bare.message);
    let error = judge_why(&why, "Article twelve").expect_err("no Article");
    assert!(
        error.message.contains("not an Article the referee cites"),
        "{error}"
    );
    // A series the referee accepts makes no lesson: it is never judged completed.
    let mut accepted = why.clone();
    accepted.series = actions("f3 g3 Kh1");
    assert_eq!(refusal(&accepted), None);
    let judged = judge_why(&accepted, "Art. 12.1").expect("an Article");
    assert_eq!(judged.outcome, Mark::Failed);
    assert!(!check_lesson(&accepted).is_empty());
}

#[test]
fn a_why_lesson_needs_its_series_and_one_article() {
    let no_series = bad_lesson(|v| v["task"] = "why".into());
    assert!(
        no_series.contains("series: a `why` lesson shows the series"),
        "{no_series}"
    );
    let series_in_play = bad_lesson(|v| v["series"] = serde_json::json!(["a5"]));
    assert!(
        series_in_play.contains("only a `why` lesson shows a series"),
        "{series_in_play}"
    );
}

/// A task from the game's own start has no setup: White's first Marseillais turn is one move.
/// Earlier turns come before the lesson's own (a repetition needs them).
#[test]
fn a_task_from_the_games_start_has_no_setup_and_white_opens_with_one_move() {
    let first = lesson("marseillais/white-opens-with-one-move");
    assert!(first.start);
    let text = record_text(&first, &actions("e4")).expect("actions");
    assert!(!text.contains("FEN"), "{text}");
    assert_eq!(
        judge_actions(&first, &actions("e4"))
            .expect("actions")
            .outcome,
        Mark::Completed
    );
    let two = judge_actions(&first, &actions("e4 d4")).expect("actions");
    assert_eq!(two.outcome, Mark::Failed);
    assert_eq!(two.article, Some(Article::M1));
    let third = lesson("marseillais/the-third-time");
    let text = record_text(&third, &actions("Kb8 Ka8")).expect("actions");
    assert!(
        text.contains("1. Kb1 Ka1 1... Kb8 Ka8 2. Kb1 Ka1 2... Kb8 Ka8 *"),
        "{text}"
    );
    assert_eq!(sade_ref::course::roller(&third), shakmaty::Color::Black);
    // Earlier turns are Marseillais turns.
    let message = bad_lesson(|v| v["before"] = serde_json::json!([["a5"]]));
    assert!(
        message.contains("before: earlier turns are Marseillais turns"),
        "{message}"
    );
    // The game's own start is the standard position, nothing else.
    let message = bad_lesson(|v| v["start"] = true.into());
    assert!(
        message.contains("start: the game's own start is the standard position"),
        "{message}"
    );
}

/// Every Article the course cites has its own words in `course/articles.json`, and each quoted
/// one stands word for word in the rules text or the rulings (checked where the rules texts lie
/// beside the checkout, `../shared`: a fresh clone has no copy of them, and says so).
#[test]
fn every_cited_article_has_its_own_words_quoted_exactly() {
    let course = course();
    let unsaid: Vec<String> = check_wordings(&course)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(unsaid.is_empty(), "{unsaid:#?}");
    let shared = root().join("../shared");
    let sources: Vec<String> = [
        "seeds/000_cf2403482911fac4.txt",
        "seeds/001_58e420bfa9bfba96.txt",
        "sdn-v1-and-rulings.md",
    ]
    .iter()
    .filter_map(|f| std::fs::read_to_string(shared.join(f)).ok())
    .map(|text| text.split_whitespace().collect::<Vec<_>>().join(" "))
    .collect();
    if sources.len() < 3 {
        eprintln!("the rules texts are not beside the checkout: the quotes were not compared");
        return;
    }
    for wording in course.wordings.iter().filter(|w| w.quoted) {
        for quote in wording.words.split(" — ") {
            let quote = quote.trim_end_matches(" …").trim();
            let quote = quote.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                sources.iter().any(|s| s.contains(&quote)),
                "{}: not word for word in the rules: {quote}",
                wording.article
            );
        }
    }
}

/// A clicked move the referee finds illegal is said with its squares and why: a pinned piece,
/// a blocked way, a piece that does not move so.
#[test]
fn an_illegal_clicked_move_is_said_with_its_squares_and_why() {
    let pinned = lesson("sade/a-pinned-piece");
    let judged = judge_actions(&pinned, &actions("e7a7")).expect("actions");
    assert_eq!(judged.outcome, Mark::Failed);
    assert_eq!(judged.article, Some(Article::R1));
    assert!(
        judged.message.contains("e7–a7")
            && judged
                .message
                .contains("the rook on e7 may not leave: it would leave Black's king in check"),
        "{}",
        judged.message
    );
    // A check that is not mate is said as the referee says it, nothing added.
    let check = lesson("sade/22-general-provision-on-check");
    let judged = judge_actions(&check, &actions("a8a1")).expect("actions");
    assert_eq!(judged.article, Some(Article::R1));
    assert!(
        !judged.message.contains("would leave"),
        "{}",
        judged.message
    );
    // A blocked way: Black's rook on a8, its own king on g8 in the way to h8.
    let judged = judge_actions(&check, &actions("a8h8")).expect("actions");
    assert!(
        judged.message.contains("a8–h8")
            && judged.message.contains("the way from a8 to h8 is blocked"),
        "{}",
        judged.message
    );
    // Marseillais' referee says why itself; the squares are written as squares.
    let knight = lesson("marseillais/01-m1-two-moves");
    let judged = judge_actions(&knight, &actions("b8d4")).expect("actions");
    assert!(
        judged
            .message
            .starts_with("b8–d4 is not legal: the knight on b8 cannot reach d4"),
        "{}",
        judged.message
    );
}

/// A refusal in a lesson leaves out the example the referee gives of a way that works: that is
/// the answer, which comes with the hint and the solution.
#[test]
fn a_refusal_in_a_lesson_gives_no_example_of_the_answer() {
    let poverty = lesson("sade/07-poverty-only-when-true");
    let judged = judge_actions(&poverty, &actions("--")).expect("actions");
    assert_eq!(judged.article, Some(Article::R14));
    assert!(
        judged.message.contains("can be fulfilled") && !judged.message.contains("e.g."),
        "{}",
        judged.message
    );
    let full = lesson("marseillais/the-only-full-turn");
    let judged = judge_actions(&full, &actions("a4")).expect("actions");
    assert!(!judged.message.contains("e.g."), "{}", judged.message);
}
