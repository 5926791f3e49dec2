//! Accounts and sessions of `serve` (spec/SERVE.md, "Accounts and sessions"): a player signs
//! up, logs in and out, or plays as a guest; the browser holds the session in an HttpOnly
//! cookie and the database keeps only the password's Argon2id hash and the token's hash. A
//! wrong name and a wrong password are one answer; a name is unique whatever its case; a page
//! of another site cannot send a change; passwords are not guessed past `--login-limit`; the
//! data folder keeps no accounts. Each test that keeps something runs on SQLite, and on
//! PostgreSQL when a server is given (tests/serve/database.rs).

use serde_json::{Value, json};

use super::database::postgres;
use super::{Answer, Server, scratch};

/// A browser's cookie for the session an answer opened: `sade_ref_session=<token>`.
fn cookie_of(answer: &Answer) -> String {
    let set = answer.header("set-cookie").expect("a Set-Cookie header");
    let pair = set.split(';').next().expect("a name and a value");
    assert!(pair.starts_with("sade_ref_session="), "{set}");
    pair.to_owned()
}

/// Who the browser holding `cookie` is (`GET /api/session`): its player, or null.
fn player(server: &Server, cookie: &str) -> Value {
    let answer = server.get_with("/api/session", &[("Cookie", cookie)]);
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body["player"].clone()
}

fn post_with(server: &Server, path: &str, body: &Value, headers: &[(&str, &str)]) -> Answer {
    server.send_with("POST", path, &body.to_string(), headers)
}

fn signup(server: &Server, name: &str, password: &str) -> Answer {
    server.post(
        "/api/account/signup",
        &json!({"name": name, "password": password}),
    )
}

fn login(server: &Server, name: &str, password: &str) -> Answer {
    server.post(
        "/api/account/login",
        &json!({"name": name, "password": password}),
    )
}

/// Signs up, is that player, logs in again (by the name in another case) and logs out: the
/// logged-out cookie and the one the login replaced are no one's any more. The password is
/// kept as its Argon2id hash, never as itself.
fn sign_up_log_in_and_out(name: &str, extra: &[&str]) {
    let server = Server::start(&scratch(name), extra);
    let password = "correct horse battery";
    let made = signup(&server, "Anne_42", password);
    assert_eq!(made.status, 201, "{}", made.text);
    assert_eq!(
        made.body,
        json!({"player": {"name": "Anne_42", "guest": false}})
    );
    let first = cookie_of(&made);
    assert_eq!(
        player(&server, &first),
        json!({"name": "Anne_42", "guest": false})
    );
    assert_eq!(
        player(&server, "sade_ref_session=00112233445566778899aabbccddeeff"),
        Value::Null
    );
    assert_eq!(server.get("/api/session").body, json!({"player": null}));

    let again = post_with(
        &server,
        "/api/account/login",
        &json!({"name": "anne_42", "password": password}),
        &[("Cookie", &first)],
    );
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(
        again.body["player"]["name"], "Anne_42",
        "the name as it was typed"
    );
    let second = cookie_of(&again);
    assert_ne!(first, second, "a new session, a new token");
    assert_eq!(
        player(&server, &first),
        Value::Null,
        "the session the login replaced is ended"
    );
    assert_eq!(player(&server, &second)["name"], "Anne_42");

    let out = post_with(
        &server,
        "/api/account/logout",
        &json!({}),
        &[("Cookie", &second)],
    );
    assert_eq!(out.status, 204, "{}", out.text);
    let cleared = out.header("set-cookie").expect("the cookie cleared");
    assert!(cleared.starts_with("sade_ref_session=;"), "{cleared}");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    assert_eq!(
        player(&server, &second),
        Value::Null,
        "the old cookie opens nothing"
    );

    let kept = server
        .stored_account("ANNE_42")
        .expect("the account is kept");
    assert_eq!(kept.name, "Anne_42");
    assert!(
        kept.password_hash.starts_with("$argon2id$v=19$"),
        "{}",
        kept.password_hash
    );
    assert!(!kept.password_hash.contains(password));
    assert!(!kept.password_hash.contains("horse"));
}

