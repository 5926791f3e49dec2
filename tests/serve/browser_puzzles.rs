//! The Puzzles mode in a real browser (chromium over WebDriver, as tests/serve/browser.rs):
//! one puzzle solved and one failed, each turn played with the page's own controls and judged
//! by the server. Skipped outside CI when the browser or the driver is missing.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use super::browser::{driver, session, session_phone, shot, unfold};
use super::{Server, scratch};

/// The text of `css` (its `textContent`: the record is kept in the page, not shown, during a
/// puzzle).
async fn text(client: &Client, css: &str) -> String {
    client
        .execute(
            "var e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
            vec![serde_json::json!(css)],
        )
        .await
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Waits until the text of `css` passes `test` (20 s at most).
async fn wait_for(client: &Client, css: &str, test: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let t = text(client, css).await;
        if test(&t) {
            return t;
        }
        assert!(Instant::now() < deadline, "{css} never came: {t:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Types `action` in the page's action box and plays it; waits for the record to grow.
async fn play(client: &Client, action: &str) {
    let before = text(client, "#sdn").await;
    let input = client
        .find(Locator::Id("action"))
        .await
        .expect("the action box");
    input.clear().await.expect("cleared");
    input.send_keys(action).await.expect("typed");
    client
        .find(Locator::Id("send"))
        .await
        .expect("the play button")
        .click()
        .await
        .expect("a click");
    wait_for(client, "#sdn", |t| t != before).await;
}

/// The id of the game the page opened for `puzzle` (the one whose record starts from its FEN).
fn game_of(server: &Server, puzzle: &sade_ref::puzzles::Puzzle) -> String {
    let games = server.get("/api/games").body;
    games
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["id"].as_str())
        .find(|id| {
            server.get(&format!("/api/games/{id}")).body["sdn"]
                .as_str()
                .is_some_and(|s| s.contains(&puzzle.fen))
        })
        .expect("the puzzle's game")
        .to_owned()
}

/// A first move of `puzzle`'s game that gives no check (so the turn stays open), from the next
/// actions the board offers.
fn quiet_move(server: &Server, puzzle: &sade_ref::puzzles::Puzzle) -> String {
    server
        .next_texts(&game_of(server, puzzle))
        .into_iter()
        .find(|a| !a.ends_with(['+', '#']))
        .expect("a move that gives no check")
}

/// Opens the page, asks for a Marseillais puzzle, and returns it.
async fn next_puzzle(client: &Client) -> sade_ref::puzzles::Puzzle {
    next_puzzle_of(client, "").await
}

/// Opens the page, asks for a Marseillais puzzle of `theme` (empty: mixed), and returns it.
async fn next_puzzle_of(client: &Client, theme: &str) -> sade_ref::puzzles::Puzzle {
    next_puzzle_in(client, "marseillais", theme).await
}

/// Opens the page, asks for a puzzle of `game` (`sade`, `marseillais`) and `theme` (empty:
/// mixed), and returns it.
async fn next_puzzle_in(client: &Client, game: &str, theme: &str) -> sade_ref::puzzles::Puzzle {
    unfold(client, "puzzles").await;
    let before = text(client, "#puzzle-question").await;
    client
        .find(Locator::Id("puzzle-variant"))
        .await
        .expect("the variant list")
        .select_by_value(game)
        .await
        .expect("the game");
    if !theme.is_empty() {
        // The list of the game's themes is filled once the game is chosen.
        let option = format!("#puzzle-theme option[value='{theme}']");
        wait_for(client, &option, |t| !t.is_empty()).await;
    }
    client
        .find(Locator::Id("puzzle-theme"))
        .await
        .expect("the theme list")
        .select_by_value(theme)
        .await
        .expect("the theme");
    client
        .find(Locator::Id("puzzle-next"))
        .await
        .expect("the next button")
        .click()
        .await
        .expect("a click");
    let question = wait_for(client, "#puzzle-question", |t| !t.is_empty() && t != before).await;
    let id = question
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{game}-")))
        .map(|w| w.trim_end_matches(','))
        .expect("the puzzle's id")
        .to_owned();
    wait_for(client, "#sdn", |t| t.contains("FEN")).await;
    let puzzle = sade_ref::serve::puzzles::all()
        .iter()
        .find(|p| p.id == id)
        .cloned()
        .expect("a committed puzzle");
    // The board is turned to the player to act.
    let wanted = if puzzle.fen.contains(" b ") {
        "orientation-black"
    } else {
        "orientation-white"
    };
    let class = client
        .find(Locator::Id("board"))
        .await
        .expect("the board")
        .attr("class")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    assert!(class.contains(wanted), "{id}: {class}");
    puzzle
}

#[tokio::test(flavor = "current_thread")]
async fn a_puzzle_is_solved_and_the_next_one_failed_in_the_browser() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser-puzzles"), &[]);
    let client = session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");

    let puzzle = next_puzzle(&client).await;
    // An attempt is unaided (issue 30, defect 3): neither the options nor a take-back is offered.
    for help in ["options", "takeback"] {
        let shown = client
            .find(Locator::Id(help))
            .await
            .expect("the button")
            .is_displayed()
            .await
            .expect("its visibility");
        assert!(!shown, "#{help} is offered during a puzzle");
    }
    shot(&client, "puzzle").await;
    for action in puzzle.answer.split(' ') {
        play(&client, action).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| !t.is_empty()).await;
    assert!(result.starts_with("Solved. "), "{result}");
    shot(&client, "puzzle-solved").await;
    // The list of games tells the attempt apart.
    unfold(&client, "games-box").await;
    wait_for(&client, "#games", |t| t.contains("puzzle")).await;
    assert!(
        result.contains(&format!(
            "Theme: {} ({})",
            puzzle.theme.words(),
            puzzle.article
        )),
        "{result}"
    );
    let rating = wait_for(&client, "#puzzle-player", |t| {
        t.contains("1 of 1 puzzles solved at the first try")
    })
    .await;
    assert!(!rating.contains("rating: 1500 "), "{rating}");
    let shot = client.screenshot().await.expect("a screenshot");
    let dir = crate::support::root().join("target/screenshots");
    let _ = std::fs::create_dir_all(&dir);
    std::fs::write(dir.join("puzzle-solved.png"), shot).expect("saved");

    // The next one: a full turn that is not the answer (two moves of the king's rook's pawn or
    // any other legal pair the referee lists first).
    let second = next_puzzle(&client).await;
    assert_ne!(second.id, puzzle.id);
    let id = game_of(&server, &second);
    // A wrong first action, then what the board offers, one action at a time (the next
    // actions the board itself uses: the options would be help, and mark the attempt).
    let offered = || server.next_texts(&id);
    let right = second
        .answer
        .split(' ')
        .next()
        .unwrap()
        .trim_end_matches(['+', '#']);
    let wrong = offered()
        .into_iter()
        .find(|a| a.trim_end_matches(['+', '#']) != right)
        .expect("a wrong first action");
    let mover = server.get(&format!("/api/games/{id}")).body["side"].clone();
    play(&client, &wrong).await;
    loop {
        let state = server.get(&format!("/api/games/{id}")).body;
        if !(state["phase"] == "act" && state["side"] == mover && state["written"] != 0) {
            break;
        }
        play(&client, &offered()[0]).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| {
        t.contains("The board shows the answer")
    })
    .await;
    assert!(result.starts_with("Not solved: you played "), "{result}");
    // The explanation names the answer and says why it works.
    assert!(result.contains(&second.explanation), "{result}");
    wait_for(&client, "#puzzle-player", |t| t.contains("1 of 2 puzzles")).await;
    // One state, "puzzle over" (the second tester's fifth and eighth findings): the status says
    // so, not the game's turn; no seat, record or arbiter's tools; the next puzzle is offered
    // right under the result.
    let over = client
        .execute(
            "return [document.getElementById('status').textContent,
                     document.getElementById('seat').textContent,
                     document.getElementById('sdn').hidden,
                     document.getElementById('arbiter-tools').hidden,
                     document.getElementById('turn-box').hidden,
                     document.getElementById('puzzle-again').hidden];",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(
        over,
        serde_json::json!(["Puzzle over: not solved.", "", true, true, true, false]),
        "{over}"
    );
    // The attempt is over (the tester's sixth finding): its game takes no more actions, the
    // action box and the die are put away, until the next puzzle opens a game of its own.
    let put_away = client
        .execute(
            "return ['entry', 'roll', 'bot'].map(function (id) { return document.getElementById(id).hidden; });",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(
        put_away,
        serde_json::json!([true, true, true]),
        "{put_away}"
    );
    // The history (issue 31): the rating drawn over the attempts, a green dot for the solved
    // one and a red one for the other, and the themes to choose from.
    let dots = client
        .execute(
            "return [document.querySelectorAll('#puzzle-history circle.solved').length,
                     document.querySelectorAll('#puzzle-history circle.failed').length,
                     document.getElementById('puzzle-history').hidden,
                     Array.from(document.querySelectorAll('#puzzle-theme option')).map(function (o) { return o.value; })];",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(dots[0], 1, "{dots}");
    assert_eq!(dots[1], 1, "{dots}");
    assert_eq!(dots[2], false, "{dots}");
    assert!(
        dots[3]
            .as_array()
            .is_some_and(|o| o.iter().any(|v| v == "mate-in-one-turn") && o[0] == ""),
        "{dots}"
    );
    let shot = client.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join("puzzle-failed.png"), shot).expect("saved");
    super::browser::shot(&client, "puzzle-history").await;
    // The answer is drawn on the puzzle's position: the board holds the puzzle's placement.
    let placement = second.fen.split(' ').next().unwrap_or_default().to_owned();
    let shown = client
        .execute(
            "return document.getElementById('board').dataset.placement;",
            vec![],
        )
        .await
        .expect("a script runs");
    assert_eq!(shown, serde_json::json!(placement));

    // A third puzzle begun (one move that gives no check: the turn stays open) and left for the
    // next: the page says it was counted as failed, and the history has it.
    let third = next_puzzle(&client).await;
    play(&client, &quiet_move(&server, &third)).await;
    // Begun: the button says that leaving counts (the second tester's third finding).
    wait_for(&client, "#puzzle-next", |t| {
        t == "Give up: next puzzle (counts as not solved)"
    })
    .await;
    let fourth = next_puzzle(&client).await;
    let result = wait_for(&client, "#puzzle-result", |t| !t.is_empty()).await;
    assert_eq!(
        result,
        format!(
            "The puzzle left was counted: not solved (it had been begun). Its answer: {}",
            third.explanation
        ),
        "{result}"
    );
    wait_for(&client, "#puzzle-player", |t| t.contains("1 of 3 puzzles")).await;
    // The note stays until the new puzzle's first action (the third tester's finding).
    play(&client, &quiet_move(&server, &fourth)).await;
    wait_for(&client, "#puzzle-result", str::is_empty).await;
    client.close().await.expect("closed");
}

