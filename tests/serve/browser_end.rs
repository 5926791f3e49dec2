//! Issue 50's defects of the end and the record, in a real browser (the harness of
//! `browser.rs`): resigning asks first and the end says who won and offers a rematch; a turn
//! played from "What could I play?" ends without an error; a finished Sade game fits a phone
//! and the side column; the move list steps through the game; the pools are shown.

use std::time::Duration;

use fantoccini::Locator;
use fantoccini::key::Key;
use serde_json::{Value, json};

use super::browser::{Page, driver, session, session_phone, session_sized};
use super::browser_turns::displayed;
use super::{Server, scratch};

/// Issue 50, defects 5 and 6: a seat resigns with a confirmation; the end says "You lost", by
/// which victory, and offers a new game, a rematch with the colours swapped, and the review.
#[tokio::test(flavor = "current_thread")]
async fn resigning_asks_first_and_the_end_offers_a_rematch_with_colours_swapped() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_resign_rematch"), &[]);
    let page = Page::sade_against_the_novice(&driver, &server).await;
    page.button("resign").await;
    page.wait_for(|t| t.contains("Resign this game?"), "#confirm")
        .await;
    assert_eq!(page.api_state()["phase"], "roll", "nothing before the yes");
    page.button("confirm-yes").await;
    let title = page.wait_for(|t| !t.is_empty(), "#end-title").await;
    assert_eq!(title, "You lost (0-1)");
    let sentence = page.text("#end-sentence").await;
    assert!(sentence.contains("White resigned"), "{sentence}");
    for id in ["again", "rematch", "review-game"] {
        assert!(displayed(&page, id).await, "#{id} is not offered");
    }
    let review = page
        .client
        .find(Locator::Id("review-game"))
        .await
        .expect("the review link")
        .attr("href")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    assert!(review.ends_with("/export/report"), "{review}");
    page.shot("end-you-lost").await;
    let first = page.id.clone();
    page.button("rematch").await;
    page.wait_for(|t| t == "You play Black", "#seat").await;
    let url = page.client.current_url().await.expect("a URL").to_string();
    assert!(!url.contains(&first), "{url}");
    page.client.close().await.expect("closed");
}

/// Issue 50, defect 7: a turn played by a click in "What could I play?" ends without the red
/// "roll the die first".
#[tokio::test(flavor = "current_thread")]
async fn a_turn_played_from_the_options_ends_without_an_error() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_option_no_error"), &[]);
    let page = Page::sade_against_the_novice(&driver, &server).await;
    let before = page.sdn();
    page.button("roll").await;
    let state = page.changed(&before).await;
    if state["phase"] != "act" {
        return;
    }
    page.board_ready().await;
    page.button("options").await;
    page.wait_for(|t| t.contains("in all"), "#option-count")
        .await;
    page.client
        .find(Locator::Css("#option-list button.option"))
        .await
        .expect("an option")
        .click()
        .await
        .expect("a click");
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    while page.api_state()["side"] != "white" || page.api_state()["phase"] != "roll" {
        if page.api_state()["phase"] == "over" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the turn never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(page.text("#refusal").await, "");
    page.client.close().await.expect("closed");
}

/// A Sade game between two bots, played to its end through the API; its id.
fn finished_sade_game(server: &Server) -> String {
    let (id, created) =
        server.create(&json!({"variant": "Sade", "white": "novice", "black": "novice"}));
    let token = created["arbiter"].as_str().unwrap().to_owned();
    for _ in 0..400 {
        let state = server
            .post(&format!("/api/games/{id}/bot"), &json!({ "token": token }))
            .body;
        if state["phase"] == "over" || state["phase"].is_null() {
            break;
        }
    }
    assert_eq!(
        server.get(&format!("/api/games/{id}")).body["phase"],
        "over"
    );
    id
}

