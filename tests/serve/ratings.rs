//! The players' ratings (spec/SERVE.md, "Ratings"): a game rated through the server's database
//! (`Storage::rate_game`) between two accounts made through `POST /api/account/signup` changes
//! both ratings, and `GET /api/players/{name}`, `/api/players/{name}/ratings/{game}` and
//! `/api/leaderboard/{game}` show it; a game rated twice changes nothing, even by two writers
//! at once, and no change is lost; a leaderboard leaves provisional players out. Each runs on SQLite, and on PostgreSQL when
//! `SADE_REF_TEST_POSTGRES` names a server (`.ci/with-postgres cargo test`).

use sade_ref::serve::ratings::{Rated, Rating};
use sade_ref::serve::store::{Database, Storage, StoreError};
use serde_json::{Value, json};

use super::database::postgres;
use super::{Server, scratch};

/// A server on the scratch folder `name` (and `url`, a PostgreSQL database, when given), its
/// sign-ups not limited, and the test's own connection to its database.
fn start(name: &str, url: Option<&str>) -> (Server, Database) {
    let data = scratch(name);
    let mut extra = vec!["--login-limit", "0"];
    if let Some(url) = url {
        extra.extend(["--database", url]);
    }
    let server = Server::start(&data, &extra);
    let database = Database::open(&server.database).expect("the server's database");
    (server, database)
}

fn sign_up(server: &Server, name: &str) {
    let answer = server.post(
        "/api/account/signup",
        &json!({"name": name, "password": "a long password"}),
    );
    assert_eq!(answer.status, 201, "{}", answer.text);
}

/// A game id as the server makes them.
fn game(n: u32) -> String {
    format!("{n:016x}")
}

fn rating(database: &Database, name: &str, rated: Rated) -> Rating {
    database
        .rating(name, rated)
        .expect("the database reads")
        .expect("a rating is kept")
}

fn points(x: f64) -> Value {
    json!(x.round() as i64)
}

/// A rated game shows in both players' ratings and histories; the same game rated again,
/// whoever asks, changes nothing.
fn a_rated_game_shows_and_is_rated_once(name: &str, url: Option<&str>) {
    let (server, database) = start(name, url);
    sign_up(&server, "Alice");
    sign_up(&server, "bob_B");
    let changes = database
        .rate_game(&game(1), Rated::Sade, "alice", "BOB_b", 1.0, 1_000)
        .expect("the game is rated")
        .expect("rated the first time");
    assert_eq!(changes[0].name, "Alice");
    assert_eq!(changes[1].name, "bob_B");
    assert_eq!(changes[0].before, Rating::default());
    let (alice, bob) = (changes[0].after, changes[1].after);
    assert!(alice.rating > 1500.0 && bob.rating < 1500.0, "{changes:?}");
    assert_eq!((alice.games, bob.games), (1, 1));
    assert_eq!(rating(&database, "ALICE", Rated::Sade), alice);

    let player = server.get("/api/players/ALICE");
    assert_eq!(player.status, 200, "{}", player.text);
    assert_eq!(player.body["name"], "Alice");
    let ratings = player.body["ratings"].as_array().expect("the ratings");
    assert_eq!(ratings.len(), 3, "{}", player.text);
    assert_eq!(ratings[0]["game"], "sade");
    assert_eq!(ratings[0]["rating"], points(alice.rating));
    assert_eq!(ratings[0]["deviation"], points(alice.deviation));
    assert_eq!(ratings[0]["games"], 1);
    assert_eq!(ratings[0]["provisional"], true);
    for (rating, word) in ratings[1..].iter().zip(["marseillais", "standard"]) {
        assert_eq!(
            rating,
            &json!({"game": word, "rating": 1500, "deviation": 350, "games": 0,
                    "provisional": true})
        );
    }

    // A draw a second later: the history holds both, oldest first.
    database
        .rate_game(&game(2), Rated::Sade, "Bob_B", "Alice", 0.5, 2_000)
        .expect("the game is rated")
        .expect("rated the first time");
    let bob = rating(&database, "bob_b", Rated::Sade);
    let history = server.get("/api/players/bob_b/ratings/sade");
    assert_eq!(history.status, 200, "{}", history.text);
    assert_eq!(history.body[0]["at"], 1_000);
    assert_eq!(history.body[0]["game"], game(1));
    assert_eq!(history.body[0]["rating"], points(changes[1].after.rating));
    assert_eq!(history.body[1]["at"], 2_000);
    assert_eq!(history.body[1]["game"], game(2));
    assert_eq!(history.body[1]["rating"], points(bob.rating));
    assert_eq!(history.body.as_array().map(Vec::len), Some(2));
    let none = server.get("/api/players/Alice/ratings/standard");
    assert_eq!(none.body, json!([]), "{}", none.text);

    // Rated again, by the same call or another (a retry, a second server): nothing changes.
    let alice = rating(&database, "alice", Rated::Sade);
    for (white, black, score) in [("alice", "bob_b", 1.0), ("bob_b", "alice", 1.0)] {
        let again = database.rate_game(&game(1), Rated::Sade, white, black, score, 3_000);
        assert!(matches!(again, Ok(None)), "{again:?}");
    }
    let again = database.rate_game(&game(2), Rated::Standard, "alice", "bob_b", 0.0, 3_000);
    assert!(matches!(again, Ok(None)), "{again:?}");
    assert_eq!(rating(&database, "alice", Rated::Sade), alice);
    assert_eq!(rating(&database, "bob_b", Rated::Sade), bob);
    assert_eq!(database.rating("alice", Rated::Standard).unwrap(), None);
    let history = database.rating_history("alice", Rated::Sade, 500).unwrap();
    assert_eq!(history.len(), 2, "{history:?}");
}

