//! `options` against the referee: the same counts as the referee's search on every corpus
//! position, the same whole lists on generated positions across all six faces, and every listed
//! fulfilment, written into a record, accepted by the referee.

use sade_ref::arbiter::locate::{TurnName, query_before, sade_state_before};
use sade_ref::arbiter::options::{Answer, Limits, Line, Pieces, Query, answer, text};
use sade_ref::parse::{parse_bytes, parse_str};
use sade_ref::record::{Face, Game, Side};
use sade_ref::referee::{Status, verify};
use sade_ref::rules::sade::{self, State};
use shakmaty::Color;

use crate::support::{corpus_files, display};

fn sade_answer(state: &State, face: Face, limits: Limits) -> Answer {
    answer(
        &Query::Sade {
            state: state.clone(),
            face,
        },
        limits,
    )
    .expect("the referee analyses a reachable state")
}

/// The search's own list, as `options` would write it.
fn search_lines(state: &State, face: Face) -> Vec<(Vec<String>, Option<String>)> {
    sade::fulfilments(state, face)
        .unwrap()
        .iter()
        .map(|f| {
            (
                f.actions(state).iter().map(ToString::to_string).collect(),
                f.end.map(|e| e.termination.name().to_owned()),
            )
        })
        .collect()
}

fn lines(answer: &Answer) -> Vec<(Vec<String>, Option<String>)> {
    answer
        .options
        .iter()
        .map(|l| {
            (
                l.actions.clone(),
                l.ends.as_ref().map(|e| e.termination.to_owned()),
            )
        })
        .collect()
}

/// The line written as the turn of a record from the state's FEN: the referee accepts it, and
/// ends the game where the line says.
fn check_written(state: &State, face: Face, line: &Line, at: &str) {
    let label = match state.roller().fold_wb(Side::White, Side::Black) {
        Side::White => "1.",
        Side::Black => "1...",
    };
    let text = format!(
        "[Variant \"Sade\"]\n[FEN \"{}\"]\n\n{label} {face}: {} *\n",
        state.fen(),
        line.actions.join(" ")
    );
    let game: Game = parse_str(&text)
        .into_iter()
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{at}: `{}` cannot be read: {e}", line.text()));
    let verdict = verify(&game);
    assert_ne!(
        verdict.status,
        Status::Invalid,
        "{at}: the listed `{}` is refused: {:?}",
        line.text(),
        verdict.error
    );
    let ends = line.ends.as_ref().map(|e| e.termination);
    assert_eq!(
        verdict.termination.map(|t| t.name()),
        ends,
        "{at}: `{}`",
        line.text()
    );
}

/// Checks every listed line, or every `step`-th of a long list.
fn check_all_written(state: &State, face: Face, answer: &Answer, at: &str) -> usize {
    let step = (answer.options.len() / 30).max(1);
    let mut checked = 0;
    for line in answer.options.iter().step_by(step) {
        check_written(state, face, line, at);
        checked += 1;
    }
    checked
}

#[test]
fn counts_match_the_referee_search_on_every_corpus_position() {
    let mut files = corpus_files("corpus/games", &["sdn"]);
    files.retain(|f| display(f).contains("sade"));
    files.extend(corpus_files("corpus/rules/sade", &["sdn"]));
    let (mut positions, mut written) = (0, 0);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for game in parse_str(&text).into_iter().flatten() {
            for (index, turn) in game.turns.iter().enumerate() {
                let Some(face) = turn.face.map(|f| f.value) else {
                    continue;
                };
                let Ok(state) = sade_state_before(&game, index) else {
                    break;
                };
                let at = format!("{} turn {}", display(&file), turn.number);
                if let Some(naked) = Color::ALL.into_iter().find(|&c| state.is_naked(c)) {
                    // R17: the game is already over; the search still lists the moves.
                    the_game_is_over_by_nakedness(&state, face, naked, &at);
                    continue;
                }
                let count = sade_answer(
                    &state,
                    face,
                    Limits {
                        limit: None,
                        count_only: true,
                    },
                )
                .count;
                let search = sade::fulfilments(&state, face).unwrap().len();
                assert_eq!(count, search, "{at}: options and the search disagree");
                positions += 1;
                if positions % 4 == 0 {
                    let full = sade_answer(&state, face, Limits::default());
                    written += check_all_written(&state, face, &full, &at);
                }
            }
        }
    }
    eprintln!("{positions} corpus positions counted, {written} listed fulfilments replayed");
    assert!(positions > 500, "{positions}");
}

