//! The Course mode in a real browser (Debian's chromium through chromedriver and fantoccini,
//! as `browser.rs`): a lesson chosen from the list, a wrong click refused with its Article, and
//! a lesson completed by clicks on the board. Without the browser or the driver each test says
//! in one line that it did not run, and passes; in CI (`CI` set) a missing one is a failure.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use super::browser::{click_board, driver, session_sized, shot, unfold};
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
        assert!(Instant::now() < deadline, "{css} never came: {text:?}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// Clicks the lesson's button in the list and waits for its game on the board.
async fn begin(client: &Client, lesson: &str) -> String {
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
    let tag = format!("[Lesson \"{lesson}\"]");
    wait_for(client, "#sdn", |t| t.contains(&tag)).await;
    // The page shows the lesson's game: the address names it.
    let url = client.current_url().await.expect("a URL").to_string();
    url.split("game=")
        .nth(1)
        .and_then(|rest| rest.split('&').next())
        .unwrap_or_else(|| panic!("no game in {url}"))
        .to_owned()
}

/// Clicks a move, waits until the server's record holds one more action, then until the page
/// shows the lesson's judgement of it (`after N action(s)` of the turn, or the end), so that
/// the next click lands on a board that no longer moves.
async fn click_move(
    client: &Client,
    server: &Server,
    id: &str,
    (from, to): (&str, &str),
    n: usize,
) {
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
                "{from}-{to} changed nothing; the page says {:?} (target/serve-tests/shots/lesson-stuck.png)",
                text(client, "#refusal").await
            );
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    let after = format!("after {n} action");
    wait_for(client, "#lesson-judgement", |t| {
        t.contains(&after) || t.starts_with("Completed") || t.starts_with("Failed")
    })
    .await;
}

/// A wrong click refused with its Article (face 6: the rook may not stop beside the king,
/// Art. 8.2), then a lesson completed by clicks (face 3: Black's pawns, then Black's rook
/// mates White: The Sacrifice Accomplished), and the progress on the page and on disk.
#[tokio::test(flavor = "current_thread")]
async fn a_wrong_click_shows_its_article_and_a_lesson_is_completed() {
    let Some(driver) = driver() else { return };
    let data = scratch("browser_course");
    let server = Server::start(&data, &[]);
    let client = session_sized(&driver, "1400,2400").await;
    client.goto(&server.url).await.expect("the page opens");
    unfold(&client, "course").await;
    wait_for(&client, "#course-progress", |t| t.starts_with("0 of ")).await;

    let id = begin(&client, "sade/18-face-six").await;
    let prompt = text(&client, "#lesson-prompt").await;
    assert!(prompt.contains("You rolled 6"), "{prompt}");
    click_board(&client, "f1").await;
    wait_for(&client, "#hint", |t| t.contains("f1")).await;
    click_board(&client, "f2").await;
    let refusal = wait_for(&client, "#refusal", |t| t.contains("Art. 8.2")).await;
    assert!(refusal.contains("f2 is adjacent to g1"), "{refusal}");
    let state = server.get(&format!("/api/games/{id}")).body;
    assert_eq!(state["written"], 0, "the refused move is not in the record");
    shot(&client, "lesson-refused").await;

    let id = begin(&client, "sade/12-sacrifice-accomplished").await;
    wait_for(&client, "#lesson-judgement", |t| {
        t.contains("after 0 actions")
    })
    .await;
    click_move(&client, &server, &id, ("h7", "h6"), 1).await;
    click_move(&client, &server, &id, ("g7", "g6"), 2).await;
    click_move(&client, &server, &id, ("a8", "a1"), 3).await;
    let judged = wait_for(&client, "#lesson-judgement", |t| t.starts_with("Completed")).await;
    assert!(
        judged.contains("White wins by The Sacrifice Accomplished (Art. 9.2)"),
        "{judged}"
    );
    wait_for(&client, "#course-progress", |t| t.starts_with("1 of ")).await;
    let done = text(&client, "#lessons").await;
    assert!(
        done.contains("The Sacrifice Accomplished (Art. 9.2) completed"),
        "{done}"
    );
    shot(&client, "lesson-completed").await;
    let stored = std::fs::read_to_string(data.join("course-progress.json")).expect("progress");
    assert!(
        stored.contains("sade/12-sacrifice-accomplished"),
        "{stored}"
    );
    client.close().await.expect("closed");
}

/// A `why` lesson answered in the page: a wrong Article fails with the referee's, the right one
/// completes the lesson.
#[tokio::test(flavor = "current_thread")]
async fn a_why_lesson_is_answered_with_an_article() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_course_why"), &[]);
    let client = session_sized(&driver, "1400,2400").await;
    client.goto(&server.url).await.expect("the page opens");
    unfold(&client, "course").await;
    wait_for(&client, "#course-progress", |t| t.starts_with("0 of ")).await;
    begin(&client, "sade/10-why-this-series-is-refused").await;
    wait_for(&client, "#lesson-series", |t| t == "b5 Bb7 f3").await;
    // The lesson asks for the Article: neither its title nor its button gives it.
    let title = text(&client, "#lesson-title").await;
    let button = text(
        &client,
        "button[data-lesson=\"sade/10-why-this-series-is-refused\"]",
    )
    .await;
    assert!(
        !title.is_empty() && !title.contains("Art.") && !button.contains("Art."),
        "{title:?} / {button:?}"
    );
    let answer = |article: &'static str| {
        let client = client.clone();
        async move {
            let input = client
                .find(Locator::Id("why-article"))
                .await
                .expect("the answer box");
            input.clear().await.expect("cleared");
            input.send_keys(article).await.expect("typed");
            client
                .find(Locator::Id("why-send"))
                .await
                .expect("the button")
                .click()
                .await
                .expect("a click");
        }
    };
    answer("Art. 12.2").await;
    let failed = wait_for(&client, "#lesson-judgement", |t| t.starts_with("Failed")).await;
    assert!(failed.contains("not Art. 12.2"), "{failed}");
    assert!(failed.contains("[Art. 12.1]"), "{failed}");
    answer("Art. 12.1").await;
    wait_for(&client, "#lesson-judgement", |t| t.starts_with("Completed")).await;
    wait_for(&client, "#course-progress", |t| t.starts_with("1 of ")).await;
    client.close().await.expect("closed");
}
