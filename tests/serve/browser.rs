//! The page in a real browser: Debian's `chromium`, driven over WebDriver by `chromedriver`
//! (Debian's `chromium-driver`) through fantoccini. `.ci/run` installs both. Without them,
//! each test prints one line saying that it did not run and why, and passes; in CI (`CI` set)
//! a missing browser or driver is a failure.

use std::io::Write as _;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions,
};
use fantoccini::{Client, ClientBuilder, Locator};
use sade_ref::{Status, Termination, parse_str, verify};
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess};

use super::{Server, scratch};

pub(crate) fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// `chromedriver` on a free port, killed when dropped.
pub(crate) struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    /// Where the driver listens (a session of one's own asks it).
    pub(super) fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The driver, or `None` (with one line on standard error) when the browser or the driver is
/// missing outside CI.
pub(crate) fn driver() -> Option<Driver> {
    let present = |program: &str| {
        Command::new(program)
            .arg("--version")
            .output()
            .is_ok_and(|out| out.status.success())
    };
    if !(present("chromium") && present("chromedriver")) {
        assert!(
            !in_ci(),
            "Debian's chromium and chromium-driver are needed for the browser tests of serve \
             in CI: apt-get install -y chromium chromium-driver (.ci/run does it)"
        );
        let test = std::thread::current()
            .name()
            .unwrap_or("a browser test")
            .to_owned();
        let _ = writeln!(
            std::io::stderr(),
            "{test}: not run: chromium or chromedriver is not installed (apt-get install -y \
             chromium chromium-driver; in CI they are required)"
        );
        return None;
    }
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, url })
}

/// A headless browser session.
pub(super) async fn session(driver: &Driver) -> Client {
    session_sized(driver, "1400,1700").await
}

/// A session whose window is `size` (`"WIDTH,HEIGHT"`).
pub(crate) async fn session_sized(driver: &Driver, size: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     format!("--window-size={size}"), "--force-device-scale-factor=1"],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

/// A session that shows pages as a phone of `width`×`height` CSS pixels does (Chrome's mobile
/// emulation: the page's viewport tag applies, touch events): a desktop window cannot be
/// narrower than 500 pixels.
pub(crate) async fn session_phone(driver: &Driver, width: u32, height: u32) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=600,1000", "--force-device-scale-factor=1"],
            "mobileEmulation": {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0, "touch": true},
                "userAgent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36"
            },
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

/// The page of one seat (or the arbiter) of a game.
pub(super) struct Page<'a> {
    pub(super) client: Client,
    pub(super) server: &'a Server,
    pub(super) id: String,
}

