//! Judging an attempt: the first turn of a game played from a puzzle's position, read from the
//! game's record by the referee (never from what a page says was played).

use serde::Serialize;

use super::analyse::{Outcome, sade_state, winning_turn};
use super::error::PuzzleError;
use super::puzzle::Puzzle;
use super::question::Question;
use super::theme::Theme;
use crate::record::Game;
use crate::record::Variant;
use crate::rules::Detail;
use crate::rules::marseillais::{TurnStart, visit_full_turns};
use crate::rules::names::color_name;
use crate::rules::sade::{TurnOutcome, play_turn};
use shakmaty::{CastlingMode, Position};

/// The referee's judgement of an attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Judgement {
    pub solved: bool,
    /// The turn played, as SDN actions.
    pub played: String,
    /// How the turn played ended, in the referee's words (`The Sacrifice Accomplished
    /// (Art. 9.2)`, `the game goes on`).
    pub verdict: String,
    /// The puzzle's one answer.
    pub answer: String,
    /// What the puzzle is about, and the Article or rule it turns on (`Art. 9.2`).
    pub theme: Theme,
    pub article: String,
    pub explanation: String,
}

/// Judges the first turn of `game`, a game started from `puzzle`'s position (with its face
/// rolled, in Sade). `Ok(None)`: the turn is not complete yet.
///
/// # Errors
/// [`PuzzleError`] when the game does not start from the puzzle's position, or the referee cannot
/// replay it.
pub fn judge(puzzle: &Puzzle, game: &Game) -> Result<Option<Judgement>, PuzzleError> {
    if game.tag("FEN").map(str::trim) != Some(puzzle.fen.trim()) {
        return Err(PuzzleError::NotThePosition);
    }
    let Some(turn) = game.turns.first() else {
        return Ok(None);
    };
    let mut played: Vec<String> = turn.actions().map(|a| a.kind.to_string()).collect();
    let outcome = match puzzle.variant {
        Variant::Sade => {
            if turn.face.map(|f| f.value) != puzzle.face {
                return Err(PuzzleError::NotTheFace);
            }
            let state = sade_state(&puzzle.fen)?;
            let roller = state.roller();
            match play_turn(&state, turn).outcome {
                TurnOutcome::Complete => (Outcome::GoesOn, None),
                TurnOutcome::Finished { end, .. } => (
                    if end.winner == roller {
                        Outcome::Wins
                    } else {
                        Outcome::Loses
                    },
                    Some(format!(
                        "{} ({})",
                        end.termination.title(),
                        end.article.cite()
                    )),
                ),
                TurnOutcome::Stopped { .. } | TurnOutcome::Invalid { .. } => return Ok(None),
            }
        }
        Variant::Marseillais | Variant::MarseillaisClassical => {
            let start = TurnStart::from_fen(&puzzle.fen)?;
            let mover = start.pos.turn();
            // The moves the referee resolved the first turn's actions to (SAN or UCI as
            // written), told apart from the turns' own by their UCI.
            let replay = crate::rules::marseillais::replay(game, Detail::Verdict);
            let moves: Vec<String> = replay
                .resolved
                .iter()
                .take_while(|r| r.turn_index == 0)
                .filter_map(|r| r.uci.map(|u| u.to_string()))
                .collect();
            let mut found = None;
            let _stopped = visit_full_turns(&start, |t| {
                if t.moves
                    .iter()
                    .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                    .eq(moves.iter().cloned())
                {
                    found = Some(t.clone());
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            });
            let Some(turn) = found else {
                return Ok(None);
            };
            // Said in SAN, however it was written.
            played.clone_from(&turn.san);
            match turn.end {
                // A defence looks one turn further: whether the opponent then mates.
                None => match start
                    .after(&turn)
                    .filter(|_| puzzle.question == Question::Defend)
                    .and_then(|next| winning_turn(&next))
                {
                    Some(mate) => (
                        Outcome::LosesNext,
                        Some(format!("{} mates with {mate} (M3)", color_name(!mover))),
                    ),
                    None => (Outcome::GoesOn, None),
                },
                Some(end) => (
                    match end.winner {
                        Some(w) if w == mover => Outcome::Wins,
                        Some(_) => Outcome::Loses,
                        None => Outcome::GoesOn,
                    },
                    Some(format!(
                        "{} ({})",
                        end.termination.title(),
                        end.article.cite()
                    )),
                ),
            }
        }
        Variant::Standard | Variant::Chess960 => {
            return Err(PuzzleError::NoPuzzles(puzzle.variant));
        }
    };
    let (outcome, how) = outcome;
    Ok(Some(Judgement {
        solved: outcome == Outcome::wanted_by(puzzle.question),
        played: played.join(" "),
        verdict: match outcome {
            Outcome::Wins => format!("you win this turn: {}", how.unwrap_or_default()),
            Outcome::Loses => format!("you lose this turn: {}", how.unwrap_or_default()),
            Outcome::LosesNext => format!(
                "the game goes on, but you lose at the next turn: {}",
                how.unwrap_or_default()
            ),
            Outcome::GoesOn => "the game goes on".to_owned(),
        },
        answer: puzzle.answer.clone(),
        theme: puzzle.theme,
        article: puzzle.article.cite().to_owned(),
        explanation: puzzle.explanation.clone(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::puzzle::{Source, puzzle_id};
    use super::*;
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

    fn attempt(puzzle: &Puzzle, turn: &str) -> Judgement {
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
        let analysis = super::super::analyse::analyse_defence(&puzzle.fen).unwrap();
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
}
