//! Where players meet, in a real browser (the harness of `browser.rs`): two players sign up
//! through the page's form, one seeks a rated Standard game with a clock in the lobby, the
//! other sees it come without a reload and plays it; both pages open the game, each at its own
//! colour (the seeker's by the seek's acceptance seen in the page); they play by clicks, one
//! resigns; both ratings change, and each player's page lists the game. The lobby, a player's
//! page and the leaderboard are pictured at desktop size and on a phone.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use sade_ref::serve::ratings::Rated;
use sade_ref::serve::store::{Database, Storage};
use serde_json::{Value, json};

use super::Server;
use super::browser::{Page, driver, session, session_phone, shot_now};

/// Opens the start page (or `fragment`) in `client`: a page of no game yet.
async fn visit<'s>(client: Client, server: &'s Server, fragment: &str) -> Page<'s> {
    client
        .goto(&format!("{}/{fragment}", server.url))
        .await
        .expect("the page opens");
    Page {
        client,
        server,
        id: String::new(),
    }
}

/// Goes to `fragment` (`#player=Anne`) in the same page, as a click on a link would.
async fn go(page: &Page<'_>, fragment: &str) {
    page.client
        .execute("location.hash = arguments[0];", vec![Value::from(fragment)])
        .await
        .expect("a script runs");
}

async fn choose(page: &Page<'_>, id: &str, value: &str) {
    page.client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("a select #{id}"))
        .select_by_value(value)
        .await
        .expect("chosen");
}

async fn type_in(page: &Page<'_>, id: &str, words: &str) {
    page.client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|_| panic!("a box #{id}"))
        .send_keys(words)
        .await
        .expect("typed");
}

/// Signs up as `name` through the header's form; waits until the header says who it is.
async fn sign_up(page: &Page<'_>, name: &str) {
    page.wait_for(|t| t.contains("Sign up"), "#account-out")
        .await;
    page.button("show-signup").await;
    type_in(page, "account-user", name).await;
    type_in(page, "account-password", "correct horse battery").await;
    page.button("account-submit").await;
    page.wait_for(|t| t == name, "#account-name").await;
}

/// The game the page's address names.
async fn game_in_address(page: &Page<'_>) -> String {
    let url = page.client.current_url().await.expect("an address");
    url.fragment()
        .and_then(|f| f.strip_prefix("game="))
        .and_then(|f| f.split('&').next())
        .unwrap_or_default()
        .to_owned()
}

