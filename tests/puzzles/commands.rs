//! `sade-ref puzzles`: the committed puzzles re-proved by the referee, the data set rebuilt by
//! its command, and tampered puzzles refused with a clear message (spec/PUZZLES.md).

use std::collections::HashSet;

use sade_ref::puzzles::{Puzzle, PuzzleError, Question, prove, read_jsonl, to_jsonl};
use sade_ref::record::Variant;

use crate::support::{root, run_binary};

const SADE: &str = "data/puzzles/sade.jsonl";
const MARSEILLAIS: &str = "data/puzzles/marseillais.jsonl";

fn committed(path: &str) -> Vec<Puzzle> {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let (read, errors) = read_jsonl(&text);
    assert!(errors.is_empty(), "{path}: {errors:?}");
    read.into_iter().map(|(_, p)| p).collect()
}

#[test]
fn every_committed_puzzle_is_re_proved_by_puzzles_check() {
    let started = std::time::Instant::now();
    let (out, err, code) = run_binary(&["puzzles", "check", SADE, MARSEILLAIS]);
    eprintln!(
        "puzzles check took {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.is_empty(), "{err}");
    let sade = committed(SADE);
    let marseillais = committed(MARSEILLAIS);
    assert!(
        out.contains(&format!("{SADE}: {} puzzles proved, 0 failed", sade.len())),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{MARSEILLAIS}: {} puzzles proved, 0 failed",
            marseillais.len()
        )),
        "{out}"
    );
    assert!(sade.len() + marseillais.len() >= 600);
    assert!(sade.iter().all(|p| p.variant == Variant::Sade));
    assert!(
        marseillais
            .iter()
            .all(|p| p.variant == Variant::Marseillais)
    );
    for question in [Question::WinNow, Question::Survive] {
        assert!(sade.iter().any(|p| p.question == question), "{question:?}");
    }
}

#[test]
fn the_committed_puzzles_are_deduplicated_by_position_and_face() {
    let mut keys = HashSet::new();
    for p in committed(SADE).into_iter().chain(committed(MARSEILLAIS)) {
        assert!(
            keys.insert(sade_ref::puzzles::position_key(&p.fen, p.face)),
            "{} twice",
            p.id
        );
    }
}

/// Runs `puzzles generate` (with `--max-answers 1500` and `extra`) and reads what it wrote.
fn generate(variant: &str, count: &str, seed: &str, extra: &[&str]) -> String {
    let path = std::env::temp_dir().join(format!(
        "sade-ref-puzzles-{variant}-{count}-{seed}-{}.jsonl",
        std::process::id()
    ));
    let path_text = path.to_string_lossy().into_owned();
    let mut args = vec![
        "puzzles",
        "generate",
        "--variant",
        variant,
        "--count",
        count,
        "--seed",
        seed,
        "--max-answers",
        "1500",
        "-o",
        &path_text,
    ];
    args.extend_from_slice(extra);
    let (out, err, code) = run_binary(&args);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    text
}

#[test]
fn the_data_set_is_rebuilt_byte_for_byte_by_its_command() {
    // data/puzzles/README.md: seed 1, --max-answers 1500 (and --theme-share 65 for Sade).
    // Generation goes game by game and stops at the count, so a smaller count gives the first
    // lines of the committed file.
    let text = std::fs::read_to_string(root().join(MARSEILLAIS)).unwrap();
    let first: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
    let again = generate("marseillais", "4", "1", &[]);
    assert_eq!(again, first);
    assert_eq!(
        generate("marseillais", "4", "1", &[]),
        again,
        "twice the same"
    );
    let text = std::fs::read_to_string(root().join(SADE)).unwrap();
    let first: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(generate("sade", "2", "1", &["--theme-share", "65"]), first);
}

