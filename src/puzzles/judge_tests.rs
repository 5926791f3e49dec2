//! The judgement of attempts, checked at known puzzles: a defence, a win and a defence of
//! material, and a mate in two turns, whose reply the server plays before the second turn.

use super::analyse::{analyse_defence, analyse_material};
use super::judge::{AttemptJudgement, judge, reply_due};
use super::puzzle::{Continuation, Puzzle, Source, puzzle_id};
use super::question::Question;
use super::theme::Theme;
use crate::record::{Game, Variant};
use crate::rules::Article;

/// The defence of `generate.rs`'s test: its position, question and answer as the file has
/// them (judging reads no more; the rating and explanation here are placeholders).
fn defence() -> Puzzle {
    let fen = "1kb5/6R1/1K6/1P1B4/3P4/8/8/8 b - - 0 27";
    Puzzle {
        id: puzzle_id(Variant::Marseillais, fen, None),
        variant: Variant::Marseillais,
        fen: fen.to_owned(),
        face: None,
        question: Question::Defend,
        answer: "Be6 Kc8".to_owned(),
        then: None,
        search: None,
        candidates: 59,
        rating: 800,
        theme: Theme::Defend,
        article: Article::M3,
        explanation: String::new(),
        source: Source {
            seed: 1,
            game: 72,
            white: "club".to_owned(),
            black: "casual".to_owned(),
            turn: "27b".to_owned(),
            sideline: None,
        },
    }
}

fn attempt(puzzle: &Puzzle, turn: &str) -> AttemptJudgement {
    let text = format!(
        "[Variant \"Marseillais\"]\n[FEN \"{}\"]\n\n27... {turn} *\n",
        puzzle.fen
    );
    let game = crate::parse::parse_str(&text)
        .into_iter()
        .next()
        .unwrap()
        .unwrap();
    judge(puzzle, &game).unwrap().unwrap()
}

#[test]
fn a_defence_is_solved_by_its_turn_and_failed_by_a_turn_the_opponent_then_mates() {
    let puzzle = defence();
    let judged = attempt(&puzzle, "Be6 Kc8");
    assert!(judged.solved, "{judged:?}");
    assert_eq!(judged.verdict, "the game goes on");
    // Written in UCI, or half so, the turn is the same, and said in SAN.
    for written in ["c8e6 b8c8", "Be6 b8c8"] {
        let judged = attempt(&puzzle, written);
        assert!(judged.solved, "{written}: {judged:?}");
        assert_eq!(judged.played, "Be6 Kc8");
    }
    // Every other turn: the game goes on, and White mates at the next turn.
    let analysis = analyse_defence(&puzzle.fen).unwrap();
    let others: Vec<_> = analysis
        .answers
        .iter()
        .filter(|a| a.text != puzzle.answer)
        .collect();
    assert_eq!(others.len(), 58);
    for other in others.iter().step_by(7) {
        let judged = attempt(&puzzle, &other.text);
        assert!(!judged.solved, "{}", other.text);
        assert!(
            judged
                .verdict
                .starts_with("the game goes on, but you lose at the next turn: White mates"),
            "{}: {}",
            other.text,
            judged.verdict
        );
    }
}

/// A puzzle the engine's search decides (win or defend material) at `fen`, with the scores
/// the search gives, as the file has it (judging reads no more).
fn searched(fen: &str, question: Question, answer: &str) -> Puzzle {
    let analysis = analyse_material(fen).unwrap();
    let theme = match question {
        Question::WinMaterial => Theme::WinMaterial,
        _ => Theme::DefendMaterial,
    };
    Puzzle {
        id: puzzle_id(Variant::Marseillais, fen, None),
        fen: fen.to_owned(),
        question,
        answer: answer.to_owned(),
        search: analysis.search,
        theme,
        article: Article::M1,
        ..defence()
    }
}

/// The judgement of an attempt at `puzzle` whose one turn is `turn` (with its number).
fn attempt_at(puzzle: &Puzzle, turn: &str) -> AttemptJudgement {
    let text = format!(
        "[Variant \"Marseillais\"]\n[FEN \"{}\"]\n\n{turn} *\n",
        puzzle.fen
    );
    let game = crate::parse::parse_str(&text).remove(0).unwrap();
    judge(puzzle, &game).unwrap().unwrap()
}

/// A win of material is solved by its turn, in any order; any other turn goes on, and the
/// verdict says what the engine makes of it beside the answer.
#[test]
fn a_win_of_material_is_solved_by_its_turn_and_the_others_are_scored_beside_it() {
    let fen = "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
    let puzzle = searched(fen, Question::WinMaterial, "a3 axb4");
    let attempt = |turn: &str| attempt_at(&puzzle, &format!("4. {turn}"));
    let judged = attempt("a3 axb4");
    assert!(judged.solved, "{judged:?}");
    assert!(
        judged.verdict.starts_with(
            "you win material: after every reply and the captures after it, the turn gains 4"
        ),
        "{}",
        judged.verdict
    );
    // The queen takes the knight too, and is lost to c5 cxb4.
    let judged = attempt("Qa4 Qxb4");
    assert!(!judged.solved, "{judged:?}");
    assert!(
        judged.verdict.starts_with(
            "the game goes on: after the best reply and the captures after it, your turn loses"
        ) && judged
            .verdict
            .ends_with("where a3 axb4 gains 4.2 pawns (M1)"),
        "{}",
        judged.verdict
    );
}

