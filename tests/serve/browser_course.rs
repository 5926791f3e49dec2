//! The Course view in a real browser (Debian's chromium through chromedriver and fantoccini,
//! as `browser.rs`), at 1280×800 and on a 390×844 phone: the stage's teaching, the prompt, the
//! board and the feedback in view together; a wrong click refused in the lesson's panel with
//! its Article; the hint after a failure; a reload that keeps the lesson; a lesson completed by
//! clicks with its stars; a `why` task answered by choosing an Article. Without the browser or
//! the driver each test says in one line that it did not run, and passes; in CI (`CI` set) a
//! missing one is a failure.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::Value;

use super::browser::{click_board, driver, session_phone, session_sized, shot, unfold};
use super::{Server, scratch};

async fn text(client: &Client, css: &str) -> String {
    match client.find(Locator::Css(css)).await {
        Ok(e) => e.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Waits until the text of `css` passes `test` (10 s at most).
async fn wait_for(client: &Client, css: &str, test: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = text(client, css).await;
        if test(&text) {
            return text;
        }
        if Instant::now() >= deadline {
            shot(client, "course-stuck").await;
            panic!("{css} never came: {text:?} (target/serve-tests/shots/course-stuck.png)");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The game the page shows, from its address.
async fn game_of(client: &Client) -> String {
    let url = client.current_url().await.expect("a URL").to_string();
    url.split("game=")
        .nth(1)
        .and_then(|rest| rest.split('&').next())
        .unwrap_or_else(|| panic!("no game in {url}"))
        .to_owned()
}

/// Opens the course's list, clicks the lesson's button and waits for its game on the board.
async fn begin(client: &Client, lesson: &str) -> String {
    // From a lesson, back to the list of stages first.
    if let Ok(back) = client.find(Locator::Id("course-leave")).await
        && back.is_displayed().await.unwrap_or(false)
    {
        back.click().await.expect("a click");
        // The list's page opens again, the course's section unfolded.
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let url = client.current_url().await.expect("a URL").to_string();
            let open = client
                .execute(
                    "return document.getElementById('course').open && !!document.querySelector('#stages button');",
                    vec![],
                )
                .await
                .unwrap_or_default();
            if url.contains("?course") && !url.contains("game=") && open == serde_json::json!(true)
            {
                break;
            }
            assert!(Instant::now() < deadline, "the list never came back: {url}");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }
    unfold(client, "course").await;
    let css = format!("button[data-lesson=\"{lesson}\"]");
    let deadline = Instant::now() + Duration::from_secs(10);
    let button = loop {
        if let Ok(b) = client.find(Locator::Css(&css)).await {
            break b;
        }
        assert!(Instant::now() < deadline, "no button for {lesson}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    };
    button.click().await.expect("a click");
    wait_for(client, "#stage-place", |t| t.starts_with("Task ")).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let url = client.current_url().await.expect("a URL").to_string();
        if url.contains("game=") {
            break;
        }
        assert!(Instant::now() < deadline, "the lesson's game never opened");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    let id = game_of(client).await;
    wait_for(client, "#lesson-judgement", |t| t.starts_with("Go on")).await;
    id
}

/// Clicks a move and waits until the server's record holds one more action and the page has
/// judged it.
async fn click_move(client: &Client, server: &Server, id: &str, (from, to): (&str, &str)) {
    let written = |server: &Server| server.get(&format!("/api/games/{id}")).body["sdn"].clone();
    let before = written(server);
    click_board(client, from).await;
    wait_for(client, "#hint", |t| t.contains(from)).await;
    click_board(client, to).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while written(server) == before {
        if Instant::now() >= deadline {
            shot(client, "lesson-stuck").await;
            panic!(
                "{from}-{to} changed nothing; the lesson says {:?} (target/serve-tests/shots/lesson-stuck.png)",
                text(client, "#lesson-judgement").await
            );
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The prompt, the board and the feedback: which of them lie outside the window (or are not
/// shown), and the page's scroll offset.
async fn outside(client: &Client) -> (Vec<String>, Value) {
    let found = client
        .execute(
            "var w = innerWidth, h = innerHeight, out = [];
             ['lesson-prompt', 'board', 'lesson-judgement'].forEach(function (id) {
               var e = document.getElementById(id), r = e.getBoundingClientRect();
               if (e.offsetParent === null || r.height === 0) { out.push(id + ' not shown'); return; }
               if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5) {
                 out.push(id + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
               }
             });
             return [out, [scrollX, scrollY]];",
            vec![],
        )
        .await
        .expect("a script runs");
    let out = found[0]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect();
    (out, found[1].clone())
}

async fn assert_together(client: &Client, phase: &str) {
    let (out, scroll) = outside(client).await;
    assert!(
        out.is_empty(),
        "{phase}: the prompt, the board and the feedback are not in view together: {out:?}"
    );
    assert_eq!(
        scroll,
        serde_json::json!([0, 0]),
        "{phase}: the page scrolled"
    );
}

/// At 1280×800: a stage's first task opens with its teaching; a wrong click (face 6: the rook
/// may not stop beside the king, Art. 8.2) is refused in the lesson's panel, beside the board,
/// and offers the hint; a reload keeps the lesson; then a lesson completed by clicks (face 3:
/// Black's pawns, then Black's rook mates White) earns three stars, kept for this learner.
#[tokio::test(flavor = "current_thread")]
async fn a_wrong_click_is_explained_beside_the_board_and_a_lesson_is_completed() {
    let Some(driver) = driver() else { return };
    let data = scratch("browser_course");
    let server = Server::start(&data, &[]);
    let client = session_sized(&driver, "1280,800").await;
    client.goto(&server.url).await.expect("the page opens");
    unfold(&client, "course").await;
    wait_for(&client, "#course-progress", |t| t.starts_with("0 of ")).await;

    let id = begin(&client, "sade/18-face-six").await;
    let prompt = text(&client, "#lesson-prompt").await;
    assert!(prompt.contains("You rolled 6"), "{prompt}");
    assert_together(&client, "a lesson opened").await;
    // The game's own controls are away: no record text, no arbiter's tools, no take-back.
    let hidden = client
        .execute(
            "return ['sdn', 'arbiter-tools', 'takeback', 'options', 'side'].filter(function (id) {
               return document.getElementById(id).offsetParent !== null; });",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(hidden, serde_json::json!([]), "shown in the course view");
    click_board(&client, "f1").await;
    wait_for(&client, "#hint", |t| t.contains("f1")).await;
    click_board(&client, "f2").await;
    let failed = wait_for(&client, "#lesson-judgement", |t| t.starts_with("✗")).await;
    assert!(failed.contains("Art. 8.2"), "{failed}");
    assert!(failed.contains("f2 is adjacent to g1"), "{failed}");
    let state = server.get(&format!("/api/games/{id}")).body;
    assert_eq!(state["written"], 0, "the refused move is not in the record");
    assert_together(&client, "a wrong click refused").await;
    shot(&client, "course-refused").await;
    // The hint, after a failure; the solution only after two.
    let hint = client
        .find(Locator::Id("lesson-hint"))
        .await
        .expect("the hint");
    assert!(hint.is_displayed().await.expect("shown"));
    hint.click().await.expect("a click");
    wait_for(&client, "#lesson-help", |t| t.starts_with("Hint: ")).await;
    let solution = client
        .find(Locator::Id("lesson-solution"))
        .await
        .expect("the button");
    assert!(!solution.is_displayed().await.expect("a state"));

    // A reload keeps the lesson: its prompt and its game.
    client.refresh().await.expect("reloaded");
    let again = wait_for(&client, "#lesson-prompt", |t| t.contains("You rolled 6")).await;
    assert_eq!(again, prompt);
    assert_eq!(game_of(&client).await, id);

    // Black's king, which no action moves, clicked and sent all the same: Art. 14 (Art. 4.2).
    let id = begin(&client, "sade/04-never-the-kings").await;
    click_board(&client, "e8").await;
    wait_for(&client, "#hint", |t| t.contains("e8")).await;
    click_board(&client, "d7").await;
    let failed = wait_for(&client, "#lesson-judgement", |t| t.contains("Art. 4.2")).await;
    assert!(
        failed.contains("Black's king may not be moved by White"),
        "{failed}"
    );
    assert_eq!(server.get(&format!("/api/games/{id}")).body["written"], 0);

    let id = begin(&client, "sade/12-sacrifice-accomplished").await;
    click_move(&client, &server, &id, ("h7", "h6")).await;
    click_move(&client, &server, &id, ("g7", "g6")).await;
    click_move(&client, &server, &id, ("a8", "a1")).await;
    let judged = wait_for(&client, "#lesson-judgement", |t| t.starts_with("✓")).await;
    assert!(
        judged.contains("White wins by The Sacrifice Accomplished (Art. 9.2)"),
        "{judged}"
    );
    assert!(judged.contains("★★★"), "{judged}");
    assert_together(&client, "a lesson completed").await;
    shot(&client, "course-completed").await;
    let next = client.find(Locator::Id("lesson-next")).await.expect("Next");
    assert!(next.is_displayed().await.expect("shown"));
    let stored = server
        .stored_document(sade_ref::serve::store::Doc::Learners)
        .expect("progress");
    assert!(
        stored.contains("sade/12-sacrifice-accomplished"),
        "{stored}"
    );
    // The lesson's games are not games of the list.
    assert_eq!(server.get("/api/games").body, serde_json::json!([]));
    client.close().await.expect("closed");
}

/// On a 390×844 phone: the stage's teaching first, then the task above the board and the
/// feedback under it, all three in view; a wrong click's reason in the panel.
#[tokio::test(flavor = "current_thread")]
async fn the_course_on_a_phone_keeps_the_task_the_board_and_the_feedback_in_view() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_course_phone"), &[]);
    let client = session_phone(&driver, 390, 844).await;
    client.goto(&server.url).await.expect("the page opens");
    unfold(&client, "course").await;
    wait_for(&client, "#course-progress", |t| t.starts_with("0 of ")).await;
    begin(&client, "sade/22-general-provision-on-check").await;
    // The stage's first task opens with what it teaches; read, the learner goes to the task.
    let teach = wait_for(&client, "#teach", |t| !t.is_empty()).await;
    assert!(teach.contains("checkmate"), "{teach}");
    shot(&client, "course-phone-teach").await;
    client
        .find(Locator::Id("teach-done"))
        .await
        .expect("the button")
        .click()
        .await
        .expect("a click");
    assert_together(&client, "a lesson on a phone").await;
    // Black's rook checks White's king without mating it: refused on face 1 (R1).
    click_board(&client, "a8").await;
    wait_for(&client, "#hint", |t| t.contains("a8")).await;
    click_board(&client, "a1").await;
    let failed = wait_for(&client, "#lesson-judgement", |t| t.starts_with("✗")).await;
    assert!(failed.contains("R1"), "{failed}");
    assert_together(&client, "a refusal on a phone").await;
    shot(&client, "course-phone").await;
    client.close().await.expect("closed");
}

/// A `why` task answered in the page by choosing among the Articles offered, each with what it
/// is about: a wrong one fails with the referee's, the right one completes the task.
#[tokio::test(flavor = "current_thread")]
async fn a_why_task_is_answered_by_choosing_an_article() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_course_why"), &[]);
    let client = session_sized(&driver, "1280,800").await;
    client.goto(&server.url).await.expect("the page opens");
    unfold(&client, "course").await;
    wait_for(&client, "#course-progress", |t| t.starts_with("0 of ")).await;
    unfold(&client, "course").await;
    let css = "button[data-lesson=\"sade/10-why-this-series-is-refused\"]";
    client
        .find(Locator::Css(css))
        .await
        .expect("the lesson's button")
        .click()
        .await
        .expect("a click");
    wait_for(&client, "#lesson-series", |t| t == "b5 Bb7 f3").await;
    // Neither the title nor the list gives the answer.
    let title = text(&client, "#lesson-title").await;
    assert!(!title.is_empty() && !title.contains("Art."), "{title:?}");
    let choose = |cite: &'static str| {
        let client = client.clone();
        async move {
            client
                .find(Locator::Css(&format!(
                    "#why-choices button[data-cite=\"{cite}\"]"
                )))
                .await
                .expect("a choice")
                .click()
                .await
                .expect("a click");
        }
    };
    let offered = text(&client, "#why-choices").await;
    assert!(
        offered.contains("Art. 12.2 — Faces 1-3: never own pieces"),
        "{offered}"
    );
    choose("Art. 12.2").await;
    let failed = wait_for(&client, "#lesson-judgement", |t| t.starts_with("✗")).await;
    assert!(failed.contains("not Art. 12.2"), "{failed}");
    // The feedback stands under the choices.
    let order = client
        .execute(
            "var c = document.getElementById('why-choices').getBoundingClientRect();
             var f = document.getElementById('lesson-judgement').getBoundingClientRect();
             return f.top >= c.bottom;",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(order, serde_json::json!(true));
    assert!(!failed.contains("12.1"), "the answer given away: {failed}");
    choose("Art. 12.1").await;
    let done = wait_for(&client, "#lesson-judgement", |t| t.starts_with("✓")).await;
    // One failure first: two stars.
    assert!(done.contains("★★☆"), "{done}");
    shot(&client, "course-why").await;

    // Face 5 in a lesson: every piece of Black's pool offered, none chosen, no square ringed.
    begin(&client, "sade/the-pool").await;
    let pool = client
        .execute(
            "return [Array.from(document.querySelectorAll('#piece option')).map(function (o) { return o.value; }),
                     document.getElementById('piece').value,
                     document.querySelectorAll('#board svg circle, #board cg-auto-pieces piece').length];",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(pool[0], serde_json::json!(["", "B", "N", "P"]), "{pool}");
    assert_eq!(pool[1], "", "{pool}");
    assert_eq!(pool[2], 0, "{pool}");

    // The last task of the course: "Finish the course", then the list with what was done.
    begin_why(&client, "marseillais/why-drawn").await;
    let right = sade_ref::course::Course::embedded()
        .expect("the course")
        .lesson("marseillais/why-drawn")
        .expect("the lesson")
        .solution[0]
        .clone();
    client
        .find(Locator::Css(&format!(
            "#why-choices button[data-cite=\"{right}\"]"
        )))
        .await
        .expect("the right choice")
        .click()
        .await
        .expect("a click");
    wait_for(&client, "#lesson-judgement", |t| t.starts_with("✓")).await;
    let finish = client
        .find(Locator::Id("lesson-next"))
        .await
        .expect("the button");
    assert_eq!(finish.text().await.expect("its words"), "Finish the course");
    finish.click().await.expect("a click");
    let done = wait_for(&client, "#course-progress", |t| {
        t.starts_with("Course finished")
    })
    .await;
    assert!(done.contains("2 of "), "{done}");
    shot(&client, "course-finished").await;
    client.close().await.expect("closed");
}

/// Opens a `why` task from the list (no judgement is asked before an Article is chosen).
async fn begin_why(client: &Client, lesson: &str) {
    if let Ok(back) = client.find(Locator::Id("course-leave")).await
        && back.is_displayed().await.unwrap_or(false)
    {
        back.click().await.expect("a click");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    unfold(client, "course").await;
    let css = format!("button[data-lesson=\"{lesson}\"]");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok(b) = client.find(Locator::Css(&css)).await
            && b.click().await.is_ok()
        {
            break;
        }
        assert!(Instant::now() < deadline, "no button for {lesson}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    wait_for(client, "#why-choices", |t| !t.is_empty()).await;
}