/// A position where a player has the king alone (R17): no fulfilment, and a "none" that names
/// the winner, Nakedness and Art. 9.3; both players naked is no position at all.
fn the_game_is_over_by_nakedness(state: &State, face: Face, naked: Color, at: &str) {
    let query = Query::Sade {
        state: state.clone(),
        face,
    };
    if state.is_naked(!naked) {
        assert!(answer(&query, Limits::default()).is_err(), "{at}");
        return;
    }
    let found = answer(&query, Limits::default()).unwrap();
    assert_eq!((found.count, found.options.len()), (0, 0), "{at}");
    let none = found.none.expect("a none answer");
    let ends = none.ends.expect("the end it is");
    assert_eq!(
        (ends.winner, ends.termination, ends.article),
        (
            Some(naked.fold_wb(Side::White, Side::Black)),
            "nakedness",
            "Art. 9.3"
        ),
        "{at}"
    );
}

/// The state before every turn of the games the seeded generator made (`corpus/games/sade_*`,
/// see tests/rules/sade/whole_games.rs), played turn by turn.
fn generated_states() -> Vec<(String, State)> {
    let mut states = Vec::new();
    let mut files = corpus_files("corpus/games", &["sdn"]);
    files.retain(|f| display(f).contains("sade"));
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let game = parse_str(&text).remove(0).unwrap();
        let mut state = State::from_game(&game).unwrap();
        for turn in &game.turns {
            let played = sade::play_turn(&state, turn);
            states.push((format!("{} before {}", display(&file), turn.number), state));
            match played.outcome {
                sade::TurnOutcome::Complete => state = played.state,
                _ => break,
            }
        }
    }
    states
}

#[test]
fn whole_lists_match_on_generated_positions_across_all_six_faces() {
    let mut per_face = [0usize; 6];
    let mut written = 0;
    for (i, (at, state)) in generated_states().iter().enumerate() {
        if per_face.iter().sum::<usize>() >= 1020 {
            break;
        }
        // Two faces a position, in turn; face 3 lists run to tens of thousands in the middle
        // game, so fewer of them.
        for face in [i % 6 + 1, (i + 3) % 6 + 1] {
            let face = Face::ALL[face - 1];
            if face == Face::Three && per_face[2] >= 60 {
                continue;
            }
            let found = sade_answer(state, face, Limits::default());
            assert_eq!(
                lines(&found),
                search_lines(state, face),
                "{at}, face {face}"
            );
            assert_eq!(found.count, found.options.len());
            if i % 10 == 0 {
                written += check_all_written(state, face, &found, &format!("{at}, face {face}"));
            }
            per_face[usize::from(face.get()) - 1] += 1;
        }
    }
    eprintln!("positions per face {per_face:?}, {written} listed fulfilments replayed");
    assert!(per_face.iter().all(|&n| n >= 60), "{per_face:?}");
    assert!(per_face.iter().sum::<usize>() >= 1000);
}

#[test]
fn the_mode_and_its_proof_on_faces_1_to_3() {
    let start = State::from_game(&Game::default()).unwrap();
    let found = sade_answer(&start, Face::Two, Limits::default());
    let mode = found.mode.unwrap();
    assert_eq!((mode.pieces, mode.color), (Pieces::Opponent, Side::Black));
    assert_eq!(
        mode.proof,
        "10 of Black's pieces other than the king can move (castling and checks that are not \
         mate aside): face 2 asks for 2"
    );
    // Black has only the king and a blocked pawn: White plays his own pieces (Art. 12.1).
    let fen = "4k3/8/8/8/8/4p3/4P3/4K2R w - - 0 1";
    let state = sade_state_before(&fen_game(fen), 0).unwrap();
    let found = sade_answer(&state, Face::One, Limits::default());
    let mode = found.mode.unwrap();
    assert_eq!((mode.pieces, mode.color), (Pieces::Own, Side::White));
    assert!(
        mode.proof
            .starts_with("none of Black's pieces but the king can move"),
        "{}",
        mode.proof
    );
    assert!(found.count > 0 && found.none.is_none());
    // Face 3 in that position: White has the king and the rook to move, not three pieces.
    let found = sade_answer(&state, Face::Three, Limits::default());
    assert_eq!(found.count, 0);
    assert_eq!(found.mode.unwrap().pieces, Pieces::Own);
    let none = found.none.unwrap();
    assert_eq!(none.article, "Art. 5");
    assert_eq!(
        none.consequence,
        "White cannot fulfil face 3 with White's own pieces, which are due: Poverty of the \
         Flesh, White loses (`--`)"
    );
}

