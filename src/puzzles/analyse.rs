//! Every way to play a puzzle's turn, grouped into answers; for a defence, each answer looked at
//! one turn further; for a mate in two turns, two; for a win or a defence of material, each
//! answer scored by the engine's search.
//!
//! A way is one ordered series of actions the referee accepts as the turn (Sade: a fulfilment
//! of the face, [`crate::rules::sade::visit_fulfilments`], or a series that loses, by a
//! forbidden check or left with no way to complete it, [`crate::rules::sade::visit_losses`];
//! Marseillais: a full turn,
//! [`crate::rules::marseillais::visit_full_turns`]). The walks have no limit: every way is
//! counted. Two ways are the same answer when they play the same actions in another order and
//! reach the same position with the same end: the referee's verdict on them is the same, so a
//! player who plays either has given that answer (spec/PUZZLES.md, "What an answer is").

use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use super::answers::{Analysis, Consequence, Grouper, Shape};
use super::error::PuzzleError;
use super::mates::{escape, line};
use super::puzzle::Search;
use super::question::{WIN_MATERIAL_DEPTH, WIN_MATERIAL_GAIN};
use crate::engine::marseillais::{stands, two_best};
use crate::record::Variant;
use crate::record::{Face, Game, Tag};
use crate::rules::marseillais::{FullTurn, TurnStart, visit_full_turns, visit_mating_turns};
use crate::rules::sade::{self, End, Refused, State};
use crate::rules::{Article, Termination};

/// Every answer of the turn at `fen` (Sade: with the pocket, and `face` rolled).
///
/// # Errors
/// [`PuzzleError`] when the FEN is not a playable position of the variant, the face is missing
/// (Sade) or given (Marseillais), or the game is already over there.
pub fn analyse(variant: Variant, fen: &str, face: Option<Face>) -> Result<Analysis, PuzzleError> {
    analyse_bounded(variant, fen, face, usize::MAX)?.ok_or(PuzzleError::StoppedShort)
}

/// [`analyse`], stopped as soon as more than `most` answers are found: `Ok(None)` then.
///
/// # Errors
/// As for [`analyse`].
pub(crate) fn analyse_bounded(
    variant: Variant,
    fen: &str,
    face: Option<Face>,
    most: usize,
) -> Result<Option<Analysis>, PuzzleError> {
    if let Some(problem) = crate::rules::fen_problem(fen) {
        return Err(PuzzleError::NotAPosition { problem });
    }
    match variant {
        Variant::Sade => {
            let face = face.ok_or(PuzzleError::NoFace)?;
            Ok(sade_analysis(&sade_state(fen)?, face, most)?)
        }
        Variant::Marseillais | Variant::MarseillaisClassical => {
            if face.is_some() {
                return Err(PuzzleError::FaceGiven);
            }
            let start = TurnStart::from_fen(fen)?;
            Ok(marseillais_analysis(&start, most, Ahead::Nothing))
        }
        Variant::Standard | Variant::Chess960 => Err(PuzzleError::NoPuzzles(variant)),
    }
}

/// Every answer of the Marseillais turn at `fen`, each that does not end the game looked at one
/// turn further: [`Consequence::LosesNext`] when the opponent then has a turn that mates. The
/// analysis a defence ([`Question::Defend`]) is proved on.
///
/// [`Question::Defend`]: crate::puzzles::Question::Defend
///
/// # Errors
/// As for [`analyse`].
pub fn analyse_defence(fen: &str) -> Result<Analysis, PuzzleError> {
    analyse_defence_bounded(fen, usize::MAX, usize::MAX)?.ok_or(PuzzleError::StoppedShort)
}

/// [`analyse_defence`], stopped as soon as more than `most` answers, or more than `safe`
/// answers that neither win nor lose next, are found: `Ok(None)` then.
///
/// # Errors
/// As for [`analyse`].
pub(crate) fn analyse_defence_bounded(
    fen: &str,
    most: usize,
    safe: usize,
) -> Result<Option<Analysis>, PuzzleError> {
    let start = marseillais_start(fen)?;
    Ok(marseillais_analysis(&start, most, Ahead::Defence { safe }))
}

