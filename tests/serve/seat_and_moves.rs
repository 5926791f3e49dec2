//! What the game page a player trusts stands on (issue 50): a clicked move is the move of the
//! piece clicked, a seat against a bot takes back its own turn, and the move list tells each
//! turn and the end in a player's words.

use serde_json::{Value, json};

use super::{Server, Table, scratch};

/// An arbiter's table of a Sade game in record mode, the faces entered, from `fen`.
fn recorded_from<'s>(server: &'s Server, fen: &str) -> Table<'s> {
    server
        .arbiters_table(&json!({"variant": "Sade", "mode": "record", "die": "entered", "fen": fen}))
}

fn moves(table: &Table<'_>) -> Value {
    let answer = table.server.get(&format!("/api/games/{}/moves", table.id));
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body
}

/// The tester's first case: face 1, White clicks his own a2 pawn and then a3. `a3` in SAN names
/// Black's a4 pawn (Black's pieces are due, Art. 12.2); the click names White's. The click is
/// refused with the referee's reason, and nothing is written.
#[test]
fn a_click_on_ones_own_a2_pawn_never_plays_the_opponents_a4_pawn() {
    let server = Server::start(&scratch("clicked_pawn"), &[]);
    let table = recorded_from(&server, "4k3/7p/8/8/p7/8/P6P/4K3 w - - 0 10");
    table.ok("roll", json!({"face": 1}));
    let refused = table.call("act", json!({"from": "a2", "to": "a3"}));
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert_eq!(refused.body["article"], "Art. 12.2", "{}", refused.text);
    let state = table.state();
    assert_eq!(state["written"], 0, "nothing written: {state}");
    assert!(!state["sdn"].as_str().unwrap().contains("a3"), "{state}");
    // The opponent's pawn, clicked, is played.
    let played = table.ok("act", json!({"from": "a4", "to": "a3"}));
    let drawn = &played["drawn"][0];
    assert_eq!(
        (&drawn["color"], &drawn["from"], &drawn["to"]),
        (&json!("black"), &json!("a4"), &json!("a3")),
        "{played}"
    );
}

