//! A finished game analysed through the page (the harness of `browser.rs`): the button, the
//! progress, the chart of White's chance with a dot for each judged turn, a dot clicked shows
//! its turn on the board and in words, and each player's summary; at a desktop's size and a
//! phone's.

use std::time::{Duration, Instant};

use fantoccini::Locator;
use serde_json::json;

use super::browser::{Page, driver, session_phone, session_sized};
use super::{Server, Table, scratch};

/// A Sade game of `sade-ref play --seed 7 --white casual --black novice`, its last turn left
/// out: White rolls a 1 and mates with it (`20. 1: Qe2#`).
const SADE: &str = r#"[Event "sade-ref play"]
[White "casual"]
[Black "novice"]
[Result "*"]
[Variant "Sade"]
[DieCommit "0ec192c0f90d1332f2abca4398596d3978434ecbae6abea8ffd989412b592458"]
[DieSeed "7-1"]

1. 5: -- 1... 3: b3 Na3 c4 2. 2: e6 Bxa3 2... 6: f5 d6 Qf6 3. 6: Qc2 f4 e4 d3
3... 3: Bxa3 h4 Qf2 4. 6: Qc5 4... 1: g3 5. 4: -Qc5 Bc1 5... 3: a3 e5 Bg2 6. 2:
dxe5 Qxh4 6... 1: Nf3 7. 5: B@e2 7... 3: c5 Ra2 Nd4 8. 1: exd4 8... 6: Qd8 9. 5:
-- 9... 4: -c7 g6 10. 6: Rf1 10... 4: -Bc8 Qe7 11. 5: B@e3 11... 1: a4 12. 6:
Rf3 12... 3: Bh3 a5 Rd2 13. 5: -- 13... 5: Q@b4 14. 5: -- 14... 6: Qg7 15. 1:
Bxf3 15... 4: -a7 Be4 16. 3: Bxf4 Rxa5 Bxd3 16... 3: Bxf5 Rc2 Bb2 17. 3: Bxc2
gxf5 Rxc5 17... 4: -Ng8 Bd3 18. 4: -Qb4 Bc1 18... 2: g4 Ba3 19. 1: Qxg4 19... 6:
Bd6 *
"#;

/// The game above, mated through the API; its id and White's token.
fn mated(server: &Server) -> (String, String) {
    let (id, created) = server.create(&json!({"record": SADE, "arbiter": true}));
    let table = Table {
        server,
        id: id.clone(),
        token: created["arbiter"].as_str().expect("a token").to_owned(),
    };
    let rolled = table.ok("roll", json!({}));
    assert_eq!(rolled["face"], 1, "{rolled}");
    let mate = table.ok("act", json!({"text": "Qe2#"}));
    assert_eq!(mate["phase"], "over", "{mate}");
    (
        id,
        created["white"].as_str().expect("White's token").to_owned(),
    )
}

/// Waits (the analysis takes a while in a debug build) until `css`'s text passes `test`.
async fn wait_long(page: &Page<'_>, test: impl Fn(&str) -> bool, css: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let text = page.text(css).await;
        if test(&text) {
            return text;
        }
        assert!(Instant::now() < deadline, "{css} still says {text:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The action of the move list the board shows (`data-ply` of the current one).
async fn current_ply(page: &Page<'_>) -> Option<usize> {
    let button = page
        .client
        .find(Locator::Css("#moves button.ply.current"))
        .await
        .ok()?;
    button.attr("data-ply").await.ok()??.parse().ok()
}

#[tokio::test(flavor = "current_thread")]
async fn a_sade_game_is_analysed_in_the_page_at_a_desktops_and_a_phones_size() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_analysis"), &[]);
    let (id, white) = mated(&server);
    let page = Page::open(
        session_sized(&driver, "1280,800").await,
        &server,
        &id,
        &white,
    )
    .await;
    page.wait_for(|t| t.contains("Analyse"), "#analyse").await;
    page.button("analyse").await;
    let running = wait_long(&page, |t| t.starts_with("Analysing…"), "#analysis-count").await;
    assert!(running.ends_with("of 39 turns"), "{running}");
    wait_long(&page, |t| t.contains("rolled 1"), "#analysis-turn").await;
    // The last turn, White's mate, is shown and told.
    let last = page.text("#analysis-turn").await;
    assert!(
        last.starts_with("You rolled 1: your turn left you 100%"),
        "{last}"
    );
    let summary = page.text("#analysis-summary").await;
    assert!(summary.contains("White (you): accuracy"), "{summary}");
    assert!(summary.contains("with the luck taken out"), "{summary}");
    // A judged turn's dot shows its turn on the board and in words.
    let dots = page
        .client
        .find_all(Locator::Css("circle.analysis-dot"))
        .await
        .expect("the dots");
    assert!(!dots.is_empty(), "no turn judged: {summary}");
    let turn: usize = dots[0]
        .attr("data-turn")
        .await
        .expect("an attribute")
        .expect("a turn")
        .parse()
        .expect("a number");
    let analysis = server.get(&format!("/api/games/{id}/analysis")).body;
    let judged = &analysis["analysis"]["turns"][turn];
    dots[0].click().await.expect("a click on the dot");
    let words = wait_long(
        &page,
        |t| t.contains(&format!("rolled {}", judged["face"])),
        "#analysis-turn",
    )
    .await;
    let judgement = judged["judgement"].as_str().expect("a judgement");
    assert!(
        words.ends_with(&format!("a {judgement}.")) || words.contains(judgement),
        "{words}"
    );
    let moves = server.get(&format!("/api/games/{id}/moves")).body;
    let through: usize = moves["turns"].as_array().expect("turns")[..=turn]
        .iter()
        .map(|t| t["actions"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(
        current_ply(&page).await,
        Some(through - 1),
        "the board shows the turn"
    );
    // Beside the turn played, the engine's best turn as pale green arrows or rings, one a
    // square the server names.
    let best = analysis["best_arrows"][turn]
        .as_array()
        .expect("the best turns' arrows");
    if !best.is_empty() {
        let drawn = page
            .client
            .execute(
                "return document.querySelectorAll('cg-container svg line[stroke=\"#15781B\"], cg-container svg circle[stroke=\"#15781B\"]').length;",
                vec![],
            )
            .await
            .expect("the shapes counted");
        assert_eq!(drawn.as_u64(), Some(best.len() as u64), "{best:?}");
    }
    super::browser::shot(&page.client, "analysis-desktop").await;

    let phone = Page::open(session_phone(&driver, 390, 844).await, &server, &id, &white).await;
    wait_long(&phone, |t| t.contains("rolled 1"), "#analysis-turn").await;
    phone
        .client
        .execute(
            "document.getElementById('analysis-box').scrollIntoView();",
            vec![],
        )
        .await
        .expect("scrolled");
    super::browser::shot_now(&phone.client, "analysis-phone").await;
}
