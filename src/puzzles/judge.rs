//! Judging an attempt: the first turn of a game played from a puzzle's position, read from the
//! game's record by the referee (never from what a page says was played).

use serde::Serialize;

use std::ops::ControlFlow;

use super::analyse::{sade_state, winning_turn};
use super::answers::Consequence;
use super::error::PuzzleError;
use super::mates::{escape, moves_key};
use super::puzzle::{Puzzle, gains};
use super::question::{Question, WIN_MATERIAL_DEPTH};
use super::theme::Theme;
use crate::engine::marseillais::{stands, two_best};
use crate::record::Game;
use crate::record::Variant;
use crate::rules::Detail;
use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns};
use crate::rules::names::color_name;
use crate::rules::sade::{TurnOutcome, play_turn};
use shakmaty::{CastlingMode, Position};

/// The referee's judgement of an attempt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttemptJudgement {
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
pub fn judge(puzzle: &Puzzle, game: &Game) -> Result<Option<AttemptJudgement>, PuzzleError> {
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
                TurnOutcome::Complete => (Consequence::GoesOn, None),
                TurnOutcome::Finished { end, .. } => (
                    Consequence::of_end(Some(end.winner), roller),
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
            let Some(turn) = played_turn(&start, game, 0) else {
                return Ok(None);
            };
            // Said in SAN, however it was written.
            played.clone_from(&turn.san);
            if puzzle.question == Question::MateInTwoTurns {
                let Some((outcome, how, second)) = two_turns(puzzle, game, &start, &turn)? else {
                    return Ok(None);
                };
                if let Some(second) = second {
                    played.push(format!("(reply {}), then", second.0));
                    played.extend(second.1);
                }
                (outcome, how)
            } else if puzzle.question.searched() && turn.end.is_none() {
                material(puzzle, &start, &turn)
            } else {
                match turn.end {
                    // A defence looks one turn further: whether the opponent then mates.
                    None => match start
                        .after(&turn)
                        .filter(|_| puzzle.question == Question::Defend)
                        .and_then(|next| winning_turn(&next))
                    {
                        Some(mate) => (
                            Consequence::LosesNext,
                            Some(format!("{} mates with {mate} (M3)", color_name(!mover))),
                        ),
                        None => (Consequence::GoesOn, None),
                    },
                    Some(end) => (
                        Consequence::of_end(end.winner, mover),
                        Some(format!(
                            "{} ({})",
                            end.termination.title(),
                            end.article.cite()
                        )),
                    ),
                }
            }
        }
        Variant::Standard | Variant::Chess960 => {
            return Err(PuzzleError::NoPuzzles(puzzle.variant));
        }
    };
    let (outcome, how) = outcome;
    Ok(Some(AttemptJudgement {
        solved: outcome == Consequence::wanted_by(puzzle.question),
        played: played.join(" "),
        verdict: match outcome {
            Consequence::Wins => format!("you win this turn: {}", how.unwrap_or_default()),
            Consequence::Loses => format!("you lose this turn: {}", how.unwrap_or_default()),
            Consequence::LosesNext => format!(
                "the game goes on, but you lose at the next turn: {}",
                how.unwrap_or_default()
            ),
            Consequence::GoesOn => match how {
                Some(how) => format!("the game goes on: {how}"),
                None => "the game goes on".to_owned(),
            },
            Consequence::MatesNext => {
                format!("you mate at your second turn: {}", how.unwrap_or_default())
            }
            Consequence::WinsMaterial => format!("you win material: {}", how.unwrap_or_default()),
            Consequence::Holds => format!(
                "the game goes on, and you lose no piece: {}",
                how.unwrap_or_default()
            ),
        },
        answer: puzzle.answer.clone(),
        theme: puzzle.theme,
        article: puzzle.article.cite().to_owned(),
        explanation: puzzle.explanation.clone(),
    }))
}

