//! Issue 50's defects of the turn, in a real browser (the harness of `browser.rs`): the piece
//! clicked or dragged is the piece that moves, a seat reopened from the list is still one's
//! own, the roll waits for the bot's turn to be played back, a face with nothing to do is told,
//! the seat not to move is offered nothing, and the other seat's action reaches the page at
//! once.

use std::time::{Duration, Instant};

use fantoccini::Locator;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::{Value, json};

use super::browser::{Page, driver, session};
use super::{Server, scratch};

/// Whether the element `id` is shown.
pub(super) async fn displayed(page: &Page<'_>, id: &str) -> bool {
    match page.client.find(Locator::Id(id)).await {
        Ok(e) => e.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

/// Drags the piece on `from` to `to` on the page's board (seen from White), as a mouse does.
async fn drag(page: &Page<'_>, from: &str, to: &str) {
    page.board_ready().await;
    let board = page
        .client
        .find(Locator::Css("#board cg-board"))
        .await
        .expect("the board");
    let (_, _, width, height) = board.rectangle().await.expect("its size");
    let at = |square: &str| {
        let b = square.as_bytes();
        let (file, rank) = (f64::from(b[0] - b'a'), f64::from(b[1] - b'1'));
        (
            (file + 0.5) * (width / 8.0) - width / 2.0,
            (7.0 - rank + 0.5) * (height / 8.0) - height / 2.0,
        )
    };
    let ((x0, y0), (x1, y1)) = (at(from), at(to));
    let moves = MouseActions::new("mouse".to_owned())
        .then(PointerAction::MoveToElement {
            element: board.clone(),
            duration: None,
            x: x0,
            y: y0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: board.clone(),
            duration: Some(Duration::from_millis(150)),
            x: (x0 + x1) / 2.0,
            y: (y0 + y1) / 2.0,
        })
        .then(PointerAction::MoveToElement {
            element: board,
            duration: Some(Duration::from_millis(150)),
            x: x1,
            y: y1,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    page.client.perform_actions(moves).await.expect("a drag");
    page.client.release_actions().await.expect("released");
}

/// The tester's case (issue 50, defect 1): face 1, Black's pieces due; a click on White's a2
/// then a3 plays nothing of Black's (the referee says why), and a drag of Black's a4 to a3 plays
/// that pawn, from the squares dragged.
#[tokio::test(flavor = "current_thread")]
async fn a_click_on_ones_own_pawn_never_plays_the_opponents() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_own_pawn"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[
            ("variant", "Sade"),
            ("mode", "record"),
            ("die-source", "entered"),
        ],
        "4k3/7p/8/8/p7/8/P6P/4K3 w - - 0 10",
    )
    .await;
    page.wait_for(|t| t.contains("to roll"), "#status").await;
    page.roll(1).await;
    page.click_square("a2").await;
    page.wait_for(|t| t.contains("a2"), "#hint").await;
    page.click_square("a3").await;
    let refusal = page.wait_for(|t| !t.is_empty(), "#refusal").await;
    assert!(refusal.contains("Art. 12"), "{refusal}");
    let state = page.api_state();
    assert_eq!(
        (state["written"].as_u64(), state["side"].as_str()),
        (Some(0), Some("white")),
        "{}",
        state["sdn"]
    );
    // The board shows the position again, White's pawn on a2.
    page.board_shows_the_state().await;

    let before = page.sdn();
    drag(&page, "a4", "a3").await;
    let state = page.changed(&before).await;
    let drawn = &state["drawn"][0];
    assert_eq!(
        (drawn["from"].as_str(), drawn["to"].as_str()),
        (Some("a4"), Some("a3")),
        "{}",
        state["sdn"]
    );
    // The refusal is gone with the turn that changed.
    page.wait_for(str::is_empty, "#refusal").await;
    page.client.close().await.expect("closed");
}

/// Issue 50, defect 2: a game left for the start page and reopened from the games list (no
/// token in its address) is still the player's seat: the roll is offered and accepted.
#[tokio::test(flavor = "current_thread")]
async fn a_game_reopened_from_the_list_keeps_its_seat() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_reopened"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[("variant", "Sade"), ("mode", "play"), ("black", "novice")],
        "",
    )
    .await;
    // Against one bot the page opens the human's seat, not the arbiter's, and offers no link.
    page.wait_for(|t| t == "You play White", "#seat").await;
    assert_eq!(page.text("#links").await, "");
    page.client
        .goto(&format!("{}/", server.url))
        .await
        .expect("the start page");
    page.client
        .goto(&format!("{}/#game={}", server.url, page.id))
        .await
        .expect("the game from the list");
    page.wait_for(|t| t == "You play White", "#seat").await;
    page.board_ready().await;
    assert!(displayed(&page, "roll").await, "the roll is offered");
    let before = page.sdn();
    page.button("roll").await;
    page.changed(&before).await;
    assert_eq!(page.text("#refusal").await, "");
    page.client.close().await.expect("closed");
}