impl Page<'_> {
    pub(super) async fn open<'s>(
        client: Client,
        server: &'s Server,
        id: &str,
        token: &str,
    ) -> Page<'s> {
        client
            .goto(&format!("{}/#game={id}&token={token}", server.url))
            .await
            .expect("the page opens");
        let page = Page {
            client,
            server,
            id: id.to_owned(),
        };
        page.wait_for(|s| !s.is_empty(), "#sdn").await;
        page
    }

    /// The text of `css` as shown; of one folded away (the record behind its "SDN" tab), its
    /// `textContent`.
    pub(super) async fn text(&self, css: &str) -> String {
        let shown = match self.client.find(Locator::Css(css)).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => return String::new(),
        };
        if !shown.is_empty() {
            return shown;
        }
        self.client
            .execute(
                "var e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
                vec![json!(css)],
            )
            .await
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// Waits until the text of `css` passes `test` (10 s at most).
    pub(super) async fn wait_for(&self, test: impl Fn(&str) -> bool, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let text = self.text(css).await;
            if test(&text) {
                return text;
            }
            assert!(Instant::now() < deadline, "{css} never came: {text:?}");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    pub(super) fn api_state(&self) -> Value {
        self.server.get(&format!("/api/games/{}", self.id)).body
    }

    /// Waits until the page shows the record the server holds.
    pub(super) async fn settled(&self) -> Value {
        let state = self.api_state();
        let sdn = state["sdn"].as_str().unwrap_or_default().trim().to_owned();
        self.wait_for(|t| t.trim() == sdn, "#sdn").await;
        state
    }

    /// Waits until the page's board shows the state the server holds, with the actions it
    /// allows (the page marks `#board` with the state's version when it is ready).
    pub(super) async fn board_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let version = self.api_state()["version"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let board = self
                .client
                .find(Locator::Id("board"))
                .await
                .expect("the board");
            let ready = board
                .attr("data-ready")
                .await
                .ok()
                .flatten()
                .unwrap_or_default();
            if ready == version {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the board never showed {version}: {ready}"
            );
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Clicks the centre of `square` on the board the page shows, once the board is ready.
    pub(super) async fn click_square(&self, square: &str) {
        self.board_ready().await;
        click_board(&self.client, square).await;
    }

    /// Checks that the board shows the pieces of the position the server holds (mid-turn
    /// included), once ready; their placement.
    pub(super) async fn board_shows_the_state(&self) -> String {
        self.board_ready().await;
        let shown = self
            .client
            .execute(
                "return document.getElementById('board').dataset.placement;",
                vec![],
            )
            .await
            .expect("a script runs");
        let fen = self.api_state()["fen"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let placement = fen.split([' ', '[']).next().unwrap_or_default();
        assert_eq!(
            shown,
            json!(placement),
            "the board and the server's position"
        );
        placement.to_owned()
    }

    /// A picture of the board alone (PNG), and how many of its pixels are the arrows' colours
    /// (White's pieces' blue, Black's purple).
    pub(super) async fn board_arrows(&self) -> (Vec<u8>, usize) {
        let board = self
            .client
            .find(Locator::Id("board"))
            .await
            .expect("the board");
        let shot = board.screenshot().await.expect("a screenshot");
        let arrows = count_pixels(&shot, |p| is_arrow_blue(p) || is_arrow_purple(p));
        (shot, arrows)
    }

    /// Types `action` into the action box and sends it.
    pub(super) async fn type_action(&self, action: &str) {
        let input = self
            .client
            .find(Locator::Id("action"))
            .await
            .expect("the action box");
        input.send_keys(action).await.expect("typed");
        self.button("send").await;
    }

    /// Takes the piece on `square` off the board (face 4): a click on it, then the confirm
    /// button; waits for the server's answer.
    pub(super) async fn sacrifice(&self, square: &str) -> Value {
        let before = self.sdn();
        self.click_square(square).await;
        self.wait_for(|t| t.contains(square), "#confirm").await;
        self.button("confirm-yes").await;
        self.changed(&before).await
    }

    /// Waits until the server's record differs from `before`, then until the page shows it.
    pub(super) async fn changed(&self, before: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.api_state()["sdn"].as_str().unwrap_or_default() == before {
            assert!(
                Instant::now() < deadline,
                "the click changed nothing: {before}"
            );
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        self.settled().await
    }

    pub(super) fn sdn(&self) -> String {
        self.api_state()["sdn"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Clicks one square (a sacrifice, a resurrection) and waits for the server's answer.
    pub(super) async fn click_one(&self, square: &str) -> Value {
        let before = self.sdn();
        self.click_square(square).await;
        self.changed(&before).await
    }

    /// Clicks a move from one square to another and waits for the server's answer.
    pub(super) async fn click_move(&self, from: &str, to: &str) -> Value {
        let before = self.sdn();
        self.click_square(from).await;
        self.wait_for(|t| t.contains(from), "#hint").await;
        self.click_square(to).await;
        self.changed(&before).await
    }

    pub(super) async fn button(&self, id: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap_or_else(|_| panic!("a button #{id}"))
            .click()
            .await
            .expect("a click");
    }

    /// Enters `face` and rolls.
    pub(super) async fn roll(&self, face: u8) -> Value {
        let input = self
            .client
            .find(Locator::Id("face"))
            .await
            .expect("the face box");
        input.clear().await.expect("cleared");
        input.send_keys(&face.to_string()).await.expect("typed");
        self.button("roll").await;
        let state = loop {
            let state = self.api_state();
            if state["face"] == face {
                break state;
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        };
        self.settled().await;
        state
    }

    /// The first option of the turn, from the same search the page's button asks.
    pub(super) fn first_option(&self) -> Vec<String> {
        let options = self
            .server
            .get(&format!("/api/games/{}/options?limit=1", self.id))
            .body;
        options["options"][0]["actions"]
            .as_array()
            .unwrap_or_else(|| panic!("an option: {options}"))
            .iter()
            .map(|a| a.as_str().unwrap_or_default().to_owned())
            .collect()
    }
}

impl Page<'_> {
    /// A Sade game against the novice bot made in the New game form, White's page once it
    /// says so and its board is ready.
    pub(super) async fn sade_against_the_novice<'s>(
        driver: &Driver,
        server: &'s Server,
    ) -> Page<'s> {
        let page = Page::create(
            session(driver).await,
            server,
            &[("variant", "Sade"), ("mode", "play"), ("black", "novice")],
            "",
        )
        .await;
        page.wait_for(|t| t == "You play White", "#seat").await;
        page.board_ready().await;
        page
    }

    /// Opens the start page, makes these `choices` in the New game form (select id, value),
    /// types `fen` (when not empty), clicks Create, and follows the game to its arbiter's page.
    pub(super) async fn create<'s>(
        client: Client,
        server: &'s Server,
        choices: &[(&str, &str)],
        fen: &str,
    ) -> Page<'s> {
        client
            .goto(&format!("{}/", server.url))
            .await
            .expect("the page");
        let page = Page {
            client,
            server,
            id: String::new(),
        };
        page.wait_for(|t| t.contains("Sade"), "#variant").await;
        for (id, value) in choices {
            let select = page.client.find(Locator::Id(id)).await.expect("a select");
            select.select_by_value(value).await.expect("chosen");
        }
        if !fen.is_empty() {
            page.client
                .find(Locator::Id("fen"))
                .await
                .expect("the FEN box")
                .send_keys(fen)
                .await
                .expect("typed");
        }
        page.button("create").await;
        page.wait_for(|t| !t.is_empty(), "#sdn").await;
        let url = page.client.current_url().await.expect("a URL");
        let id = url
            .fragment()
            .and_then(|f| f.strip_prefix("game="))
            .and_then(|f| f.split('&').next())
            .expect("the game in the URL")
            .to_owned();
        Page { id, ..page }
    }

    /// Saves a screenshot as `target/serve-tests/shots/NAME.png`; its bytes.
    pub(super) async fn shot(&self, name: &str) -> Vec<u8> {
        shot(&self.client, name).await
    }

    /// The `href` of the page's export link for `format`.
    pub(super) async fn export_link(&self, format: &str) -> String {
        let css = format!("#exports a[href$='/export/{format}']");
        let link = self
            .client
            .find(Locator::Css(&css))
            .await
            .unwrap_or_else(|_| panic!("an export link for {format}"));
        link.attr("href")
            .await
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("the {format} link's address"))
    }
}