/// `--extend` adds to a set what the run would have found after it: the first three lines of
/// the Marseillais file and one more are its first four (the rare themes' lines at its end are
/// made so, data/puzzles/README.md).
#[test]
fn a_set_extended_is_the_set_then_what_the_run_finds_next() {
    let text = std::fs::read_to_string(root().join(MARSEILLAIS)).unwrap();
    let lines = |n: usize| -> String { text.lines().take(n).map(|l| format!("{l}\n")).collect() };
    let path = std::env::temp_dir().join(format!("sade-ref-extend-{}.jsonl", std::process::id()));
    std::fs::write(&path, lines(3)).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let extended = generate("marseillais", "1", "1", &["--extend", &path_text]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(extended, lines(4));
}

/// A puzzle with two answers that win: White rolls 1 with his king and one knight; Black's rook
/// or bishop takes the knight and strips White bare (Art. 9.3): both win for White.
const TWO_WINS: &str = r#"{"id":"sade-000000000000","variant":"sade","fen":"r6k/8/8/8/8/2b5/7K/N7 w - - 0 1","face":1,"question":"win-now","answer":"Rxa1","candidates":21,"rating":1000,"theme":"sacrifice-accomplished","article":"Art. 9.2","explanation":"","source":{"seed":0,"game":0,"white":"novice","black":"novice","turn":"1w"}}"#;

#[test]
fn a_puzzle_with_two_winning_answers_is_refused() {
    let (read, errors) = read_jsonl(TWO_WINS);
    assert!(errors.is_empty(), "{errors:?}");
    let err = prove(&read[0].1).unwrap_err();
    let PuzzleError::Ambiguous {
        question: Question::WinNow,
        count: 2,
        listed,
    } = &err
    else {
        panic!("{err:?}");
    };
    assert!(
        listed.contains("`Rxa1`") && listed.contains("`Bxa1`"),
        "{err}"
    );
    // The message is what `puzzles check` prints.
    assert!(
        err.to_string().starts_with("2 answers win this turn: "),
        "{err}"
    );
}

/// A face-6 survival of the first sets (2026-12-04): Black must play `Qd7`, and the turn has
/// only one other way, which checks White (Art. 4.1). A choice of two is a guess, not a puzzle.
const TWO_WAYS: &str = r#"{"id":"sade-3659d2c9d674","variant":"sade","fen":"r7/2Q1qk2/p2R3p/PpK4P/r1pP4/2R5/8/8[BBNNPPPPPbbnnpppp] b - - 1 39","face":6,"question":"survive","answer":"Qd7","candidates":2,"rating":891,"theme":"survive","article":"Art. 4.1","explanation":"Black rolls 6 and must play Qd7: each of the 1 other answers loses this turn (1 by a forbidden check (Art. 4.1)).","source":{"seed":1,"game":484,"white":"club","black":"club","turn":"39b"}}"#;

#[test]
fn a_turn_with_fewer_than_five_ways_is_no_puzzle() {
    let (read, errors) = read_jsonl(TWO_WAYS);
    assert!(errors.is_empty(), "{errors:?}");
    let err = prove(&read[0].1).unwrap_err();
    assert!(
        matches!(&err, PuzzleError::TooFewAnswers { answer, found: 2, .. } if answer == "Qd7"),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "`Qd7` is one of only 2 answers of the turn: a guess, not a puzzle (a puzzle offers at \
         least 5 ways to play its turn)"
    );
}

#[test]
fn a_wrong_answer_is_refused_with_the_referees_answer() {
    let mut p = committed(SADE)
        .into_iter()
        .find(|p| p.question == Question::WinNow)
        .unwrap();
    let right = p.answer.clone();
    p.answer = "Kh1".to_owned();
    let err = prove(&p).unwrap_err();
    assert!(
        matches!(
            &err,
            PuzzleError::WrongAnswer { answer, question: Question::WinNow, expected }
                if answer == "Kh1" && *expected == right
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!("the answer `Kh1` is not the one that wins this turn: the referee's is `{right}`")
    );
}

#[test]
fn a_changed_count_a_changed_id_or_a_foreign_question_is_refused() {
    let p = committed(MARSEILLAIS).remove(0);
    let mut q = p.clone();
    q.candidates += 1;
    let err = prove(&q).unwrap_err();
    assert!(
        matches!(
            err,
            PuzzleError::WrongCount { found, written }
                if found == p.candidates && written == p.candidates + 1
        ),
        "{err:?}"
    );
    let mut q = p.clone();
    q.id = "marseillais-000000000000".to_owned();
    assert!(matches!(
        prove(&q).unwrap_err(),
        PuzzleError::WrongId { expected, .. } if expected == p.id
    ));
    let mut q = p;
    q.question = Question::Survive;
    let err = prove(&q).unwrap_err();
    assert!(
        matches!(
            err,
            PuzzleError::WrongQuestion {
                question: Question::Survive,
                variant: Variant::Marseillais,
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the question `survive` is not a marseillais question"
    );
}

#[test]
fn puzzles_check_reports_each_bad_line_at_its_place_and_goes_on() {
    let good = committed(MARSEILLAIS).remove(0);
    let mut wrong = good.clone();
    wrong.answer = "a3 a4".to_owned();
    let text = format!(
        "{}{{\"id\": 3}}\n\n{}{TWO_WINS}\nnot json\n",
        to_jsonl(std::slice::from_ref(&good)),
        to_jsonl(&[wrong]),
    );
    let path =
        std::env::temp_dir().join(format!("sade-ref-bad-puzzles-{}.jsonl", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let (out, err, code) = run_binary(&["puzzles", "check", &path_text]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(&format!(
            "{path_text}:2:8: error: not a puzzle: id: invalid type: integer `3`, expected a string"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{path_text}:4: error: puzzle {} fails its proof: the answer `a3 a4` is not the one that mates in one turn", good.id)),
        "{err}"
    );
    assert!(
        err.contains(&format!("{path_text}:5: error: puzzle sade-000000000000 fails its proof: 2 answers win this turn")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{path_text}:6:2: error: not a puzzle: expected ident"
        )),
        "{err}"
    );
    assert!(
        out.contains("1 puzzles proved, 2 failed, 2 lines not puzzles"),
        "{out}"
    );
}

#[test]
fn every_committed_puzzle_matches_the_published_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../spec/puzzle.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for path in [SADE, MARSEILLAIS] {
        let text = std::fs::read_to_string(root().join(path)).unwrap();
        for (i, line) in text.lines().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{path}:{}: {errors:?}", i + 1);
        }
    }
    // The schema refuses what the proof would: a Sade puzzle without its face.
    let (read, _) = read_jsonl(TWO_WINS);
    let mut value = serde_json::to_value(&read[0].1).unwrap();
    value.as_object_mut().unwrap().remove("face");
    assert!(!validator.is_valid(&value));
}

/// Issue 31: the sets' sizes, sources, themes and rating spread, as the committed files hold
/// them (spec/PUZZLES.md, "Generation", "Themes", "Rating").
#[test]
fn the_committed_sets_are_large_varied_from_stronger_games_and_spread_in_rating() {
    for (path, wanted) in [(SADE, 400), (MARSEILLAIS, 600)] {
        let set = committed(path);
        assert!(set.len() >= wanted, "{path}: {} puzzles", set.len());
        let novices = set
            .iter()
            .filter(|p| p.source.white == "novice" || p.source.black == "novice")
            .count();
        assert!(
            novices * 100 <= set.len() * 15,
            "{path}: {novices} of {} from games with a novice",
            set.len()
        );
        let mut bands = std::collections::BTreeMap::new();
        for p in &set {
            assert_eq!(p.theme.variant(), p.variant, "{}: {:?}", p.id, p.theme);
            assert!((800..=2400).contains(&p.rating), "{}: {}", p.id, p.rating);
            *bands.entry(p.rating / 200).or_insert(0usize) += 1;
        }
        for (band, n) in &bands {
            assert!(
                n * 100 <= set.len() * 25,
                "{path}: {n} of {} puzzles rated {}–{}",
                set.len(),
                band * 200,
                band * 200 + 199
            );
        }
        let themes: HashSet<_> = set.iter().map(|p| p.theme).collect();
        assert!(themes.len() >= 3, "{path}: {themes:?}");
    }
}

/// Writes `puzzles` to a file and runs `puzzles check` on it.
fn check_file(name: &str, puzzles: &[Puzzle]) -> (String, String, i32, String) {
    check_file_with(name, puzzles, &[])
}

/// [`check_file`], with `extra` options.
fn check_file_with(
    name: &str,
    puzzles: &[Puzzle],
    extra: &[&str],
) -> (String, String, i32, String) {
    let path = std::env::temp_dir().join(format!("sade-ref-{name}-{}.jsonl", std::process::id()));
    std::fs::write(&path, to_jsonl(puzzles)).unwrap();
    let path_text = path.to_string_lossy().into_owned();
    let mut args = vec!["puzzles", "check", &path_text];
    args.extend_from_slice(extra);
    let (out, err, code) = run_binary(&args);
    let _ = std::fs::remove_file(&path);
    (out, err, code, path_text)
}

#[test]
fn puzzles_check_refuses_a_shared_position_and_a_near_puzzle_of_the_same_game() {
    let set = committed(SADE);
    let first = set[0].clone();
    // The same position with another face (and so another id): a shared position.
    let mut same_position = first.clone();
    same_position.face = Some(match first.face {
        Some(sade_ref::record::Face::One) => sade_ref::record::Face::Two,
        _ => sade_ref::record::Face::One,
    });
    // A proved puzzle of another game, moved to two turns after the first in its game, with its
    // theme: near it.
    let mut near = set
        .iter()
        .find(|p| p.source.game != first.source.game && p.theme == first.theme)
        .expect("a puzzle of the same theme from another game")
        .clone();
    near.source = first.source.clone();
    let (number, side) = first.source.turn.split_at(first.source.turn.len() - 1);
    near.source.turn = format!("{}{side}", number.parse::<u64>().unwrap() + 1);
    let (out, err, code, path) = check_file("near", &[first.clone(), near.clone()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains(&format!(
            "{path}:2: error: puzzle {} fails its proof: too near the puzzle `{}` of line 1: the same theme, 2 turns away in the same game",
            near.id, first.id
        )),
        "{err}"
    );
    assert!(out.contains("1 puzzles proved, 1 failed"), "{out}");
    // The shared position is refused by the proof of its own (its id and its answers are
    // another face's) or, proved, as a shared position: either way it fails.
    let (out, err, code, _) = check_file("same-position", &[first, same_position]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("1 puzzles proved, 1 failed"), "{out}");
}

#[test]
fn a_theme_article_or_rating_other_than_the_verdicts_is_refused() {
    let p = committed(MARSEILLAIS).remove(0);
    let mut q = p.clone();
    q.theme = sade_ref::puzzles::Theme::Castling;
    let err = prove(&q).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the theme `castling` is not the one the referee's verdict gives: `{}`",
            p.theme
        )
    );
    let mut q = p.clone();
    q.rating += 1;
    assert!(
        matches!(
            prove(&q).unwrap_err(),
            PuzzleError::WrongWords {
                field: "rating",
                ..
            }
        ),
        "a rating not the measured one"
    );
    let mut q = p;
    q.article = sade_ref::rules::Article::M6;
    assert!(matches!(
        prove(&q).unwrap_err(),
        PuzzleError::WrongWords {
            field: "Article",
            ..
        }
    ));
}

/// A puzzle's source leads to its position: the game played again, the position before its
/// turn, and after the sideline's turn when there is one (spec/PUZZLES.md, "Generation").
/// Two of each kind, the first of the Marseillais file, and Sade's first sideline (the games at
/// the levels that search are slow to play again in a debug build).
#[test]
fn a_puzzles_source_and_its_sideline_lead_to_its_position() {
    let set = committed(MARSEILLAIS);
    let plain = set.iter().filter(|p| p.source.sideline.is_none()).take(2);
    let sidelines: Vec<&Puzzle> = set.iter().filter(|p| p.source.sideline.is_some()).collect();
    assert!(sidelines.len() >= 2, "{} sideline puzzles", sidelines.len());
    let sade = committed(SADE);
    let sade_sideline = sade
        .iter()
        .find(|p| p.source.sideline.is_some())
        .expect("a Sade sideline puzzle");
    for p in plain
        .chain(sidelines.iter().copied().take(2))
        .chain([sade_sideline])
    {
        assert_eq!(
            sade_ref::puzzles::replay_source(p.variant, &p.source).unwrap(),
            p.fen,
            "{}",
            p.id
        );
    }
    // A sideline that is not a turn of the position is refused, with the turn named.
    let mut wrong = sidelines[0].source.clone();
    wrong.sideline = Some("Ke2 Ke1".to_owned());
    let err = sade_ref::puzzles::replay_source(Variant::Marseillais, &wrong).unwrap_err();
    assert!(
        err.to_string()
            .contains("`Ke2 Ke1` is not a turn that goes on before"),
        "{err}"
    );
}

/// `puzzles check --sources` plays each puzzle's game again: a source whose turn leads
/// elsewhere, or that names no level, is reported at its line, and the run goes on (novices'
/// games, quick to play again in a debug build).
#[test]
fn puzzles_check_sources_reports_a_source_that_leads_elsewhere_at_its_line() {
    let set = committed(MARSEILLAIS);
    let by_id = |id: &str| set.iter().find(|p| p.id == id).cloned().unwrap();
    let good = by_id("marseillais-45e313394d26");
    let mut elsewhere = by_id("marseillais-84b6cdadb889");
    assert_eq!(
        (elsewhere.source.game, elsewhere.source.turn.as_str()),
        (330, "25b")
    );
    elsewhere.source.turn = "26b".to_owned();
    let mut no_level = by_id("marseillais-5e548d1ec6e4");
    no_level.source.white = "grandmaster".to_owned();
    let (out, err, code, path) = check_file_with(
        "sources",
        &[good, elsewhere.clone(), no_level.clone()],
        &["--sources"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("3 puzzles proved, 0 failed")
            && out.contains("1 sources lead to their puzzles, 2 do not"),
        "{out}"
    );
    assert!(
        err.contains(&format!(
            "{path}:2: error: puzzle {}: the source does not lead to the puzzle: it leads to `",
            elsewhere.id
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{path}:3: error: puzzle {}: the source does not lead to the puzzle: no level `grandmaster`",
            no_level.id
        )),
        "{err}"
    );
}
