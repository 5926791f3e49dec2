//! The page as a player sees it, at 1280×800 and on a 390×844 phone: the board and every
//! control of the turn inside the window without scrolling; on the phone the board fills the
//! width at the top and nothing scrolls sideways (the start page, no game open, has the lobby
//! at the top instead). A Sade game against the bot is played by
//! clicks (its own turns) while the bot's turns are drawn with their numbered actions; a
//! Marseillais game between two pages shows each move on the other page. Each phase leaves a
//! screenshot in `target/serve-tests/shots/` (docs/GALLERY.md).

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use super::browser::{Page, driver, session_phone, session_sized, shot};
use super::{Server, scratch};

const DESK: &str = "1280,800";

/// The controls of the turn a player needs (those shown) that lie outside the window, and the
/// page's scroll offset: a turn is played without scrolling when both are empty.
async fn outside_the_window(client: &Client) -> (Vec<String>, Value) {
    let found = client
        .execute(
            "var w = innerWidth, h = innerHeight, out = [];
             document.querySelectorAll('#board, #status, #clocks, #turn-box, #remaining, #hint, #refusal, \
               #controls button, #controls label, #choices button, #promotion button, \
               #confirm button, #entry').forEach(function (e) {
               var r = e.getBoundingClientRect();
               if (e.offsetParent === null || r.width === 0 || r.height === 0) { return; }
               if (r.top < 0 || r.left < 0 || r.bottom > h + 0.5 || r.right > w + 0.5) {
                 out.push((e.id || e.textContent.trim()) + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
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

async fn assert_in_view(page: &Page<'_>, phase: &str) {
    let (outside, scroll) = outside_the_window(&page.client).await;
    assert!(
        outside.is_empty(),
        "{phase}: outside the window at {DESK}: {outside:?}"
    );
    assert_eq!(scroll, json!([0, 0]), "{phase}: the page scrolled");
}

/// On a phone: nothing wider than the window (no sideways scroll), and the board across the
/// width at the top.
async fn assert_phone_layout(client: &Client, phase: &str) {
    let found = client
        .execute(
            "var w = document.documentElement.clientWidth, wide = [];
             document.querySelectorAll('body *').forEach(function (e) {
               var r = e.getBoundingClientRect();
               if (e.offsetParent !== null && r.right > w + 0.5) { wide.push((e.id || e.tagName) + ' ' + Math.round(r.right)); }
             });
             var b = document.getElementById('board').getBoundingClientRect();
             return [document.documentElement.scrollWidth, w, wide.slice(0, 8), b.left, b.top, b.width];",
            vec![],
        )
        .await
        .expect("a script runs");
    let (scroll_width, width) = (found[0].as_f64().unwrap(), found[1].as_f64().unwrap());
    assert!(
        scroll_width <= width,
        "{phase}: the page scrolls sideways ({scroll_width} > {width}): {}",
        found[2]
    );
    let (left, top, board) = (
        found[3].as_f64().unwrap(),
        found[4].as_f64().unwrap(),
        found[5].as_f64().unwrap(),
    );
    assert!(
        left < 10.0 && board > width - 20.0 && top < 60.0,
        "{phase}: the board is not across the top: left {left}, top {top}, width {board} of {width}"
    );
}

/// The next actions the server offers now.
fn next(page: &Page<'_>) -> Value {
    page.server
        .get(&format!("/api/games/{}/next", page.id))
        .body
}

/// Plays the turn in progress by clicks, the first option's actions one by one, as the next
/// actions place them on the board. Returns how many clicks it took (the roll aside).
async fn play_turn_by_clicks(page: &Page<'_>, shot_mid_turn: bool) -> usize {
    let mut clicks = 0;
    let option = page.first_option();
    for (i, text) in option.iter().enumerate() {
        let next = next(page);
        let bare = |t: &str| t.trim_end_matches(['+', '#']).to_owned();
        let action = next["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .find(|a| bare(a["text"].as_str().unwrap_or_default()) == bare(text))
            .unwrap_or_else(|| panic!("{text} is not among the next actions: {next}"))
            .clone();
        let field = |k: &str| action[k].as_str().unwrap_or_default().to_owned();
        match field("kind").as_str() {
            "move" if !field("piece").is_empty() => {
                let before = page.sdn();
                page.click_square(&field("from")).await;
                page.click_square(&field("to")).await;
                page.wait_for(|t| t.contains("Promote"), "#promotion").await;
                let piece = field("piece").to_lowercase();
                page.client
                    .find(Locator::Css(&format!(
                        "#promotion button[data-promotion='{piece}']"
                    )))
                    .await
                    .expect("the piece's button")
                    .click()
                    .await
                    .expect("a click");
                page.changed(&before).await;
                clicks += 3;
            }
            "move" => {
                page.click_move(&field("from"), &field("to")).await;
                clicks += 2;
            }
            "sacrifice" => {
                page.sacrifice(&field("to")).await;
                clicks += 2;
            }
            "resurrection" => {
                page.click_one(&field("to")).await;
                clicks += 1;
            }
            _ => {
                let before = page.sdn();
                page.client
                    .find(Locator::Css("#choices button"))
                    .await
                    .expect("the button of `--`")
                    .click()
                    .await
                    .expect("a click");
                page.changed(&before).await;
                clicks += 1;
            }
        }
        if i == 0 && option.len() > 1 {
            // Mid-turn, the board shows the position after the action, not the turn's start.
            page.board_shows_the_state().await;
        }
        if shot_mid_turn && i == 0 && option.len() > 1 {
            page.board_ready().await;
            assert_in_view(page, "mid-turn").await;
            page.shot("play-mid-turn").await;
        }
    }
    clicks
}

/// A Sade game against the bot at 1280×800: every phase of the player's turn with the board and
/// its controls in the window; each action in at most two clicks (a promotion: three, the
/// piece chosen); the bot's turn drawn with its numbered arrows; then the same game on a
/// phone.
#[tokio::test(flavor = "current_thread")]
async fn a_sade_game_against_the_bot_fits_the_window_and_the_phone() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_layout_sade"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "black": "novice",
        "time_control": {"initial": 600, "increment": 5}}));
    let token = created["white"].as_str().unwrap();
    let page = Page::open(session_sized(&driver, DESK).await, &server, &id, token).await;
    page.wait_for(|t| t == "You play White", "#seat").await;
    // The clocks, the server's, shown beside the board: none runs before White's first roll
    // (issue 50), then White's.
    let white_clock = page
        .wait_for(|t| t.starts_with("White 10:00"), "#clock-white")
        .await;
    assert!(!white_clock.is_empty());
    let running = page
        .client
        .find(Locator::Css("#clock-white.running"))
        .await
        .is_ok();
    assert!(!running, "no clock runs before White's first roll");
    let mut turns = 0;
    let mut bot_drawn = false;
    while turns < 4 {
        let state = page.api_state();
        if state["phase"] == "over" {
            break;
        }
        page.board_ready().await;
        assert_in_view(&page, "the roll").await;
        if turns == 0 {
            page.shot("play-roll").await;
        }
        let before = page.sdn();
        page.button("roll").await;
        let state = page.changed(&before).await;
        if turns == 0 && state["phase"] == "act" {
            assert_eq!(
                state["clocks"]["running"], "white",
                "White's clock runs from the roll"
            );
        }
        if state["phase"] != "act" {
            turns += 1;
            continue;
        }
        page.board_ready().await;
        assert_in_view(&page, "the face rolled").await;
        let face = state["face"].as_u64().unwrap_or_default();
        if turns == 0 {
            page.shot("play-face-rolled").await;
        }
        let actions = page.first_option().len();
        let clicks = play_turn_by_clicks(&page, turns == 0).await;
        // The bot's turn is played back action by action, each said in words.
        if page.api_state()["drawn"].as_array().is_some_and(|d| {
            d.first()
                .is_some_and(|a| a["turn"].as_str().unwrap_or_default().ends_with("..."))
        }) {
            let said = page
                .wait_for(
                    |t| {
                        t.starts_with("Black, action ") || t.starts_with("Black's turn is complete")
                    },
                    "#hint",
                )
                .await;
            if turns == 0 && said.starts_with("Black, action ") {
                let picture = page.client.screenshot().await.expect("a screenshot");
                let dir = crate::support::root().join("target/serve-tests/shots");
                std::fs::create_dir_all(&dir).expect("a folder");
                std::fs::write(dir.join("play-bot-playback.png"), picture).expect("saved");
            }
        }
        assert!(
            clicks <= 2 * actions + 1,
            "face {face}: {clicks} clicks for {actions} actions"
        );
        // The bot's turn follows in the same request: the page plays it back action by action,
        // says how it ended, and the board keeps its actions, numbered.
        let state = page.settled().await;
        if state["phase"] == "over" {
            break;
        }
        if state["drawn"].as_array().is_some_and(|d| !d.is_empty()) {
            let said = page
                .wait_for(|t| t.starts_with("Black's turn is complete"), "#hint")
                .await;
            assert!(said.ends_with("White to roll."), "{said}");
        }
        let drawn = state["drawn"].as_array().cloned().unwrap_or_default();
        if drawn
            .iter()
            .any(|a| a["color"].is_string() && !a["from"].is_null() && !a["to"].is_null())
            && state["side"] == "white"
        {
            page.board_ready().await;
            let (_, blue) = page.board_arrows().await;
            assert!(
                blue > 150,
                "the bot's actions are drawn as numbered arrows: {blue}"
            );
            if !bot_drawn {
                page.shot("play-bot-turn").await;
                bot_drawn = true;
            }
        }
        turns += 1;
    }
    assert!(turns > 0, "no turn was played");

    let phone = Page::open(session_phone(&driver, 390, 844).await, &server, &id, token).await;
    phone.board_ready().await;
    assert_phone_layout(&phone.client, "the game").await;
    phone.shot("phone-game").await;
    phone.client.close().await.expect("closed");

    let start = session_phone(&driver, 390, 844).await;
    start.goto(&server.url).await.expect("the page opens");
    start
        .find(Locator::Id("create"))
        .await
        .expect("the New game form");
    // No game open: the lobby comes first (where players meet), nothing scrolls sideways.
    let found = start
        .execute(
            "var w = document.documentElement.clientWidth;
             return [document.documentElement.scrollWidth, w,
                     document.getElementById('lobby-box').getBoundingClientRect().top];",
            vec![],
        )
        .await
        .expect("a script runs");
    let (scroll_width, width, lobby) = (
        found[0].as_f64().unwrap(),
        found[1].as_f64().unwrap(),
        found[2].as_f64().unwrap(),
    );
    assert!(
        scroll_width <= width,
        "the start page scrolls sideways ({scroll_width} > {width})"
    );
    assert!(
        lobby < 60.0,
        "the start page: the lobby is not at the top: {lobby}"
    );
    shot(&start, "phone-start").await;
    start.close().await.expect("closed");
    page.client.close().await.expect("closed");
}

/// A Marseillais game between two pages at 1280×800: White's first turn (one move, the
/// balanced rule) appears on Black's page by itself, with Black's controls in the window; then
/// Black's two moves on White's.
#[tokio::test(flavor = "current_thread")]
async fn a_marseillais_move_on_one_page_appears_on_the_other() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_layout_marseillais"), &[]);
    let (id, created) = server.create(&json!({"variant": "Marseillais"}));
    let white = Page::open(
        session_sized(&driver, DESK).await,
        &server,
        &id,
        created["white"].as_str().unwrap(),
    )
    .await;
    let black = Page::open(
        session_sized(&driver, DESK).await,
        &server,
        &id,
        created["black"].as_str().unwrap(),
    )
    .await;
    // Both pages listen to the game's changes (Server-Sent Events), polling only without.
    for page in [&white, &black] {
        let deadline = Instant::now() + Duration::from_secs(10);
        while page
            .client
            .execute("return document.body.dataset.live === 'yes';", vec![])
            .await
            .expect("a script runs")
            != json!(true)
        {
            assert!(
                Instant::now() < deadline,
                "the page never listened to the game"
            );
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }
    white.click_move("e2", "e4").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while !black.text("#sdn").await.contains("1. e4") {
        assert!(
            Instant::now() < deadline,
            "Black's page never showed White's turn"
        );
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    black
        .wait_for(|t| t.contains("Black to play"), "#status")
        .await;
    black.board_ready().await;
    assert_in_view(&black, "Black's turn").await;
    let orientation = black
        .client
        .find(Locator::Id("board"))
        .await
        .expect("the board")
        .attr("class")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    assert!(orientation.contains("orientation-black"), "{orientation}");
    black.shot("marseillais-black-sees-white-turn").await;
    black
        .wait_for(|t| t == "Action 1 of 2.", "#remaining")
        .await;
    black.click_move("e7", "e5").await;
    black
        .wait_for(|t| t == "Action 2 of 2.", "#remaining")
        .await;
    black.click_move("d7", "d5").await;
    white.wait_for(|t| t.contains("e5 d5"), "#sdn").await;
    white.client.close().await.expect("closed");
    black.client.close().await.expect("closed");
}
