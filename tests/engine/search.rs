//! The search engine and the levels (issue 19): the engine plays only what the referee's own
//! generators list, takes a win when the turn has one, and is deterministic for a seed and a
//! node limit; the levels are names of `play` and `match`.

use std::ops::ControlFlow;

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sade_ref::engine::{self, Limit};
use sade_ref::play::{Bot, Options, VARIANTS, play_game};
use sade_ref::record::{Face, Variant};
use sade_ref::rules::marseillais::{TurnStart, full_turns};
use sade_ref::rules::sade::{State, TurnOutcome, play_turn, visit_fulfilments};
use sade_ref::write::sdn::to_sdn;

use crate::support::run_binary as run;

/// The Sade states of a novice game of `turns` turns from `fen`, each with the face rolled.
fn sade_states(fen: &str, seed: u64, turns: usize) -> Vec<(State, Face)> {
    let options = Options {
        variant: Variant::Sade,
        max_turns: turns,
        fen: Some(fen.to_owned()),
        seed,
        ..Options::default()
    };
    let played = play_game(&options, 1).expect("the novices play");
    let mut state = State::from_game(&played.game).expect("a Sade start");
    let mut states = Vec::new();
    for turn in &played.game.turns {
        let face = turn.face.as_ref().expect("a Sade turn has its face").value;
        states.push((state.clone(), face));
        let after = play_turn(&state, turn);
        match after.outcome {
            TurnOutcome::Complete => state = after.state,
            _ => break,
        }
    }
    states
}

const SADE_FENS: [&str; 3] = [
    "4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1",
    "2kr4/ppp5/8/8/8/8/5PPP/4RK2[QRBNqbn] w - - 0 20",
    "4k3/8/8/3q4/8/8/3P4/4K2R b K - 0 1",
];

#[test]
fn the_sade_engine_plays_a_listed_fulfilment_and_takes_a_win() {
    let mut wins = 0;
    let mut checked = 0;
    for (i, fen) in SADE_FENS.into_iter().enumerate() {
        for (state, face) in sade_states(fen, i as u64, 16) {
            let roller = state.roller();
            let mut all = Vec::new();
            let _complete = visit_fulfilments(&state, face, |f| {
                all.push(f.clone());
                ControlFlow::Continue(())
            })
            .expect("the referee's search");
            let can_win = all
                .iter()
                .any(|f| f.end.is_some_and(|end| end.winner == roller));
            for depth in [1, 2] {
                let limit = Limit {
                    depth,
                    ..Limit::nodes(120)
                };
                let mut rng = ChaCha8Rng::seed_from_u64(checked);
                let (chosen, _) = engine::sade::choose(&state, face, limit, 10, &mut rng)
                    .expect("the engine's search");
                match chosen {
                    None => assert!(all.is_empty(), "face {face}: the engine found none"),
                    Some(f) => {
                        assert!(all.contains(&f), "face {face}: {f:?} is not listed");
                        if can_win {
                            assert!(f.end.is_some_and(|end| end.winner == roller), "{f:?}");
                        }
                    }
                }
                checked += 1;
            }
            wins += usize::from(can_win);
        }
    }
    assert!(checked > 40, "{checked} turns checked");
    assert!(wins > 0, "no turn with a win among the {checked} checked");
}

#[test]
fn the_marseillais_engine_plays_a_listed_turn() {
    let starts = [
        TurnStart::initial(true),
        TurnStart::initial(false),
        TurnStart::from_fen("r3k2r/ppp1qppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 12").unwrap(),
    ];
    for (i, start) in starts.iter().enumerate() {
        let all = full_turns(start);
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let (t, stats) =
            engine::marseillais::choose(start, Limit::nodes(500), 20, &mut rng).expect("a turn");
        assert!(all.contains(&t), "{t:?}");
        assert!(stats.nodes <= 500, "{stats:?}");
    }
}

#[test]
fn the_same_seed_and_node_limit_play_the_same_game() {
    for variant in VARIANTS {
        let options = Options {
            variant,
            white: Bot::CLUB.with_limit(Some(60), None),
            black: Bot::CASUAL.with_limit(Some(60), None),
            max_turns: 8,
            fen: None,
            seed: 9,
        };
        let one = to_sdn(&play_game(&options, 2).expect("a game").game);
        let two = to_sdn(&play_game(&options, 2).expect("a game").game);
        assert_eq!(one, two);
        // Another game of the run is another game.
        let other = to_sdn(&play_game(&options, 3).expect("a game").game);
        assert_ne!(one, other, "{variant:?}");
    }
}

#[test]
fn play_takes_the_levels_by_name_and_their_games_verify() {
    let dir = std::env::temp_dir().join(format!("sade-ref-levels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for variant in ["sade", "marseillais", "standard"] {
        let file = dir.join(format!("{variant}.sdn"));
        let path = file.to_str().unwrap();
        let args = [
            "play",
            "--variant",
            variant,
            "--games",
            "2",
            "--max-turns",
            "10",
            "--white",
            "club",
            "--black",
            "casual",
            "--nodes",
            "200",
            "-o",
            path,
        ];
        let (stdout, stderr, code) = run(&args);
        assert_eq!((stdout.as_str(), stderr.as_str(), code), ("", "", 0));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("[White \"club\"]"), "{text}");
        assert!(text.contains("[Black \"casual\"]"), "{text}");
        let (stdout, stderr, code) = run(&["verify", path]);
        assert_eq!(code, 0, "{stdout}{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_old_names_still_play_and_an_unknown_level_is_refused() {
    let (stdout, stderr, code) = run(&[
        "match",
        "--variant",
        "standard",
        "--games",
        "2",
        "--max-turns",
        "10",
        "--white",
        "greedy",
        "--black",
        "random",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("beginner (1)"), "{stdout}");
    assert!(stdout.contains("novice (2)"), "{stdout}");
    let (_, stderr, code) = run(&["play", "--white", "grandmaster"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`grandmaster` is not a level"), "{stderr}");
    assert!(
        stderr.contains("novice, beginner, casual and club"),
        "{stderr}"
    );
}

#[test]
fn a_time_limit_still_plays_valid_games() {
    let (stdout, stderr, code) = run(&[
        "match",
        "--variant",
        "marseillais",
        "--games",
        "2",
        "--max-turns",
        "6",
        "--white",
        "club",
        "--black",
        "casual",
        "--movetime",
        "20",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("club (1)"), "{stdout}");
}
