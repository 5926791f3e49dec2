//! `report --analyse`: the page holds the chart of White's chance with a dot per judged turn,
//! as `analyse --format json` judges the same game; in a real browser (chromium over WebDriver,
//! as the browser tests of `serve`), a click on a blunder's dot shows that turn on the board
//! and names it in words. Screenshots at 1280×800 and on a 390×844 phone go to
//! `target/report-browser/analysis/` (docs/gallery/report-analysis-*.png are copies).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use sade_ref::parse::parse_str;
use sade_ref::render::model::game_view;
use serde_json::{Value, json};

use crate::serve::browser::{driver, session_phone, session_sized};
use crate::support::{root, run_binary};

/// A short chess game with a blunder (2. g4 lets Qh4 mate).
const FOOLS_MATE: &str = "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// The Sade game of the browser test, and the budget its analysis is made with (small: the
/// tests run the engine unoptimised).
const SADE_GAME: &str = "corpus/games/sade_05.sdn";
const NODES: &str = "3000";

fn scratch(name: &str) -> PathBuf {
    let dir = root().join("target").join("report-browser").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The analysis of `file`'s first game, as `analyse --format json` writes it.
fn analysis_json(file: &Path) -> Value {
    let file = file.to_str().expect("a path");
    let (out, err, code) = run_binary(&["analyse", file, "--format", "json", "--nodes", NODES]);
    assert_eq!(code, 0, "analyse failed: {err}");
    serde_json::from_str(out.lines().next().expect("a line")).expect("JSON")
}

/// `report --analyse` of `file`; returns the page.
fn analysed_page(file: &Path, dir: &Path) -> PathBuf {
    let page = dir.join("game.html");
    let (_, err, code) = run_binary(&[
        "report",
        file.to_str().expect("a path"),
        "--analyse",
        "--nodes",
        NODES,
        "-o",
        page.to_str().expect("a path"),
    ]);
    assert_eq!(code, 0, "report --analyse failed: {err}");
    page
}

/// The key the page names a turn of the analysis by: `2w`, `12b`.
fn key(turn: &Value) -> String {
    let side = if turn["side"] == "white" { 'w' } else { 'b' };
    format!("{}{side}", turn["turn"])
}

/// The judged turns of an analysis: (key, judgement).
fn judged(analysis: &Value) -> Vec<(String, String)> {
    analysis["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .filter_map(|t| Some((key(t), t["judgement"].as_str()?.to_owned())))
        .collect()
}

/// The dots of the page's chart: (key, judgement), in the chart's order.
fn dots(page: &str) -> Vec<(String, String)> {
    page.split("<circle class=\"dot ")
        .skip(1)
        .map(|rest| {
            let judgement = rest.split('"').next().unwrap_or("").to_owned();
            let key = rest
                .split_once("data-turn=\"")
                .and_then(|(_, r)| r.split('"').next())
                .unwrap_or("")
                .to_owned();
            (key, judgement)
        })
        .collect()
}

#[test]
fn the_analysed_page_has_the_chart_and_a_dot_per_judged_turn() {
    let dir = scratch("analysis-static");
    let file = dir.join("fools.sdn");
    std::fs::write(&file, FOOLS_MATE).expect("the game");
    let analysis = analysis_json(&file);
    let page = std::fs::read_to_string(analysed_page(&file, &dir)).expect("the page");
    assert!(page.contains("<svg class=\"chart\""), "no chart");
    let expected = judged(&analysis);
    assert!(
        expected.iter().any(|(k, j)| k == "2w" && j == "blunder"),
        "{expected:?}"
    );
    assert_eq!(dots(&page), expected);
    // One band a turn analysed, each a link to its turn.
    let turns = analysis["turns"].as_array().expect("turns").len();
    assert_eq!(page.matches("class=\"band\"").count(), turns);
    // The player's summary, in words.
    assert!(page.contains("1 blunder"), "no summary");
    // Without --analyse, none of it.
    let plain = dir.join("plain.html");
    let (_, err, code) = run_binary(&[
        "report",
        file.to_str().expect("a path"),
        "-o",
        plain.to_str().expect("a path"),
    ]);
    assert_eq!(code, 0, "{err}");
    let plain = std::fs::read_to_string(plain).expect("the page");
    assert!(!plain.contains("class=\"chart\"") && !plain.contains("\"review\""));
}

/// Waits for the page's script to have run; fails on a script error.
async fn ready(client: &Client) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let state = client
            .execute(
                "return [document.documentElement.getAttribute('data-ready') || '', \
                 (document.getElementById('script-error') || {}).textContent || ''];",
                vec![],
            )
            .await
            .expect("a script");
        assert_eq!(state[1], json!(""), "a script error: {state}");
        if state[0] == json!("yes") {
            return;
        }
        assert!(Instant::now() < deadline, "the page did not finish loading");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn text_of(client: &Client, script: &str) -> String {
    client
        .execute(script, vec![])
        .await
        .expect("a script")
        .as_str()
        .unwrap_or("")
        .to_owned()
}

/// Opens `page`, clicks the dot of turn `key` and checks that the board and the words show
/// it; saves a screenshot as `shot`, scrolled to the analysis when `scroll`.
async fn click_and_check(
    client: &Client,
    page: &Path,
    key: &str,
    board: &str,
    (shot, scroll): (&Path, bool),
) {
    client
        .goto(&format!("file://{}", page.display()))
        .await
        .expect("the page");
    ready(client).await;
    let dot = client
        .find(Locator::Css(&format!(".dot.blunder[data-turn=\"{key}\"]")))
        .await
        .expect("the blunder's dot");
    dot.click().await.expect("a click");
    let status = |name: &str| {
        format!("return document.getElementById('status').getAttribute('data-{name}');")
    };
    assert_eq!(text_of(client, &status("turn")).await, key);
    assert_eq!(text_of(client, &status("board")).await, board);
    let words = text_of(
        client,
        "return document.querySelector('.review:not([hidden]) .words').textContent;",
    )
    .await;
    let label = format!(
        "{}{} ",
        key.trim_end_matches(['w', 'b']),
        if key.ends_with('w') { "." } else { "..." }
    );
    assert!(
        words.starts_with(&label) && words.contains("a blunder"),
        "the words: {words}"
    );
    // The best turn drawn in its own colour beside the played one.
    let best = text_of(
        client,
        "return String(document.querySelectorAll('#board [stroke=\"#2e7d32\"]').length);",
    )
    .await;
    assert_ne!(best, "0", "no arrow of the best turn");
    if scroll {
        // The phone's picture: the chart and the words under the board.
        client
            .execute(
                "document.querySelector('.review:not([hidden])').scrollIntoView();",
                vec![],
            )
            .await
            .expect("a script");
    }
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(shot, png).expect("saved");
}

#[tokio::test(flavor = "current_thread")]
async fn a_click_on_a_blunders_dot_shows_that_turn_and_names_it() {
    let Some(driver) = driver() else { return };
    let dir = scratch("analysis");
    let file = root().join(SADE_GAME);
    let analysis = analysis_json(&file);
    let (key, _) = judged(&analysis)
        .into_iter()
        .find(|(_, j)| j == "blunder")
        .expect("a blunder in the game");
    let index = analysis["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .find(|t| self::key(t) == key)
        .and_then(|t| t["index"].as_u64())
        .expect("the turn") as usize;
    let text = std::fs::read_to_string(&file).expect("the game");
    let game = parse_str(&text).remove(0).expect("a record");
    let view = game_view(&game).expect("a view");
    let turn = &view.turns[index];
    let after = turn
        .actions
        .last()
        .and_then(|a| a.after.as_ref())
        .unwrap_or(&turn.before);
    let board = after.board_letters();
    let page = analysed_page(&file, &dir);
    let desktop = session_sized(&driver, "1280,800").await;
    let shot = dir.join("desktop.png");
    click_and_check(&desktop, &page, &key, &board, (&shot, false)).await;
    desktop.close().await.expect("closed");
    let phone = session_phone(&driver, 390, 844).await;
    let shot = dir.join("phone.png");
    click_and_check(&phone, &page, &key, &board, (&shot, true)).await;
    let wider = phone
        .execute(
            "return document.documentElement.scrollWidth > window.innerWidth;",
            vec![],
        )
        .await
        .expect("a script");
    assert_eq!(wider, json!(false), "the page is wider than the phone");
    phone.close().await.expect("closed");
}