/// The from and to squares of a SAN move in a Sade FEN (its pocket left out), whichever side
/// the move's piece belongs to.
pub(super) fn squares(fen: &str, san: &str) -> (String, String) {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    if let Some(at) = fields[0].find('[') {
        fields[0].truncate(at);
    }
    let san: San = san.trim_end_matches(['+', '#']).parse().expect("SAN");
    for side in ["w", "b"] {
        fields[1] = side.to_owned();
        let Ok(fen) = fields.join(" ").parse::<Fen>() else {
            continue;
        };
        let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Standard) else {
            continue;
        };
        if let Ok(m) = san.to_move(&pos) {
            let from = m.from().expect("a move from a square").to_string();
            return (from, m.to().to_string());
        }
    }
    panic!("{san} is no move in {fen}");
}

/// A Sade game clicked through to its end: face 3 moving the opponent's pieces, a refused click
/// with its Article, face 4's sacrifice, face 5's resurrection, face 6's exposure, a
/// screenshot in the middle of a turn, and White's last piece given up: White wins by
/// nakedness (Art. 9.3). The file on disk verifies as the same game with the same result.
#[tokio::test(flavor = "current_thread")]
async fn a_sade_game_clicked_to_its_end() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_sade"), &[]);
    let page = Page::create(
        session(&driver).await,
        &server,
        &[
            ("variant", "Sade"),
            ("mode", "record"),
            ("die-source", "entered"),
        ],
        "rn2k3/pppppppp/8/8/8/8/8/1N2K3[] w - - 0 1",
    )
    .await;
    page.wait_for(|t| t.contains("to roll"), "#status").await;

    // 1. face 3: White's own knight cannot move (the board offers Black's pieces only); typed,
    // it is refused with its Article (Art. 12.2). Black's pieces move.
    page.roll(3).await;
    page.click_square("b1").await;
    page.click_square("c3").await;
    assert_eq!(page.api_state()["written"], 0);
    page.type_action("Nc3").await;
    let refusal = page.wait_for(|t| !t.is_empty(), "#refusal").await;
    assert!(refusal.contains("Art. 12.2"), "{refusal}");
    assert_eq!(page.api_state()["written"], 0);
    page.click_move("a7", "a6").await;
    page.click_move("b7", "b6").await;
    let state = page.click_move("c7", "c6").await;
    assert_eq!(state["side"], "black", "{}", state["sdn"]);

    // 1... face 4: Black gives up his knight, then a move.
    page.roll(4).await;
    let state = page.sacrifice("b8").await;
    assert!(
        state["fen"].as_str().unwrap().contains("[n]"),
        "{}",
        state["fen"]
    );
    page.click_move("e7", "e6").await;

    // 2. face 5: White brings the knight back where the first option says.
    page.roll(5).await;
    let option = page.first_option();
    let (_, square) = option[0].split_once('@').expect("a resurrection");
    page.client
        .find(Locator::Id("piece"))
        .await
        .unwrap()
        .select_by_value("N")
        .await
        .unwrap();
    let state = page.click_one(square).await;
    assert_eq!(state["side"], "black", "{}", state["sdn"]);

    // 2... face 6: every piece Black can move away from his king, clicked one by one; a
    // screenshot after the first shows its numbered arrow in the colour of one's own pieces.
    page.roll(6).await;
    let fen_before_turn = page.api_state()["fen"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let exposure = page.first_option();
    assert!(exposure.len() >= 2, "{exposure:?}");
    for (i, action) in exposure.iter().enumerate() {
        let fen = page.api_state()["fen"].as_str().unwrap().to_owned();
        let (from, to) = squares(&fen, action);
        page.click_move(&from, &to).await;
        if i == 0 {
            // The board shows the position after the first action, not the turn's start.
            let shown = page.board_shows_the_state().await;
            assert_ne!(
                shown,
                fen_before_turn.split([' ', '[']).next().unwrap_or_default(),
                "the board moved"
            );
            let (shot, arrow) = page.board_arrows().await;
            let path = scratch("browser_sade_shot").join("mid-turn.png");
            std::fs::write(&path, &shot).expect("saved");
            assert!(
                arrow > 200,
                "the numbered arrow of the action played: {arrow} pixels ({})",
                path.display()
            );
            let status = page.text("#status").await;
            assert!(status.contains("face 6"), "{status}");
            let remaining = page.text("#remaining").await;
            // Face 6 says how many pieces next to the king can still move away.
            assert!(
                remaining.starts_with("Action 2: ") && remaining.contains("can still move away"),
                "{remaining}"
            );
        }
    }
    assert_eq!(page.api_state()["side"], "white");

    // 3. face 4: White gives up his last piece and has nothing but the king: he wins.
    page.roll(4).await;
    page.sacrifice("b1").await;
    let status = page.wait_for(|t| t.contains("over"), "#status").await;
    assert!(status.contains("1-0"), "{status}");
    let end = page.wait_for(|t| t.contains("Art. 9.3"), "#end-box").await;
    assert!(
        end.contains("You won") || end.contains("White wins"),
        "{end}"
    );

    // The file on disk: the same game, the same result.
    let file = server.stored(&page.id);
    assert_eq!(file.trim(), page.text("#sdn").await.trim());
    let game = parse_str(&file).remove(0).expect("the file reads");
    let verdict = verify(&game);
    assert_eq!(verdict.status, Status::Finished);
    assert_eq!(verdict.termination, Some(Termination::Nakedness));
    assert_eq!(verdict.result.as_str(), "1-0");
    page.client.close().await.expect("closed");
}