/// Every answer of the Marseillais turn at `fen`, each that does not end the game looked at two
/// turns further: [`Consequence::MatesNext`] when every reply of the opponent's leaves the player
/// a turn that mates. The analysis a mate in two turns ([`Question::MateInTwoTurns`]) is
/// proved on.
///
/// [`Question::MateInTwoTurns`]: crate::puzzles::Question::MateInTwoTurns
///
/// # Errors
/// As for [`analyse`].
pub fn analyse_mate_in_two(fen: &str) -> Result<Analysis, PuzzleError> {
    analyse_mate_in_two_bounded(fen, usize::MAX, usize::MAX)?.ok_or(PuzzleError::StoppedShort)
}

/// [`analyse_mate_in_two`], stopped as soon as more than `most` answers, or more than `forcing`
/// answers that mate next, are found: `Ok(None)` then.
///
/// # Errors
/// As for [`analyse`].
pub(crate) fn analyse_mate_in_two_bounded(
    fen: &str,
    most: usize,
    forcing: usize,
) -> Result<Option<Analysis>, PuzzleError> {
    let start = marseillais_start(fen)?;
    Ok(marseillais_analysis(
        &start,
        most,
        Ahead::MateInTwo { forcing },
    ))
}

/// Every answer of the Marseillais turn at `fen`, scored by the engine's search
/// ([`two_best`], [`WIN_MATERIAL_DEPTH`] plies after the turn, then captures): the best is
/// [`Consequence::WinsMaterial`] when it gains at least [`WIN_MATERIAL_GAIN`] on how the position
/// stood and beats the next best by as much, [`Consequence::Holds`] when it beats the next best so
/// but loses less than that on the position, and no answer mates. The analysis a win of
/// material ([`Question::WinMaterial`]) and a defence of it ([`Question::DefendMaterial`]) are
/// proved on; its [`Analysis::search`] holds the scores (`None` when some answer mates).
///
/// [`Question::WinMaterial`]: crate::puzzles::Question::WinMaterial
/// [`Question::DefendMaterial`]: crate::puzzles::Question::DefendMaterial
///
/// # Errors
/// As for [`analyse`].
pub fn analyse_material(fen: &str) -> Result<Analysis, PuzzleError> {
    analyse_material_bounded(fen, usize::MAX)?.ok_or(PuzzleError::StoppedShort)
}

/// [`analyse_material`], stopped as soon as more than `most` answers are found: `Ok(None)`
/// then.
///
/// # Errors
/// As for [`analyse`].
pub(crate) fn analyse_material_bounded(
    fen: &str,
    most: usize,
) -> Result<Option<Analysis>, PuzzleError> {
    let start = marseillais_start(fen)?;
    let Some((mut analysis, turns)) = marseillais_walk(&start, most, Ahead::Material) else {
        return Ok(None);
    };
    if analysis.count(Consequence::Wins) > 0 {
        return Ok(Some(analysis));
    }
    let Some(two) = two_best(&start, &turns, WIN_MATERIAL_DEPTH) else {
        return Ok(Some(analysis));
    };
    let before = stands(&start);
    let Some((next, next_score)) = two.second else {
        return Ok(Some(analysis));
    };
    if two.score - next_score >= WIN_MATERIAL_GAIN && analysis.answers[two.best].end.is_none() {
        let gain = two.score - before;
        if gain >= WIN_MATERIAL_GAIN {
            analysis.answers[two.best].outcome = Consequence::WinsMaterial;
        } else if gain > -WIN_MATERIAL_GAIN {
            analysis.answers[two.best].outcome = Consequence::Holds;
        }
    }
    analysis.search = Some(Search {
        depth: WIN_MATERIAL_DEPTH,
        before,
        score: two.score,
        next: analysis.answers[next].text.clone(),
        next_score,
    });
    Ok(Some(analysis))
}

