//! The puzzles the generator finds, checked at known positions of the self-play: each theme's
//! puzzle at a position (a sideline's, a defence, a mate in two turns, a win or a defence of
//! material, an exposure, the Sweet Stalemate, a survival) and the quick looks for a chance.

use std::ops::ControlFlow;

use super::analyse::sade_state;
use super::answers::Consequence;
use super::chances::{may_have_to_survive, may_mate_with, may_stalemate_by_sacrifice};
use super::error::PuzzleError;
use super::options::Generate;
use super::prove::check_question;
use super::puzzle::{Continuation, Puzzle, Source};
use super::puzzle_at::puzzle_at;
use super::question::{Question, WIN_MATERIAL_GAIN};
use super::spots::{sade_faces, sade_sidelines, sidelines};
use super::theme::Theme;
use crate::record::{Face, Variant};
use crate::rules::marseillais::{TurnStart, visit_full_turns};

fn source() -> Source {
    Source {
        seed: 1,
        game: 1,
        white: "club".to_owned(),
        black: "club".to_owned(),
        turn: "19b".to_owned(),
        sideline: Some("Kd6 c5".to_owned()),
    }
}

#[test]
fn a_sideline_that_leaves_an_en_passant_mate_is_found_and_is_a_puzzle() {
    // Black, in check from the rook, plays Kd6 and c5 (check): White takes en passant,
    // dxc6, and mates with Rd7 (M4); no other turn mates.
    let start = TurnStart::from_fen("8/2pk3R/8/3P1P2/3KB2p/7P/8/8 b - - 0 19").unwrap();
    let mut options = Generate {
        themes: vec![Theme::EnPassant],
        sidelines: true,
        ..Generate::new(Variant::Marseillais, 1, 1)
    };
    let after = "8/7R/3k4/2pP1P2/3KB2p/7P/8/8 w - c6 0 20";
    let found = sidelines(&options, &start);
    assert!(
        found
            .iter()
            .any(|(san, fen)| san == "Kd6 c5" && fen == after),
        "{found:?}"
    );
    // Each sideline kept leaves White a turn that takes en passant and mates.
    for (san, fen) in &found {
        let next = TurnStart::from_fen(fen).unwrap();
        assert!(may_mate_with(&next, true, false), "{san}: {fen}");
    }
    let puzzle = puzzle_at(&options, after, None, source).unwrap();
    assert_eq!(
        (puzzle.theme, puzzle.answer.as_str()),
        (Theme::EnPassant, "dxc6 Rd7")
    );
    // Castling alone wanted: Black's sidelines give White no castling, so none is kept.
    options.themes = vec![Theme::Castling];
    assert!(sidelines(&options, &start).is_empty());
}

#[test]
fn a_defence_is_the_one_turn_after_which_the_opponent_has_no_mate() {
    // Black's king and bishop against White's king, rook, bishop and two pawns: after 58
    // of Black's 59 turns White mates next turn; only Be6 with Kc8 leaves no mate (game 72
    // of seed 1, club against casual).
    let fen = "1kb5/6R1/1K6/1P1B4/3P4/8/8/8 b - - 0 27";
    let options = Generate {
        themes: vec![Theme::Defend],
        ..Generate::new(Variant::Marseillais, 1, 1)
    };
    let puzzle = puzzle_at(&options, fen, None, source).unwrap();
    assert_eq!(
        (puzzle.question, puzzle.theme, puzzle.article),
        (Question::Defend, Theme::Defend, crate::rules::Article::M3)
    );
    assert_eq!((puzzle.answer.as_str(), puzzle.candidates), ("Be6 Kc8", 59));
    assert!(super::prove::prove(&puzzle).is_ok());
    // Every way of another answer is mated at the next turn; the answer's are not.
    let analysis = super::analyse::analyse_defence(fen).unwrap();
    let start = TurnStart::from_fen(fen).unwrap();
    let mut met = 0;
    let _complete = visit_full_turns(&start, |t| {
        let next = start.after(t).unwrap();
        let mated = super::analyse::winning_turn(&next).is_some();
        let answer = analysis
            .answers
            .iter()
            .find(|a| a.orders.contains(&t.san.join(" ")));
        assert_eq!(mated, answer.unwrap().text != "Be6 Kc8", "{:?}", t.san);
        met += 1;
        ControlFlow::Continue(())
    });
    assert_eq!(met, analysis.ways);
    assert_eq!(analysis.count(Consequence::LosesNext), 58);
    // Not named, the defence is not looked for: no turn mates, so no puzzle.
    let every = Generate::new(Variant::Marseillais, 1, 1);
    assert!(puzzle_at(&every, fen, None, source).is_none());
    // A defence of fewer than 20 answers is no puzzle: White's king walks out of the
    // queen's check (16 answers, game 19); the proof says so.
    let king_walk = "r3k3/pp1bbpp1/n7/8/4P3/3P2P1/P1P1q2K/8 w q - 0 10";
    assert!(puzzle_at(&options, king_walk, None, source).is_none());
    let walk = super::analyse::analyse_defence(king_walk).unwrap();
    assert!(matches!(
        check_question(&walk, Question::Defend),
        Err(PuzzleError::TooFewAnswers {
            found: 16,
            least: 20,
            ..
        })
    ));
}

