//! Self-play (`sade-ref play`, `match`) and the auditable die: every game the bots write is a
//! valid record, read back from its SDN text, and its die follows from its seed.

use std::process::Command;

use sade_ref::die;
use sade_ref::engine::Limit;
use sade_ref::parse::parse_str;
use sade_ref::play::{Bot, Options, Played, VARIANTS, play_game};
use sade_ref::record::{Face, Variant};
use sade_ref::referee::{Status, Verdict, verify};
use sade_ref::write::sdn::to_sdn;

use crate::support::root;

/// The search levels at a low node limit: the games stay short in a debug build.
const LOW: Limit = Limit::nodes(40);

/// Every level plays both colours: novice against itself, then each level against the next.
const PAIRS: [(Bot, Bot); 4] = [
    (Bot::Random, Bot::Random),
    (Bot::Greedy, Bot::Casual(LOW)),
    (Bot::Casual(LOW), Bot::Club(LOW)),
    (Bot::Club(LOW), Bot::Greedy),
];

/// Sade positions with few pieces: short searches, and the endings (nakedness, stalemate,
/// Poverty of the Flesh, resurrection from a full pool) come often.
const SADE_SETUPS: [&str; 4] = [
    "4k3/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/3q4/8/8/3P4/4K2R b K - 0 1",
    "2kr4/ppp5/8/8/8/8/5PPP/4RK2[QRBNqbn] w - - 0 20",
];

const CHESS_SETUPS: [&str; 2] = [
    "4k3/pp3ppp/8/8/8/8/PP3PPP/R3K3 w Q - 0 1",
    "r3k2r/ppp1qppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 12",
];

/// Plays `games` games of each bot pairing, writes each as SDN, reads it back and verifies
/// it: the record is valid, and the verdict is the one `play` found. Returns how many.
fn play_and_verify(options: &Options, games: u64) -> u64 {
    let mut count = 0;
    for (white, black) in PAIRS {
        let options = Options {
            white,
            black,
            ..options.clone()
        };
        for number in 1..=games {
            let Played { game, verdict } = play_game(&options, number)
                .unwrap_or_else(|e| panic!("{options:?} game {number}: {e}"));
            let text = to_sdn(&game);
            let read = parse_str(&text);
            assert_eq!(read.len(), 1, "{text}");
            let again = verify(read[0].as_ref().expect("the SDN reads back"));
            assert_ne!(again.status, Status::Invalid, "{:?}\n{text}", again.error);
            assert_eq!(summary(&again), summary(&verdict), "{text}");
            assert!(game.turns.len() <= options.max_turns, "{text}");
            count += 1;
        }
    }
    count
}

fn summary(v: &Verdict) -> (Status, Option<shakmaty::Color>, Option<&'static str>) {
    (v.status, v.winner, v.termination.map(|t| t.name()))
}

fn options(variant: Variant, max_turns: usize, fen: Option<&str>, seed: u64) -> Options {
    Options {
        variant,
        max_turns,
        fen: fen.map(str::to_owned),
        seed,
        ..Options::default()
    }
}

// 2,000 games in all: Sade 4 × (40 + 4 × 25) = 560, standard 4 × (120 + 2 × 60) = 960,
// Marseillais 4 × (30 + 30 + 2 × 30) = 480. Turn limits are low to keep the debug build's run
// short; the ignored test plays long games.

#[test]
fn sade_games_from_the_initial_position_are_valid() {
    assert_eq!(
        play_and_verify(&options(Variant::Sade, 8, None, 1), 40),
        160
    );
}

#[test]
fn sade_games_from_setups_are_valid() {
    let mut count = 0;
    for (i, fen) in SADE_SETUPS.into_iter().enumerate() {
        count += play_and_verify(&options(Variant::Sade, 30, Some(fen), i as u64), 25);
    }
    assert_eq!(count, 400);
}