#[test]
fn an_account_signs_up_logs_in_and_out_on_sqlite() {
    sign_up_log_in_and_out("accounts_flow_sqlite", &[]);
}

#[test]
fn an_account_signs_up_logs_in_and_out_on_postgres() {
    let Some(url) = postgres("accounts_flow") else {
        return;
    };
    sign_up_log_in_and_out("accounts_flow_postgres", &["--database", &url]);
}

/// A wrong password and a name no account has are one answer; a name is taken whatever its
/// case; a name or password that breaks the rules is refused naming its field.
fn names_and_passwords_are_refused(name: &str, extra: &[&str]) {
    let server = Server::start(&scratch(name), extra);
    assert_eq!(signup(&server, "Bertrand", "a long passphrase").status, 201);
    let wrong = login(&server, "Bertrand", "a long passphrasf");
    let unknown = login(&server, "Nobody", "a long passphrase");
    let malformed = login(&server, "no one at all!", "a long passphrase");
    for answer in [&wrong, &unknown, &malformed] {
        assert_eq!(answer.status, 401, "{}", answer.text);
        assert_eq!(answer.header("set-cookie"), None);
    }
    assert_eq!(wrong.body, unknown.body, "one answer for both");
    assert_eq!(wrong.body, malformed.body);
    assert_eq!(wrong.body["error"], "wrong name or password");
    assert_eq!(wrong.body["field"], "password");

    let taken = signup(&server, "bERTRAND", "another passphrase");
    assert_eq!(taken.status, 409, "{}", taken.text);
    assert_eq!(taken.body["field"], "name");
    assert!(
        taken.body["error"].as_str().unwrap().contains("taken"),
        "{}",
        taken.text
    );
    assert_eq!(
        login(&server, "Bertrand", "another passphrase").status,
        401,
        "the refused sign-up changed nothing"
    );

    let long_password = "p".repeat(257);
    for (name, password, field) in [
        ("ab", "a long passphrase", "name"),
        ("twenty-one-characters", "a long passphrase", "name"),
        ("with space", "a long passphrase", "name"),
        ("Guest-1a2b3c", "a long passphrase", "name"),
        ("Claire", "7 chars", "password"),
        ("Claire", long_password.as_str(), "password"),
    ] {
        let refused = signup(&server, name, password);
        assert_eq!(refused.status, 400, "{name:?}: {}", refused.text);
        assert_eq!(refused.body["field"], field, "{name:?}: {}", refused.text);
    }
    let extra_field = server.post(
        "/api/account/signup",
        &json!({"name": "Claire", "password": "a long passphrase", "admin": true}),
    );
    assert_eq!(extra_field.status, 400, "{}", extra_field.text);
    assert_eq!(
        server.stored_account("Claire"),
        None,
        "no refused sign-up is kept"
    );
    assert_eq!(
        signup(&server, "Claire", "12345678").status,
        201,
        "8 characters are enough"
    );
}

#[test]
fn names_and_passwords_are_refused_on_sqlite() {
    names_and_passwords_are_refused("accounts_refused_sqlite", &[]);
}

#[test]
fn names_and_passwords_are_refused_on_postgres() {
    let Some(url) = postgres("accounts_refused") else {
        return;
    };
    names_and_passwords_are_refused("accounts_refused_postgres", &["--database", &url]);
}