#[test]
fn a_rated_game_shows_and_is_rated_once_on_sqlite() {
    a_rated_game_shows_and_is_rated_once("ratings_once_sqlite", None);
}

#[test]
fn a_rated_game_shows_and_is_rated_once_on_postgres() {
    let Some(url) = postgres("ratings_once") else {
        return;
    };
    a_rated_game_shows_and_is_rated_once("ratings_once_postgres", Some(&url));
}

/// A leaderboard holds only settled ratings, highest first, at most `limit`.
fn a_leaderboard_leaves_provisional_players_out(name: &str, url: Option<&str>) {
    let (server, database) = start(name, url);
    for name in ["Carol", "dave", "Erin"] {
        sign_up(&server, name);
    }
    database
        .rate_game(&game(1), Rated::Standard, "erin", "carol", 1.0, 1)
        .unwrap()
        .expect("rated");
    let empty = server.get("/api/leaderboard/standard");
    assert_eq!(empty.status, 200, "{}", empty.text);
    assert_eq!(empty.body, json!([]), "provisional players are left out");
    // Carol and Dave play until both are settled, Carol winning two games in three.
    let mut n = 1;
    while rating(&database, "carol", Rated::Standard).provisional()
        || database
            .rating("dave", Rated::Standard)
            .unwrap()
            .is_none_or(|r| r.provisional())
    {
        n += 1;
        assert!(n < 100, "still provisional after {n} games");
        let score = if n % 3 == 0 { 0.0 } else { 1.0 };
        let at = u64::from(n);
        database
            .rate_game(&game(n), Rated::Standard, "Carol", "Dave", score, at)
            .unwrap()
            .expect("rated");
    }
    let [carol, dave] = ["carol", "dave"].map(|n| rating(&database, n, Rated::Standard));
    assert!(carol.rating > dave.rating, "{carol:?} {dave:?}");
    assert!(rating(&database, "erin", Rated::Standard).provisional());
    let board = server.get("/api/leaderboard/standard");
    assert_eq!(board.status, 200, "{}", board.text);
    let entry = |name: &str, r: Rating| {
        json!({"name": name, "rating": points(r.rating), "deviation": points(r.deviation),
               "games": r.games})
    };
    assert_eq!(
        board.body,
        json!([entry("Carol", carol), entry("dave", dave)])
    );
    let top = server.get("/api/leaderboard/standard?limit=1");
    assert_eq!(top.body, json!([entry("Carol", carol)]), "{}", top.text);
    let other = server.get("/api/leaderboard/sade");
    assert_eq!(other.body, json!([]), "{}", other.text);
}

#[test]
fn a_leaderboard_leaves_provisional_players_out_on_sqlite() {
    a_leaderboard_leaves_provisional_players_out("ratings_board_sqlite", None);
}

#[test]
fn a_leaderboard_leaves_provisional_players_out_on_postgres() {
    let Some(url) = postgres("ratings_board") else {
        return;
    };
    a_leaderboard_leaves_provisional_players_out("ratings_board_postgres", Some(&url));
}

