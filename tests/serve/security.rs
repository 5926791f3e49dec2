//! Seats, bodies, limits, headers and paths: what a request cannot do.

use serde_json::json;

use super::{Server, Table, scratch};

#[test]
fn only_the_holder_of_a_seat_acts_for_it() {
    let server = Server::start(&scratch("seats"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let white = created["white"].as_str().unwrap().to_owned();
    let black = created["black"].as_str().unwrap().to_owned();
    assert_eq!(white.len(), 32, "128 bits in hex");
    assert_ne!(white, black);
    let as_black = Table {
        server: &server,
        id: id.clone(),
        token: black,
    };
    let refused = as_black.call("act", json!({"text": "e4"}));
    assert_eq!(
        (refused.status, refused.body["field"].as_str()),
        (403, Some("token"))
    );
    let nobody = server.post(&format!("/api/games/{id}/act"), &json!({"text": "e4"}));
    assert_eq!(nobody.status, 403);
    let wrong = server.post(
        &format!("/api/games/{id}/act"),
        &json!({"text": "e4", "token": "0".repeat(32)}),
    );
    assert_eq!(wrong.status, 403);
    // A seat resigns only for itself, and ends nothing else.
    let resign_for_white = as_black.call("end", json!({"end": "resignation", "winner": "black"}));
    assert_eq!(resign_for_white.status, 403, "{}", resign_for_white.text);
    let as_white = Table {
        server: &server,
        id,
        token: white,
    };
    as_white.ok("act", json!({"text": "e4"}));
    let tags = server.send(
        "PUT",
        &format!("/api/games/{}/tags", as_white.id),
        &json!({"token": as_white.token, "tags": {"Event": "x"}}).to_string(),
    );
    assert_eq!(tags.status, 403, "tags are the arbiter's");
    let state = as_black.ok("end", json!({"end": "resignation", "winner": "white"}));
    assert_eq!(state["verdict"]["termination"], "resignation");
}

#[test]
fn bad_requests_name_the_field() {
    let server = Server::start(&scratch("bad_requests"), &["--max-games", "2"]);
    let cases = [
        (json!({"variant": "Crazyhouse"}), "variant"),
        (json!({"white": "grandmaster"}), "white"),
        (json!({"mode": "blitz"}), "mode"),
        (json!({"colour": "white"}), "body"),
        (json!({"fen": "not a fen"}), "fen"),
        (json!({"mode": "record", "black": "greedy"}), "mode"),
        (json!({"die": "entered"}), "die"),
    ];
    for (body, field) in cases {
        let answer = server.post("/api/games", &body);
        assert_eq!(answer.status / 100, 4, "{body}: {}", answer.text);
        let named = answer.body["field"].as_str().unwrap_or_default();
        assert!(
            named == field || (field == "body" && !named.is_empty()),
            "{body}: {}",
            answer.text
        );
        assert!(answer.body["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    let not_json = server.send("POST", "/api/games", "{");
    assert_eq!(not_json.status, 400, "{}", not_json.text);
    let (id, created) =
        server.create(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let table = Table {
        server: &server,
        id: id.clone(),
        token: created["arbiter"].as_str().unwrap().to_owned(),
    };
    let face = table.call("roll", json!({"face": 7}));
    assert_eq!(
        (face.status, face.body["field"].as_str()),
        (400, Some("face"))
    );
    let face = table.call("roll", json!({"face": "six"}));
    assert_eq!(
        (face.status, face.body["field"].as_str()),
        (400, Some("face")),
        "{}",
        face.text
    );
    table.ok("roll", json!({"face": 1}));
    for (body, field) in [
        (json!({"from": "e2", "to": "z9"}), "to"),
        (json!({"from": "e2"}), "to"),
        (json!({"text": "e4 {a comment}"}), "text"),
        (json!({"text": "e4 2. e5"}), "text"),
        (json!({"text": "a6", "sacrifice": "e2"}), "body"),
        (
            json!({"resurrect": {"piece": "K", "square": "e4"}}),
            "resurrect.piece",
        ),
        (
            json!({"from": "a7", "to": "a6", "promotion": "k"}),
            "promotion",
        ),
    ] {
        let answer = table.call("act", body.clone());
        assert_eq!(
            (answer.status, answer.body["field"].as_str()),
            (400, Some(field)),
            "{body}: {}",
            answer.text
        );
    }
    let big = format!("{{\"text\": \"{}\"}}", "a".repeat(100_000));
    let answer = server.send("POST", &format!("/api/games/{id}/act"), &big);
    assert_eq!(answer.status, 413, "the body limit");
    assert_eq!(server.get("/api/games/0123456789abcdef").status, 404);
    assert_eq!(server.get("/api/games/..%2F..%2Fetc").status, 404);
    // The live-game limit (--max-games 2): one game is in progress, a second fits, a third not.
    server.create(&json!({}));
    let third = server.post("/api/games", &json!({}));
    assert_eq!(third.status, 429, "{}", third.text);
}

#[test]
fn the_page_has_a_policy_and_no_inline_script() {
    let server = Server::start(&scratch("page"), &[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    let policy = page.header("content-security-policy").expect("a policy");
    assert!(
        policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"),
        "{policy}"
    );
    assert!(!page.text.contains("<script>"), "no inline script");
    let lower = page.text.to_ascii_lowercase();
    for handler in [
        " onclick",
        " onload",
        " onchange",
        " onerror",
        " onsubmit",
        " onkeydown",
        "javascript:",
    ] {
        assert!(!lower.contains(handler), "inline handler {handler}");
    }
    let script = server.get("/js/main.js");
    assert_eq!(script.status, 200);
    assert!(!script.text.contains("eval("), "no eval in the script");
    assert!(
        server
            .get("/api/games")
            .header("content-security-policy")
            .is_some()
    );
}

#[test]
fn review_files_stay_inside_the_games_folder() {
    let games = scratch("review_games");
    std::fs::write(
        games.join("one.sdn"),
        "[Variant \"Sade\"]\n\n1. 4: -Nb1 *\n",
    )
    .unwrap();
    let outside = scratch("review_outside");
    std::fs::write(outside.join("secret.sdn"), "1. e4 *\n").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(outside.join("secret.sdn"), games.join("link.sdn")).unwrap();
    let server = Server::start(
        &scratch("review_data"),
        &["--games", games.to_str().unwrap()],
    );
    let list = server.get("/api/library");
    assert!(
        list.body.as_array().unwrap().iter().any(|n| n == "one.sdn"),
        "{}",
        list.text
    );
    let page = server.get("/review/library/one.sdn");
    assert_eq!(page.status, 200, "{}", page.text);
    assert!(page.text.starts_with("<!DOCTYPE html>"));
    let policy = page.header("content-security-policy").unwrap();
    // The report's own inline scripts run by their hashes; no other script does.
    let scripts = policy
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .unwrap_or_else(|| panic!("a script-src: {policy}"));
    assert!(
        scripts.contains("'sha256-") && !scripts.contains("unsafe-inline"),
        "{policy}"
    );
    for path in [
        "/review/library/..%2Freview_outside%2Fsecret.sdn",
        "/review/library/link.sdn",
        "/review/library/%2Fetc%2Fpasswd",
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 404, "{path}: {}", answer.text);
    }
    let upload = server.send(
        "POST",
        "/api/review",
        "[Variant \"Sade\"]\n\n1. 4: -Nb1 *\n",
    );
    assert_eq!(upload.status, 201, "{}", upload.text);
    let shown = server.get(upload.body["url"].as_str().expect("the page of the upload"));
    assert_eq!(shown.status, 200);
    assert!(shown.text.starts_with("<!DOCTYPE html>"));
    assert_eq!(server.get("/review/upload/0123456789abcdef").status, 404);
}