#[test]
fn a_mate_in_two_turns_is_the_one_turn_after_which_every_reply_is_mated() {
    // Black's pawn steps to e2 and the king to e3: White's king has no square, and White's
    // only turn, f6 f7, lets d3 d2 mate (game 45 of seed 1, casual against casual).
    let fen = "8/8/8/5P2/3p4/4pk2/8/4K3 b - - 0 40";
    let options = Generate {
        themes: vec![Theme::MateInTwoTurns],
        ..Generate::new(Variant::Marseillais, 1, 1)
    };
    let puzzle = puzzle_at(&options, fen, None, source).unwrap();
    assert_eq!(
        (puzzle.question, puzzle.theme, puzzle.answer.as_str()),
        (Question::MateInTwoTurns, Theme::MateInTwoTurns, "e2 Ke3")
    );
    assert_eq!(
        puzzle.then,
        Some(Continuation {
            reply: "f6 f7".to_owned(),
            mate: "d3 d2".to_owned()
        })
    );
    assert!(super::prove::prove(&puzzle).is_ok());
    // Every other answer has a reply that escapes; the answer's one reply does not.
    let analysis = super::analyse::analyse_mate_in_two(fen).unwrap();
    assert_eq!(analysis.count(Consequence::MatesNext), 1);
    assert_eq!(
        analysis.count(Consequence::GoesOn),
        analysis.answers.len() - 1
    );
    let start = TurnStart::from_fen(fen).unwrap();
    let _complete = visit_full_turns(&start, |t| {
        let next = start.after(t).unwrap();
        let escapes = super::mates::escape(&next, &mut None).is_some();
        let answer = analysis
            .answers
            .iter()
            .find(|a| a.orders.contains(&t.san.join(" ")))
            .unwrap();
        assert_eq!(
            escapes,
            answer.outcome == Consequence::GoesOn,
            "{:?}",
            t.san
        );
        ControlFlow::Continue(())
    });
    // The proof holds the file's reply and mate to the referee's.
    let mut wrong = puzzle.clone();
    wrong.then = Some(Continuation {
        reply: "f6 f7".to_owned(),
        mate: "d2 d1=Q".to_owned(),
    });
    assert!(matches!(
        super::prove::prove(&wrong),
        Err(PuzzleError::WrongContinuation { .. })
    ));
    // Not named, it is not looked for.
    let every = Generate::new(Variant::Marseillais, 1, 1);
    assert!(puzzle_at(&every, fen, None, source).is_none());
    // A position with a mate in one turn is no mate in two: the proof says so.
    let sooner = "8/8/8/5P2/8/3pk3/4p3/4K3 b - - 0 40";
    let quick = super::analyse::analyse_mate_in_two(sooner).unwrap();
    assert!(matches!(
        check_question(&quick, Question::MateInTwoTurns),
        Err(PuzzleError::MatesSooner { .. })
    ));
}

