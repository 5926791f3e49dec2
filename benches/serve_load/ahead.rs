//! `think=ahead`: the bots' games played before the clock starts, then sent through the API.

use std::time::Instant;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde_json::json;

use super::watch::{Watcher, delays};
use super::{Outcome, Shape, call, pause, send};

/// A bot game played before the clock starts: the record to create the game from (its tags,
/// with the die's seed) and what the client then sends, in order.
pub(super) struct Prepared {
    record: String,
    steps: Vec<Step>,
}

enum Step {
    Roll,
    Act(String),
}

/// Novice against novice, until `actions` steps are ready.
pub(super) fn prepare(client: usize, actions: usize) -> Vec<Prepared> {
    let mut games = Vec::new();
    let mut ready = 0;
    let options = sade_ref::play::Options {
        max_turns: 80,
        seed: 7_000 + client as u64,
        ..sade_ref::play::Options::default()
    };
    for number in 1.. {
        if ready >= actions {
            break;
        }
        let Ok(played) = sade_ref::play::play_game(&options, number) else {
            continue;
        };
        let mut steps = Vec::new();
        for turn in &played.game.turns {
            steps.push(Step::Roll);
            let actions: Vec<String> = turn.actions().map(ToString::to_string).collect();
            // A face with nothing to do (`5: --` with an empty pocket) is fulfilled by its
            // roll: the server's turn is then complete, and the `--` the bot wrote is not sent.
            if actions != ["--"] {
                steps.extend(actions.into_iter().map(Step::Act));
            }
        }
        let mut start = played.game.clone();
        start.turns.clear();
        start.result = Some(sade_ref::record::GameResult::Unknown);
        start.set_tag("Result", "*");
        ready += steps.len();
        games.push(Prepared {
            record: sade_ref::write::sdn::to_sdn(&start),
            steps,
        });
    }
    games
}

/// A game of the server: its id and the arbiter's token.
pub(super) type Made = (String, String);

/// Creates the game a client sends `game`'s steps to (not timed: not an action).
pub(super) fn create(agent: &ureq::Agent, url: &str, game: &Prepared) -> Option<Made> {
    let (status, created) = call(
        agent,
        "POST",
        &format!("{url}/api/games"),
        Some(&json!({ "record": game.record, "arbiter": true })),
    );
    let id = created["id"].as_str()?.to_owned();
    let token = created["arbiter"].as_str()?.to_owned();
    (status == 201).then_some((id, token))
}

/// A client that sends the steps of games played ahead; its first game is `first`, made before
/// the clock started (so that the 200 games' creations, each a new file, do not all fall in
/// the run's first second), the others are made as it reaches them.
pub(super) fn client_ahead(
    agent: &ureq::Agent,
    url: &str,
    stop: Instant,
    (games, first): (&[Prepared], Option<Made>),
    shape: Shape,
    seed: u64,
) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::with_capacity(shape.actions);
    let mut failures = 0;
    let mut first = first;
    let mut seen = Vec::new();
    'games: for game in games {
        let Some((id, token)) = first.take().or_else(|| create(agent, url, game)) else {
            failures += 1;
            continue;
        };
        let watcher = if shape.watch {
            Watcher::start(shape.watch_at.unwrap_or(url), &id)
        } else {
            None
        };
        let mut versions = Vec::new();
        for step in &game.steps {
            if latencies.len() >= shape.actions || Instant::now() >= stop {
                seen.extend(watched(watcher, &versions));
                break 'games;
            }
            pause(shape, &mut rng);
            let (path, body) = match step {
                Step::Roll => ("roll", json!({ "token": token })),
                Step::Act(text) => ("act", json!({ "token": token, "text": text })),
            };
            let started = Instant::now();
            let (status, answer) = send(
                agent,
                &format!("{url}/api/games/{id}/{path}"),
                &body,
                shape.minimal,
            );
            latencies.push((started, started.elapsed()));
            if shape.watch {
                let answer: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_default();
                if let Some(version) = answer["version"].as_str() {
                    versions.push((version.to_owned(), started));
                }
            }
            if status != 200 {
                if failures == 0 && seed == 0 {
                    eprintln!(
                        "client 0: {path} {body} answered {status}: {}",
                        String::from_utf8_lossy(&answer)
                    );
                }
                failures += 1;
                seen.extend(watched(watcher, &versions));
                continue 'games;
            }
        }
        seen.extend(watched(watcher, &versions));
    }
    (latencies, failures, seen)
}

/// The delays of a game's actions to their drawing by its watcher (`watch`), once the watcher
/// has had a moment for the last.
fn watched(
    watcher: Option<Watcher>,
    versions: &[(String, Instant)],
) -> Vec<Option<std::time::Duration>> {
    let Some(watcher) = watcher else {
        return Vec::new();
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    delays(versions, &watcher.stop())
}
