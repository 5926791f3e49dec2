//! The Course mode's API (spec/COURSE.md): a lesson is a game of the server from the lesson's
//! position with the face entered by the server, never listed among the games; the judgement is
//! read from the game's record (or an action the board refused); help comes in its order; each
//! learner's tries and stars are kept beside the games and survive a restart.

use serde_json::{Value, json};

use super::{Server, Table, scratch};

fn start<'a>(server: &'a Server, lesson: &str) -> (Table<'a>, Value) {
    let answer = server.post("/api/course/start", &json!({ "lesson": lesson }));
    assert_eq!(answer.status, 201, "{}", answer.text);
    let table = Table {
        server,
        id: answer.body["id"].as_str().expect("an id").to_owned(),
        token: answer.body["arbiter"].as_str().expect("a token").to_owned(),
    };
    (table, answer.body)
}

const LEARNER: &str = "learner-one";

fn judge(table: &Table) -> Value {
    judge_with(table, json!({}))
}

/// The judge route with more in the body (`tried`, `article`), for [`LEARNER`].
fn judge_with(table: &Table, mut body: Value) -> Value {
    body["token"] = json!(table.token);
    body["learner"] = json!(LEARNER);
    let answer = table
        .server
        .post(&format!("/api/course/{}/judge", table.id), &body);
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body
}

fn help(table: &Table, want: &str) -> super::Answer {
    table.server.post(
        &format!("/api/course/{}/help", table.id),
        &json!({ "token": table.token, "learner": LEARNER, "want": want }),
    )
}

#[test]
fn a_lesson_is_a_game_from_its_position_with_its_face_rolled() {
    let server = Server::start(&scratch("course-start"), &[]);
    let list = server.get("/api/course");
    assert_eq!(list.status, 200);
    let lessons = list.body["lessons"].as_array().expect("lessons");
    let course = sade_ref::course::Course::embedded().expect("the course");
    assert_eq!(lessons.len(), course.lessons.len());
    assert_eq!(lessons[0]["id"], course.lessons[0].id.as_str());
    assert_eq!(lessons[0]["stage"], "sade/the-die-and-the-turn");
    let stages = list.body["stages"].as_array().expect("stages");
    assert_eq!(stages.len(), course.stages.len());
    assert!(stages[0]["teach"].as_array().expect("teach").len() >= 2);
    assert!(!stages[0]["wording"].as_str().expect("wording").is_empty());
    assert!(
        list.body["articles"]
            .as_array()
            .expect("articles")
            .iter()
            .any(|a| a["cite"] == "Art. 12.1"
                && a["title"].as_str().is_some()
                && a["words"]
                    .as_str()
                    .is_some_and(|w| w.contains("strict hierarchy")))
    );
    assert_eq!(list.body["completed"], 0);
    let (table, answer) = start(&server, "sade/03-face-three");
    assert_eq!(answer["lesson"]["article"]["cite"], "Art. 3");
    assert_eq!(answer["lesson"]["stage"], "sade/faces-one-to-three");
    assert_eq!(answer["lesson"]["number"], 3);
    assert!(
        answer["links"]["arbiter"]
            .as_str()
            .expect("a link")
            .contains(&table.id)
    );
    let state = &answer["state"];
    assert_eq!(state["phase"], "act");
    assert_eq!(state["face"], 3);
    assert_eq!(state["mode"], "record");
    assert!(
        state["fen"]
            .as_str()
            .expect("fen")
            .starts_with("4k3/pp5p/8/8/8/8/P6P/4K1N1")
    );
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "incomplete");
    assert_eq!(judged["lesson"], "sade/03-face-three");
}

#[test]
fn a_wrong_action_is_refused_with_its_article_and_the_lesson_is_not_completed() {
    let server = Server::start(&scratch("course-wrong"), &[]);
    let (table, _) = start(&server, "sade/17-face-five");
    let refused = table.call("act", json!({ "text": "R@d5" }));
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.body["article"], "Art. 7");
    assert!(
        refused.body["error"]
            .as_str()
            .expect("words")
            .contains("queen"),
        "{}",
        refused.text
    );
    assert_eq!(judge(&table)["judgement"]["outcome"], "incomplete");
    // The action the board sent and the server refused, judged in the lesson's panel: the
    // referee's words, its Article, a failure counted.
    let tried = judge_with(&table, json!({ "tried": { "text": "R@d5" } }));
    assert_eq!(tried["judgement"]["outcome"], "failed", "{tried}");
    assert_eq!(tried["judgement"]["article"], "Art. 7");
    assert_eq!(tried["failures"], 1);
    // An action the referee accepts is not a failure to count: it is played on the board.
    let accepted = table.server.post(
        &format!("/api/course/{}/judge", table.id),
        &json!({ "token": table.token, "learner": LEARNER, "tried": { "text": "Q@d5" } }),
    );
    assert_eq!(accepted.status, 409, "{}", accepted.text);
    assert_eq!(accepted.body["field"], "tried");
    // A legal turn that misses the goal is the lesson's failure; the solution is not given.
    let (table, _) = start(&server, "sade/12-sacrifice-accomplished");
    for text in ["h6", "g6", "f6"] {
        table.ok("act", json!({ "text": text }));
    }
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "failed", "{judged}");
    assert_eq!(judged["judgement"]["article"], "Art. 9.2");
    assert!(
        judged["judgement"]["message"]
            .as_str()
            .expect("words")
            .contains("no mate: White's king is not in check"),
        "{judged}"
    );
    assert_eq!(judged["judgement"].get("solution"), None);
    assert_eq!(judged["completed"], json!([]));
    // A turn that ends the game otherwise is judged under the verdict's Article.
    let (table, _) = start(&server, "sade/21-check-in-a-series");
    table.ok("act", json!({ "text": "h6" }));
    table.ok("act", json!({ "text": "Ra1" }));
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "failed");
    assert_eq!(judged["judgement"]["article"], "Art. 4.1");
}

