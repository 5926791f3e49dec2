//! `think=client` and `think=server`: clients that think during the run, between an answer and
//! their next request.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde_json::{Value, json};

use sade_ref::play::{Bot, next_actions};
use sade_ref::record::Game;
use sade_ref::rules::Detail;
use sade_ref::rules::sade::{Place, State, play_turn_at};

use super::{Outcome, Shape, Think, agent, call, pause};

/// A client that thinks during the run (`think=client` or `think=server`).
pub(super) fn client(url: &str, stop: Instant, seed: u64, shape: Shape) -> Outcome {
    let agent = agent();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::with_capacity(shape.actions);
    let mut failures = 0;
    'games: while latencies.len() < shape.actions && Instant::now() < stop {
        let (status, created) = call(
            &agent,
            "POST",
            &format!("{url}/api/games"),
            Some(&json!({ "arbiter": true })),
        );
        if status != 201 {
            failures += 1;
            break;
        }
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        let token = created["arbiter"].as_str().unwrap_or_default().to_owned();
        let mut state = created["state"].clone();
        let mut mind = Mind {
            done: 0,
            state: None,
        };
        while latencies.len() < shape.actions && Instant::now() < stop {
            match state["phase"].as_str() {
                Some("roll") => {
                    pause(shape, &mut rng);
                    let started = Instant::now();
                    let (status, next) = call(
                        &agent,
                        "POST",
                        &format!("{url}/api/games/{id}/roll"),
                        Some(&json!({ "token": token })),
                    );
                    latencies.push((started, started.elapsed()));
                    if status != 200 {
                        failures += 1;
                        continue 'games;
                    }
                    state = next;
                }
                Some("act") => {
                    // The thinking: not timed.
                    let written = state["written"].as_u64().unwrap_or(0) as usize;
                    let actions = if shape.think == Think::Server {
                        server_choice(&agent, url, &id)
                    } else {
                        match bot_choice(&state, &mut mind, &mut rng) {
                            Some(actions) => actions,
                            None => {
                                failures += 1;
                                continue 'games;
                            }
                        }
                    };
                    for action in actions.iter().skip(written) {
                        pause(shape, &mut rng);
                        let started = Instant::now();
                        let (status, next) = call(
                            &agent,
                            "POST",
                            &format!("{url}/api/games/{id}/act"),
                            Some(&json!({ "token": token, "text": action })),
                        );
                        latencies.push((started, started.elapsed()));
                        if status != 200 {
                            failures += 1;
                            continue 'games;
                        }
                        state = next;
                    }
                }
                _ => continue 'games,
            }
        }
    }
    (latencies, failures, Vec::new())
}

/// The first option of the face, as the server's options search gives it.
fn server_choice(agent: &ureq::Agent, url: &str, id: &str) -> Vec<String> {
    let (_, options) = call(
        agent,
        "GET",
        &format!("{url}/api/games/{id}/options?limit=1"),
        None,
    );
    options["options"][0]["actions"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|t| t.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_else(|| vec!["--".to_owned()])
}

/// What a client knows of its game between answers, so that its thinking costs one turn, not
/// the game: the state after the first `done` turns of the record.
struct Mind {
    done: usize,
    state: Option<State>,
}

/// The novice bot's fulfilment of the face, chosen in the client from the record in the answer:
/// the turns the client has not seen are played from its state (`play_turn_at`), and the bot is
/// asked for the last turn alone, from a record of that turn set up from the state's FEN.
fn bot_choice(state: &Value, mind: &mut Mind, rng: &mut ChaCha8Rng) -> Option<Vec<String>> {
    let sdn = state["sdn"].as_str()?;
    let game = sade_ref::parse_str(sdn).into_iter().next()?.ok()?;
    let last = game.turns.len().checked_sub(1)?;
    if mind.state.is_none() || mind.done > last {
        mind.state = Some(State::from_game(&game).ok()?);
        mind.done = 0;
    }
    let mut now = mind.state.take()?;
    for turn in &game.turns[mind.done..last] {
        now = play_turn_at(&now, turn, Detail::Verdict, Place::Inner).state;
    }
    let mut alone = Game::default();
    alone.set_tag("Variant", "Sade");
    alone.set_tag("SetUp", "1");
    alone.set_tag("FEN", now.fen());
    alone.turns.push(game.turns[last].clone());
    mind.state = Some(now);
    mind.done = last;
    let actions = next_actions(Bot::Random, &alone, rng).ok()?;
    Some(actions.iter().map(ToString::to_string).collect())
}
