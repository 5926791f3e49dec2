//! Marseillais and Standard games clicked through to their ends in a real browser (the
//! harness of `browser.rs`), and a Standard game's PGN export read back by pgn-reader.

use std::ops::ControlFlow;

use pgn_reader::{Outcome, Reader, SanPlus, Visitor};
use sade_ref::{Status, Termination, parse_str, verify};
use shakmaty::{Chess, Position};

use fantoccini::Locator;

use super::browser::{Page, driver, session, unfold};
use super::{Server, scratch};

/// A Marseillais game from a setup (every turn two moves, M7): White's first move gives check
/// and the turn ends there (M2), the page says it is Black's turn; Black's two king moves; then
/// White mates with the first move of the next turn (M3). The file on disk verifies so.
#[tokio::test(flavor = "current_thread")]
async fn a_marseillais_game_with_a_checking_first_move_clicked_to_mate() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_marseillais"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[("variant", "Marseillais"), ("mode", "record")],
        "7k/8/5K2/8/8/8/8/Q7 w - - 0 1",
    )
    .await;
    page.wait_for(|t| t.contains("White to play"), "#status")
        .await;

    // 1. Qa8+: a check with the first move ends White's turn (M2).
    let state = page.click_move("a1", "a8").await;
    assert_eq!(state["side"], "black", "{}", state["sdn"]);
    assert_eq!(state["written"], 0, "{}", state["sdn"]);
    let status = page
        .wait_for(|t| t.contains("Black to play"), "#status")
        .await;
    assert!(!status.contains("White"), "{status}");
    page.wait_for(|t| t == "Action 1 of 2.", "#remaining").await;
    page.shot("marseillais-after-check").await;

    // 1... Kh7 Kh6: Black's two moves; the turn is Black's until the second.
    let state = page.click_move("h8", "h7").await;
    assert_eq!(
        (state["side"].as_str(), state["written"].as_u64()),
        (Some("black"), Some(1))
    );
    let state = page.click_move("h7", "h6").await;
    assert_eq!(state["side"], "white", "{}", state["sdn"]);

    // 2. Qh1#: mate with the first move of White's turn ends the game.
    page.click_move("a8", "h1").await;
    let status = page.wait_for(|t| t.contains("over"), "#status").await;
    assert!(status.contains("1-0"), "{status}");
    let end = page.text("#end-box").await;
    assert!(end.contains("checkmate") || end.contains("M3"), "{end}");
    page.shot("marseillais-over").await;

    let file = server.stored(&page.id);
    assert_eq!(file.trim(), page.text("#sdn").await.trim());
    let game = parse_str(&file).remove(0).expect("the file reads");
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished, "{file}");
    assert_eq!(verdict.termination, Some(Termination::Checkmate));
    assert_eq!(verdict.result.as_str(), "1-0");
    assert!(file.contains("1. Qa8+ 1... Kh7 Kh6 2. Qh1#"), "{file}");
    page.client.close().await.expect("closed");
}

/// What pgn-reader reads of a PGN game: its main line's moves and its result token.
#[derive(Default)]
struct MovesAndOutcome;

impl Visitor for MovesAndOutcome {
    type Tags = ();
    type Movetext = (Vec<String>, Option<String>);
    type Output = (Vec<String>, Option<String>);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((Vec::new(), None))
    }
    fn san(&mut self, (moves, _): &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        moves.push(san.to_string());
        ControlFlow::Continue(())
    }
    fn outcome(
        &mut self,
        (_, outcome): &mut Self::Movetext,
        found: Outcome,
    ) -> ControlFlow<Self::Output> {
        *outcome = Some(found.to_string());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

/// The games of a PGN text as pgn-reader reads them.
pub(super) fn read_pgn(text: &str) -> Vec<(Vec<String>, Option<String>)> {
    let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
    let mut games = Vec::new();
    while let Some(game) = reader
        .read_game(&mut MovesAndOutcome)
        .expect("pgn-reader reads the text")
    {
        games.push(game);
    }
    games
}

/// A Standard game clicked through to mate (the scholar's mate), then its PGN export from the
/// page's link: pgn-reader reads one game with the moves clicked and the result `1-0`, and
/// shakmaty, replaying them, finds the mate.
#[tokio::test(flavor = "current_thread")]
async fn a_standard_game_clicked_to_mate_and_its_pgn() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_standard"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[("variant", "Standard"), ("mode", "record")],
        "",
    )
    .await;
    page.wait_for(|t| t.contains("White to play"), "#status")
        .await;
    let clicks = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("f1", "c4"),
        ("b8", "c6"),
        ("d1", "h5"),
        ("g8", "f6"),
        ("h5", "f7"),
    ];
    for (from, to) in clicks {
        page.click_move(from, to).await;
    }
    let status = page.wait_for(|t| t.contains("over"), "#status").await;
    assert!(status.contains("1-0"), "{status}");
    let end = page.text("#end-box").await;
    assert!(end.contains("FIDE 5.1.1"), "{end}");
    page.shot("standard-over").await;

    let link = page.export_link("pgn").await;
    let answer = server.get(link.trim_start_matches(&server.url));
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(
        answer.header("content-type"),
        Some("application/x-chess-pgn")
    );
    assert!(!answer.text.contains("[Variant"), "{}", answer.text);
    let games = read_pgn(&answer.text);
    assert_eq!(games.len(), 1, "{}", answer.text);
    let (moves, outcome) = &games[0];
    assert_eq!(outcome.as_deref(), Some("1-0"), "{}", answer.text);
    let mut pos = Chess::default();
    for (san, (from, to)) in moves.iter().zip(clicks) {
        let san: SanPlus = san.parse().expect("SAN");
        let m = san.san.to_move(&pos).expect("a legal move");
        assert_eq!(
            (m.from().map(|s| s.to_string()), m.to().to_string()),
            (Some(from.to_owned()), to.to_owned()),
            "{}",
            answer.text
        );
        pos.play_unchecked(m);
    }
    assert_eq!(moves.len(), clicks.len(), "{}", answer.text);
    assert!(pos.is_checkmate(), "{}", answer.text);
    page.client.close().await.expect("closed");
}

