//! A benchmark, not a test (ignored by `cargo test`): how long a move takes from the click on
//! one seat's page to the other seat's page drawing it, in two browsers on one machine (issue
//! 50's goal: p99 ≤ 400 ms). Run it with
//! `cargo test --locked --test tests -- --ignored --nocapture a_move_reaches_the_other_seat`.
//!
//! Two seats of a standard game each click their moves (30 plies of a Ruy Lopez). Each page
//! keeps, from a `MutationObserver` on the board's `data-placement` (set when the board draws a
//! position), the time each placement was first drawn; a move's time is the other page's first
//! drawing of the position after it, less the clicking page's clock just before its first click.
//! Both pages read the same system clock (`Date.now()`).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::browser::{Page, click_board, driver, session_sized};
use super::{Server, scratch};

/// 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8
/// 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5, as clicked squares.
const PLIES: [&str; 30] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5",
    "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7", "b1d2", "c8b7", "b3c2", "f8e8",
    "d2f1", "e7f8", "f1g3", "g7g6", "a2a4", "c7c5",
];

/// Keeps, in `window.drawnAt`, when the board first drew each placement.
const WATCH: &str = "window.drawnAt = {};
var board = document.getElementById('board');
var note = function () {
  var p = board.dataset.placement;
  if (p && !(p in window.drawnAt)) { window.drawnAt[p] = Date.now(); }
};
new MutationObserver(note).observe(board, {attributes: true, attributeFilter: ['data-placement']});
note();";

async fn now(page: &Page<'_>) -> f64 {
    page.client
        .execute("return Date.now();", vec![])
        .await
        .expect("a script runs")
        .as_f64()
        .expect("a time")
}

/// When `page` first drew `placement` (waits 10 s at most).
async fn drawn_at(page: &Page<'_>, placement: &str) -> f64 {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let at = page
            .client
            .execute(
                "return window.drawnAt[arguments[0]] || null;",
                vec![json!(placement)],
            )
            .await
            .expect("a script runs");
        if let Some(at) = at.as_f64() {
            return at;
        }
        assert!(Instant::now() < deadline, "{placement} never drawn");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::test(flavor = "current_thread")]
#[ignore = "a benchmark: cargo test --test tests -- --ignored --nocapture a_move_reaches_the_other_seat"]
async fn a_move_reaches_the_other_seats_page_benchmark() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("seat_latency"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let mut pages = Vec::new();
    for seat in ["white", "black"] {
        let token = created[seat].as_str().expect("a seat's token");
        let page = Page::open(
            session_sized(&driver, "1280,800").await,
            &server,
            &id,
            token,
        )
        .await;
        page.board_ready().await;
        pages.push(page);
    }
    for page in &pages {
        page.client
            .execute(WATCH, vec![])
            .await
            .expect("the watch is set");
    }
    let mut times = Vec::new();
    for (i, ply) in PLIES.iter().enumerate() {
        let (mover, watcher) = (&pages[i % 2], &pages[1 - i % 2]);
        mover.board_ready().await;
        let before = mover.sdn();
        let clicked = now(mover).await;
        click_board(&mover.client, &ply[..2]).await;
        click_board(&mover.client, &ply[2..]).await;
        let deadline = Instant::now() + Duration::from_secs(10);
        let state: Value = loop {
            let state = mover.api_state();
            if state["sdn"].as_str() != Some(before.as_str()) {
                break state;
            }
            assert!(Instant::now() < deadline, "{ply} was not played");
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let fen = state["fen"].as_str().expect("a position");
        let placement = fen.split(' ').next().expect("a placement");
        times.push(drawn_at(watcher, placement).await - clicked);
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "a move from the click to the other seat's board, {} moves: p50 {:.0} ms, p90 {:.0} ms, \
         p99 {:.0} ms, max {:.0} ms (each: {:?})",
        times.len(),
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.9),
        percentile(&sorted, 0.99),
        sorted[sorted.len() - 1],
        times.iter().map(|t| t.round() as i64).collect::<Vec<_>>()
    );
}