/// Saves a screenshot of the window as `target/serve-tests/shots/NAME.png` (the gallery,
/// docs/GALLERY.md); its bytes.
pub(super) async fn shot(client: &Client, name: &str) -> Vec<u8> {
    // The board's last change drawn (its pieces moved, its arrows painted) before the picture.
    let deadline = Instant::now() + Duration::from_secs(5);
    while client
        .execute(
            "return document.getElementById('board').dataset.ready || '';",
            vec![],
        )
        .await
        .ok()
        .is_some_and(|r| r == json!(""))
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    shot_now(client, name).await
}

/// [`shot`] at once, with no board to wait for (a player's page, the leaderboard).
pub(super) async fn shot_now(client: &Client, name: &str) -> Vec<u8> {
    let shot = client.screenshot().await.expect("a screenshot");
    let dir = crate::support::root()
        .join("target")
        .join("serve-tests")
        .join("shots");
    std::fs::create_dir_all(&dir).expect("a folder for screenshots");
    std::fs::write(dir.join(format!("{name}.png")), &shot).expect("saved");
    shot
}

/// Unfolds the page's section `id` (a `<details>`: New game, Games, Review a file, Puzzles,
/// Course, the arbiter's tools) by a click on its title, as a person would; nothing when it is
/// open already.
pub(super) async fn unfold(client: &Client, id: &str) {
    let open = client
        .execute(
            &format!("return document.getElementById('{id}').open;"),
            vec![],
        )
        .await
        .expect("a script runs");
    if open != json!(true) {
        client
            .find(Locator::Css(&format!("#{id} > summary")))
            .await
            .unwrap_or_else(|_| panic!("the section #{id}"))
            .click()
            .await
            .expect("a click");
    }
}