#[test]
fn a_win_of_material_is_the_one_turn_that_wins_a_piece_by_a_margin() {
    // a3 attacks the knight on b4 and axb4 takes it: the two moves of one turn win a piece
    // (game 12 of seed 3, club against casual). Qa4 Qxb4 takes it too, but c5 cxb4 then
    // takes the queen.
    let fen = "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
    let (puzzle, search) = searched(Theme::WinMaterial, fen);
    assert_eq!(
        (puzzle.question, puzzle.answer.as_str()),
        (Question::WinMaterial, "a3 axb4")
    );
    assert!(
        search.score - search.before >= WIN_MATERIAL_GAIN,
        "{search:?}"
    );
    let analysis = super::analyse::analyse_material(fen).unwrap();
    assert_eq!(analysis.count(Consequence::WinsMaterial), 1);
    let queen = analysis
        .answers
        .iter()
        .find(|a| a.orders.iter().any(|o| o == "Qa4 Qxb4"))
        .unwrap();
    assert_eq!(queen.outcome, Consequence::GoesOn);
    // The proof holds the file's scores to the search's.
    let mut wrong = puzzle.clone();
    wrong.search = Some(super::puzzle::Search {
        next_score: search.next_score - 1,
        ..search.clone()
    });
    assert!(matches!(
        super::prove::prove(&wrong),
        Err(PuzzleError::WrongSearch { .. })
    ));
    // Without Black's knight nothing hangs: no turn wins material.
    let quiet = "r1bqkbr1/pppppp1p/6p1/8/2P1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
    let none = super::analyse::analyse_material(quiet).unwrap();
    assert!(matches!(
        check_question(&none, Question::WinMaterial),
        Err(PuzzleError::NoAnswer(Question::WinMaterial))
    ));
    // A position with a mate in one turn is no win of material: the proof says so.
    let mate = "7k/8/8/8/8/8/8/RR4K1 w - - 0 1";
    let quick = super::analyse::analyse_material(mate).unwrap();
    assert!(matches!(
        check_question(&quick, Question::WinMaterial),
        Err(PuzzleError::MatesSooner { .. })
    ));
}

#[test]
fn a_defence_of_material_is_the_one_turn_that_loses_no_piece() {
    // White's pawn on a7 queens unless Black's rook comes back to the a-file: Ra2, then Ne2
    // with check (game 225 of seed 1, casual against casual).
    let fen = "4k3/P5R1/3p1p1P/4p3/3nP3/1b6/4r3/2K5 b - - 0 20";
    let (puzzle, search) = searched(Theme::DefendMaterial, fen);
    assert_eq!(
        (puzzle.question, puzzle.answer.as_str()),
        (Question::DefendMaterial, "Ra2 Ne2")
    );
    let gain = search.score - search.before;
    assert!(
        -WIN_MATERIAL_GAIN < gain && gain < WIN_MATERIAL_GAIN,
        "{search:?}"
    );
    let analysis = super::analyse::analyse_material(fen).unwrap();
    assert_eq!(
        (
            analysis.count(Consequence::Holds),
            analysis.count(Consequence::WinsMaterial)
        ),
        (1, 0)
    );
    // Asked as a win of material, it has no answer; a win of material asked as a defence
    // has none either.
    assert!(matches!(
        check_question(&analysis, Question::WinMaterial),
        Err(PuzzleError::NoAnswer(Question::WinMaterial))
    ));
    let win = "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
    let win = super::analyse::analyse_material(win).unwrap();
    assert!(matches!(
        check_question(&win, Question::DefendMaterial),
        Err(PuzzleError::NoAnswer(Question::DefendMaterial))
    ));
}

/// The puzzle of `theme` (a question the engine's search decides) at `fen`: proved, its
/// scores at the stated depth with the margin over the next best, and not looked for
/// unless named.
fn searched(theme: Theme, fen: &str) -> (Puzzle, super::puzzle::Search) {
    let options = Generate {
        themes: vec![theme],
        ..Generate::new(Variant::Marseillais, 1, 1)
    };
    let puzzle = puzzle_at(&options, fen, None, source).unwrap();
    assert_eq!(puzzle.theme, theme);
    let search = puzzle.search.clone().expect("the engine's scores");
    assert_eq!(search.depth, super::question::WIN_MATERIAL_DEPTH);
    assert!(
        search.score - search.next_score >= WIN_MATERIAL_GAIN,
        "{search:?}"
    );
    assert!(super::prove::prove(&puzzle).is_ok());
    let every = Generate::new(Variant::Marseillais, 1, 1);
    assert!(puzzle_at(&every, fen, None, source).is_none());
    (puzzle, search)
}

#[test]
fn a_face_6_survival_is_an_exposure_puzzle() {
    // Black rolls 6: the f4 pawn, next to the king, must leave it; f3 is its one move that
    // gives no check (a check that does not mate breaks the series and loses, Art. 4.1).
    // (Game 21 of seed 1, casual against casual, one turn off it.)
    let fen = "3r4/p2P4/7p/2b1k2p/3n1p2/8/PPP2K1P/RNR5[QBBNPPPqrbnpppp] b - - 2 16";
    let state = sade_state(fen).unwrap();
    assert!(super::chances::may_expose_into_check(&state));
    let options = Generate {
        themes: vec![Theme::Exposure],
        sidelines: true,
        ..Generate::new(Variant::Sade, 1, 1)
    };
    assert_eq!(sade_faces(&options), vec![Face::Six]);
    let puzzle = puzzle_at(&options, fen, Some(Face::Six), source).unwrap();
    assert_eq!(
        (
            puzzle.question,
            puzzle.theme,
            puzzle.article,
            puzzle.answer.as_str()
        ),
        (
            Question::Survive,
            Theme::Exposure,
            crate::rules::Article::Art4_1,
            "f3"
        )
    );
    assert!(super::prove::prove(&puzzle).is_ok());
    // On face 2 the same position is no exposure.
    assert!(
        puzzle_at(&options, fen, Some(Face::Two), source)
            .is_none_or(|p| p.theme != Theme::Exposure)
    );
}