/// What lies past the window's width, and the page's width against the window's.
async fn too_wide(page: &Page<'_>) -> Value {
    page.client
        .execute(
            "var w = document.documentElement.clientWidth, wide = [];
             document.querySelectorAll('body *').forEach(function (e) {
               var r = e.getBoundingClientRect();
               if (e.offsetParent !== null && r.right > w + 0.5) { wide.push((e.id || e.tagName) + ' ' + Math.round(r.right)); }
             });
             return [document.documentElement.scrollWidth, w, wide.slice(0, 8)];",
            vec![],
        )
        .await
        .expect("a script runs")
}

/// Issue 50, defect 9: a finished Sade game (its DieSeed published) is no wider than a
/// 390×844 phone, details unfolded; at 1280×800 the game's panel stays left of the side column.
#[tokio::test(flavor = "current_thread")]
async fn a_finished_sade_game_fits_the_phone() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_finished_phone"), &[]);
    let id = finished_sade_game(&server);
    assert!(
        server.get(&format!("/api/games/{id}")).body["die_seed"].is_string(),
        "the seed is published"
    );
    let phone = Page::open(session_phone(&driver, 390, 844).await, &server, &id, "").await;
    phone.wait_for(|t| t.contains("over"), "#status").await;
    phone
        .client
        .execute(
            "document.getElementById('details').open = true; document.getElementById('tab-sdn').click(); return 1;",
            vec![],
        )
        .await
        .expect("a script runs");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let wide = too_wide(&phone).await;
    assert!(
        wide[0].as_f64() <= wide[1].as_f64(),
        "the page is wider than the phone: {wide}"
    );
    phone.shot("phone-finished-sade").await;
    phone.client.close().await.expect("closed");

    let desk = Page::open(session_sized(&driver, "1280,800").await, &server, &id, "").await;
    desk.wait_for(|t| t.contains("over"), "#status").await;
    let apart = desk
        .client
        .execute(
            "document.getElementById('details').open = true;
             var p = document.getElementById('panel').getBoundingClientRect();
             var s = document.getElementById('side').getBoundingClientRect();
             var over = [];
             document.querySelectorAll('#panel *').forEach(function (e) {
               var r = e.getBoundingClientRect();
               if (e.offsetParent !== null && r.width > 0 && r.right > s.left + 0.5) { over.push(e.id || e.tagName); }
             });
             return over;",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(apart, json!([]), "into the side column");
    desk.shot("desk-finished-sade").await;
    desk.client.close().await.expect("closed");
}