/// A guest's session: a name `Guest-` and six hex digits, no account.
fn a_guest_plays_without_an_account(name: &str, extra: &[&str]) {
    let server = Server::start(&scratch(name), extra);
    let guest = server.post("/api/session/guest", &json!({}));
    assert_eq!(guest.status, 201, "{}", guest.text);
    let shown = guest.body["player"]["name"]
        .as_str()
        .expect("a name")
        .to_owned();
    let hex = shown.strip_prefix("Guest-").expect("a guest's name");
    assert_eq!(hex.len(), 6, "{shown}");
    assert!(hex.bytes().all(|b| b.is_ascii_hexdigit()), "{shown}");
    let cookie = cookie_of(&guest);
    assert_eq!(
        player(&server, &cookie),
        json!({"name": shown, "guest": true})
    );
    assert_eq!(
        server.stored_account(&shown),
        None,
        "a guest has no account"
    );
    let other = server.post("/api/session/guest", &json!({}));
    assert_ne!(cookie_of(&other), cookie, "each guest a session of its own");
    // A guest who signs up leaves the guest's session.
    let made = post_with(
        &server,
        "/api/account/signup",
        &json!({"name": "Denise", "password": "a long passphrase"}),
        &[("Cookie", &cookie)],
    );
    assert_eq!(made.status, 201, "{}", made.text);
    assert_eq!(player(&server, &cookie), Value::Null);
}

#[test]
fn a_guest_plays_without_an_account_on_sqlite() {
    a_guest_plays_without_an_account("accounts_guest_sqlite", &[]);
}

#[test]
fn a_guest_plays_without_an_account_on_postgres() {
    let Some(url) = postgres("accounts_guest") else {
        return;
    };
    a_guest_plays_without_an_account("accounts_guest_postgres", &["--database", &url]);
}

#[test]
fn the_cookie_is_http_only_lax_for_thirty_days_and_secure_only_behind_https() {
    for (public_url, secure) in [
        (None, false),
        (Some("http://sade.example.org"), false),
        (Some("https://sade.example.org/"), true),
    ] {
        let extra: Vec<&str> = public_url
            .map(|u| vec!["--public-url", u])
            .unwrap_or_default();
        let server = Server::start(&scratch("accounts_cookie"), &extra);
        let guest = server.post("/api/session/guest", &json!({}));
        assert_eq!(guest.status, 201, "{}", guest.text);
        let set = guest.header("set-cookie").expect("a cookie");
        let attributes: Vec<&str> = set.split("; ").skip(1).collect();
        for wanted in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
            assert!(attributes.contains(&wanted), "{public_url:?}: {set}");
        }
        assert_eq!(
            attributes.contains(&"Secure"),
            secure,
            "{public_url:?}: {set}"
        );
        let out = server.post("/api/account/logout", &json!({}));
        assert_eq!(out.status, 204);
        let cleared = out.header("set-cookie").expect("the cookie cleared");
        assert_eq!(cleared.contains("; Secure"), secure, "{cleared}");
    }
}

#[test]
fn a_change_sent_by_another_sites_page_is_refused() {
    let server = Server::start(&scratch("accounts_origin"), &[]);
    let own = server.url.clone();
    let guest = json!({});
    for headers in [
        vec![("Origin", "https://evil.example")],
        vec![("Origin", "null")],
        vec![("Origin", own.replace("127.0.0.1", "localhost").as_str())],
        vec![("Sec-Fetch-Site", "cross-site")],
        vec![("Origin", own.as_str()), ("Sec-Fetch-Site", "cross-site")],
    ] {
        let refused = post_with(&server, "/api/session/guest", &guest, &headers);
        assert_eq!(refused.status, 403, "{headers:?}: {}", refused.text);
        assert_eq!(refused.body["field"], "origin", "{headers:?}");
        assert!(
            refused.body["error"]
                .as_str()
                .unwrap()
                .contains("another site")
        );
        assert_eq!(refused.header("set-cookie"), None);
    }
    // Every change is held to it, a new game too; a read is not.
    let game = json!({"variant": "Standard", "mode": "record"});
    let refused = post_with(
        &server,
        "/api/games",
        &game,
        &[("Origin", "https://evil.example")],
    );
    assert_eq!(refused.status, 403, "{}", refused.text);
    let read = server.get_with("/api/session", &[("Origin", "https://evil.example")]);
    assert_eq!(read.status, 200, "{}", read.text);
    // The server's own page passes, and so does a tool that says nothing.
    for headers in [
        vec![("Origin", own.as_str())],
        vec![("Sec-Fetch-Site", "same-origin")],
        vec![("Origin", own.as_str()), ("Sec-Fetch-Site", "same-origin")],
        vec![],
    ] {
        let passed = post_with(&server, "/api/session/guest", &guest, &headers);
        assert_eq!(passed.status, 201, "{headers:?}: {}", passed.text);
    }
    assert_eq!(
        post_with(&server, "/api/games", &game, &[("Origin", &own)]).status,
        201
    );
}

