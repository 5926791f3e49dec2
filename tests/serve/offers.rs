//! What each seat may ask of the other beside the turns (spec/SERVE.md, "Offers"): a draw, a
//! take-back and a rematch, offered and answered; an abort before both sides have played; the
//! win claimed when the opponent has left. Each seat holds only its own seat here, and the
//! record tells an arbiter what was offered and answered.

use serde_json::{Value, json};

use super::{Server, Table, scratch};

/// The two seats of a new game between two people: White's table, then Black's.
fn seats<'s>(server: &'s Server, request: &Value) -> (Table<'s>, Table<'s>) {
    let (id, created) = server.create(request);
    let table = |side: &str| Table {
        server,
        id: id.clone(),
        token: created[side].as_str().expect("a seat's token").to_owned(),
    };
    (table("white"), table("black"))
}

fn standard(server: &Server) -> (Table<'_>, Table<'_>) {
    seats(server, &json!({"variant": "Standard"}))
}

#[test]
fn a_draw_offered_by_one_seat_and_accepted_by_the_other_is_a_draw_by_agreement() {
    let server = Server::start(&scratch("offers_draw"), &[]);
    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "e4"}));
    let offered = white.ok("offer", json!({"offer": "draw"}));
    assert_eq!(offered["offer"], json!({"by": "white", "proposal": "draw"}));
    assert_eq!(offered["phase"], "act", "an offer ends nothing");
    assert!(
        white.file().contains("{White offers a draw}"),
        "{}",
        white.file()
    );

    let again = white.call("offer", json!({"offer": "draw"}));
    assert_eq!(again.status, 409, "{}", again.text);
    let own = white.call("answer", json!({"accept": true}));
    assert_eq!(
        own.status, 403,
        "the seat that offered does not answer: {}",
        own.text
    );

    let drawn = black.ok("answer", json!({"accept": true}));
    assert_eq!(drawn["phase"], "over");
    assert_eq!(drawn["verdict"]["termination"], "agreement");
    assert_eq!(drawn["verdict"]["result"], "1/2-1/2");
    assert_eq!(drawn["offer"], Value::Null);
    let file = black.file();
    assert!(
        file.contains("{draw agreed}") && file.contains("1/2-1/2"),
        "{file}"
    );
}

#[test]
fn an_offer_lapses_when_the_seat_it_is_made_to_plays_on_and_a_refusal_is_written() {
    let server = Server::start(&scratch("offers_lapse"), &[]);
    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "e4"}));
    white.ok("offer", json!({"offer": "draw"}));
    let played = black.ok("act", json!({"text": "e5"}));
    assert_eq!(played["offer"], Value::Null, "playing on declines");
    let late = black.call("answer", json!({"accept": true}));
    assert_eq!(late.status, 409, "{}", late.text);

    black.ok("offer", json!({"offer": "draw"}));
    let offered_on = white.ok("act", json!({"text": "Nf3"}));
    assert_eq!(offered_on["offer"], Value::Null);
    black.ok("offer", json!({"offer": "draw"}));
    let declined = white.ok("answer", json!({"accept": false}));
    assert_eq!(declined["offer"], Value::Null);
    assert_eq!(declined["phase"], "act");
    assert!(
        white.file().contains("{White declines a draw}"),
        "{}",
        white.file()
    );
}

#[test]
fn the_same_offer_from_both_seats_is_an_agreement() {
    let server = Server::start(&scratch("offers_both"), &[]);
    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "d4"}));
    white.ok("offer", json!({"offer": "draw"}));
    let drawn = black.ok("offer", json!({"offer": "draw"}));
    assert_eq!(drawn["verdict"]["termination"], "agreement");
}