#[test]
fn standard_games_are_valid() {
    let mut count = play_and_verify(&options(Variant::Standard, 200, None, 2), 120);
    for (i, fen) in CHESS_SETUPS.into_iter().enumerate() {
        count += play_and_verify(&options(Variant::Standard, 150, Some(fen), i as u64), 60);
    }
    assert_eq!(count, 960);
}

#[test]
fn marseillais_games_are_valid() {
    let mut count = play_and_verify(&options(Variant::Marseillais, 16, None, 3), 30);
    count += play_and_verify(&options(Variant::MarseillaisClassical, 16, None, 4), 30);
    for (i, fen) in CHESS_SETUPS.into_iter().enumerate() {
        count += play_and_verify(&options(Variant::Marseillais, 16, Some(fen), i as u64), 30);
    }
    assert_eq!(count, 480);
}

#[test]
#[ignore = "long: 7,492 more games of up to 150 turns (run with --ignored, in release)"]
fn many_more_games_are_valid() {
    let mut count = 0;
    for variant in [
        Variant::Standard,
        Variant::Marseillais,
        Variant::MarseillaisClassical,
    ] {
        count += play_and_verify(&options(variant, 150, None, 100), 250);
        for (i, fen) in CHESS_SETUPS.into_iter().enumerate() {
            count += play_and_verify(&options(variant, 150, Some(fen), 200 + i as u64), 125);
        }
    }
    count += play_and_verify(&options(Variant::Sade, 150, None, 100), 125);
    for (i, fen) in SADE_SETUPS.into_iter().enumerate() {
        count += play_and_verify(&options(Variant::Sade, 150, Some(fen), 300 + i as u64), 62);
    }
    // Each call plays its number of games for each of the 4 pairings.
    assert_eq!(count, 4 * (3 * (250 + 2 * 125) + 125 + 4 * 62));
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for variant in VARIANTS {
        let o = Options {
            white: Bot::Greedy,
            ..options(variant, 30, None, 9)
        };
        let a = to_sdn(&play_game(&o, 3).unwrap().game);
        let b = to_sdn(&play_game(&o, 3).unwrap().game);
        assert_eq!(a, b);
        let other = to_sdn(
            &play_game(
                &Options {
                    seed: 10,
                    ..o.clone()
                },
                3,
            )
            .unwrap()
            .game,
        );
        assert_ne!(a, other, "{variant:?}");
    }
}

#[test]
fn a_sade_game_rolls_the_faces_of_its_die_seed() {
    let played = play_game(&options(Variant::Sade, 30, None, 5), 2).unwrap();
    let seed = played.game.tag("DieSeed").unwrap();
    assert_eq!(seed, "5-2");
    assert_eq!(
        played.game.tag("DieCommit"),
        Some(die::commit(seed).as_str())
    );
    for (i, turn) in played.game.turns.iter().enumerate() {
        assert_eq!(turn.face.unwrap().value, die::face(seed, i as u64 + 1));
    }
    assert_ne!(played.verdict.status, Status::Invalid);
}

/// A game with its faces, as `play` writes it, with `edit` applied to the text.
fn edited_game(edit: impl Fn(&str) -> String) -> Verdict {
    let played = play_game(&options(Variant::Sade, 12, None, 6), 1).unwrap();
    let text = edit(&to_sdn(&played.game));
    verify(parse_str(&text)[0].as_ref().unwrap())
}

#[test]
fn a_changed_face_is_a_die_mismatch() {
    let played = play_game(&options(Variant::Sade, 12, None, 6), 1).unwrap();
    let seed = played.game.tag("DieSeed").unwrap().to_owned();
    // Change the face of the fourth turn (and only the face: its actions stay).
    let mut game = played.game.clone();
    let turn = &mut game.turns[3];
    let face = turn.face.as_mut().unwrap();
    let rolled = face.value;
    face.value = next_face(rolled);
    let verdict = verify(&parse_str(&to_sdn(&game))[0].clone().unwrap());
    assert_eq!(verdict.status, Status::Invalid);
    let error = verdict.error.unwrap();
    assert_eq!(error.code.code(), "die-mismatch", "{}", error.reason);
    assert!(
        error.reason.contains(&format!(
            "shows face {}, but the DieSeed gives face {rolled} for the record's turn 4",
            next_face(rolled)
        )),
        "{}",
        error.reason
    );
    assert_eq!(error.turn_index, 3);
    assert_eq!(error.turn, game.turns[3].number.number);
    assert_eq!(die::face(&seed, 4), rolled);
}