/// A defence (issue 31): the question says what to find, and a turn after which the opponent
/// mates is failed with that mate named.
#[tokio::test(flavor = "current_thread")]
async fn a_defence_failed_in_the_browser_names_the_mate_that_follows() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser-defence"), &[]);
    let client = session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");
    let puzzle = next_puzzle_of(&client, "defend").await;
    assert_eq!(puzzle.theme, sade_ref::puzzles::Theme::Defend);
    let question = text(&client, "#puzzle-question").await;
    assert!(
        question.contains(
            "Defend: the one turn not mated. Find the one turn after which the opponent cannot mate"
        ),
        "{question}"
    );
    shot(&client, "defence").await;
    let analysis = sade_ref::puzzles::analyse_defence(&puzzle.fen).unwrap();
    let mated = analysis
        .answers
        .iter()
        .find(|a| a.outcome == sade_ref::puzzles::Consequence::LosesNext)
        .expect("a turn mated next");
    for action in mated.text.split(' ') {
        play(&client, action).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| {
        t.contains("The board shows the answer")
    })
    .await;
    assert!(
        result.starts_with(&format!(
            "Not solved: you played {}, and the game goes on, but you lose at the next turn: ",
            mated.text
        )) && result.contains(" mates with "),
        "{result}"
    );
    assert!(result.contains(&puzzle.explanation), "{result}");
    shot(&client, "defence-failed").await;
}

