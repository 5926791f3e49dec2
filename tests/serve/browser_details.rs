//! The page's smaller promises to a player (issue 50, defects 8 and 12): no developer material
//! on the screen of a game against a bot, the die's face box cleared after a roll, the sound off
//! until asked for, and a dark page where the system asks for one.

use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};

use super::browser::{Driver, Page, driver, session_sized};
use super::browser_turns::displayed;
use super::{Server, scratch};

/// The text a player reads: what is rendered, folded details left out.
async fn visible_text(page: &Page<'_>) -> String {
    page.client
        .execute("return document.body.innerText;", vec![])
        .await
        .expect("a script runs")
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Issue 50, defect 8: against a bot the player is the player of his seat, never "the
/// arbiter"; no link to the bot's seat; the die's commitment and seed, the game's id and the
/// rules' codes stay behind the details control until it is opened.
#[tokio::test(flavor = "current_thread")]
async fn no_developer_material_on_the_screen_of_a_game_against_a_bot() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_no_developer_material"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "black": "novice"}));
    let token = created["white"].as_str().expect("White's token");
    let page = Page::open(
        session_sized(&driver, "1280,800").await,
        &server,
        &id,
        token,
    )
    .await;
    page.board_ready().await;
    page.wait_for(|t| t == "You play White", "#seat").await;
    let commit = created["state"]["die_commit"]
        .as_str()
        .expect("the die's commitment")
        .to_owned();
    let shown = visible_text(&page).await;
    for hidden in [
        "arbiter",
        "DieCommit",
        "DieSeed",
        &commit[..16],
        &id,
        "(S3)",
        "(R1)",
    ] {
        assert!(!shown.contains(hidden), "{hidden:?} on the screen: {shown}");
    }
    assert_eq!(page.text("#links").await, "", "no seat links against a bot");
    // Asked for, the details are there.
    page.client
        .execute("document.getElementById('details').open = true;", vec![])
        .await
        .expect("a script runs");
    let details = page.text("#details-body").await;
    assert!(
        details.contains("DieCommit") && details.contains(&commit),
        "{details}"
    );
}

/// Issue 50, defect 12: in record mode with the faces entered, the face box is empty again
/// after each roll (it kept the last face); the sound is off until switched on.
#[tokio::test(flavor = "current_thread")]
async fn the_face_box_is_cleared_after_a_roll_and_the_sound_is_off_until_asked() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_face_box"), &[]);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let token = created["arbiter"].as_str().expect("the arbiter's token");
    let page = Page::open(
        session_sized(&driver, "1280,800").await,
        &server,
        &id,
        token,
    )
    .await;
    page.board_ready().await;
    let sound = page
        .client
        .execute("return document.getElementById('sound').checked;", vec![])
        .await
        .expect("a script runs");
    assert_eq!(sound, Value::Bool(false), "the sound is off by default");
    let face = page
        .client
        .find(fantoccini::Locator::Id("face"))
        .await
        .expect("the face box");
    face.send_keys("5").await.expect("typed");
    let before = page.sdn();
    page.button("roll").await;
    // Face 5 at the start: nothing to bring back, the turn passes; Black rolls next.
    page.changed(&before).await;
    page.board_ready().await;
    let value = page
        .client
        .execute("return document.getElementById('face').value;", vec![])
        .await
        .expect("a script runs");
    assert_eq!(value, json!(""), "the face box is cleared");
}

/// A session whose browser asks pages for a dark colour scheme.
async fn dark_session(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,800", "--force-device-scale-factor=1",
                     "--blink-settings=preferredColorScheme=0"],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(driver.url())
        .await
        .expect("a browser session")
}

/// Issue 50, defect 12: the page follows the system's dark setting.
#[tokio::test(flavor = "current_thread")]
async fn the_page_is_dark_when_the_system_asks_for_it() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_dark"), &[]);
    let client = dark_session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");
    let asked = client
        .execute(
            "return matchMedia('(prefers-color-scheme: dark)').matches;",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(asked, Value::Bool(true), "the browser asks for a dark page");
    let background = client
        .execute(
            "return getComputedStyle(document.body).backgroundColor;",
            vec![],
        )
        .await
        .expect("a script runs");
    let rgb: Vec<u32> = background
        .as_str()
        .unwrap_or_default()
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .filter_map(|c| c.trim().parse().ok())
        .collect();
    assert!(
        rgb.len() == 3 && rgb.iter().all(|c| *c < 80),
        "a dark background: {background}"
    );
}

/// Issue 50, defect 5: the end says who won, by which victory and what happened, in one
/// sentence drawn from the verdict, and leads on: a new game with the same settings, the review.
#[tokio::test(flavor = "current_thread")]
async fn the_end_says_who_won_how_and_what_happened_and_leads_on() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_end_told"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "mode": "record",
        "die": "entered", "fen": "7k/1p4pp/8/8/8/8/5PPP/R5K1 b - - 0 12"}));
    let token = created["arbiter"].as_str().expect("the arbiter's token");
    let page = Page::open(
        session_sized(&driver, "1280,800").await,
        &server,
        &id,
        token,
    )
    .await;
    page.roll(1).await;
    page.click_move("a1", "a8").await;
    let said = page
        .wait_for(|t| t.contains("Sacrifice Accomplished"), "#end-sentence")
        .await;
    assert_eq!(
        said,
        "Black moved White's rook to a8 and mated his own king — the Sacrifice Accomplished \
         (Art. 9.2)."
    );
    assert_eq!(page.text("#end-title").await, "Black wins (0-1)");
    assert!(
        displayed(&page, "again").await,
        "a new game with the same settings"
    );
    let review = page
        .client
        .execute(
            "return document.getElementById('review-game').getAttribute('href');",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(review, json!(format!("/api/games/{id}/export/report")));
}