/// Plays the human's turn of game `id` through the API with `token`: the roll, then the first
/// option's actions.
fn play_turn(server: &Server, id: &str, token: &str) -> Value {
    let call =
        |what: &str, body: Value| server.post(&format!("/api/games/{id}/{what}"), &body).body;
    let mut state = call("roll", json!({ "token": token }));
    if state["phase"] != "act" {
        return state;
    }
    let options = server.get(&format!("/api/games/{id}/options?limit=1")).body;
    let actions: Vec<String> = options["options"][0]["actions"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_else(|| vec!["--".to_owned()]);
    let written = state["written"].as_u64().unwrap_or(0) as usize;
    for action in actions.iter().skip(written) {
        state = call("act", json!({ "token": token, "text": action }));
    }
    state
}

/// Issue 50, defect 4: while the bot's turn is played back, the roll is not offered (a "skip"
/// is); the skip shows the rest at once and the roll comes back.
#[tokio::test(flavor = "current_thread")]
async fn the_roll_waits_for_the_bots_turn_to_be_played_back() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_playback_waits"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "black": "novice"}));
    let token = created["white"].as_str().unwrap().to_owned();
    let page = Page::open(session(&driver).await, &server, &id, &token).await;
    page.wait_for(|t| t == "You play White", "#seat").await;
    let mut seen = false;
    for _ in 0..12 {
        page.board_ready().await;
        let state = play_turn(&server, &id, &token);
        if state["phase"] == "over" {
            break;
        }
        let bot = state["drawn"].as_array().map_or(0, Vec::len);
        if bot < 2
            || !state["drawn"][0]["turn"]
                .as_str()
                .unwrap_or("")
                .ends_with("...")
        {
            continue;
        }
        // The page hears the change and plays the bot's actions back.
        let deadline = Instant::now() + Duration::from_secs(5);
        while !displayed(&page, "skip").await {
            assert!(Instant::now() < deadline, "no playback shown");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            !displayed(&page, "roll").await,
            "the roll is offered during the playback"
        );
        let hint = page.text("#hint").await;
        assert!(hint.starts_with("Black, action "), "{hint}");
        page.button("skip").await;
        page.board_ready().await;
        assert!(
            displayed(&page, "roll").await,
            "the roll after the playback"
        );
        page.board_shows_the_state().await;
        seen = true;
        break;
    }
    assert!(seen, "the bot never played a turn of two actions");
    page.client.close().await.expect("closed");
}

/// Issue 50, defect 3: face 5 with nothing to bring back passes the turn, and the page says so.
#[tokio::test(flavor = "current_thread")]
async fn a_face_5_with_nothing_to_bring_back_is_told() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_face_5_told"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[
            ("variant", "Sade"),
            ("mode", "record"),
            ("die-source", "entered"),
        ],
        "",
    )
    .await;
    page.wait_for(|t| t.contains("to roll"), "#status").await;
    // The turn passes at the roll: the face is no longer the state's (Page::roll waits for it).
    let input = page
        .client
        .find(Locator::Id("face"))
        .await
        .expect("the face box");
    input.send_keys("5").await.expect("typed");
    let before = page.sdn();
    page.button("roll").await;
    let state = page.changed(&before).await;
    assert_eq!(state["side"], "black", "{}", state["sdn"]);
    let told = page
        .wait_for(|t| t.contains("nothing to bring back"), "#told")
        .await;
    assert!(told.starts_with("1. White rolled 5"), "{told}");
    // The face box is empty again for the next roll.
    let face = page
        .client
        .execute("return document.getElementById('face').value;", vec![])
        .await
        .expect("a script runs");
    assert_eq!(face, json!(""));
    // The move list shows the turn with its die and what was told of it.
    let listed = page.text("#moves").await;
    assert!(listed.contains("nothing to bring back"), "{listed}");
    page.client.close().await.expect("closed");
}

/// Issue 50, defect 10: of two seats, the one not to move is offered no roll; the other
/// seat's action is drawn on its board at once (well under a second after it was played).
#[tokio::test(flavor = "current_thread")]
async fn the_seat_not_to_move_sees_no_roll_and_the_other_seats_action_at_once() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_two_seats_sade"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade"}));
    let white = created["white"].as_str().unwrap().to_owned();
    let black = Page::open(
        session(&driver).await,
        &server,
        &id,
        created["black"].as_str().unwrap(),
    )
    .await;
    black.wait_for(|t| t == "You play Black", "#seat").await;
    black.board_ready().await;
    assert!(
        !displayed(&black, "roll").await,
        "Black may roll on White's turn"
    );
    let state = server
        .post(&format!("/api/games/{id}/roll"), &json!({ "token": white }))
        .body;
    if state["phase"] != "act" {
        return;
    }
    black.board_ready().await;
    let before = black
        .client
        .execute(
            "return document.getElementById('board').dataset.placement;",
            vec![],
        )
        .await
        .expect("a script runs");
    let options = server.get(&format!("/api/games/{id}/options?limit=1")).body;
    let first = options["options"][0]["actions"][0]
        .as_str()
        .unwrap_or("--")
        .to_owned();
    let sent = Instant::now();
    let answer = server.post(
        &format!("/api/games/{id}/act"),
        &json!({ "token": white, "text": first }),
    );
    assert_eq!(answer.status, 200, "{}", answer.text);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = black
            .client
            .execute(
                "return document.getElementById('board').dataset.placement;",
                vec![],
            )
            .await
            .expect("a script runs");
        if shown != before {
            break;
        }
        assert!(Instant::now() < deadline, "Black's board never moved");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let took = sent.elapsed();
    assert!(
        took < Duration::from_millis(900),
        "White's action reached Black's board after {took:?}"
    );
    black.client.close().await.expect("closed");
}
