//! The OpenAPI document (spec/openapi.json): generated from the handlers' types, committed, and
//! true to the server. Every route of the router is in it and nothing else; every reference
//! resolves; what the server answers fits it. The answers to the faults that schemathesis found
//! (.ci/fuzz-api) are pinned here.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

use super::{Server, scratch};
use crate::support::root;

const REGENERATE: &str = "cargo run -- serve --openapi > spec/openapi.json";

fn generated() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(["serve", "--openapi"])
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn document() -> Value {
    serde_json::from_str(&generated()).expect("the document is JSON")
}

#[test]
fn the_committed_document_is_the_generated_one() {
    let committed = std::fs::read_to_string(root().join("spec/openapi.json"))
        .expect("spec/openapi.json is committed");
    let generated = generated();
    if committed != generated {
        let line = committed
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| "its end".to_owned(), |n| format!("line {}", n + 1));
        panic!(
            "spec/openapi.json differs from the document the handlers give (first at {line}); \
             regenerate it with `{REGENERATE}` and commit it"
        );
    }
}

/// `(METHOD, path)` of every `.route("path", get(..).post(..))` in src/serve.
fn routes_in(dir: &Path, out: &mut BTreeSet<(String, String)>) {
    for entry in std::fs::read_dir(dir).expect("src/serve") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            routes_in(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let mut rest = text.as_str();
        while let Some(at) = rest.find(".route(\"") {
            rest = &rest[at + ".route(\"".len()..];
            let end = rest.find('"').expect("the route's path ends");
            let route = rest[..end].to_owned();
            // The method router: up to the `)` that closes `.route(`.
            let mut depth = 1;
            let mut close = end;
            for (i, c) in rest[end..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    close = end + i;
                    break;
                }
            }
            let methods = &rest[end + 1..close];
            for method in ["get", "post", "put", "delete", "patch"] {
                let bare = methods.starts_with(&format!(", {method}("))
                    || methods.contains(&format!(" {method}("))
                    || methods.contains(&format!(".{method}("));
                if bare {
                    out.insert((method.to_uppercase(), route.clone()));
                }
            }
            rest = &rest[close..];
        }
    }
}

fn documented(document: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            out.insert((method.to_uppercase(), path.clone()));
        }
    }
    out
}

#[test]
fn every_route_of_the_router_is_documented_and_nothing_else() {
    let mut routes = BTreeSet::new();
    routes_in(&root().join("src/serve"), &mut routes);
    assert!(
        routes.contains(&("POST".to_owned(), "/api/games".to_owned()))
            && routes.contains(&("GET".to_owned(), "/api/games".to_owned())),
        "the scan of src/serve finds the router's routes: {routes:?}"
    );
    let documented = documented(&document());
    let undocumented: Vec<_> = routes.difference(&documented).collect();
    let unrouted: Vec<_> = documented.difference(&routes).collect();
    assert!(
        undocumented.is_empty(),
        "routes without documentation (put #[utoipa::path] on the handler and name it in \
         src/serve/openapi.rs, then `{REGENERATE}`): {undocumented:?}"
    );
    assert!(
        unrouted.is_empty(),
        "documented routes that no `.route(...)` of src/serve serves: {unrouted:?}"
    );
}

#[test]
fn every_documented_route_is_served() {
    let server = Server::start(&scratch("openapi-served"), &[]);
    for (method, path) in documented(&document()) {
        let path = path
            .replace("{id}", "0123456789abcdef")
            .replace("{format}", "sdn")
            .replace("{name}", "none.sdn");
        if path.ends_with("/events") {
            // A stream never ends: its status line is all this test reads.
            let status = stream_status(&server, &path);
            assert!(status == 200 || status == 404, "{method} {path}: {status}");
            continue;
        }
        let answer = match method.as_str() {
            "GET" => server.get(&path),
            "DELETE" => server.delete_with(&path, &[]),
            _ => server.send(&method, &path, "{}"),
        };
        assert_ne!(answer.status, 405, "{method} {path}: {}", answer.text);
        assert!(
            !(answer.status == 404 && answer.body["field"] == "path"),
            "{method} {path} is no route of the server: {}",
            answer.text
        );
    }
}

/// Every `$ref` of the document points at something in it.
#[test]
fn every_reference_resolves_inside_the_document() {
    fn walk(value: &Value, document: &Value, refs: &mut usize) {
        match value {
            Value::Object(o) => {
                if let Some(Value::String(target)) = o.get("$ref") {
                    let pointer = target
                        .strip_prefix('#')
                        .unwrap_or_else(|| panic!("{target} is not a reference inside"));
                    assert!(
                        document.pointer(pointer).is_some(),
                        "{target} resolves to nothing"
                    );
                    *refs += 1;
                }
                o.values().for_each(|v| walk(v, document, refs));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, document, refs)),
            _ => {}
        }
    }
    let document = document();
    assert_eq!(document["openapi"], "3.1.0");
    let mut refs = 0;
    walk(&document, &document, &mut refs);
    assert!(refs > 50, "only {refs} references");
    // The library's schemas are the files of spec/, not copies: each of their `$defs` is there.
    for (file, prefix) in [
        ("sdn.schema.json", "sdn"),
        ("verdict.schema.json", "verdict"),
        ("options.schema.json", "options"),
    ] {
        let schema: Value = serde_json::from_str(
            &std::fs::read_to_string(root().join("spec").join(file)).expect("a schema"),
        )
        .expect("JSON");
        for (def, value) in schema["$defs"].as_object().expect("$defs") {
            let component = &document["components"]["schemas"][format!("{prefix}.{def}")];
            assert_eq!(
                component["description"], value["description"],
                "{file}'s {def} is a component of the document"
            );
        }
    }
}

