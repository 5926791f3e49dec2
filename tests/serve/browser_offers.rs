//! Each player's own controls in a real browser (the harness of `browser.rs`), two sessions,
//! one per seat: the game made in the page opens the creator's seat alone and offers the
//! opponent's link; a draw offered is seen and declined by the other player; a take-back asked
//! for and accepted; a draw agreed; a rematch offered, accepted, and both pages on to it with
//! the colours swapped. On a phone: an abort before both sides have played, and the win claimed
//! when the opponent has left.

use std::time::Duration;

use serde_json::json;

use super::browser::{Page, driver, session, session_phone};
use super::browser_turns::displayed;
use super::{Server, scratch};

/// The token of a seat's link (`/#game=ID&token=TOKEN`).
fn token_of(link: &str) -> String {
    link.split("token=")
        .nth(1)
        .expect("a token in the link")
        .to_owned()
}

#[tokio::test(flavor = "current_thread")]
async fn two_players_offer_decline_take_back_agree_a_draw_and_play_the_rematch() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_offers"), &[]);
    let white = Page::create(
        session(&driver).await,
        &server,
        &[
            ("variant", "Standard"),
            ("mode", "play"),
            ("my-seat", "white"),
        ],
        "",
    )
    .await;
    white.wait_for(|t| t == "You play White", "#seat").await;
    let invite = white
        .wait_for(|t| t.contains("Black's seat"), "#links")
        .await;
    assert!(!invite.contains("White's seat"), "{invite}");
    let link = white
        .client
        .find(fantoccini::Locator::Css("#links a.seat-link"))
        .await
        .expect("the opponent's link")
        .attr("href")
        .await
        .expect("an address")
        .expect("an address");
    let black = Page::open(session(&driver).await, &server, &white.id, &token_of(&link)).await;
    black.wait_for(|t| t == "You play Black", "#seat").await;
    white.shot("offers-invite").await;

    // A draw offered is seen by the opponent, who declines it.
    white.click_move("e2", "e4").await;
    black.wait_for(|t| t.contains("1. e4"), "#sdn").await;
    white.button("offer-draw").await;
    white
        .wait_for(|t| t.contains("You offered a draw"), "#offer-box")
        .await;
    black
        .wait_for(|t| t.contains("White offers a draw"), "#offer-box")
        .await;
    black.shot("offers-draw-offered").await;
    black.button("decline-offer").await;
    white.wait_for(str::is_empty, "#offer-box").await;

    // A take-back asked for after the opponent's reply, and accepted.
    black.click_move("e7", "e5").await;
    white.wait_for(|t| t.contains("e5"), "#sdn").await;
    white.button("offer-takeback").await;
    black
        .wait_for(|t| t.contains("White asks to take back"), "#offer-box")
        .await;
    black.button("accept-offer").await;
    white
        .wait_for(|t| t.contains("White to play"), "#status")
        .await;
    assert_eq!(white.api_state()["turn"], "1.");

    // Both play; a draw offered and accepted ends the game.
    white.click_move("d2", "d4").await;
    black
        .wait_for(|t| t.contains("Black to play"), "#status")
        .await;
    assert!(!displayed(&black, "abort").await || black.api_state()["abortable"] == true);
    black.click_move("d7", "d5").await;
    white
        .wait_for(|t| t.contains("White to play"), "#status")
        .await;
    assert!(!displayed(&white, "abort").await, "both sides have played");
    black.button("offer-draw").await;
    white
        .wait_for(|t| t.contains("Black offers a draw"), "#offer-box")
        .await;
    white.button("accept-offer").await;
    let end = white.wait_for(|t| !t.is_empty(), "#end-title").await;
    assert_eq!(end, "A draw (1/2-1/2)");
    black.wait_for(|t| t.contains("A draw"), "#end-title").await;
    white.shot("offers-draw-agreed").await;

    // A rematch: offered by Black, accepted by White; both pages go on to it, colours swapped.
    black.button("rematch").await;
    white
        .wait_for(|t| t.contains("Black offers a rematch"), "#offer-box")
        .await;
    white.button("accept-offer").await;
    white.wait_for(|t| t == "You play Black", "#seat").await;
    black.wait_for(|t| t == "You play White", "#seat").await;
    black
        .wait_for(|t| t.contains("White to play"), "#status")
        .await;
    let url = black.client.current_url().await.expect("an address");
    let fragment = url.fragment().unwrap_or_default();
    assert!(
        fragment.starts_with("game=") && !fragment.contains(&white.id),
        "a new game: {fragment}"
    );
    black.shot("offers-rematch").await;
}

#[tokio::test(flavor = "current_thread")]
async fn on_a_phone_a_game_is_aborted_and_a_left_game_is_claimed() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_offers_phone"), &["--claim-after", "2s"]);
    let (id, created) = server.create(&json!({"variant": "Sade"}));
    let white = Page::open(
        session_phone(&driver, 390, 844).await,
        &server,
        &id,
        created["white"].as_str().expect("a token"),
    )
    .await;
    white.wait_for(|t| t == "You play White", "#seat").await;
    assert!(displayed(&white, "abort").await, "nobody has played");
    white.button("abort").await;
    let end = white.wait_for(|t| !t.is_empty(), "#end-title").await;
    assert_eq!(end, "Game aborted");
    let said = white.text("#end-sentence").await;
    assert!(said.contains("no result"), "{said}");
    white.shot("offers-aborted-phone").await;

    // Standard, White plays and Black leaves: after --claim-after White may claim the win.
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let white = Page::open(
        session_phone(&driver, 390, 844).await,
        &server,
        &id,
        created["white"].as_str().expect("a token"),
    )
    .await;
    white.click_move("e2", "e4").await;
    assert!(!displayed(&white, "claim").await, "too early to claim");
    tokio::time::sleep(Duration::from_millis(2200)).await;
    white
        .wait_for(|t| t.contains("may have left"), "#offer-box")
        .await;
    assert!(displayed(&white, "claim").await);
    white.shot("offers-claim-phone").await;
    white.button("claim").await;
    let end = white.wait_for(|t| !t.is_empty(), "#end-title").await;
    assert_eq!(end, "You won (1-0)");
    white.shot("offers-claimed-phone").await;
}