#[test]
fn a_completed_lesson_is_kept_beside_the_games_and_survives_a_restart() {
    let data = scratch("course-progress");
    let mut server = Server::start(&data, &[]);
    let (table, _) = start(&server, "marseillais/04-m4-en-passant");
    table.ok("act", json!({ "text": "exd6" }));
    assert_eq!(judge(&table)["judgement"]["outcome"], "incomplete");
    table.ok("act", json!({ "text": "Kd2" }));
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "completed", "{judged}");
    assert_eq!(judged["completed"], json!(["marseillais/04-m4-en-passant"]));
    assert!(
        judged["explanation"]
            .as_str()
            .expect("words")
            .contains("M4")
    );
    let (id, token) = (table.id.clone(), table.token.clone());
    drop(table);
    let stored = server
        .stored_document(sade_ref::serve::store::Doc::Learners)
        .expect("the progress");
    assert!(stored.contains("marseillais/04-m4-en-passant"), "{stored}");
    server.kill();
    let server = Server::start(&data, &[]);
    let list = server.get(&format!("/api/course?learner={LEARNER}"));
    assert_eq!(list.body["completed"], 1);
    assert_eq!(list.body["stars"], 3);
    // Progress is each learner's own.
    let other = server.get("/api/course?learner=learner-two");
    assert_eq!(other.body["completed"], 0);
    let bad = server.get("/api/course?learner=no");
    assert_eq!(bad.status, 400, "{}", bad.text);
    assert_eq!(bad.body["field"], "learner");
    // A lesson's game is not listed among the server's games.
    let games = server.get("/api/games");
    assert_eq!(games.body, json!([]), "{}", games.text);
    let done: Vec<&str> = list.body["lessons"]
        .as_array()
        .expect("lessons")
        .iter()
        .filter(|l| l["completed"] == true)
        .filter_map(|l| l["id"].as_str())
        .collect();
    assert_eq!(done, ["marseillais/04-m4-en-passant"]);
    // The lesson's game is an ordinary game of the folder, judged again from its record.
    let table = Table {
        server: &server,
        id,
        token,
    };
    assert_eq!(judge(&table)["judgement"]["outcome"], "completed");
}

#[test]
fn course_requests_that_do_not_fit_are_refused_with_the_field() {
    let server = Server::start(&scratch("course-bad"), &[]);
    let unknown = server.post("/api/course/start", &json!({ "lesson": "sade/99-nothing" }));
    assert_eq!(unknown.status, 404, "{}", unknown.text);
    assert_eq!(unknown.body["field"], "lesson");
    let extra = server.post(
        "/api/course/start",
        &json!({ "lesson": "sade/01-face-one", "x": 1 }),
    );
    assert_eq!(extra.status, 400, "{}", extra.text);
    let (table, _) = start(&server, "sade/01-face-one");
    let stranger = server.post(
        &format!("/api/course/{}/judge", table.id),
        &json!({ "token": "not-a-token" }),
    );
    assert_eq!(stranger.status, 403, "{}", stranger.text);
    // An ordinary game is no lesson.
    let (id, created) = server.create(&json!({ "variant": "Sade" }));
    let other = server.post(
        &format!("/api/course/{id}/judge"),
        &json!({ "token": created["white"] }),
    );
    assert_eq!(other.status, 409, "{}", other.text);
    let missing = server.post(
        "/api/course/0123456789abcdef/judge",
        &json!({ "token": "t" }),
    );
    assert_eq!(missing.status, 404, "{}", missing.text);
}