/// R4's two examples (face 2, White to roll): the count names the pieces counted.
#[test]
fn the_count_at_the_roll_names_the_pieces_counted() {
    // Black's knight c8 and bishop e8 can move: Black's pieces are due, though after either
    // moves Rh8 pins the other, so no series completes: "none", Poverty of the Flesh.
    let state = sade_state_before(&fen_game("k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1"), 0).unwrap();
    let found = sade_answer(&state, Face::Two, Limits::default());
    let mode = found.mode.unwrap();
    assert_eq!((mode.pieces, mode.color), (Pieces::Opponent, Side::Black));
    assert_eq!(
        mode.proof,
        "Black's knight c8 and bishop e8 can move (castling and checks that are not mate \
         aside): face 2 asks for 2"
    );
    assert_eq!(found.count, 0);
    let none = found.none.unwrap();
    assert_eq!(
        none.consequence,
        "White cannot fulfil face 2 with Black's pieces, which are due: Poverty of the Flesh, \
         White loses (`--`)"
    );
    // Only Black's rook can move (Ra1 would even mate): White's own pieces are due.
    let state = sade_state_before(&fen_game("r3k3/8/8/8/8/8/1P4PP/7K w - - 0 1"), 0).unwrap();
    let found = sade_answer(&state, Face::Two, Limits::default());
    let mode = found.mode.unwrap();
    assert_eq!((mode.pieces, mode.color), (Pieces::Own, Side::White));
    assert_eq!(
        mode.proof,
        "only Black's rook a8 can move (castling and checks that are not mate aside): face 2 \
         asks for 2, so White plays his own"
    );
    assert!(found.count > 0 && found.none.is_none());
    assert!(
        found.options.iter().all(|line| line.actions[0] != "Ra1#"),
        "{:?}",
        found.options
    );
}

fn fen_game(fen: &str) -> Game {
    parse_str(&format!("[Variant \"Sade\"]\n[FEN \"{fen}\"]\n\n*\n"))
        .into_iter()
        .next()
        .unwrap()
        .unwrap()
}

#[test]
fn none_on_faces_5_and_6_says_what_follows() {
    let start = State::from_game(&Game::default()).unwrap();
    let found = sade_answer(&start, Face::Five, Limits::default());
    assert_eq!(found.count, 1);
    assert_eq!(found.options[0].actions, ["--"]);
    let none = found.none.unwrap();
    assert_eq!(none.article, "Art. 7");
    assert!(none.consequence.contains("the turn passes"));
    // White's king in the corner (b1 held by the knight, b2 by the pawn), its only neighbour a
    // blocked pawn: nothing can move.
    let state = sade_state_before(&fen_game("k7/8/8/8/8/p7/P2n4/K7 w - - 0 1"), 0).unwrap();
    let found = sade_answer(&state, Face::Six, Limits::default());
    assert_eq!(found.options.len(), 1, "{}", text(&found));
    let none = found.none.unwrap();
    assert_eq!(none.article, "Art. 9.1");
    assert!(
        none.consequence.contains("Sweet Stalemate"),
        "{}",
        none.consequence
    );
}

#[test]
fn limit_and_count_only_keep_the_count() {
    let start = State::from_game(&Game::default()).unwrap();
    let all = sade_answer(&start, Face::Three, Limits::default());
    let some = sade_answer(
        &start,
        Face::Three,
        Limits {
            limit: Some(5),
            count_only: false,
        },
    );
    assert_eq!(some.count, all.count);
    assert_eq!(some.options, all.options[..5]);
    assert!(text(&some).contains(&format!("{} fulfilments (5 listed)", all.count)));
}