/// The full turn record turn `index` of `game` plays from `start` (its position), read from the
/// moves the referee resolved its actions to (SAN or UCI as written); `None` while the turn is
/// not complete.
fn played_turn(start: &TurnStart, game: &Game, index: usize) -> Option<FullTurn> {
    let replay = crate::rules::marseillais::replay(game, Detail::Verdict);
    let moves: Vec<String> = replay
        .resolved
        .iter()
        .filter(|r| r.turn_index == index)
        .filter_map(|r| r.uci.map(|u| u.to_string()))
        .collect();
    let mut found = None;
    let _stopped = visit_full_turns(start, |t| {
        if t.moves
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .eq(moves.iter().cloned())
        {
            found = Some(t.clone());
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// A win of material, or a defence of it, judged: the answer wins it (or loses none); any other
/// turn goes on, with what the engine's search (at the puzzle's depth) makes of it beside the
/// answer.
fn material(puzzle: &Puzzle, start: &TurnStart, turn: &FullTurn) -> (Consequence, Option<String>) {
    let depth = puzzle
        .search
        .as_ref()
        .map_or(WIN_MATERIAL_DEPTH, |s| s.depth);
    let before = stands(start);
    let answer = puzzle
        .search
        .as_ref()
        .map(|s| format!("{} {}", puzzle.answer, gains(s.score - s.before)));
    if is_answer(puzzle, start, turn) {
        let how = puzzle.search.as_ref().map(|s| {
            format!(
                "after every reply and the captures after it, the turn {}, by the engine's search \
                 (M1)",
                gains(s.score - s.before)
            )
        });
        return (Consequence::wanted_by(puzzle.question), how);
    }
    let how = two_best(start, std::slice::from_ref(turn), depth).map(|two| {
        let yours = format!(
            "after the best reply and the captures after it, your turn {}",
            gains(two.score - before)
        );
        match &answer {
            Some(answer) => format!("{yours}, where {answer} (M1)"),
            None => format!("{yours} (M1)"),
        }
    });
    (Consequence::GoesOn, how)
}

/// Whether `turn`, a full turn from `start`, plays the puzzle's answer: the same moves, in any
/// order, to the same position.
fn is_answer(puzzle: &Puzzle, start: &TurnStart, turn: &FullTurn) -> bool {
    let mut answer = None;
    let _stopped = visit_full_turns(start, |t| {
        if t.san.join(" ") == puzzle.answer.trim() {
            answer = Some(t.clone());
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    answer.is_some_and(|a| {
        moves_key(&a) == moves_key(turn)
            && start.after(&a).map(|n| n.key()) == start.after(turn).map(|n| n.key())
    })
}

/// A mate in two turns judged: a first turn other than the answer fails at once (the reply
/// that escapes said); the answer waits for the reply and the second turn, which solves when
/// it mates. With the second turn played, the reply and the second turn's SAN. `None` while
/// the attempt is not complete.
#[allow(clippy::type_complexity)]
fn two_turns(
    puzzle: &Puzzle,
    game: &Game,
    start: &TurnStart,
    first: &FullTurn,
) -> Result<Option<(Consequence, Option<String>, Option<(String, Vec<String>)>)>, PuzzleError> {
    let mover = start.pos.turn();
    let opponent = color_name(!mover);
    if !is_answer(puzzle, start, first) {
        let Some(next) = start.after(first) else {
            return Ok(None);
        };
        return Ok(Some(match escape(&next, &mut None) {
            Some(reply) => (
                Consequence::GoesOn,
                Some(format!(
                    "{opponent} escapes the mate with {}",
                    reply.san.join(" ")
                )),
                None,
            ),
            // Not the answer, yet no reply escapes: the referee's walk is the judge.
            None => (Consequence::MatesNext, None, None),
        }));
    }
    let Ok(second_start) = TurnStart::before_turn(game, 2) else {
        return Ok(None);
    };
    let Some(second) = played_turn(&second_start, game, 2) else {
        return Ok(None);
    };
    let reply = game
        .turns
        .get(1)
        .map(|t| {
            t.actions()
                .map(|a| a.kind.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let mated = second
        .end
        .as_ref()
        .is_some_and(|end| end.winner == Some(mover));
    let (outcome, how) = match &second.end {
        Some(end) if mated => (
            Consequence::MatesNext,
            Some(format!(
                "{} ({})",
                end.termination.title(),
                end.article.cite()
            )),
        ),
        _ => (
            Consequence::GoesOn,
            Some(format!(
                "your second turn does not mate, after {opponent}'s {reply}"
            )),
        ),
    };
    Ok(Some((outcome, how, Some((reply, second.san)))))
}

/// The reply the server plays now in a mate in two turns' game: the puzzle's, once the game's
/// first turn is complete and plays the answer, and before any reply.
pub fn reply_due<'p>(puzzle: &'p Puzzle, game: &Game) -> Option<&'p str> {
    let then = puzzle.then.as_ref()?;
    if game.turns.len() != 1 || game.tag("FEN").map(str::trim) != Some(puzzle.fen.trim()) {
        return None;
    }
    let start = TurnStart::from_fen(&puzzle.fen).ok()?;
    let first = played_turn(&start, game, 0)?;
    is_answer(puzzle, &start, &first).then_some(then.reply.as_str())
}