#[test]
fn a_sade_game_has_no_draw_to_offer_and_the_arbiter_offers_nothing() {
    let server = Server::start(&scratch("offers_sade"), &[]);
    let (id, created) = server.create(&json!({"variant": "Sade", "arbiter": true}));
    let white = Table {
        server: &server,
        id: id.clone(),
        token: created["white"].as_str().expect("a token").to_owned(),
    };
    let refused = white.call("offer", json!({"offer": "draw"}));
    assert_eq!(refused.status, 400, "{}", refused.text);
    assert_eq!(refused.body["field"], "offer");
    assert!(refused.text.contains("R12"), "{}", refused.text);

    let arbiter = Table {
        server: &server,
        id,
        token: created["arbiter"].as_str().expect("a token").to_owned(),
    };
    let refused = arbiter.call("offer", json!({"offer": "takeback"}));
    assert_eq!(refused.status, 403, "{}", refused.text);
}

#[test]
fn a_take_back_asked_for_and_accepted_reopens_the_askers_last_turn() {
    let server = Server::start(&scratch("offers_takeback"), &[]);
    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "e4"}));
    black.ok("act", json!({"text": "e5"}));
    white.ok("act", json!({"text": "Nf3"}));
    let nothing = black.call("answer", json!({"accept": true}));
    assert_eq!(nothing.status, 409, "no offer stands: {}", nothing.text);
    let asked = white.ok("offer", json!({"offer": "takeback"}));
    assert_eq!(asked["offer"]["proposal"], "takeback");
    assert!(
        white.file().contains("{White asks to take back turn 2.}"),
        "{}",
        white.file()
    );

    let taken = black.ok("answer", json!({"accept": true}));
    assert_eq!(taken["side"], "white");
    assert_eq!(taken["turn"], "2.");
    assert_eq!(
        taken["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let file = white.file();
    assert!(!file.contains("Nf3 "), "{file}");
    assert!(
        file.contains("Black agrees to the take-back White asked for"),
        "{file}"
    );
    white.ok("act", json!({"text": "Nc3"}));
}

#[test]
fn no_take_back_after_the_result_and_one_with_clocks_leaves_the_time_spent() {
    let server = Server::start(&scratch("offers_takeback_refused"), &[]);
    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "f3"}));
    black.ok("act", json!({"text": "e5"}));
    white.ok("act", json!({"text": "g4"}));
    let mated = black.ok("act", json!({"text": "Qh4#"}));
    assert_eq!(mated["verdict"]["termination"], "checkmate");
    let refused = white.call("offer", json!({"offer": "takeback"}));
    assert_eq!(refused.status, 409, "the result stands: {}", refused.text);

    let (white, black) = seats(
        &server,
        &json!({"variant": "Standard", "time_control": {"initial": 300, "increment": 0}}),
    );
    white.ok("act", json!({"text": "e4"}));
    black.ok("act", json!({"text": "e5"}));
    white.ok("offer", json!({"offer": "takeback"}));
    let taken = black.ok("answer", json!({"accept": true}));
    assert_eq!(taken["side"], "white");
    assert_eq!(taken["turn"], "1.");
    assert_eq!(taken["clocks"]["running"], "white", "{}", taken["clocks"]);
    assert!(taken["clocks"]["white"].as_u64().expect("White's time") <= 300_000);
    assert!(!white.file().contains("e4 "), "{}", white.file());
    white.ok("act", json!({"text": "d4"}));
}

#[test]
fn a_game_is_aborted_only_before_both_sides_have_played_and_then_takes_no_change() {
    let server = Server::start(&scratch("offers_abort"), &[]);
    let (white, black) = standard(&server);
    let fresh = white.state();
    assert_eq!(fresh["abortable"], true);
    white.ok("act", json!({"text": "e4"}));
    let aborted = black.ok("abort", json!({}));
    assert_eq!(aborted["phase"], "over");
    assert_eq!(aborted["abortable"], false);
    assert_eq!(aborted["verdict"]["result"], "*");
    assert_eq!(aborted["closed"], "aborted");
    let file = black.file();
    assert!(file.contains("[Termination \"abandoned\"]"), "{file}");
    assert!(
        file.contains("Aborted by Black before both sides had played."),
        "{file}"
    );
    let after = black.call("act", json!({"text": "e5"}));
    assert_eq!(after.status, 409, "{}", after.text);

    let (white, black) = standard(&server);
    white.ok("act", json!({"text": "e4"}));
    let played = black.ok("act", json!({"text": "e5"}));
    assert_eq!(played["abortable"], false);
    let refused = white.call("abort", json!({}));
    assert_eq!(refused.status, 409, "{}", refused.text);
    assert!(refused.text.contains("resign"), "{}", refused.text);
}