/// Clicks (taps, on a phone) the centre of `square` on the page's board (chessground's, seen
/// from the side of the seat the page holds), scrolled into view, once the page has marked it
/// ready.
pub(super) async fn click_board(client: &Client, square: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    let wrap = client.find(Locator::Id("board")).await.expect("the board");
    while wrap
        .attr("data-ready")
        .await
        .ok()
        .flatten()
        .unwrap_or_default()
        .is_empty()
    {
        assert!(Instant::now() < deadline, "the board is never ready");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    client
        .execute(
            "document.getElementById('board').scrollIntoView({block: 'nearest'});",
            vec![],
        )
        .await
        .expect("the board in view");
    let board = client
        .find(Locator::Css("#board cg-board"))
        .await
        .expect("the board");
    let (_, _, width, height) = board.rectangle().await.expect("its size");
    let black = wrap
        .attr("class")
        .await
        .ok()
        .flatten()
        .is_some_and(|c| c.contains("orientation-black"));
    let bytes = square.as_bytes();
    let (mut file, mut rank) = (f64::from(bytes[0] - b'a'), f64::from(bytes[1] - b'1'));
    if black {
        (file, rank) = (7.0 - file, 7.0 - rank);
    }
    let dx = (file + 0.5) * (width / 8.0) - width / 2.0;
    let dy = (7.0 - rank + 0.5) * (height / 8.0) - height / 2.0;
    let at = PointerAction::MoveToElement {
        element: board,
        duration: None,
        x: dx,
        y: dy,
    };
    let down = PointerAction::Down {
        button: MOUSE_BUTTON_LEFT,
    };
    let up = PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    };
    // A phone's page (touch emulated) is tapped, as a finger does; a desktop's is clicked.
    let touch = client
        .execute("return navigator.maxTouchPoints > 0;", vec![])
        .await
        .expect("a script runs");
    if touch == json!(true) {
        let tap = TouchActions::new("finger".to_owned())
            .then(at)
            .then(down)
            .then(up);
        client.perform_actions(tap).await.expect("a tap");
    } else {
        let click = MouseActions::new("mouse".to_owned())
            .then(at)
            .then(down)
            .then(up);
        client.perform_actions(click).await.expect("a click");
    }
}

