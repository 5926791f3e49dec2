//! A finished game's analysis through the API: asked for, its progress on the game's event
//! stream and in its state, then the analysis itself, one entry a turn of the record; asked
//! again, the one kept, at once. An unfinished game is refused.

use std::io::{BufRead as _, BufReader, Write as _};

use serde_json::{Value, json};

use super::{Server, Table, scratch};

/// The record of four Sade turns (SDN's example), left unfinished: the arbiter ends it.
const SADE: &str = "[Variant \"Sade\"]\n[White \"Justine\"]\n[Black \"Juliette\"]\n\
                    [Result \"*\"]\n\n1. 3: e6 d6 Nf6 1... 4: -Nb8 e5 2. 5: N@a6 2... 1: Nc3 *\n";

/// The arbiter's table of a game continued from `record`.
fn table<'a>(server: &'a Server, record: &str, die: bool) -> Table<'a> {
    let mut request = json!({"record": record, "mode": "record"});
    if die {
        request["die"] = json!("entered");
    }
    server.arbiters_table(&request)
}

/// Each call: the data of the next event `analysis` on game `id`'s event stream.
fn analysis_events(server: &Server, id: &str) -> impl FnMut() -> String {
    let address = server.url.trim_start_matches("http://").to_owned();
    let mut stream = std::net::TcpStream::connect(&address).expect("a connection");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .expect("a timeout");
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: {address}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("the request");
    let mut reader = BufReader::new(stream);
    let mut analysis = false;
    move || loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a line of the stream");
        let line = line.trim_end();
        if line.starts_with("event: ") {
            analysis = line == "event: analysis";
        } else if let Some(data) = line.strip_prefix("data: ")
            && analysis
        {
            return data.to_owned();
        }
    }
}

/// The analysis of game `id` once done, polled.
fn done(server: &Server, id: &str) -> Value {
    for _ in 0..600 {
        let answer = server.get(&format!("/api/games/{id}/analysis"));
        assert_eq!(answer.status, 200, "{}", answer.text);
        match answer.body["status"].as_str() {
            Some("done") => return answer.body["analysis"].clone(),
            Some("running") => {
                let (done, total) = (&answer.body["done"], &answer.body["total"]);
                assert!(done.as_u64() <= total.as_u64(), "{}", answer.text);
            }
            _ => panic!("{}", answer.text),
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("the analysis of {id} did not finish in a minute");
}

#[test]
fn a_finished_sade_game_is_analysed_once_and_kept() {
    let server = Server::start(&scratch("analysis_sade"), &[]);
    let table = table(&server, SADE, true);
    let path = format!("/api/games/{}/analysis", table.id);
    assert_eq!(server.get(&path).status, 404, "never asked");
    table.ok("end", json!({"end": "resignation", "winner": "white"}));
    let mut events = analysis_events(&server, &table.id);
    let asked = server.post(&path, &json!({}));
    assert_eq!(asked.status, 202, "{}", asked.text);
    assert_eq!(
        asked.body,
        json!({"status": "running", "done": 0, "total": 4})
    );
    // The stream tells the turns analysed, counting up to the four, then that it is done.
    let mut told = vec![events()];
    while told.last().is_some_and(|t| t != "done" && t != "failed") {
        told.push(events());
    }
    assert_eq!(told.last().map(String::as_str), Some("done"), "{told:?}");
    let counts: Vec<&str> = told[..told.len() - 1].iter().map(String::as_str).collect();
    assert!(counts.iter().all(|c| c.ends_with(" 4")), "{told:?}");
    let analysis = done(&server, &table.id);
    assert_eq!(analysis["variant"], "sade");
    let turns = analysis["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 4, "{analysis}");
    assert_eq!(turns[0]["face"], 3);
    assert_eq!(turns[3]["played"], json!(["Nc3"]));
    assert!(
        analysis["players"]["white"]["luck"].is_number(),
        "{analysis}"
    );
    let again = server.post(&path, &json!({}));
    assert_eq!(again.status, 200, "{}", again.text);
    assert_eq!(again.body["status"], "done");
    assert_eq!(again.body["analysis"], analysis);
}

#[test]
fn a_finished_standard_game_is_analysed_and_an_unfinished_one_refused() {
    let server = Server::start(&scratch("analysis_standard"), &[]);
    let record = "[Variant \"Standard\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 *\n";
    let table = table(&server, record, false);
    let path = format!("/api/games/{}/analysis", table.id);
    let refused = server.post(&path, &json!({}));
    assert_eq!(refused.status, 409, "{}", refused.text);
    assert_eq!(refused.body["field"], "id", "{}", refused.text);
    assert!(
        refused.body["error"].as_str().unwrap().contains("not over"),
        "{}",
        refused.text
    );
    assert_eq!(
        server.get(&path).status,
        404,
        "a refused analysis is not kept"
    );
    table.ok("act", json!({"text": "Qh4#"}));
    assert_eq!(server.post(&path, &json!({})).status, 202);
    let analysis = done(&server, &table.id);
    assert_eq!(analysis["result"], "0-1");
    let turns = analysis["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 4, "{analysis}");
    assert_eq!(
        turns[3]["played"],
        json!(["Qh4#"]),
        "the move as the record writes it, with its mate sign"
    );
    assert_eq!(turns[2]["judgement"], "blunder", "g4 lets the queen mate");
}