/// The errors of an `options --format json` answer against spec/options.schema.json; empty
/// when it fits.
pub fn options_schema_errors(instance: &serde_json::Value) -> Vec<String> {
    static SCHEMA: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    let schema = SCHEMA.get_or_init(|| {
        let text = include_str!("../../spec/options.schema.json");
        let schema: serde_json::Value = serde_json::from_str(text).expect("the schema is JSON");
        jsonschema::validator_for(&schema).expect("options.schema.json is a schema")
    });
    schema
        .iter_errors(instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// Every position of every corpus record (before each turn, and after the last), asked as
/// `options --game FILE --turn T --format json` asks it: the answer fits the published schema,
/// whatever the variant and whether the game goes on, is over or cannot be reached.
#[test]
fn every_options_answer_on_the_corpus_fits_the_schema() {
    let files = corpus_files("corpus", &["sdn", "pgn"]);
    let (mut answers, mut over, mut wrong) = (0, 0, Vec::new());
    let mut variants = std::collections::BTreeSet::new();
    for file in files {
        let source = std::fs::read(&file).unwrap();
        for game in parse_bytes(&source).into_iter().flatten() {
            let mut names: Vec<_> = game.turns.iter().map(|t| t.number).collect();
            names.extend(game.turns.last().map(|t| t.number.next()));
            for (index, number) in names.into_iter().enumerate() {
                let name = TurnName(number);
                let Ok(query) = query_before(&game, index, name, None) else {
                    continue;
                };
                let limits = Limits {
                    limit: Some(3),
                    count_only: false,
                };
                let Ok(found) = answer(&query, limits) else {
                    continue;
                };
                let at = format!("{} before {name}", display(&file));
                let json = serde_json::to_value(&found).unwrap();
                for e in options_schema_errors(&json) {
                    wrong.push(format!("{at}: {e}"));
                }
                answers += 1;
                over += usize::from(matches!(query, Query::Over(_)));
                variants.insert(found.variant);
            }
        }
    }
    eprintln!("{answers} answers ({over} of games already over), variants {variants:?}");
    assert!(
        wrong.is_empty(),
        "{} errors:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(
        answers > 1000 && over > 50,
        "{answers} answers, {over} over"
    );
    assert_eq!(variants.len(), 3, "{variants:?}");
}

/// The schema is no formality: it refuses the capitalised colours the answer used to write,
/// an unknown key, a face 7 and an option with no action.
#[test]
fn the_options_schema_refuses_what_the_answer_never_writes() {
    let start = State::from_game(&Game::default()).unwrap();
    let found = sade_answer(
        &start,
        Face::Two,
        Limits {
            limit: Some(2),
            count_only: false,
        },
    );
    let valid = serde_json::to_value(&found).unwrap();
    assert_eq!(options_schema_errors(&valid), Vec::<String>::new());
    type Mutation = fn(&mut serde_json::Value);
    let broken: [(&str, Mutation); 5] = [
        ("a side in capitals", |v| v["side"] = "White".into()),
        ("a mode colour in capitals", |v| {
            v["mode"]["color"] = "Black".into()
        }),
        ("an unknown key", |v| v["listed"] = 2.into()),
        ("a face 7", |v| v["face"] = 7.into()),
        ("an option with no action", |v| {
            v["options"][0]["actions"] = serde_json::json!([]);
        }),
    ];
    for (what, mutate) in broken {
        let mut doc = valid.clone();
        mutate(&mut doc);
        assert!(
            !options_schema_errors(&doc).is_empty(),
            "the schema accepted {what}"
        );
    }
}

/// The game of the Sade corpus case `case`, and its start.
fn sade_case(case: &str) -> (Game, State) {
    let path = crate::support::root().join(format!("corpus/rules/sade/{case}.sdn"));
    let game = parse_bytes(&std::fs::read(&path).unwrap())
        .remove(0)
        .expect("the corpus case reads");
    let state = State::from_game(&game).expect("its start position");
    (game, state)
}

/// Art. 4.1: a series that gives a check that is not mate loses the game. `options` shows such
/// ways apart from the fulfilments (never in `count`), counts them, and each, written as the
/// turn, is judged by the referee a loss by forbidden check; the record's own losing series is
/// among them.
#[test]
fn forbidden_checks_are_shown_as_losses_and_the_referee_agrees() {
    for case in [
        "face3_forbidden_check_first_move",
        "face2_forbidden_check_second_move",
        "face6_exposure_check",
    ] {
        let (game, state) = sade_case(case);
        let turn = &game.turns[0];
        let face = turn.face.expect("a die face").value;
        let found = sade_answer(&state, face, Limits::default());
        assert!(found.losing_count > 0, "{case}: no losing way shown");
        assert_eq!(found.losing.len(), found.losing_count, "{case}");
        assert_eq!(
            found.count,
            search_lines(&state, face).len(),
            "{case}: count"
        );
        let written: Vec<String> = turn
            .actions()
            .map(|a| a.kind.to_string().trim_end_matches('+').to_owned())
            .collect();
        assert!(
            found.losing.iter().any(|l| l.actions == written),
            "{case}: the record's {written:?} is not among {:?}",
            found.losing.iter().map(Line::text).collect::<Vec<_>>()
        );
        for line in &found.losing {
            let ends = line.ends.as_ref().expect("a losing way ends the game");
            assert_eq!(
                ends.termination,
                "forbidden-check",
                "{case}: {}",
                line.text()
            );
            assert_eq!(ends.article, "Art. 4.1", "{case}: {}", line.text());
            check_written(&state, face, line, case);
        }
        assert!(
            text(&found).contains("(forbidden check, Art. 4.1: "),
            "{case}"
        );
    }
}

/// Art. 13.2, R16: a series started and left with no way to complete it is lost at that moment.
/// `options` lists it as a losing way up to that moment, and nothing after it: each losing way,
/// written as the turn, is judged by the referee a loss with the same end at its last action
/// (a check given after such a moment is void, no loss of its own). The corpus cases' own
/// series that the referee ends there are among them.
#[test]
fn a_series_left_with_no_way_to_complete_it_is_shown_as_lost_where_the_referee_ends_it() {
    let stuck = "4k2r/2p3pp/pP1P1n2/7P/8/5p2/2n2K2/5b2[QRRBBNNPPPPPqrbppp] b k - 0 16";
    let mut cases: Vec<(String, State, Face, Option<Vec<String>>)> = vec![(
        "bxc7 leaves d6 only a check".to_owned(),
        State::from_game(
            &parse_str(&format!("[Variant \"Sade\"]\n[FEN \"{stuck}\"]\n\n*\n"))
                .remove(0)
                .expect("the position reads"),
        )
        .expect("a playable position"),
        Face::new(3).expect("a die face"),
        Some(vec!["bxc7".to_owned()]),
    )];
    for case in [
        "face2_started_series_cannot_finish",
        "r16_series_stuck_is_poverty_at_that_moment",
    ] {
        let (game, state) = sade_case(case);
        let face = game.turns[0].face.expect("a die face").value;
        let ended = verify(&game)
            .ended_at
            .expect("the case ends the game")
            .action;
        // The moves up to the moment of the loss: the `--` that records it is no move.
        let written = game.turns[0]
            .actions()
            .take(ended)
            .map(|a| a.kind.to_string())
            .filter(|a| a != "--")
            .collect();
        cases.push((case.to_owned(), state, face, Some(written)));
    }
    for (case, state, face, stuck_at) in cases {
        let found = sade_answer(&state, face, Limits::default());
        let poor: Vec<&Line> = found
            .losing
            .iter()
            .filter(|l| l.ends.as_ref().is_some_and(|e| e.article == "Art. 13.2"))
            .collect();
        assert!(!poor.is_empty(), "{case}: no series left stuck is shown");
        if let Some(written) = &stuck_at {
            assert!(
                poor.iter().any(|l| &l.actions == written),
                "{case}: {written:?} is not among {:?}",
                poor.iter().map(|l| l.text()).collect::<Vec<_>>()
            );
        }
        for line in &found.losing {
            check_written(&state, face, line, &case);
            let label = state.roller().fold_wb("1.", "1...");
            let record = format!(
                "[Variant \"Sade\"]\n[FEN \"{}\"]\n\n{label} {face}: {} *\n",
                state.fen(),
                line.actions.join(" ")
            );
            let game = parse_str(&record).remove(0).expect("a listed way reads");
            let ended = verify(&game).ended_at.expect("a losing way ends the game");
            assert_eq!(
                ended.action,
                line.actions.len(),
                "{case}: `{}`",
                line.text()
            );
        }
        assert!(
            text(&found).contains("(poverty of the flesh, Art. 13.2: "),
            "{case}"
        );
    }
}

/// An `; options:` line of a corpus case: `16w Qe5 O-O-O => draw stalemate` (or `=> none`).
struct StatedOption {
    turn: TurnName,
    actions: Vec<String>,
    /// `None`: the game goes on; else the winner (`None` for a draw) and the termination.
    ends: Option<(Option<Side>, String)>,
}

fn stated_option(text: &str) -> Result<StatedOption, String> {
    let (line, end) = text
        .split_once("=>")
        .ok_or_else(|| format!("no `=>` in `{text}`"))?;
    let mut words = line.split_whitespace();
    let turn: TurnName = words
        .next()
        .ok_or_else(|| format!("no turn in `{text}`"))?
        .parse()
        .map_err(|e: sade_ref::arbiter::locate::TurnNameError| e.to_string())?;
    let actions: Vec<String> = words.map(str::to_owned).collect();
    let ends = match end.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["none"] => None,
        [winner, termination] => {
            let winner = match *winner {
                "white" => Some(Side::White),
                "black" => Some(Side::Black),
                "draw" => None,
                other => return Err(format!("`{other}` is no winner")),
            };
            Some((winner, (*termination).to_owned()))
        }
        _ => return Err(format!("cannot read the end in `{text}`")),
    };
    Ok(StatedOption {
        turn,
        actions,
        ends,
    })
}

/// The actions as `options` writes them and as a record may: check and mate marks aside.
fn bare(actions: &[String]) -> Vec<String> {
    actions
        .iter()
        .map(|a| a.trim_end_matches(['+', '#']).to_owned())
        .collect()
}

/// Every `; options:` line of the rule corpus (corpus/rules/README.md): `options` on the
/// record's turn, as `options --game FILE --turn T` asks it, lists the option with the end the
/// line states. The cases of issue 33: a first move with no second, after a check, is a
/// stalemate (M3), and so is the turn that leads to it.
#[test]
fn corpus_cases_get_the_options_they_state() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in corpus_files("corpus/rules", &["sdn", "pgn"]) {
        let source = std::fs::read(&path).unwrap();
        let head = crate::support::header(&source);
        let stated: Vec<&str> = head
            .iter()
            .filter(|(key, _)| key == "options")
            .map(|(_, value)| value.as_str())
            .collect();
        if stated.is_empty() {
            continue;
        }
        let name = display(&path);
        let game = parse_bytes(&source).remove(0).expect("the case reads");
        for text in stated {
            let option = match stated_option(text) {
                Ok(option) => option,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let found = sade_ref::arbiter::locate::turn_index(&game, option.turn)
                .and_then(|index| query_before(&game, index, option.turn, None))
                .map_err(|e| e.to_string())
                .and_then(|query| answer(&query, Limits::default()).map_err(|e| e.to_string()));
            let found = match found {
                Ok(found) => found,
                Err(e) => {
                    failures.push(format!("{name}: options {}: {e}", option.turn));
                    continue;
                }
            };
            let Some(line) = found
                .options
                .iter()
                .find(|l| bare(&l.actions) == bare(&option.actions))
            else {
                failures.push(format!(
                    "{name}: options {} does not list {:?} ({} options)",
                    option.turn, option.actions, found.count
                ));
                continue;
            };
            let ends = line
                .ends
                .as_ref()
                .map(|e| (e.winner, e.termination.to_owned()));
            if ends != option.ends {
                failures.push(format!(
                    "{name}: options {} gives `{}`, the case states {text}",
                    option.turn,
                    line.text()
                ));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 3, "{checked} options checked");
}

#[test]
fn a_turn_name_and_a_missing_face_are_refused_by_kind() {
    use sade_ref::arbiter::locate::{LocateError, TurnNameError};
    assert_eq!(
        "0w".parse::<TurnName>(),
        Err(TurnNameError::Zero {
            text: "0w".to_owned()
        })
    );
    assert!(matches!(
        "12x".parse::<TurnName>(),
        Err(TurnNameError::NoSide { .. })
    ));
    let game = fen_game("k1n5/8/8/8/8/8/P7/K7 w - - 0 1");
    let name: TurnName = "1w".parse().unwrap();
    assert_eq!(
        query_before(&game, 0, name, None).unwrap_err(),
        LocateError::NoFace { name }
    );
    assert_eq!(
        sade_ref::arbiter::locate::turn_index(&game, "5w".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "the record has no turn 5.: it has no turns: the position is the one before turn 1."
    );
}