/// A pixel of the board's arrows and their numbers for the actions of a turn (chessground's
/// blue brush, #003088, over light or dark squares): nothing else on the board is blue.
pub(super) fn is_arrow_blue(p: &[u8]) -> bool {
    p[2] >= 90 && p[2] > p[0].saturating_add(50) && p[2] > p[1].saturating_add(30)
}

/// A pixel of the arrows of Black's pieces' actions (the brush #68217a).
pub(super) fn is_arrow_purple(p: &[u8]) -> bool {
    (70..=150).contains(&p[0]) && p[1] < 60 && (80..=160).contains(&p[2]) && p[2] > p[1] + 40
}

/// Pixels of a PNG that pass `test` (given the pixel's channels).
pub(super) fn count_pixels(png_bytes: &[u8], test: fn(&[u8]) -> bool) -> usize {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    let channels = info.color_type.samples();
    buffer[..info.buffer_size()]
        .chunks(channels)
        .filter(|p| p.len() >= 3 && test(p))
        .count()
}

/// Two browser sessions, one per seat: the second cannot act for the first (its click is
/// refused with the reason and nothing is written); each plays its own moves by clicks; each
/// page shows the other's move without being reloaded (it polls the state).
#[tokio::test(flavor = "current_thread")]
async fn two_sessions_one_per_seat() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser_seats"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let white = Page::open(
        session(&driver).await,
        &server,
        &id,
        created["white"].as_str().unwrap(),
    )
    .await;
    let black = Page::open(
        session(&driver).await,
        &server,
        &id,
        created["black"].as_str().unwrap(),
    )
    .await;
    // Each page says which seat it holds.
    white.wait_for(|t| t == "You play White", "#seat").await;
    black.wait_for(|t| t == "You play Black", "#seat").await;
    // A mark in each page's window: a reload would wipe it.
    for page in [&white, &black] {
        page.client
            .execute("window.notReloaded = true; return true;", vec![])
            .await
            .expect("a script runs");
    }
    // On White's turn Black's board moves nothing; Black's action typed is refused.
    let before = black.sdn();
    black.click_square("e7").await;
    black.click_square("e5").await;
    assert_eq!(black.sdn(), before, "nothing of Black's clicks is written");
    // The seat not to move is offered no control of the turn (issue 50, defect 10).
    let offered = black
        .client
        .find(Locator::Id("entry"))
        .await
        .expect("the action box")
        .is_displayed()
        .await
        .expect("its visibility");
    assert!(!offered, "Black is offered the action box on White's turn");
    assert_eq!(black.api_state()["side"], "white");

    white.click_move("e2", "e4").await;
    // Black's page shows White's move by itself.
    let shown = black.wait_for(|t| t.contains("1. e4"), "#sdn").await;
    assert!(!shown.contains("e5"), "{shown}");
    black
        .wait_for(|t| t.contains("Black to play"), "#status")
        .await;
    black.shot("seats-black-sees-e4").await;
    black.click_move("e7", "e5").await;
    white.wait_for(|t| t.contains("1. e4 e5"), "#sdn").await;
    let state = white.click_move("g1", "f3").await;
    assert!(
        state["sdn"].as_str().unwrap().contains("1. e4 e5 2. Nf3"),
        "{}",
        state["sdn"]
    );
    black.wait_for(|t| t.contains("2. Nf3"), "#sdn").await;
    for page in [&white, &black] {
        let mark = page
            .client
            .execute("return window.notReloaded === true;", vec![])
            .await
            .expect("a script runs");
        assert_eq!(mark, json!(true), "the page was not reloaded");
    }
    white.client.close().await.unwrap();
    black.client.close().await.unwrap();
}