/// Issue 50, defects 8 and 12: the moves a player reads, turns numbered with their faces and
/// actions; a click on an action shows the board after it, ← and → step; the pools beside the
/// board; the die's commitment behind "Details"; the SDN behind its tab.
#[tokio::test(flavor = "current_thread")]
async fn the_move_list_steps_through_the_game_and_the_pools_are_shown() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_move_list"), &[]);
    let id = finished_sade_game(&server);
    let page = Page::open(session(&driver).await, &server, &id, "").await;
    page.wait_for(|t| t.contains("over"), "#status").await;
    page.wait_for(|t| !t.is_empty(), "#moves").await;
    let moves = server.get(&format!("/api/games/{id}/moves")).body;
    let first = &moves["turns"][0];
    // The board after each action, in the list's order (a turn may have none).
    let fens: Vec<Value> = moves["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .flat_map(|t| t["actions"].as_array().cloned().unwrap_or_default())
        .map(|a| a["fen"].clone())
        .collect();
    // The raw record is folded behind its tab, the die's seed behind Details.
    assert!(!displayed(&page, "sdn").await, "the SDN is shown");
    assert!(
        !displayed(&page, "details-body").await,
        "the details are shown"
    );
    let row = page.text("#moves li").await;
    assert!(row.starts_with(first["label"].as_str().unwrap()), "{row}");
    // A click on the first action: the board after it.
    page.client
        .find(Locator::Css("#moves button.ply[data-ply='0']"))
        .await
        .expect("the first action")
        .click()
        .await
        .expect("a click");
    let placement = |page: &Page<'_>| {
        let client = page.client.clone();
        async move {
            client
                .execute(
                    "return document.getElementById('board').dataset.placement;",
                    vec![],
                )
                .await
                .expect("a script runs")
        }
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(placement(&page).await, fens[0]);
    // → steps to the second action, ← back to the first.
    let body = page
        .client
        .find(Locator::Css("body"))
        .await
        .expect("the page");
    body.send_keys(&Key::Right.to_string())
        .await
        .expect("a key");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(placement(&page).await, fens[1]);
    body.send_keys(&Key::Left.to_string()).await.expect("a key");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(placement(&page).await, fens[0]);
    page.shot("move-list-stepped").await;
    // The pools of the game's end beside the board: each side's pieces off it.
    let state = page.api_state();
    let fen = state["fen"].as_str().unwrap();
    let pocket = fen
        .split_once('[')
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(p, _)| p.to_owned())
        .unwrap_or_default();
    page.button("last").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pools = page
        .client
        .execute(
            "return [document.querySelector('.pool[data-side=white]').dataset.pool,
                     document.querySelector('.pool[data-side=black]').dataset.pool];",
            vec![],
        )
        .await
        .expect("a script runs");
    let mut white: Vec<char> = pocket.chars().filter(char::is_ascii_uppercase).collect();
    let mut black: Vec<char> = pocket
        .chars()
        .filter(char::is_ascii_lowercase)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let mut shown_white: Vec<char> = pools[0].as_str().unwrap_or_default().chars().collect();
    let mut shown_black: Vec<char> = pools[1].as_str().unwrap_or_default().chars().collect();
    for list in [&mut white, &mut black, &mut shown_white, &mut shown_black] {
        list.sort_unstable();
    }
    assert_eq!((shown_white, shown_black), (white, black), "{pocket}");
    page.client.close().await.expect("closed");
}

/// Issue 50, defect 6: against a bot, the seat takes back its last turn (the bot's reply with
/// it): its turn is open again and the record says so; the board flips on request.
#[tokio::test(flavor = "current_thread")]
async fn a_take_back_against_the_bot_reopens_your_turn_and_the_board_flips() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_takeback_bot"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "black": "novice"}));
    let token = created["white"].as_str().unwrap().to_owned();
    let page = Page::open(session(&driver).await, &server, &id, &token).await;
    page.wait_for(|t| t == "You play White", "#seat").await;
    page.board_ready().await;
    assert!(
        !displayed(&page, "takeback").await,
        "nothing to take back yet"
    );
    let mut state = server
        .post(&format!("/api/games/{id}/roll"), &json!({ "token": token }))
        .body;
    if state["phase"] != "act" {
        // A face with nothing to do: no turn of one's own to take back.
        return;
    }
    while state["phase"] == "act" && state["side"] == "white" {
        let options = server.get(&format!("/api/games/{id}/options?limit=1")).body;
        let written = state["written"].as_u64().unwrap_or(0) as usize;
        let action = options["options"][0]["actions"][written]
            .as_str()
            .unwrap_or("--")
            .to_owned();
        state = server
            .post(
                &format!("/api/games/{id}/act"),
                &json!({ "token": token, "text": action }),
            )
            .body;
    }
    if state["phase"] == "over" {
        return;
    }
    page.settled().await;
    page.board_ready().await;
    assert!(displayed(&page, "takeback").await, "no take-back offered");
    let before = page.sdn();
    page.button("takeback").await;
    let state = page.changed(&before).await;
    assert_eq!(state["side"], "white", "{}", state["sdn"]);
    assert!(
        state["sdn"]
            .as_str()
            .unwrap_or_default()
            .contains("taken back"),
        "{}",
        state["sdn"]
    );
    assert_eq!(page.text("#refusal").await, "");
    page.button("flip").await;
    let class = page
        .client
        .find(Locator::Id("board"))
        .await
        .expect("the board")
        .attr("class")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    assert!(class.contains("orientation-black"), "{class}");
    page.client.close().await.expect("closed");
}