#[test]
fn a_sade_sideline_that_leaves_a_sweet_stalemate_is_a_puzzle() {
    // Black rolls 4: taking off the rook leaves the king and a blocked pawn, not in check
    // and without a move: the Sweet Stalemate (Art. 9.1).
    let fen = "4k2r/8/5Q2/p3N3/N7/8/8/3K4[RRBBPPPPPPPPqrbbnnppppppp] b k - 1 27";
    let state = sade_state(fen).unwrap();
    assert!(may_stalemate_by_sacrifice(&state));
    let options = Generate {
        themes: vec![Theme::SweetStalemate],
        sidelines: true,
        ..Generate::new(Variant::Sade, 1, 1)
    };
    let puzzle = puzzle_at(&options, fen, Some(Face::Four), source).unwrap();
    assert_eq!(
        (puzzle.theme, puzzle.answer.as_str()),
        (Theme::SweetStalemate, "-Rh8")
    );
    // A knight more, free to move: no sacrifice stalemates Black.
    let knight = "1n2k2r/8/5Q2/p3N3/N7/8/8/3K4[RRBBPPPPPPPPqrbbnppppppp] b k - 1 27";
    assert!(!may_stalemate_by_sacrifice(&sade_state(knight).unwrap()));
    // White's turn before, on face 3 with White's own pieces (Black's could not make the
    // series, R4), played so: a sideline that leaves Black the chance. (Game 11 of seed 1
    // plays another turn there.)
    let before = "4k2r/6Q1/8/p1N5/r1N5/8/8/3K4[RRBBPPPPPPPPqbbnnppppppp] w k - 6 27";
    let found = sade_sidelines(&options, &sade_state(before).unwrap(), Face::Three);
    assert!(
        found
            .iter()
            .any(|(words, f)| words == "Ne5 Nxa4 Qf6" && f == fen),
        "{found:?}"
    );
    assert!(sade_sidelines(&options, &sade_state(before).unwrap(), Face::Four).is_empty());
}

#[test]
fn a_quick_look_for_a_survival_wants_few_moves_of_the_opponents_one_a_check() {
    // A survival of the set: Black rolls 3 and must move three of White's pieces; all
    // but one series give check without mate (Art. 4.1). White's pieces have 6 moves.
    let fen = "8/3kn3/n4p2/2P5/6P1/1p1PP3/r7/3K4[QRRBBNNPPPPqrbbpppppp] b - - 3 20";
    let state = sade_state(fen).unwrap();
    assert!(may_have_to_survive(&state));
    let options = Generate {
        themes: vec![Theme::Survive],
        sidelines: true,
        ..Generate::new(Variant::Sade, 1, 1)
    };
    assert_eq!(sade_faces(&options), [Face::Two, Face::Three]);
    let puzzle = puzzle_at(&options, fen, Some(Face::Three), source).unwrap();
    assert_eq!(puzzle.theme, Theme::Survive);
    // The opening position: White's pieces have 20 moves, none a check.
    let start = sade_state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1").unwrap();
    assert!(!may_have_to_survive(&start));
    // Every theme wanted: every face.
    assert_eq!(sade_faces(&Generate::new(Variant::Sade, 1, 1)), Face::ALL);
}

#[test]
fn a_quick_look_finds_a_castling_mate_and_only_with_the_right() {
    // White mates with O-O (the rook comes to f1), first (a check ends the turn, M2) or
    // after a quiet first move.
    let castle = TurnStart::from_fen("8/8/8/8/7Q/5k2/2N5/2N1K2R w K - 0 1").unwrap();
    assert!(may_mate_with(&castle, false, true));
    assert!(!may_mate_with(&castle, true, false), "no en passant here");
    // The same with the right gone: no castling mate.
    let no_right = TurnStart::from_fen("8/8/8/8/7Q/5k2/2N5/2N1K2R w - - 0 1").unwrap();
    assert!(!may_mate_with(&no_right, false, true));
}