/// With no game open, a request that fails shows its message beside the control that asked:
/// Continue without a file, Create with a FEN that is no position (issue 30, defect 4).
#[tokio::test(flavor = "current_thread")]
async fn with_no_game_open_a_refusal_shows_beside_its_control() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_no_game_refusals"), &[]);
    let client = session(&driver).await;
    client
        .goto(&format!("{}/", server.url))
        .await
        .expect("the page opens");
    let text = |css: &'static str| {
        let client = client.clone();
        async move {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            loop {
                let shown = match client.find(Locator::Css(css)).await {
                    Ok(e) if e.is_displayed().await.unwrap_or(false) => {
                        e.text().await.unwrap_or_default()
                    }
                    _ => String::new(),
                };
                if !shown.is_empty() || std::time::Instant::now() > deadline {
                    return shown;
                }
                tokio::time::sleep(std::time::Duration::from_millis(40)).await;
            }
        }
    };
    let click = |id: &'static str| {
        let client = client.clone();
        async move {
            client
                .find(Locator::Id(id))
                .await
                .expect("a button")
                .click()
                .await
                .expect("a click");
        }
    };
    unfold(&client, "review").await;
    click("continue").await;
    assert_eq!(text("#file-refusal").await, "open a file first");
    client
        .find(Locator::Id("fen"))
        .await
        .expect("the FEN box")
        .send_keys("8/8/8/8/8/8/8/8 w - - 0 1")
        .await
        .expect("typed");
    click("create").await;
    let refused = text("#create-refusal").await;
    assert!(refused.contains("king"), "a FEN without kings: {refused:?}");
    let shot = client.screenshot().await.expect("a screenshot");
    let dir = crate::support::root().join("target/serve-tests/shots");
    std::fs::create_dir_all(&dir).expect("a folder for screenshots");
    std::fs::write(dir.join("no-game-refusals.png"), shot).expect("saved");
    client.close().await.expect("closed");
}

/// A pawn clicked to the last rank asks which piece it becomes; the knight chosen is the one
/// written (issue 30, defect 7: a click always made a queen).
#[tokio::test(flavor = "current_thread")]
async fn a_promotion_by_click_asks_for_the_piece() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_promotion"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[("variant", "Standard"), ("mode", "play")],
        "7k/1P6/8/8/8/8/8/K7 w - - 0 1",
    )
    .await;
    page.wait_for(|t| t.contains("White to play"), "#status")
        .await;
    let before = page.sdn();
    page.click_square("b7").await;
    page.wait_for(|t| t.contains("b7"), "#hint").await;
    page.click_square("b8").await;
    page.wait_for(|t| t.contains("knight"), "#promotion").await;
    page.shot("promotion-chooser").await;
    assert_eq!(
        page.sdn(),
        before,
        "nothing is sent before the piece is chosen"
    );
    page.client
        .find(Locator::Css("#promotion button[data-promotion=\"n\"]"))
        .await
        .expect("the knight's button")
        .click()
        .await
        .expect("a click");
    let state = page.changed(&before).await;
    assert!(
        state["sdn"].as_str().unwrap_or_default().contains("b8=N"),
        "{}",
        state["sdn"]
    );
    page.client.close().await.expect("closed");
}