/// The tester's second case, from a real game: White's Bc1–h6 became Black's Bf8–h6, as `Bh6`
/// names Black's bishop when Black's pieces are due.
#[test]
fn a_drag_of_ones_own_bishop_never_plays_the_opponents_bishop() {
    let server = Server::start(&scratch("clicked_bishop"), &[]);
    let table = recorded_from(
        &server,
        "rnbqkbnr/pppppp1p/6p1/8/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    );
    table.ok("roll", json!({"face": 1}));
    let refused = table.call("act", json!({"from": "c1", "to": "h6"}));
    assert_eq!(refused.status, 422, "{}", refused.text);
    assert!(
        refused.body["error"].as_str().unwrap().contains("Black"),
        "the reason names whose pieces are due: {}",
        refused.text
    );
    assert_eq!(table.state()["written"], 0);
    let played = table.ok("act", json!({"from": "f8", "to": "h6"}));
    assert_eq!(played["drawn"][0]["from"], "f8", "{played}");
    // A typed move is read as an arbiter reads it: `Bh6` is Black's bishop, the one due.
    let server = Server::start(&scratch("typed_bishop"), &[]);
    let table = recorded_from(
        &server,
        "rnbqkbnr/pppppp1p/6p1/8/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    );
    table.ok("roll", json!({"face": 1}));
    let typed = table.ok("act", json!({"text": "Bh6"}));
    assert_eq!(typed["drawn"][0]["from"], "f8", "{typed}");
}

/// A face 5 with nothing to bring back passes by itself; the move list says so.
#[test]
fn a_face_5_with_nothing_to_bring_back_is_told_in_the_move_list() {
    let server = Server::start(&scratch("told_face_5"), &[]);
    let table =
        server.arbiters_table(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    let state = table.ok("roll", json!({"face": 5}));
    assert_eq!(state["side"], "black", "the turn passed: {state}");
    let list = moves(&table);
    let turn = &list["turns"][0];
    assert_eq!(turn["label"], "1.", "{list}");
    assert_eq!(turn["face"], 5);
    assert_eq!(turn["actions"], json!([]));
    assert_eq!(
        turn["told"],
        "White rolled 5 and had nothing to bring back: the turn passes (Art. 7)."
    );
    assert_eq!(list["end"], Value::Null);
    // A face 5 rolled with a piece to bring back and not yet played tells nothing yet.
    let table = recorded_from(&server, "4k3/p7/8/8/8/8/P7/4K3[Qq] w - - 0 1");
    let state = table.ok("roll", json!({"face": 5}));
    assert_eq!(state["phase"], "act", "{state}");
    let list = moves(&table);
    assert_eq!(list["turns"][0]["actions"], json!([]), "{list}");
    assert_eq!(list["turns"][0]["told"], Value::Null, "{list}");
}

/// The end in a player's words: who won, by which victory and what happened.
#[test]
fn the_sacrifice_accomplished_is_told_in_a_players_words() {
    let server = Server::start(&scratch("told_end"), &[]);
    let table = recorded_from(&server, "7k/1p4pp/8/8/8/8/5PPP/R5K1 b - - 0 12");
    table.ok("roll", json!({"face": 1}));
    let over = table.ok("act", json!({"from": "a1", "to": "a8"}));
    assert_eq!(over["phase"], "over", "{over}");
    let list = moves(&table);
    assert_eq!(
        list["end"],
        json!({
            "winner": "black",
            "victory": "The Sacrifice Accomplished",
            "article": "Art. 9.2",
            "sentence": "Black moved White's rook to a8 and mated his own king."
        }),
        "{list}"
    );
    let action = &list["turns"][0]["actions"][0];
    assert_eq!(action["san"], "Ra8", "{list}");
    assert_eq!(action["fen"], "R6k/1p4pp/8/8/8/8/5PPP/6K1");
}

/// Against a bot, the human's seat takes back its last turn: the bot's reply goes with it, the
/// turn is open again and the record says what was taken back. Nobody else may.
#[test]
fn a_seat_against_a_bot_takes_back_its_last_turn() {
    let server = Server::start(&scratch("seat_takeback"), &[]);
    let (id, created) =
        server.create(&json!({"variant": "Standard", "white": "human", "black": "novice"}));
    let white = Table {
        server: &server,
        id: id.clone(),
        token: created["white"].as_str().unwrap().to_owned(),
    };
    let refused = white.call("takeback", json!({}));
    assert_eq!(refused.status, 409, "nothing played yet: {}", refused.text);
    let replied = white.ok("act", json!({"from": "e2", "to": "e4"}));
    assert_eq!(replied["side"], "white", "the bot replied: {replied}");
    let back = white.ok("takeback", json!({}));
    let sdn = back["sdn"].as_str().unwrap();
    assert_eq!(
        (&back["side"], &back["turn"]),
        (&json!("white"), &json!("1.")),
        "{sdn}"
    );
    assert!(
        sdn.contains("{taken back: White's turn 1. (e4) and what followed}"),
        "{sdn}"
    );
    let again = white.ok("act", json!({"from": "d2", "to": "d4"}));
    assert!(again["sdn"].as_str().unwrap().contains("1. d4"), "{again}");
    // The bot's seat and a game between two people: no take-back for a seat.
    let black = Table {
        server: &server,
        id,
        token: created["black"].as_str().unwrap().to_owned(),
    };
    assert_eq!(black.call("takeback", json!({})).status, 403);
    let (id, created) = server.create(&json!({"variant": "Standard"}));
    let seat = Table {
        server: &server,
        id,
        token: created["white"].as_str().unwrap().to_owned(),
    };
    seat.ok("act", json!({"text": "e4"}));
    assert_eq!(seat.call("takeback", json!({})).status, 403);
}

/// Face 6 with no piece next to the king: the next actions say, before the move, that one
/// regular move is made instead (Art. 8.7); an exposure says nothing of the kind.
#[test]
fn face_6_with_no_piece_able_to_leave_the_king_says_so_before_the_move() {
    let server = Server::start(&scratch("told_face_6"), &[]);
    let table = recorded_from(&server, "4k3/p7/8/8/8/8/7P/4K3 w - - 0 1");
    table.ok("roll", json!({"face": 6}));
    let next = server.get(&format!("/api/games/{}/next", table.id)).body;
    assert_eq!(
        next["told"],
        "no piece next to White's king can leave it: one regular move instead (Art. 8.7)",
        "{next}"
    );
    let table = recorded_from(&server, "4k3/p7/8/8/8/8/3P4/4K3 w - - 0 1");
    table.ok("roll", json!({"face": 6}));
    let next = server.get(&format!("/api/games/{}/next", table.id)).body;
    assert_eq!(next["told"], Value::Null, "d2 leaves the king: {next}");
}

/// The tester's face-6 turns written as squares (`f2f4 f1c4`): mid-turn the position keeps the
/// en passant square of the pawn that just stepped twice, with the same side to move, which
/// made no chess position for the click's SAN. Clicked moves are written in SAN.
#[test]
fn clicks_after_a_double_step_in_a_series_are_written_in_san() {
    let server = Server::start(&scratch("clicked_after_double_step"), &[]);
    let table =
        server.arbiters_table(&json!({"variant": "Sade", "mode": "record", "die": "entered"}));
    table.ok("roll", json!({"face": 6}));
    table.ok("act", json!({"from": "d2", "to": "d4"}));
    let state = table.ok("act", json!({"from": "d1", "to": "d3"}));
    let sdn = state["sdn"].as_str().unwrap();
    assert!(sdn.contains("1. 6: d4 Qd3"), "{sdn}");
}
