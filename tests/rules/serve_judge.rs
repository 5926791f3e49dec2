//! `serve` judges each action from the turns it judged before (`referee::verify_memo`), not by a
//! replay of the whole record: the verdict must be the one a full replay (`verify`) gives, after
//! every roll, action, refused action, take-back and declared end, in all the games it plays.
//! Random bot games in record mode (the only mode with take-backs), driven through `Live` as
//! the API drives it.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sade_ref::play::{Bot, next_actions};
use sade_ref::record::{Action, Side, Variant};
use sade_ref::referee::{Status, verify};
use sade_ref::serve::board::{board_svg, board_svg_replayed};
use sade_ref::serve::input::CreateGame;
use sade_ref::serve::live::{Declared, Holder, Live, Phase};
use sade_ref::serve::new_game::{NewGame, new_game};

/// Games a variant, and steps (rolls, actions, take-backs) a game at most.
const GAMES: u64 = 4;
const STEPS: usize = 140;

fn new_live(variant: &str) -> Live {
    let request: CreateGame = serde_json::from_value(serde_json::json!({
        "variant": variant,
        "mode": "record",
    }))
    .expect("a create request");
    new_game(&NewGame::read(&request).expect("a new game's request")).expect("a new game")
}

/// The incremental verdict is the full replay's, and so is the board of the turn in progress,
/// drawn (Sade) from the state the memo kept before it.
fn agrees(live: &Live, what: &str) {
    let full = verify(&live.game);
    let sdn = || sade_ref::write::sdn::to_sdn(&live.game);
    assert_eq!(
        live.verdict,
        full,
        "{what}: the verdict kept by serve differs from a full replay of\n{}",
        sdn()
    );
    let phase = live.phase();
    let drawn = board_svg(live, phase).map_err(|e| format!("{e:?}"));
    let replayed = board_svg_replayed(live, phase).map_err(|e| format!("{e:?}"));
    assert!(
        drawn == replayed,
        "{what}: the board drawn from the memo differs from the one of a full replay of\n{}",
        sdn()
    );
    let last = live.game.turns.len().saturating_sub(1);
    if live.game.variant() == Ok(Variant::Sade)
        && matches!(phase, Phase::Act { number, .. } if live.game.turns.last().is_some_and(|t| t.number == number))
    {
        assert!(
            live.memo.state_before(&live.game, last).is_some(),
            "{what}: the memo does not hold the state before the turn in progress of\n{}",
            sdn()
        );
    }
}

/// Takes back actions until the turn in progress has none (the bots choose whole turns).
fn back_to_a_turn_start(live: &mut Live) {
    while let Phase::Act { written, .. } = live.phase()
        && written > 0
    {
        live.take_back(Holder::Arbiter).expect("a take-back");
        agrees(live, "take-back to the turn's start");
    }
}

/// Plays one random game: returns the turns the memo kept at its longest.
fn play(variant: &str, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut live = new_live(variant);
    agrees(&live, "new game");
    let mut kept = 0;
    for step in 0..STEPS {
        kept = kept.max(live.memo.kept());
        match live.phase() {
            Phase::Over => return kept,
            Phase::Roll { .. } => {
                live.roll(Holder::Arbiter, None).expect("a roll");
                agrees(&live, "roll");
            }
            Phase::Act { .. } => {
                back_to_a_turn_start(&mut live);
                if !matches!(live.phase(), Phase::Act { .. }) {
                    continue;
                }
                let actions =
                    next_actions(Bot::Random, &live.game, &mut rng).expect("the bot's turn");
                for action in actions {
                    live.act(Holder::Arbiter, vec![action])
                        .expect("the bot's action is legal");
                    agrees(&live, "action");
                }
                // Now and then a click the referee may refuse, and a take-back.
                if rng.random_range(0..8) == 0 {
                    let stray: Action = sade_ref::parse_str("[Variant \"Sade\"]\n\n1. 1: Qh5 *\n")
                        .remove(0)
                        .expect("a record")
                        .turns[0]
                        .actions()
                        .next()
                        .expect("an action")
                        .clone();
                    let _ = live.act(Holder::Arbiter, vec![stray]);
                    agrees(&live, "a stray click");
                }
                if rng.random_range(0..6) == 0 {
                    for _ in 0..rng.random_range(1..4) {
                        if live.take_back(Holder::Arbiter).is_err() {
                            break;
                        }
                        agrees(&live, "take-back");
                    }
                }
            }
        }
        if step == STEPS - 1 && seed.is_multiple_of(2) {
            let winner = if seed.is_multiple_of(4) {
                Side::White
            } else {
                Side::Black
            };
            // The server's die is seeded anew for every game, so the last step may have ended
            // the game: then no end can be declared, and the verdict stays the rules' own.
            let over = matches!(live.phase(), Phase::Over);
            let declared = live.declare(Holder::Arbiter, Declared::Resignation, Some(winner));
            assert_eq!(declared.is_err(), over, "a resignation: {declared:?}");
            agrees(&live, "declared end");
            assert_eq!(live.verdict.status, Status::Finished);
        }
    }
    kept
}

#[test]
fn a_sade_game_judged_turn_by_turn_is_judged_as_a_full_replay_judges_it() {
    let mut longest = 0;
    for seed in 0..GAMES {
        longest = longest.max(play("Sade", seed));
    }
    // The memo was used: a long game kept most of its turns.
    assert!(
        longest >= 10,
        "the memo kept at most {longest} turns: the incremental path was not exercised"
    );
}

#[test]
fn marseillais_and_standard_games_are_judged_as_a_full_replay_judges_them() {
    for variant in ["Marseillais", "Marseillais Classical", "Standard"] {
        for seed in 0..GAMES {
            play(variant, seed);
        }
    }
}