/// The board shows no last move: an en passant puzzle's question says which pawn just stepped
/// twice, and where it may be taken (the third tester's second finding).
#[tokio::test(flavor = "current_thread")]
async fn an_en_passant_puzzle_says_which_pawn_just_stepped_twice() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser-en-passant"), &[]);
    let client = session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");
    let puzzle = next_puzzle_of(&client, "en-passant").await;
    let square = puzzle.fen.split_whitespace().nth(3).unwrap().to_owned();
    let (file, rank) = square.split_at(1);
    let (other, from, to) = if rank == "6" {
        ("Black", format!("{file}7"), format!("{file}5"))
    } else {
        ("White", format!("{file}2"), format!("{file}4"))
    };
    let question = text(&client, "#puzzle-question").await;
    assert!(
        question.contains(&format!(
            "{other}'s pawn just went {from}–{to}: it may be taken en passant on {square}"
        )),
        "{question}"
    );
    shot(&client, "en-passant").await;
    client.close().await.expect("closed");
    // On a 390×844 phone the question, with its en passant line, stands in view beside the
    // puzzle (under the board).
    let phone = session_phone(&driver, 390, 844).await;
    phone.goto(&server.url).await.expect("the page opens");
    next_puzzle_of(&phone, "en-passant").await;
    let question = phone
        .find(Locator::Id("puzzle-question"))
        .await
        .expect("the question");
    assert!(question.is_displayed().await.expect("its visibility"));
    let words = text(&phone, "#puzzle-question").await;
    assert!(words.contains("it may be taken en passant on"), "{words}");
    shot(&phone, "en-passant-phone").await;
    phone.close().await.expect("closed");
}