#[test]
fn the_win_is_claimed_only_once_the_opponent_has_left_the_turn_standing() {
    let server = Server::start(&scratch("offers_claim"), &["--claim-after", "2s"]);
    let (white, black) = standard(&server);
    let played = white.ok("act", json!({"text": "e4"}));
    let at = played["claimable_at"].as_u64().expect("a claim time");
    let early = white.call("claim", json!({}));
    assert_eq!(early.status, 409, "{}", early.text);
    let own = black.call("claim", json!({}));
    assert_eq!(own.status, 409, "Black is to move: {}", own.text);

    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("a clock")
            .as_millis() as u64
    };
    while now() <= at {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let claimed = white.ok("claim", json!({}));
    assert_eq!(claimed["phase"], "over");
    assert_eq!(claimed["verdict"]["winner"], "white");
    assert_eq!(claimed["verdict"]["termination"], "abandoned");
    let file = white.file();
    assert!(
        file.contains("1-0") && file.contains("White claims the win"),
        "{file}"
    );

    let (white, _) = seats(
        &server,
        &json!({"variant": "Standard", "time_control": {"initial": 300, "increment": 0}}),
    );
    assert_eq!(white.state()["claimable_at"], Value::Null, "clocks decide");
}

#[test]
fn a_rematch_agreed_starts_a_game_with_the_colours_swapped_and_each_token_its_new_seat() {
    let server = Server::start(&scratch("offers_rematch"), &[]);
    let (white, black) = standard(&server);
    let early = white.call("offer", json!({"offer": "rematch"}));
    assert_eq!(early.status, 409, "the game goes on: {}", early.text);
    white.ok("end", json!({"end": "resignation", "winner": "black"}));
    let offered = white.ok("offer", json!({"offer": "rematch"}));
    assert_eq!(
        offered["offer"],
        json!({"by": "white", "proposal": "rematch"})
    );
    let agreed = black.ok("answer", json!({"accept": true}));
    let rematch = agreed["rematch"]
        .as_str()
        .expect("the rematch's id")
        .to_owned();
    assert_ne!(rematch, white.id);

    let was_white = Table {
        server: &server,
        id: rematch.clone(),
        token: white.token.clone(),
    };
    let was_black = Table {
        server: &server,
        id: rematch,
        token: black.token.clone(),
    };
    let refused = was_white.call("act", json!({"text": "e4"}));
    assert_eq!(
        refused.status, 403,
        "White's old token is Black's now: {}",
        refused.text
    );
    was_black.ok("act", json!({"text": "e4"}));
    was_white.ok("act", json!({"text": "e5"}));
    let twice = white.call("offer", json!({"offer": "rematch"}));
    assert_eq!(twice.status, 409, "{}", twice.text);
}

#[test]
fn a_bot_takes_every_rematch_at_once() {
    let server = Server::start(&scratch("offers_rematch_bot"), &[]);
    let (white, _) = seats(&server, &json!({"variant": "Standard", "black": "novice"}));
    white.ok("end", json!({"end": "resignation", "winner": "black"}));
    let agreed = white.ok("offer", json!({"offer": "rematch"}));
    let rematch = agreed["rematch"].as_str().expect("the rematch's id");
    let state = server.get(&format!("/api/games/{rematch}")).body;
    assert_eq!(state["white"], "novice");
    assert_eq!(state["black"], "human");
    assert_eq!(state["side"], "black", "the bot has played its first move");
}