/// Waits until the server's page of `name` shows a rating of `game` after `games` games.
fn rating_after(server: &Server, name: &str, game: &str, games: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let player = server.get(&format!("/api/players/{name}"));
        assert_eq!(player.status, 200, "{}", player.text);
        if let Some(r) = player.body["ratings"]
            .as_array()
            .and_then(|all| all.iter().find(|r| r["game"] == game))
            .filter(|r| r["games"] == games)
        {
            return r.clone();
        }
        assert!(
            Instant::now() < deadline,
            "{name} never rated: {}",
            player.text
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Four other players with settled Standard ratings (rated games written to the server's
/// database over the last weeks), so that the leaderboard has rows: a provisional rating is
/// left out of it.
fn a_club(server: &Server) {
    let names = ["Carol", "Dave", "Erin", "Fiona"];
    for name in names {
        let answer = server.post(
            "/api/account/signup",
            &json!({"name": name, "password": "a long enough password"}),
        );
        assert_eq!(answer.status, 201, "{}", answer.text);
    }
    let database = Database::open(&server.database).expect("the server's database");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("a clock")
        .as_millis() as u64;
    let hour = 3_600_000;
    for n in 0..72u32 {
        let (a, b) = (n as usize % 4, (n as usize / 4 + n as usize + 1) % 4);
        let (white, black) = if a == b { (a, (b + 1) % 4) } else { (a, b) };
        // The lower of the two in the list wins most of its games.
        let score = if (white < black) == (n % 5 != 0) {
            1.0
        } else {
            0.0
        };
        database
            .rate_game(
                &format!("{:016x}", 0xc1_0000 + n),
                Rated::Standard,
                names[white],
                names[black],
                score,
                now - u64::from(72 - n) * 9 * hour,
            )
            .expect("the database writes")
            .expect("rated");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn two_players_meet_in_the_lobby_play_a_rated_game_and_see_their_ratings() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&super::scratch("browser_lobby"), &[]);
    a_club(&server);
    let anne = visit(session(&driver).await, &server, "").await;
    let boris = visit(session(&driver).await, &server, "").await;
    sign_up(&anne, "Anne").await;
    sign_up(&boris, "Boris").await;
    boris
        .wait_for(|t| t.contains("No one is seeking"), "#seeks")
        .await;

    // Anne seeks a rated Standard game, 5 min + 3 s; Boris's lobby shows it without a reload.
    choose(&anne, "seek-variant", "Standard").await;
    choose(&anne, "seek-clock", "300+3").await;
    choose(&anne, "seek-rated", "rated").await;
    anne.button("seek-make").await;
    let mine = anne.wait_for(|t| t.contains("You"), "#seeks").await;
    assert!(mine.contains("Cancel"), "{mine}");
    let seen = boris.wait_for(|t| t.contains("Anne"), "#seeks").await;
    for words in ["Standard", "5 min + 3 s", "rated", "Play"] {
        assert!(seen.contains(words), "{words}: {seen}");
    }
    boris.shot("lobby-desktop").await;

    // Boris plays it: his page opens the game at once, Anne's when it sees her seek taken.
    boris
        .client
        .find(Locator::Css("#seeks li.seek:not(.mine) button.play"))
        .await
        .expect("a Play button")
        .click()
        .await
        .expect("a click");
    let boris_seat = boris
        .wait_for(|t| t.starts_with("You play "), "#seat")
        .await;
    let anne_seat = anne.wait_for(|t| t.starts_with("You play "), "#seat").await;
    assert_ne!(boris_seat, anne_seat, "one seat each");
    let id = game_in_address(&boris).await;
    assert_eq!(id, game_in_address(&anne).await, "the same game");
    let anne = Page {
        id: id.clone(),
        ..anne
    };
    let boris = Page { id, ..boris };
    let players = anne.wait_for(|t| t.contains("Boris"), "#players").await;
    assert!(
        players.contains("Anne") && players.contains("rated"),
        "{players}"
    );
    let state = anne.api_state();
    assert_eq!(state["rated"], true, "{state}");

    // They play by clicks; Black resigns through the page.
    let (white, black) = if anne_seat == "You play White" {
        (&anne, &boris)
    } else {
        (&boris, &anne)
    };
    white.click_move("e2", "e4").await;
    black.click_move("e7", "e5").await;
    white.click_move("g1", "f3").await;
    black.wait_for(|t| t.contains("Nf3"), "#sdn").await;
    black.shot("lobby-game").await;
    black.button("resign").await;
    black.wait_for(|t| t.contains("Resign"), "#confirm").await;
    black.button("confirm-yes").await;
    for page in [&anne, &boris] {
        let end = page.wait_for(|t| !t.is_empty(), "#end-title").await;
        assert!(end.contains("1-0"), "{end}");
    }

    // Both ratings changed, and each player's page lists the game.
    for name in ["Anne", "Boris"] {
        let rating = rating_after(&server, name, "standard", 1);
        assert_ne!(rating["rating"].as_f64(), Some(1500.0), "{rating}");
    }
    go(&anne, "#player=Anne").await;
    go(&boris, "#player=Boris").await;
    for page in [&anne, &boris] {
        let games = page
            .wait_for(
                |t| t.contains("Anne – Boris") || t.contains("Boris – Anne"),
                "#player-games",
            )
            .await;
        assert!(games.contains("rated") && games.contains("1-0"), "{games}");
    }
    anne.wait_for(|t| t.contains("Standard"), "#player-ratings")
        .await;
    anne.wait_for(|t| t.contains("1 rated game"), "#player-ratings")
        .await;
    anne.client
        .find(Locator::Css(".rating-card svg"))
        .await
        .expect("the rating's chart");
    let sdn = anne
        .client
        .find(Locator::Id("player-sdn"))
        .await
        .expect("the download")
        .attr("href")
        .await
        .expect("an address")
        .expect("an address");
    assert!(sdn.ends_with("/api/players/Anne/games.sdn"), "{sdn}");
    shot_now(&anne.client, "player-desktop").await;
    go(&anne, "#leaderboard=standard").await;
    let board = anne.wait_for(|t| t.contains("Carol"), "#leaderboard").await;
    assert!(
        !board.contains("Anne"),
        "a provisional rating is left out: {board}"
    );
    shot_now(&anne.client, "leaderboard-desktop").await;

    // On a phone: Boris seeks a casual correspondence game; a visitor's lobby, a player's
    // page and the leaderboard.
    go(&boris, "#").await;
    choose(&boris, "seek-variant", "Sade").await;
    choose(&boris, "seek-clock", "d3").await;
    boris.button("seek-make").await;
    let phone = visit(session_phone(&driver, 390, 844).await, &server, "").await;
    let seen = phone
        .wait_for(|t| t.contains("3 days a move"), "#seeks")
        .await;
    assert!(seen.contains("Boris") && seen.contains("casual"), "{seen}");
    shot_now(&phone.client, "lobby-phone").await;

    // Boris challenges Anne by name: her lobby shows it first, to no one else. Anne makes a
    // challenge by link: the link opens it, with its Play button, on the phone.
    go(&anne, "#").await;
    choose(&boris, "seek-to", "player").await;
    type_in(&boris, "seek-name", "anne").await;
    boris.button("seek-make").await;
    let first = anne
        .wait_for(
            |t| t.contains("challenges you"),
            "#seeks li.seek:first-child",
        )
        .await;
    assert!(first.contains("Boris") && first.contains("Play"), "{first}");
    choose(&anne, "seek-to", "link").await;
    anne.button("seek-make").await;
    let link = anne.wait_for(|t| t.contains("/#seek="), "#seek-link").await;
    assert!(
        !phone.text("#seeks").await.contains("challenge"),
        "listed to no one else"
    );
    phone.client.goto(&link).await.expect("the link opens");
    phone.client.refresh().await.expect("reloaded");
    let linked = phone
        .wait_for(
            |t| t.contains("a challenge by link"),
            "#seeks li.seek:first-child",
        )
        .await;
    assert!(
        linked.contains("Anne") && linked.contains("Play"),
        "{linked}"
    );
    // A wrong password is said beside the form, in a player's words.
    phone.button("show-login").await;
    type_in(&phone, "account-user", "Anne").await;
    type_in(&phone, "account-password", "not her password").await;
    phone.button("account-submit").await;
    phone
        .wait_for(|t| t == "Wrong name or password.", "#account-refusal")
        .await;
    shot_now(&phone.client, "login-refused-phone").await;
    go(&phone, "#player=Anne").await;
    phone
        .wait_for(|t| t.contains("Boris"), "#player-games")
        .await;
    shot_now(&phone.client, "player-phone").await;
    go(&phone, "#leaderboard=standard").await;
    phone
        .wait_for(|t| t.contains("Carol"), "#leaderboard")
        .await;
    shot_now(&phone.client, "leaderboard-phone").await;
}