/// A defence of material is solved by its turn; the verdict says it loses no piece.
#[test]
fn a_defence_of_material_is_solved_by_the_one_turn_that_loses_no_piece() {
    let fen = "4k3/P5R1/3p1p1P/4p3/3nP3/1b6/4r3/2K5 b - - 0 20";
    let puzzle = searched(fen, Question::DefendMaterial, "Ra2 Ne2");
    let attempt = |turn: &str| attempt_at(&puzzle, &format!("20... {turn}"));
    let judged = attempt("Ra2 Ne2");
    assert!(judged.solved, "{judged:?}");
    assert!(
        judged
            .verdict
            .starts_with("the game goes on, and you lose no piece: after every reply"),
        "{}",
        judged.verdict
    );
    let judged = attempt("Bd5 Rc2");
    assert!(!judged.solved, "{judged:?}");
    assert!(
        judged.verdict.contains("your turn loses") && judged.verdict.contains("where Ra2 Ne2"),
        "{}",
        judged.verdict
    );
}

/// The mate in two turns of `generate.rs`'s test, as the file has it.
fn mate_in_two() -> Puzzle {
    let fen = "8/8/8/5P2/3p4/4pk2/8/4K3 b - - 0 40";
    Puzzle {
        id: puzzle_id(Variant::Marseillais, fen, None),
        fen: fen.to_owned(),
        question: Question::MateInTwoTurns,
        answer: "e2 Ke3".to_owned(),
        then: Some(Continuation {
            reply: "f6 f7".to_owned(),
            mate: "d3 d2".to_owned(),
        }),
        candidates: 57,
        theme: Theme::MateInTwoTurns,
        ..defence()
    }
}

/// The game of an attempt at `puzzle` (Black to play, turn 40) with `turns` written.
fn game_of(puzzle: &Puzzle, turns: &str) -> Game {
    let text = format!(
        "[Variant \"Marseillais\"]\n[FEN \"{}\"]\n\n40... {turns} *\n",
        puzzle.fen
    );
    crate::parse::parse_str(&text)
        .into_iter()
        .next()
        .unwrap()
        .unwrap()
}

#[test]
fn a_mate_in_two_turns_waits_for_the_reply_and_is_solved_by_the_mate() {
    let puzzle = mate_in_two();
    // The answer, in SAN or UCI: not judged yet, and the reply is due.
    for first in ["e2 Ke3", "e3e2 f3e3"] {
        let game = game_of(&puzzle, first);
        assert_eq!(judge(&puzzle, &game).unwrap(), None, "{first}");
        assert_eq!(reply_due(&puzzle, &game), Some("f6 f7"), "{first}");
    }
    // Half the turn: nothing due.
    assert_eq!(reply_due(&puzzle, &game_of(&puzzle, "e2")), None);
    // The reply played: nothing due, nothing judged until the second turn.
    let replied = game_of(&puzzle, "e2 Ke3 41. f6 f7");
    assert_eq!(reply_due(&puzzle, &replied), None);
    assert_eq!(judge(&puzzle, &replied).unwrap(), None);
    let mated = judge(&puzzle, &game_of(&puzzle, "e2 Ke3 41. f6 f7 41... d3 d2"))
        .unwrap()
        .unwrap();
    assert!(mated.solved, "{mated:?}");
    assert_eq!(mated.played, "e2 Ke3 (reply f6 f7), then d3 d2");
    assert_eq!(
        mated.verdict,
        "you mate at your second turn: checkmate (M3)"
    );
    // A second turn that does not mate fails.
    let missed = judge(&puzzle, &game_of(&puzzle, "e2 Ke3 41. f6 f7 41... d3 Kf3"))
        .unwrap()
        .unwrap();
    assert!(!missed.solved, "{missed:?}");
    assert!(
        missed.verdict.contains("your second turn does not mate"),
        "{}",
        missed.verdict
    );
    // Another first turn fails at once, with the reply that escapes said.
    let other = judge(&puzzle, &game_of(&puzzle, "e2 Kg2"))
        .unwrap()
        .unwrap();
    assert!(!other.solved, "{other:?}");
    assert!(
        other
            .verdict
            .starts_with("the game goes on: White escapes the mate with "),
        "{}",
        other.verdict
    );
    assert_eq!(reply_due(&puzzle, &game_of(&puzzle, "e2 Kg2")), None);
}