/// A mate in two turns in the page: the answer played, the server's reply comes on the board
/// and the page says so; the mate then solves it.
#[tokio::test(flavor = "current_thread")]
async fn a_mate_in_two_turns_is_replied_in_the_browser_and_solved_by_the_mate() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser-mate-in-two"), &[]);
    let client = session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");
    let puzzle = next_puzzle_of(&client, "mate-in-two-turns").await;
    let then = puzzle.then.clone().expect("its reply and mate");
    let question = text(&client, "#puzzle-question").await;
    assert!(
        question.contains(
            "Mate in two turns. Find the turn after which every reply is mated at your next turn"
        ),
        "{question}"
    );
    shot(&client, "mate-in-two").await;
    for action in puzzle.answer.split(' ') {
        play(&client, action).await;
    }
    let said = wait_for(&client, "#puzzle-result", |t| t.contains("replied")).await;
    assert!(said.ends_with("now mate in one turn."), "{said}");
    let sdn = text(&client, "#sdn").await;
    assert!(sdn.contains(then.reply.split(' ').next().unwrap()), "{sdn}");
    shot(&client, "mate-in-two-replied").await;
    for action in then.mate.split(' ') {
        play(&client, action).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| t.starts_with("Solved.")).await;
    assert!(result.contains("Theme: Mate in two turns (M3)"), "{result}");
    shot(&client, "mate-in-two-solved").await;
    client.close().await.expect("closed");
}

/// A win of material in the page: the best other turn is failed with what the engine makes of
/// it beside the answer; the answer, in the next puzzle of the theme, solves it.
#[tokio::test(flavor = "current_thread")]
async fn a_win_of_material_is_failed_by_the_next_best_turn_and_solved_by_the_answer() {
    let Some(driver) = driver() else { return };
    let server = Server::start(&scratch("browser-win-material"), &[]);
    let client = session(&driver).await;
    client.goto(&server.url).await.expect("the page opens");
    let puzzle = next_puzzle_of(&client, "win-material").await;
    let search = puzzle.search.clone().expect("the engine's scores");
    let question = text(&client, "#puzzle-question").await;
    assert!(
        question.contains(
            "Win material: the two moves that win a piece. Find the one turn that wins the most, \
             at least a piece"
        ),
        "{question}"
    );
    shot(&client, "win-material").await;
    for action in search.next.split(' ') {
        play(&client, action).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| {
        t.contains("The board shows the answer")
    })
    .await;
    assert!(
        result.starts_with(&format!(
            "Not solved: you played {}, and the game goes on: after the best reply and the \
             captures after it, your turn ",
            search.next
        )) && result.contains(&format!("where {} gains", puzzle.answer)),
        "{result}"
    );
    assert!(result.contains(&puzzle.explanation), "{result}");
    shot(&client, "win-material-failed").await;
    let second = next_puzzle_of(&client, "win-material").await;
    assert_ne!(second.id, puzzle.id);
    for action in second.answer.split(' ') {
        play(&client, action).await;
    }
    let result = wait_for(&client, "#puzzle-result", |t| t.starts_with("Solved.")).await;
    assert!(
        result.contains("Theme: Win material: the two moves that win a piece (M1)"),
        "{result}"
    );
    shot(&client, "win-material-solved").await;
    // A Sade puzzle solved too: the player's rating in each game is said beside the one over
    // both, and the next puzzle of a game is chosen near its own.
    let sade = next_puzzle_in(&client, "sade", "sacrifice").await;
    for action in sade.answer.split(' ') {
        play(&client, action).await;
    }
    wait_for(&client, "#puzzle-result", |t| t.starts_with("Solved.")).await;
    let line = wait_for(&client, "#puzzle-player", |t| t.contains("Sade ")).await;
    assert!(
        line.starts_with("Your rating: ")
            && line.contains(": Marseillais ")
            && line.ends_with("2 of 3 puzzles solved at the first try."),
        "{line}"
    );
    // Sade chosen, the chart draws the Sade attempt alone, at the player's Sade rating.
    let caption = text(&client, "#puzzle-history figcaption").await;
    assert_eq!(
        caption,
        "Your rating in Sade, attempt by attempt (green: solved)"
    );
    let dots = client
        .find_all(Locator::Css("#puzzle-history circle"))
        .await
        .expect("the chart's dots");
    assert_eq!(dots.len(), 1);
    shot(&client, "ratings-of-each-game").await;
    client.close().await.expect("closed");
}