/// The Marseillais turn's start at `fen`, or why the FEN is no position of the game.
fn marseillais_start(fen: &str) -> Result<TurnStart, PuzzleError> {
    if let Some(problem) = crate::rules::fen_problem(fen) {
        return Err(PuzzleError::NotAPosition { problem });
    }
    Ok(TurnStart::from_fen(fen)?)
}

/// How far a Marseillais analysis looks past the turn.
#[derive(Clone, Copy)]
enum Ahead {
    /// The turn alone.
    Nothing,
    /// A defence: each answer that goes on, to the opponent's next turn ([`Consequence::LosesNext`]);
    /// the walk stops at more than `safe` answers that are not mated then.
    Defence { safe: usize },
    /// A mate in two turns: each answer that goes on, to the player's next turn after every
    /// reply ([`Consequence::MatesNext`]); the walk stops at more than `forcing` that mate next.
    MateInTwo { forcing: usize },
    /// A win of material: the turn alone, its answers scored by the engine after the walk.
    Material,
}

/// A full turn that wins (a mate, M3) for the player to move at `start`, the first the
/// referee's walk meets, in SAN separated by spaces.
pub(crate) fn winning_turn(start: &TurnStart) -> Option<String> {
    let mut found = None;
    let _stopped = visit_mating_turns(start, |t| {
        found = Some(t.san.join(" "));
        ControlFlow::Break(())
    });
    found
}

/// The Sade state of a FEN with its pocket, read as a record's `FEN` tag is.
pub(crate) fn sade_state(fen: &str) -> Result<State, PuzzleError> {
    let game = Game {
        tags: vec![Tag {
            name: "FEN".to_owned(),
            value: fen.to_owned(),
            span: Default::default(),
        }],
        ..Game::default()
    };
    let state = State::from_game(&game)?;
    if let Some(naked) = Color::ALL.into_iter().find(|&c| state.is_naked(c)) {
        return Err(PuzzleError::Over(naked));
    }
    Ok(state)
}

fn sorted_debug<T: std::fmt::Debug>(items: &[T]) -> String {
    let mut parts: Vec<String> = items.iter().map(|i| format!("{i:?}")).collect();
    parts.sort();
    parts.join(",")
}

fn sade_outcome(end: Option<End>, roller: Color) -> (Consequence, Option<(Termination, Article)>) {
    match end {
        None => (Consequence::GoesOn, None),
        Some(end) => (
            Consequence::of_end(Some(end.winner), roller),
            Some((end.termination, end.article)),
        ),
    }
}

fn sade_analysis(state: &State, face: Face, most: usize) -> Result<Option<Analysis>, Refused> {
    let roller = state.roller();
    let mut grouper = Grouper::default();
    let fulfilments = sade::visit_fulfilments_after(state, face, |f, after| {
        let actions = f.actions(state);
        let (outcome, end) = sade_outcome(f.end, roller);
        let key = format!("{}|{}|{:?}", sorted_debug(&f.steps), after.fen(), f.end);
        let shape = Shape {
            actions: actions.len(),
            ..Shape::default()
        };
        grouper.add(key, words(&actions), outcome, end, shape, most)
    })?;
    if fulfilments.is_break() {
        return Ok(None);
    }
    let losses = sade::visit_losses(state, face, |f| {
        let actions = f.actions(state);
        let (outcome, end) = sade_outcome(f.end, roller);
        // A loss stops at the step that loses: its steps in order are the answer.
        let key = format!("loss|{:?}", f.steps);
        let shape = Shape {
            actions: actions.len(),
            ..Shape::default()
        };
        grouper.add(key, words(&actions), outcome, end, shape, most)
    })?;
    Ok(losses.is_continue().then_some(Analysis {
        player: roller,
        face: Some(face),
        answers: grouper.answers,
        ways: grouper.ways,
        line: None,
        search: None,
    }))
}