/// What cannot be rated is refused and changes nothing; the routes refuse what they do not
/// know with the field at fault.
#[test]
fn what_cannot_be_rated_or_read_is_refused() {
    let (server, database) = start("ratings_refused", None);
    sign_up(&server, "Frank");
    sign_up(&server, "Grace");
    let refused = [
        database.rate_game(&game(1), Rated::Sade, "frank", "nobody", 1.0, 1),
        database.rate_game(&game(1), Rated::Sade, "frank", "FRANK", 1.0, 1),
        database.rate_game(&game(1), Rated::Sade, "frank", "grace", 0.7, 1),
    ];
    for answer in refused {
        assert!(matches!(answer, Err(StoreError::NotRated(_))), "{answer:?}");
    }
    let answer = database.rate_game("not-an-id", Rated::Sade, "frank", "grace", 1.0, 1);
    assert!(matches!(answer, Err(StoreError::NotAnId(_))), "{answer:?}");
    assert_eq!(database.ratings_of("frank").unwrap(), vec![]);
    // Nothing was kept of them: the game is rated the first time now.
    let rated = database.rate_game(&game(1), Rated::Sade, "frank", "grace", 0.0, 1);
    assert!(matches!(rated, Ok(Some(_))), "{rated:?}");

    for (path, status, field) in [
        ("/api/players/nobody", 404, "name"),
        ("/api/players/nobody/ratings/sade", 404, "name"),
        ("/api/players/frank/ratings/chess960", 404, "game"),
        ("/api/leaderboard/Sade", 404, "game"),
        ("/api/leaderboard/sade?limit=201", 400, "limit"),
        ("/api/leaderboard/sade?limit=many", 400, "limit"),
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, status, "{path}: {}", answer.text);
        assert_eq!(answer.body["field"], field, "{path}: {}", answer.text);
    }
    let most = server.get("/api/leaderboard/sade?limit=200");
    assert_eq!(most.status, 200, "{}", most.text);
}

/// A data folder keeps no ratings: the routes say so (503, `storage`).
#[test]
fn a_data_folder_keeps_no_ratings() {
    let data = scratch("ratings_folder");
    let folder = format!("folder:{}", data.display());
    let server = Server::start(&data, &["--database", &folder]);
    for path in [
        "/api/leaderboard/sade",
        "/api/players/frank",
        "/api/players/frank/ratings/sade",
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 503, "{path}: {}", answer.text);
        assert_eq!(answer.body["field"], "storage", "{path}: {}", answer.text);
    }
}

/// Two writers (two servers on PostgreSQL, one server's writer on SQLite, whose database is
/// one server's) rate the same 20 games at once, in opposite orders: each game is rated once,
/// and no game's change is lost (each player's games count them all).
fn two_writers_rate_each_game_once(name: &str, url: Option<&str>) {
    let (server, database) = start(name, url);
    sign_up(&server, "Heidi");
    sign_up(&server, "Ivan");
    let second = url.map(|url| Database::open(url).expect("a second connection"));
    let writers = [&database, second.as_ref().unwrap_or(&database)];
    let ids: Vec<String> = (1..=20).map(game).collect();
    let rated: usize = std::thread::scope(|scope| {
        let runs: Vec<_> = writers
            .into_iter()
            .enumerate()
            .map(|(n, writer)| {
                let ids = &ids;
                scope.spawn(move || {
                    let mut order: Vec<&String> = ids.iter().collect();
                    if n == 1 {
                        order.reverse();
                    }
                    order
                        .into_iter()
                        .filter(|id| {
                            writer
                                .rate_game(id, Rated::Marseillais, "heidi", "ivan", 1.0, 5)
                                .expect("the game is rated or refused as rated")
                                .is_some()
                        })
                        .count()
                })
            })
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("a writer"))
            .sum()
    });
    assert_eq!(rated, 20);
    for name in ["heidi", "ivan"] {
        assert_eq!(
            rating(&database, name, Rated::Marseillais).games,
            20,
            "{name}"
        );
        let history = database
            .rating_history(name, Rated::Marseillais, 500)
            .unwrap();
        assert_eq!(history.len(), 20, "{name}");
    }
    let heidi = server.get("/api/players/Heidi/ratings/marseillais");
    assert_eq!(
        heidi.body.as_array().map(Vec::len),
        Some(20),
        "{}",
        heidi.text
    );
}

#[test]
fn two_writers_rate_each_game_once_on_sqlite() {
    two_writers_rate_each_game_once("ratings_two_sqlite", None);
}

#[test]
fn two_writers_rate_each_game_once_on_postgres() {
    let Some(url) = postgres("ratings_two") else {
        return;
    };
    two_writers_rate_each_game_once("ratings_two_postgres", Some(&url));
}