/// A validator of the document's component `name`, its references resolved in the document.
fn validator(document: &Value, name: &str) -> jsonschema::Validator {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/components/schemas/{name}"),
        "components": document["components"],
    });
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn assert_fits(validator: &jsonschema::Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} does not fit the document: {errors:?}"
    );
}

/// Found by schemathesis: a game's verdict writes `dispute` as its reason or null, where a line
/// of `verify` has a flag; the document said a flag.
#[test]
fn a_game_and_its_verdict_fit_the_document() {
    let document = document();
    let server = Server::start(&scratch("openapi-fits"), &[]);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    assert_fits(&validator(&document, "Created"), &created, "a created game");
    assert!(created["state"]["verdict"]["dispute"].is_null());
    let answer = server.post(
        &format!("/api/games/{id}/act"),
        &json!({"token": created["white"], "text": "e4"}),
    );
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_fits(
        &validator(&document, "GameState"),
        &answer.body,
        "a game's state",
    );
    let minimal = server.send_with(
        "POST",
        &format!("/api/games/{id}/act"),
        &json!({"token": created["black"], "text": "e5"}).to_string(),
        &[("Prefer", "return=minimal")],
    );
    assert_eq!(minimal.status, 200, "{}", minimal.text);
    assert_fits(
        &validator(&document, "GameState"),
        &minimal.body,
        "a minimal answer",
    );
    let refused = server.post(
        &format!("/api/games/{id}/act"),
        &json!({"token": created["white"], "text": "e4"}),
    );
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_fits(
        &validator(&document, "ErrorBody"),
        &refused.body,
        "a refusal",
    );
    let options = server.get(&format!("/api/games/{id}/options?limit=3"));
    assert_eq!(options.status, 200, "{}", options.text);
    assert_fits(
        &validator(&document, "OptionsAnswer"),
        &options.body,
        "the options",
    );
    let next = server.get(&format!("/api/games/{id}/next"));
    assert_eq!(next.status, 200, "{}", next.text);
    assert_fits(
        &validator(&document, "NextActions"),
        &next.body,
        "the next actions",
    );
    let list = server.get("/api/games");
    assert_fits(
        &validator(&document, "Summary"),
        &list.body[0],
        "a game of the list",
    );
}

/// Found by schemathesis: serde reads a struct from the array of its fields, so `[null, null]`
/// created a game; every body is an object.
#[test]
fn a_body_that_is_not_an_object_is_refused() {
    let server = Server::start(&scratch("openapi-object"), &[]);
    for body in ["[null, null]", "[]", "null", "\"Sade\"", "7"] {
        let answer = server.send("POST", "/api/games", body);
        assert_eq!(answer.status, 400, "{body}: {}", answer.text);
        assert_eq!(answer.body["field"], "body", "{body}: {}", answer.text);
    }
    let list = server.get("/api/games");
    assert_eq!(list.body, json!([]), "no game was created");
}

/// axum's own refusals (a method a route does not have, a body above the limit, a query it
/// cannot read) are JSON errors like the server's, as the document says.
#[test]
fn the_frameworks_refusals_are_json_errors() {
    let server = Server::start(&scratch("openapi-refusals"), &[]);
    let wrong = server.send("PUT", "/api/games", "{}");
    assert_eq!(wrong.status, 405, "{}", wrong.text);
    assert_eq!(wrong.body["field"], "method", "{}", wrong.text);
    let allow = wrong
        .header("allow")
        .unwrap_or_default()
        .to_ascii_uppercase();
    assert!(allow.contains("GET") && allow.contains("POST"), "{allow}");
    let big = format!("{{\"fen\": \"{}\"}}", "x".repeat(70 * 1024));
    let answer = server.send("POST", "/api/games", &big);
    assert_eq!(answer.status, 413, "{}", answer.text);
    assert_eq!(answer.body["field"], "body", "{}", answer.text);
    let (id, _) = server.create(&json!({}));
    let answer = server.get(&format!("/api/games/{id}/options?limit=many"));
    assert_eq!(answer.status, 400, "{}", answer.text);
    assert_eq!(answer.body["field"], "limit", "{}", answer.text);
}

/// The status of `GET path` read from its status line alone (the answer may be a stream that
/// never ends).
fn stream_status(server: &Server, path: &str) -> u16 {
    use std::io::{BufRead as _, BufReader, Write as _};
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("a connection");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .expect("a timeout");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n").expect("the request");
    let mut line = String::new();
    BufReader::new(stream)
        .read_line(&mut line)
        .expect("the status line");
    line.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}