#[test]
fn a_seed_that_is_not_the_one_committed_to_is_refused_at_the_tags() {
    let verdict = edited_game(|text| text.replace("[DieSeed \"6-1\"]", "[DieSeed \"6-2\"]"));
    assert_eq!(verdict.status, Status::Invalid);
    let error = verdict.error.unwrap();
    assert_eq!(error.code.code(), "die-commit-mismatch", "{}", error.reason);
    assert!(
        error.reason.starts_with("the DieSeed's SHA-256 is "),
        "{}",
        error.reason
    );
    assert_eq!((error.turn_index, error.action), (0, 0));
}

#[test]
fn without_a_commitment_the_seed_alone_is_checked() {
    let verdict = edited_game(|text| {
        text.lines()
            .filter(|l| !l.starts_with("[DieCommit"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    assert_ne!(verdict.status, Status::Invalid, "{:?}", verdict.error);
    // Another seed: the faces no longer follow.
    let verdict = edited_game(|text| {
        text.lines()
            .filter(|l| !l.starts_with("[DieCommit"))
            .map(|l| {
                if l.starts_with("[DieSeed") {
                    "[DieSeed \"x\"]"
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    });
    let error = verdict.error.expect("a die mismatch");
    assert_eq!(error.code.code(), "die-mismatch", "{}", error.reason);
}

#[test]
fn a_record_without_a_die_seed_is_not_audited() {
    let verdict = edited_game(|text| {
        text.lines()
            .filter(|l| !l.starts_with("[Die"))
            .collect::<Vec<_>>()
            .join("\n")
    });
    assert_ne!(verdict.status, Status::Invalid, "{:?}", verdict.error);
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade-ref"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn play_writes_games_that_verify_reads_as_valid() {
    let dir = std::env::temp_dir().join(format!("sade-ref-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.sdn");
    let path = file.to_str().unwrap();
    let args = [
        "play",
        "--games",
        "3",
        "--seed",
        "11",
        "--max-turns",
        "12",
        "--bot",
        "greedy",
        "-o",
        path,
    ];
    let (stdout, stderr, code) = run(&args);
    assert_eq!((stdout.as_str(), stderr.as_str(), code), ("", "", 0));
    let (stdout, stderr, code) = run(&["verify", path]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    // The same seed writes the same text.
    let (again, _, _) = run(&args[..args.len() - 2]);
    assert_eq!(again, std::fs::read_to_string(&file).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_refuses_a_start_position_that_cannot_be_played() {
    let (stdout, stderr, code) = run(&["play", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert_eq!(
        stderr,
        "sade-ref: play: --fen `8/8/8/8/8/8/8/8 w - - 0 1` cannot start a Sade game: the \
         position with White to move is not a chess position (the board is empty, a king is \
         missing)\n"
    );
}

/// `play --fen hello` says once what is wrong with the text, names `--fen`, and plays no game
/// (it spoke of "game 1", "the FEN tag" and repeated "the start position cannot be played").
#[test]
fn play_says_once_why_a_fen_is_not_a_position() {
    for command in ["play", "match"] {
        let (stdout, stderr, code) = run(&[command, "--fen", "hello"]);
        assert_eq!((stdout.as_str(), code), ("", 2));
        assert_eq!(
            stderr,
            format!(
                "sade-ref: {command}: --fen `hello` is not a position: the placement `hello` is \
                 not eight ranks separated by `/`, each of piece letters (KQRBNP, kqrbnp) and \
                 counts of empty squares (1 to 8) filling eight files\n"
            )
        );
    }
}

/// `match --games 0` printed "-0.0 / 0 = 0.0%"; a match needs a game.
#[test]
fn a_match_of_no_games_is_refused() {
    let (stdout, stderr, code) = run(&["match", "--games", "0"]);
    assert_eq!((stdout.as_str(), code), ("", 2));
    assert!(
        stderr.contains("0 is not a number of games: give 1 to"),
        "{stderr}"
    );
}

#[test]
fn match_prints_both_scores_and_the_terminations() {
    let (stdout, stderr, code) = run(&[
        "match",
        "--variant",
        "standard",
        "--games",
        "6",
        "--max-turns",
        "40",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("Standard: 6 games, seed 0, colours alternating"),
        "{stdout}"
    );
    assert!(lines[1].starts_with("beginner (1)"), "{stdout}");
    assert!(lines[2].starts_with("novice (2)"), "{stdout}");
    assert!(lines[1].contains("95% CI"), "{stdout}");
    assert_eq!(lines[3], "terminations:");
    let counted: u32 = lines[4..]
        .iter()
        .map(|l| l.split_whitespace().last().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(counted, 6, "{stdout}");
}

#[test]
fn an_earlier_illegal_action_comes_before_a_later_die_mismatch() {
    use sade_ref::record::{Action, ActionKind, Item};
    use shakmaty::{Role, Square};

    let played = play_game(&options(Variant::Sade, 12, None, 6), 1).unwrap();
    let mut game = played.game.clone();
    assert!(game.turns.len() > 6, "{}", to_sdn(&game));
    // An illegal action in the first turn whose face is not 5 (a resurrection on any other
    // face), and a changed face five turns later.
    let bad = game
        .turns
        .iter()
        .position(|t| t.face.unwrap().value != Face::Five)
        .unwrap();
    game.turns[bad].items = vec![Item::Action(Action::new(ActionKind::Resurrection {
        role: Role::Queen,
        square: Square::E4,
    }))];
    let later = game.turns[bad + 5].face.as_mut().unwrap();
    later.value = next_face(later.value);
    let error = verify(&game).error.expect("an illegal action");
    assert_eq!(error.turn_index, bad);
    assert_ne!(error.code.code(), "die-mismatch", "{}", error.reason);
    // The face of that same turn changed too: the roll comes first.
    let face = game.turns[bad].face.as_mut().unwrap();
    face.value = if face.value == Face::Four {
        Face::Six
    } else {
        Face::Four
    };
    let error = verify(&game).error.expect("a die mismatch");
    assert_eq!(error.turn_index, bad);
    assert_eq!(error.code.code(), "die-mismatch", "{}", error.reason);
}

#[test]
fn a_start_position_that_is_already_over_gives_a_game_without_turns() {
    let cases = [
        (
            Variant::Standard,
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            "insufficient-material",
        ),
        (
            Variant::Marseillais,
            "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
            "insufficient-material",
        ),
        (
            Variant::Standard,
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "checkmate",
        ),
        (Variant::Sade, "4k3/8/8/8/8/8/P7/4K3 b - - 0 1", "nakedness"),
    ];
    for (variant, fen, termination) in cases {
        let played = play_game(&options(variant, 20, Some(fen), 1), 1).unwrap();
        assert!(played.game.turns.is_empty(), "{}", to_sdn(&played.game));
        assert_eq!(
            played.verdict.termination.map(|t| t.name()),
            Some(termination)
        );
        let again = verify(parse_str(&to_sdn(&played.game))[0].as_ref().unwrap());
        assert_eq!(summary(&again), summary(&played.verdict));
    }
}

/// The face after `face`, six before one: a face other than the one rolled.
fn next_face(face: Face) -> Face {
    Face::ALL[usize::from(face.get() % 6)]
}