/// The answers of the turn at `start`, each new one that goes on looked at as far as `ahead`
/// says.
fn marseillais_analysis(start: &TurnStart, most: usize, ahead: Ahead) -> Option<Analysis> {
    marseillais_walk(start, most, ahead).map(|(analysis, _)| analysis)
}

/// [`marseillais_analysis`], with the first way of each answer (a win of material's, where the
/// engine scores them; otherwise none).
fn marseillais_walk(
    start: &TurnStart,
    most: usize,
    ahead: Ahead,
) -> Option<(Analysis, Vec<FullTurn>)> {
    let mut firsts = Vec::new();
    let mover = start.pos.turn();
    let mut grouper = Grouper::default();
    let mut safe = 0;
    let mut forcing = 0;
    // The last reply that escaped a mate: it is tried first after the next answer.
    let mut killer = None;
    let mut forcing_way = None;
    let complete = visit_full_turns(start, |t| {
        let (mut outcome, end) = match t.end {
            None => (Consequence::GoesOn, None),
            Some(end) => (
                Consequence::of_end(end.winner, mover),
                Some((end.termination, end.article)),
            ),
        };
        let next = start.after(t);
        let after = next.as_ref().map(|next| {
            let setup = next.pos.to_setup(EnPassantMode::Always);
            format!(
                "{} {:?}",
                Fen::try_from_setup(setup).unwrap_or_else(shakmaty::fen::LossyFenError::ignore),
                next.ep
            )
        });
        let key = format!("{}|{after:?}|{:?}", sorted_debug(&t.moves), t.end);
        let new = !grouper.index.contains_key(&key);
        match ahead {
            Ahead::Nothing => {}
            Ahead::Material => {
                if new {
                    firsts.push(t.clone());
                }
            }
            Ahead::Defence { safe: most_safe } if new && outcome == Consequence::GoesOn => {
                if t.end.is_none() && next.as_ref().and_then(winning_turn).is_some() {
                    outcome = Consequence::LosesNext;
                } else {
                    safe += 1;
                    if safe > most_safe {
                        return ControlFlow::Break(());
                    }
                }
            }
            Ahead::MateInTwo {
                forcing: most_forcing,
            } => {
                if new
                    && outcome == Consequence::GoesOn
                    && t.end.is_none()
                    && let Some(next) = &next
                    && escape(next, &mut killer).is_none()
                {
                    outcome = Consequence::MatesNext;
                    forcing += 1;
                    forcing_way = Some(t.clone());
                    if forcing > most_forcing {
                        return ControlFlow::Break(());
                    }
                }
            }
            Ahead::Defence { .. } => {}
        }
        let shape = Shape {
            actions: t.moves.len(),
            castles: t.moves.iter().any(|m| m.is_castle()),
            en_passant: t.moves.iter().any(|m| m.is_en_passant()),
            second_checks_first: outcome == Consequence::Wins
                && t.moves.len() == 2
                && start
                    .pos
                    .clone()
                    .play(t.moves[1])
                    .is_ok_and(|p| p.is_check()),
        };
        grouper.add(key, t.san.join(" "), outcome, end, shape, most)
    });
    if complete.is_break() {
        return None;
    }
    // The one answer that mates next: the play after it, shown and proved.
    let line = match (ahead, forcing_way) {
        (Ahead::MateInTwo { .. }, Some(way)) if forcing == 1 => line(start, &way),
        _ => None,
    };
    let analysis = Analysis {
        player: mover,
        face: None,
        answers: grouper.answers,
        ways: grouper.ways,
        line,
        search: None,
    };
    Some((analysis, firsts))
}

/// The actions of a turn as SDN writes them, separated by spaces (`-Ba4 Kd2`).
pub(crate) fn words(actions: &[crate::record::ActionKind]) -> String {
    actions
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