#[test]
fn behind_a_proxy_only_the_public_origin_may_send_changes() {
    let server = Server::start(
        &scratch("accounts_public_origin"),
        &["--public-url", "https://Sade.Example.org/play/"],
    );
    let passed = post_with(
        &server,
        "/api/session/guest",
        &json!({}),
        &[("Origin", "https://sade.example.org")],
    );
    assert_eq!(passed.status, 201, "{}", passed.text);
    for origin in [
        server.url.as_str(),
        "http://sade.example.org",
        "https://evil.example",
    ] {
        let refused = post_with(
            &server,
            "/api/session/guest",
            &json!({}),
            &[("Origin", origin)],
        );
        assert_eq!(refused.status, 403, "{origin}: {}", refused.text);
    }
}

#[test]
fn passwords_are_not_guessed_past_the_login_limit() {
    let server = Server::start(&scratch("accounts_limit"), &["--login-limit", "3"]);
    assert_eq!(
        signup(&server, "Eloise", "the right passphrase").status,
        201
    );
    for guess in ["guess one", "guess two"] {
        assert_eq!(login(&server, "Eloise", guess).status, 401);
    }
    let held = login(&server, "Eloise", "the right passphrase");
    assert_eq!(held.status, 429, "the fourth of the minute: {}", held.text);
    assert!(
        held.body["error"]
            .as_str()
            .unwrap()
            .contains("--login-limit"),
        "{}",
        held.text
    );
    let wait: u64 = held
        .header("retry-after")
        .expect("Retry-After")
        .parse()
        .expect("seconds");
    assert!((1..=21).contains(&wait), "{wait}");
    assert_eq!(
        held.header("set-cookie"),
        None,
        "even the right password opens nothing"
    );
    assert_eq!(signup(&server, "Fanny", "a long passphrase").status, 429);
    // New games are held to their own limit, not to this one.
    let game = server.post(
        "/api/games",
        &json!({"variant": "Standard", "mode": "record"}),
    );
    assert_eq!(game.status, 201, "{}", game.text);
}

#[test]
fn the_data_folder_keeps_no_accounts() {
    let data = scratch("accounts_folder");
    let folder = format!("folder:{}", data.join("games").display());
    let server = Server::start(&data, &["--database", &folder]);
    let refusals = [
        signup(&server, "Gilles", "a long passphrase"),
        login(&server, "Gilles", "a long passphrase"),
        server.post("/api/session/guest", &json!({})),
        server.get_with(
            "/api/session",
            &[(
                "Cookie",
                "sade_ref_session=00112233445566778899aabbccddeeff",
            )],
        ),
    ];
    for refused in refusals {
        assert_eq!(refused.status, 503, "{}", refused.text);
        assert_eq!(refused.body["field"], "storage", "{}", refused.text);
        assert_eq!(
            refused.body["error"],
            "accounts are kept only in a database (sqlite: or postgres:)"
        );
        assert_eq!(refused.header("set-cookie"), None);
    }
    assert_eq!(
        server.get("/api/session").body,
        json!({"player": null}),
        "no one, without a cookie"
    );
    let game = server.post(
        "/api/games",
        &json!({"variant": "Standard", "mode": "record"}),
    );
    assert_eq!(
        game.status, 201,
        "a game is kept all the same: {}",
        game.text
    );
}
