//! The lobby (spec/SERVE.md, "The lobby"): players who never met find each other through a
//! seek, and the game starts with each seat its player's alone, acted in through the player's
//! session. The hostile player's attempts are refused: acting in the other's seat, accepting
//! one's own seek or a challenge to someone else, a guest in a rated game, reading another
//! player's private game in the list, a seek sent from another site.

use serde_json::{Value, json};

use super::{Answer, Server, scratch};

/// A browser of one player: its session's cookie.
struct Browser<'s> {
    server: &'s Server,
    cookie: String,
}

impl<'s> Browser<'s> {
    /// A new account's browser, signed in.
    fn account(server: &'s Server, name: &str) -> Browser<'s> {
        let answer = server.post(
            "/api/account/signup",
            &json!({"name": name, "password": "a long enough password"}),
        );
        assert_eq!(answer.status, 201, "{}", answer.text);
        Browser::of(server, &answer)
    }

    /// A guest's browser.
    fn guest(server: &'s Server) -> Browser<'s> {
        let answer = server.post("/api/session/guest", &json!({}));
        assert_eq!(answer.status, 201, "{}", answer.text);
        Browser::of(server, &answer)
    }

    fn of(server: &'s Server, answer: &Answer) -> Browser<'s> {
        let set = answer.header("set-cookie").expect("a session's cookie");
        let cookie = set.split(';').next().expect("a cookie").to_owned();
        Browser { server, cookie }
    }

    fn get(&self, path: &str) -> Answer {
        self.server.get_with(path, &[("Cookie", &self.cookie)])
    }

    fn post(&self, path: &str, body: &Value) -> Answer {
        self.server
            .send_with("POST", path, &body.to_string(), &[("Cookie", &self.cookie)])
    }

    /// Makes a seek; it.
    fn seek(&self, body: &Value) -> Value {
        let answer = self.post("/api/seeks", body);
        assert_eq!(answer.status, 201, "{}", answer.text);
        answer.body
    }

    /// The ids of the seeks this player's lobby shows.
    fn lobby(&self) -> Vec<String> {
        let answer = self.get("/api/lobby");
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body["seeks"]
            .as_array()
            .expect("the seeks")
            .iter()
            .map(|s| s["id"].as_str().expect("an id").to_owned())
            .collect()
    }

    fn accept(&self, seek: &Value) -> Answer {
        self.post(
            &format!("/api/seeks/{}/accept", seek["id"].as_str().expect("an id")),
            &json!({}),
        )
    }

    /// The seat this browser's session holds in `game`.
    fn seat(&self, game: &str) -> String {
        let answer = self.post(&format!("/api/games/{game}/seat"), &json!({}));
        assert_eq!(answer.status, 200, "{}", answer.text);
        answer.body["seat"].as_str().expect("a seat").to_owned()
    }
}

#[test]
fn two_players_who_never_met_start_a_rated_game_each_holding_only_their_own_seat() {
    let server = Server::start(&scratch("lobby_meet"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let seek = anne.seek(&json!({
        "variant": "Sade", "rated": true, "colour": "white",
        "time_control": {"initial": 300, "increment": 2}
    }));
    assert_eq!(seek["by"], "Anne");
    assert!(
        boris
            .lobby()
            .contains(&seek["id"].as_str().unwrap().to_owned())
    );
    let own = anne.accept(&seek);
    assert_eq!(own.status, 409, "one's own seek: {}", own.text);

    let accepted = boris.accept(&seek);
    assert_eq!(accepted.status, 201, "{}", accepted.text);
    assert_eq!(accepted.body["seat"], "black");
    let game = accepted.body["game"].as_str().expect("the game").to_owned();
    let again = Browser::account(&server, "Chloe").accept(&seek);
    assert_eq!(again.status, 409, "a seek is taken once: {}", again.text);
    let seen = anne.get(&format!("/api/seeks/{}", seek["id"].as_str().unwrap()));
    assert_eq!(seen.body["game"], json!(game), "the seeker learns the game");
    assert!(
        !boris
            .lobby()
            .contains(&seek["id"].as_str().unwrap().to_owned())
    );

    assert_eq!(anne.seat(&game), "white");
    assert_eq!(boris.seat(&game), "black");
    assert_eq!(
        server
            .post(&format!("/api/games/{game}/seat"), &json!({}))
            .body["seat"],
        "watching"
    );
    let state = server.get(&format!("/api/games/{game}")).body;
    assert_eq!(state["owners"], json!(["Anne", "Boris"]));
    assert_eq!(state["rated"], true);
    assert_eq!(state["clocks"]["white"], 300_000);
    let file = server.stored(&game);
    assert!(
        file.contains("[Event \"Rated Sade game\"]") && !file.contains("[Date \"????"),
        "{file}"
    );
    assert!(
        file.contains("[White \"Anne\"]") && file.contains("[Black \"Boris\"]"),
        "{file}"
    );

    // Boris cannot act in Anne's seat, nor can anyone without a seat; Anne can, by her session.
    let stolen = boris.post(&format!("/api/games/{game}/roll"), &json!({}));
    assert_eq!(stolen.status, 403, "{}", stolen.text);
    let stranger = Browser::guest(&server).post(&format!("/api/games/{game}/roll"), &json!({}));
    assert_eq!(stranger.status, 403, "{}", stranger.text);
    let rolled = anne.post(&format!("/api/games/{game}/roll"), &json!({}));
    assert_eq!(rolled.status, 200, "{}", rolled.text);
    let resigned = boris.post(
        &format!("/api/games/{game}/end"),
        &json!({"end": "resignation", "winner": "black"}),
    );
    assert_eq!(
        resigned.status, 403,
        "Boris resigns only for himself: {}",
        resigned.text
    );
}

#[test]
fn a_guest_plays_casual_games_only_and_the_lobby_needs_a_name() {
    let server = Server::start(&scratch("lobby_guest"), &[]);
    let nobody = server.post("/api/seeks", &json!({}));
    assert_eq!(nobody.status, 401, "{}", nobody.text);
    assert_eq!(nobody.body["field"], "session");
    let guest = Browser::guest(&server);
    let rated = guest.post("/api/seeks", &json!({"rated": true}));
    assert_eq!(rated.status, 403, "{}", rated.text);
    assert_eq!(rated.body["field"], "rated");
    let casual = guest.seek(&json!({"variant": "Standard"}));
    let anne = Browser::account(&server, "Anne");
    let rated_seek = anne.seek(&json!({"rated": true}));
    let refused = Browser::guest(&server).accept(&rated_seek);
    assert_eq!(
        refused.status, 403,
        "a guest in a rated game: {}",
        refused.text
    );
    let played = anne.accept(&casual);
    assert_eq!(played.status, 201, "{}", played.text);
    let bad = guest.post("/api/seeks", &json!({"variant": "Chess960"}));
    assert_eq!(bad.status, 400, "{}", bad.text);
    assert_eq!(bad.body["field"], "variant");
}

#[test]
fn a_challenge_by_name_is_for_that_player_alone_and_one_by_link_is_listed_nowhere() {
    let server = Server::start(&scratch("lobby_challenge"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let chloe = Browser::account(&server, "Chloe");
    let unknown = anne.post("/api/seeks", &json!({"to": "Nobody"}));
    assert_eq!(unknown.status, 404, "{}", unknown.text);
    let challenge = anne.seek(&json!({"to": "boris", "variant": "Marseillais"}));
    let id = challenge["id"].as_str().unwrap().to_owned();
    assert!(boris.lobby().contains(&id), "the challenged player sees it");
    assert!(anne.lobby().contains(&id), "its maker sees it");
    assert!(!chloe.lobby().contains(&id), "nobody else does");
    let taken = chloe.accept(&challenge);
    assert_eq!(taken.status, 403, "{}", taken.text);
    assert_eq!(boris.accept(&challenge).status, 201);

    let link = anne.seek(&json!({"link": true}));
    let id = link["id"].as_str().unwrap().to_owned();
    assert!(!boris.lobby().contains(&id) && anne.lobby().contains(&id));
    assert_eq!(chloe.accept(&link).status, 201, "whoever has the link");
}

#[test]
fn a_private_game_is_never_listed_to_another_player_and_a_seek_is_withdrawn_by_its_maker() {
    let server = Server::start(&scratch("lobby_private"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let chloe = Browser::account(&server, "Chloe");
    let seek = anne.seek(&json!({"public": false}));
    let game = boris.accept(&seek).body["game"]
        .as_str()
        .expect("a game")
        .to_owned();
    let listed = |answer: Answer| -> bool {
        answer
            .body
            .as_array()
            .expect("a list")
            .iter()
            .any(|g| g["id"] == json!(game))
    };
    assert!(!listed(server.get("/api/games")), "not listed to anyone");
    assert!(!listed(chloe.get("/api/games")), "nor to another player");
    assert!(listed(anne.get("/api/games")) && listed(boris.get("/api/games")));
    assert!(
        listed(anne.get("/api/games?owner=boris")),
        "a player's own games"
    );
    assert!(!listed(chloe.get("/api/games?owner=boris")));
    assert_eq!(
        chloe.get(&format!("/api/games/{game}")).status,
        200,
        "watching needs the link"
    );

    let open = anne.seek(&json!({}));
    let path = format!("/api/seeks/{}", open["id"].as_str().unwrap());
    let stranger = server.delete_with(&path, &[("Cookie", &boris.cookie)]);
    assert_eq!(stranger.status, 404, "{}", stranger.text);
    let withdrawn = server.delete_with(&path, &[("Cookie", &anne.cookie)]);
    assert_eq!(withdrawn.status, 204, "{}", withdrawn.text);
    assert!(
        !boris
            .lobby()
            .contains(&open["id"].as_str().unwrap().to_owned())
    );
    let late = boris.accept(&open);
    assert_eq!(late.status, 404, "{}", late.text);
}

#[test]
fn a_seek_sent_from_another_site_is_refused() {
    let server = Server::start(&scratch("lobby_cross_site"), &[]);
    let anne = Browser::account(&server, "Anne");
    let forged = server.send_with(
        "POST",
        "/api/seeks",
        "{}",
        &[("Cookie", &anne.cookie), ("Origin", "https://evil.example")],
    );
    assert_eq!(forged.status, 403, "{}", forged.text);
    assert_eq!(forged.body["field"], "origin");
    assert!(anne.lobby().is_empty(), "nothing was made");
}

/// The rating in `game` (`sade`, `standard`…) of the player `name`: its number and games.
fn rated(server: &Server, name: &str, game: &str) -> (i64, i64) {
    let answer = server.get(&format!("/api/players/{name}"));
    assert_eq!(answer.status, 200, "{}", answer.text);
    let rating = answer.body["ratings"]
        .as_array()
        .expect("ratings")
        .iter()
        .find(|r| r["game"] == game)
        .expect("the game's rating")
        .clone();
    (
        rating["rating"].as_i64().expect("a rating"),
        rating["games"].as_i64().expect("games"),
    )
}

#[test]
fn a_rated_game_changes_both_ratings_once_and_a_casual_or_aborted_one_none() {
    let server = Server::start(&scratch("lobby_rated"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let play = |rated: bool| -> String {
        let seek = anne.seek(&json!({"variant": "Standard", "rated": rated, "colour": "white"}));
        boris.accept(&seek).body["game"]
            .as_str()
            .expect("a game")
            .to_owned()
    };

    // A casual game to its end: no rating moves.
    let casual = play(false);
    for (who, text) in [
        (&anne, "f3"),
        (&boris, "e5"),
        (&anne, "g4"),
        (&boris, "Qh4#"),
    ] {
        let answer = who.post(&format!("/api/games/{casual}/act"), &json!({"text": text}));
        assert_eq!(answer.status, 200, "{}", answer.text);
    }
    assert_eq!(rated(&server, "Anne", "standard"), (1500, 0));

    // An aborted rated game: no rating moves either.
    let aborted = play(true);
    let answer = anne.post(&format!("/api/games/{aborted}/abort"), &json!({}));
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(rated(&server, "Boris", "standard"), (1500, 0));

    // A rated game: Anne plays, Boris resigns; both ratings move, once.
    let game = play(true);
    let answer = anne.post(&format!("/api/games/{game}/act"), &json!({"text": "e4"}));
    assert_eq!(answer.status, 200, "{}", answer.text);
    let resigned = boris.post(
        &format!("/api/games/{game}/end"),
        &json!({"end": "resignation", "winner": "white"}),
    );
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    let (anne_now, anne_games) = rated(&server, "Anne", "standard");
    let (boris_now, boris_games) = rated(&server, "Boris", "standard");
    assert!(
        anne_now > 1500 && boris_now < 1500,
        "{anne_now} {boris_now}"
    );
    assert_eq!((anne_games, boris_games), (1, 1));
    let history = server.get("/api/players/boris/ratings/standard");
    assert_eq!(history.body[0]["game"], json!(game), "{}", history.text);
    // Taking back after the result is refused, and rates nothing again.
    let back = anne.post(
        &format!("/api/games/{game}/offer"),
        &json!({"offer": "takeback"}),
    );
    assert_eq!(back.status, 409, "{}", back.text);
    assert_eq!(rated(&server, "Anne", "standard"), (anne_now, 1));
    let mine = anne.get("/api/games?owner=anne");
    assert_eq!(
        mine.body.as_array().expect("a list").len(),
        3,
        "her history: {}",
        mine.text
    );
    let file = server.get("/api/players/Anne/games.sdn");
    assert_eq!(file.status, 200, "{}", file.text);
    assert_eq!(file.text.matches("[Event ").count(), 3, "{}", file.text);
    let first = file.text.find("Qh4#").expect("the casual game");
    let last = file.text.find("Black resigns").expect("the rated game");
    assert!(first < last, "oldest first");
    let parsed = sade_ref::parse_str(&file.text);
    assert!(
        parsed.iter().all(Result::is_ok) && parsed.len() == 3,
        "it reads back as SDN"
    );
}

/// The lobby's event stream (read as a page reads it): `open` at once, then the id of each seek
/// made, accepted or withdrawn.
#[test]
fn the_lobby_tells_each_change_of_its_seeks() {
    let server = Server::start(&scratch("lobby_events"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let mut next = lobby_stream(&server);
    assert_eq!(next(), "open");
    let seek = anne.seek(&json!({}));
    assert_eq!(next(), seek["id"].as_str().unwrap());
    assert_eq!(boris.accept(&seek).status, 201);
    assert_eq!(next(), seek["id"].as_str().unwrap(), "accepted");
    let other = boris.seek(&json!({}));
    assert_eq!(next(), other["id"].as_str().unwrap());
    let path = format!("/api/seeks/{}", other["id"].as_str().unwrap());
    assert_eq!(
        server
            .delete_with(&path, &[("Cookie", &boris.cookie)])
            .status,
        204
    );
    assert_eq!(next(), other["id"].as_str().unwrap(), "withdrawn");
}

/// Two servers on one PostgreSQL database (as several processes behind a proxy): a seek made
/// through one is in the other's lobby, its acceptance through the other is told on the
/// first's lobby stream, and the second acceptance, through either, is refused.
#[test]
fn two_servers_share_one_lobby_on_postgres() {
    let Some(url) = super::database::postgres("lobby_two_servers") else {
        return;
    };
    let first = Server::start(&scratch("lobby_pg_first"), &["--database", &url]);
    let second = Server::start(&scratch("lobby_pg_second"), &["--database", &url]);
    let anne = Browser::account(&first, "Anne");
    let boris = Browser::account(&second, "Boris");
    let chloe = Browser::account(&first, "Chloe");
    let mut next = lobby_stream(&first);
    assert_eq!(next(), "open");
    let seek = anne.seek(&json!({"rated": true}));
    let id = seek["id"].as_str().unwrap().to_owned();
    // The first server tells its own change (and hears it back from the database).
    assert!(next().split(',').any(|changed| changed == id));
    assert!(
        boris.lobby().contains(&id),
        "the other server's lobby shows it"
    );
    let taken = boris.accept(&seek);
    assert_eq!(taken.status, 201, "{}", taken.text);
    let heard = loop {
        let data = next();
        if data.split(',').any(|changed| changed == id) {
            // The seek made, heard back, or its acceptance through the second server.
            let seen = anne.get(&format!("/api/seeks/{id}"));
            if !seen.body["game"].is_null() {
                break seen.body["game"].clone();
            }
        }
    };
    assert_eq!(heard, taken.body["game"]);
    assert_eq!(
        chloe.accept(&seek).status,
        409,
        "taken once, whichever server"
    );
    let anne_plays = if taken.body["seat"] == "black" {
        "white"
    } else {
        "black"
    };
    assert_eq!(
        anne.seat(heard.as_str().unwrap()),
        anne_plays,
        "her seat, through her session"
    );
}

/// Issue 53's "done": two players who never met play a rated game of de Sade chess with clocks
/// from the lobby, each acting only through their own session; when it ends both ratings and
/// both histories show it.
#[test]
fn a_rated_sade_game_with_clocks_from_the_lobby_to_both_ratings() {
    let server = Server::start(&scratch("lobby_sade_rated"), &[]);
    let anne = Browser::account(&server, "Anne");
    let boris = Browser::account(&server, "Boris");
    let seek = anne.seek(&json!({
        "variant": "Sade", "rated": true, "colour": "black",
        "time_control": {"initial": 600, "increment": 5}
    }));
    let accepted = boris.accept(&seek);
    assert_eq!(accepted.body["seat"], "white", "{}", accepted.text);
    let game = accepted.body["game"].as_str().expect("a game").to_owned();
    // Four turns, each side's own: a roll, then the first way to fulfil the face.
    for turn in 0..4 {
        let (mover, other) = if turn % 2 == 0 {
            (&boris, &anne)
        } else {
            (&anne, &boris)
        };
        let wrong = other.post(&format!("/api/games/{game}/roll"), &json!({}));
        assert_eq!(
            wrong.status, 403,
            "not the other's turn to roll: {}",
            wrong.text
        );
        let rolled = mover.post(&format!("/api/games/{game}/roll"), &json!({}));
        assert_eq!(rolled.status, 200, "{}", rolled.text);
        let mut state = rolled.body;
        while state["phase"] == "act"
            && state["side"] == json!(if turn % 2 == 0 { "white" } else { "black" })
        {
            let next = server.get(&format!("/api/games/{game}/next")).body;
            let text = next["actions"]
                .as_array()
                .and_then(|a| a.iter().find(|a| a["loses"] == false).or(a.first()))
                .and_then(|a| a["text"].as_str())
                .unwrap_or("--")
                .to_owned();
            let acted = mover.post(&format!("/api/games/{game}/act"), &json!({"text": text}));
            assert_eq!(acted.status, 200, "{text}: {}", acted.text);
            state = acted.body;
        }
        if state["phase"] == "over" {
            break;
        }
    }
    let state = server.get(&format!("/api/games/{game}")).body;
    assert!(
        state["clocks"]["white"].as_u64().is_some(),
        "{}",
        state["clocks"]
    );
    if state["phase"] != "over" {
        let resigned = anne.post(
            &format!("/api/games/{game}/end"),
            &json!({"end": "resignation", "winner": "white"}),
        );
        assert_eq!(resigned.status, 200, "{}", resigned.text);
    }
    let (boris_rating, boris_games) = rated(&server, "Boris", "sade");
    let (anne_rating, anne_games) = rated(&server, "Anne", "sade");
    assert_eq!((boris_games, anne_games), (1, 1));
    assert_ne!(boris_rating, anne_rating, "the result moved them apart");
    for name in ["anne", "boris"] {
        let history = server.get(&format!("/api/players/{name}/ratings/sade"));
        assert_eq!(history.body[0]["game"], json!(game), "{}", history.text);
        let games = server.get(&format!("/api/games?owner={name}"));
        assert!(
            games
                .body
                .as_array()
                .expect("a list")
                .iter()
                .any(|g| g["id"] == json!(game))
        );
    }
}

/// The lobby's event stream of `server`, read as a page reads it: each call, the data of the
/// next event `lobby`.
fn lobby_stream(server: &Server) -> impl FnMut() -> String {
    use std::io::{BufRead as _, BufReader, Write as _};
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("a connection");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    write!(
        stream,
        "GET /api/lobby/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("the request");
    let mut reader = BufReader::new(stream);
    move || loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a line of the stream");
        if let Some(data) = line.trim_end().strip_prefix("data: ") {
            return data.to_owned();
        }
    }
}