#[test]
fn a_why_lesson_is_answered_with_an_article_on_the_judge_route() {
    let server = Server::start(&scratch("course-why"), &[]);
    let (table, answer) = start(&server, "sade/10-why-this-series-is-refused");
    assert_eq!(answer["lesson"]["task"], "why");
    assert_eq!(answer["lesson"]["series"], json!(["b5", "Bb7", "f3"]));
    // The Article is the answer: neither the lesson started nor the course's list says it
    // before the judgement does (issue 51).
    assert_eq!(answer["lesson"]["article"], Value::Null, "{answer}");
    let list = server.get("/api/course").body;
    let listed = list["lessons"]
        .as_array()
        .expect("the lessons")
        .iter()
        .find(|l| l["id"] == "sade/10-why-this-series-is-refused")
        .expect("the why lesson");
    assert_eq!(listed["article"], Value::Null, "{listed}");
    let path = format!("/api/course/{}/judge", table.id);
    assert_eq!(judge(&table)["judgement"]["outcome"], "incomplete");
    let answer =
        |article: &str| server.post(&path, &json!({ "token": table.token, "article": article }));
    let wrong = answer("Art. 12.2");
    assert_eq!(wrong.status, 200, "{}", wrong.text);
    assert_eq!(wrong.body["judgement"]["outcome"], "failed");
    assert_eq!(wrong.body["judgement"]["article"], "Art. 12.1");
    let not_one = answer("twelve");
    assert_eq!(not_one.status, 400, "{}", not_one.text);
    assert_eq!(not_one.body["field"], "article");
    let right = answer("12.1");
    assert_eq!(
        right.body["judgement"]["outcome"], "completed",
        "{}",
        right.text
    );
    assert_eq!(
        right.body["completed"],
        json!(["sade/10-why-this-series-is-refused"])
    );
    // A lesson played on the board takes no Article.
    let (played, _) = start(&server, "sade/01-face-one");
    let refused = server.post(
        &format!("/api/course/{}/judge", played.id),
        &json!({ "token": played.token, "article": "Art. 1" }),
    );
    assert_eq!(refused.status, 400, "{}", refused.text);
}

#[test]
fn a_lesson_from_the_games_start_opens_with_whites_single_move() {
    let server = Server::start(&scratch("course-first-move"), &[]);
    let (table, answer) = start(&server, "marseillais/white-opens-with-one-move");
    assert!(
        answer["state"]["fen"]
            .as_str()
            .expect("fen")
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
    );
    table.ok("act", json!({ "text": "e4" }));
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "completed", "{judged}");
}

#[test]
fn a_lesson_with_earlier_turns_opens_after_them() {
    let server = Server::start(&scratch("course-before"), &[]);
    let (table, answer) = start(&server, "marseillais/the-third-time");
    assert_eq!(answer["state"]["side"], "black", "{}", answer["state"]);
    let list = server.get("/api/course");
    let side = list.body["lessons"]
        .as_array()
        .expect("lessons")
        .iter()
        .find(|l| l["id"] == "marseillais/the-third-time")
        .map(|l| l["side"].clone());
    assert_eq!(side, Some(json!("black")));
    table.ok("act", json!({ "text": "Kb8" }));
    table.ok("act", json!({ "text": "Ka8" }));
    let judged = judge(&table);
    assert_eq!(judged["judgement"]["outcome"], "completed", "{judged}");
    assert_eq!(judged["judgement"]["article"], "M6");
}

#[test]
fn help_comes_in_its_order_and_costs_stars() {
    let server = Server::start(&scratch("course-help"), &[]);
    let (table, _) = start(&server, "sade/12-sacrifice-accomplished");
    // The solution only after two tries that failed; the hint at any time.
    let early = help(&table, "solution");
    assert_eq!(early.status, 409, "{}", early.text);
    assert_eq!(early.body["field"], "want");
    let hint = help(&table, "hint");
    assert_eq!(hint.status, 200, "{}", hint.text);
    assert!(hint.body["hint"].as_str().is_some_and(|h| !h.is_empty()));
    assert_eq!(hint.body["solution"], Value::Null);
    for _ in 0..2 {
        let (attempt, _) = start(&server, "sade/12-sacrifice-accomplished");
        for text in ["h6", "g6", "f6"] {
            attempt.ok("act", json!({ "text": text }));
        }
        assert_eq!(judge(&attempt)["judgement"]["outcome"], "failed");
    }
    let solution = help(&table, "solution");
    assert_eq!(solution.status, 200, "{}", solution.text);
    assert_eq!(solution.body["solution"], json!(["h6", "g6", "Ra1#"]));
    // Completed once the solution was shown: no star.
    let (last, _) = start(&server, "sade/12-sacrifice-accomplished");
    for text in ["h6", "g6", "Ra1#"] {
        last.ok("act", json!({ "text": text }));
    }
    let judged = judge(&last);
    assert_eq!(judged["judgement"]["outcome"], "completed", "{judged}");
    assert_eq!(judged["stars"], 0);
    assert_eq!(judged["failures"], 2);
    // A first try without help earns three.
    let (first, _) = start(&server, "sade/02-face-two");
    first.ok("act", json!({ "text": "Ne5" }));
    first.ok("act", json!({ "text": "g5" }));
    assert_eq!(judge(&first)["stars"], 3);
}
