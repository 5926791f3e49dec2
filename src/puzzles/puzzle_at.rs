//! A position made a puzzle: each question of the variant asked of it (the costlier ones only
//! when their theme is named), and the puzzle written when exactly one answer meets one.

use super::analyse::{
    analyse_bounded, analyse_defence_bounded, analyse_mate_in_two_bounded,
    analyse_material_bounded, sade_state,
};
use super::answers::Consequence;
use super::explain::explain;
use super::options::Generate;
use super::prove::check_question;
use super::puzzle::{Continuation, Puzzle, Source, puzzle_id};
use super::question::Question;
use super::rating;
use super::theme::Theme;
use crate::record::{Face, Variant};

/// The puzzle at `fen` (with `face`), if one of the variant's questions has exactly one answer.
pub(super) fn puzzle_at(
    options: &Generate,
    fen: &str,
    face: Option<Face>,
    source: impl FnOnce() -> Source,
) -> Option<Puzzle> {
    let variant = options.variant;
    if variant == Variant::Sade && sade_state(fen).is_err() {
        return None;
    }
    let mut analysis = analyse_bounded(variant, fen, face, options.max_answers).ok()??;
    let questions: &[Question] = match variant {
        Variant::Sade => &[Question::WinNow, Question::Survive],
        _ => &[Question::MateInOneTurn],
    };
    let mut found = questions
        .iter()
        .find_map(|&q| check_question(&analysis, q).ok().map(|a| (q, a.clone())));
    // A mate in two turns, where nothing mates at once: each answer looked at after every
    // reply, the walk stopped at a second answer that mates next. Asked only when named: its
    // walk costs the replies' walks for each answer.
    if found.is_none()
        && variant != Variant::Sade
        && options.themes.contains(&Theme::MateInTwoTurns)
        && analysis.count(Consequence::Wins) == 0
        && let Some(two) = analyse_mate_in_two_bounded(fen, options.max_answers, 1).ok()?
        && two.line.as_ref().is_some_and(|l| l.ambiguous.is_none())
    {
        analysis = two;
        found = check_question(&analysis, Question::MateInTwoTurns)
            .ok()
            .map(|a| (Question::MateInTwoTurns, a.clone()));
    }
    // A defence, where nothing mates: the answers looked at one turn further, the walk stopped
    // at a second answer that is not mated. Asked only when named: its walk costs a turn's walk
    // for each answer.
    if found.is_none()
        && variant != Variant::Sade
        && options.themes.contains(&Theme::Defend)
        && analysis.count(Consequence::Wins) == 0
        && let Some(defence) = analyse_defence_bounded(fen, options.max_answers, 1).ok()?
    {
        analysis = defence;
        found = check_question(&analysis, Question::Defend)
            .ok()
            .map(|a| (Question::Defend, a.clone()));
    }
    // A win of material, or a defence of it, where nothing mates: every answer scored by the
    // engine's search. Asked only when named: the search costs a search of each answer.
    let searched = [
        (Theme::WinMaterial, Question::WinMaterial),
        (Theme::DefendMaterial, Question::DefendMaterial),
    ];
    if found.is_none()
        && variant != Variant::Sade
        && searched.iter().any(|(t, _)| options.themes.contains(t))
        && analysis.count(Consequence::Wins) == 0
        && let Some(material) = analyse_material_bounded(fen, options.max_answers).ok()?
    {
        analysis = material;
        found = searched
            .iter()
            .filter(|(t, _)| options.themes.contains(t))
            .find_map(|&(_, q)| check_question(&analysis, q).ok().map(|a| (q, a.clone())));
    }
    let (question, answer) = found?;
    let answer = &answer;
    let explained = explain(&analysis, question, answer);
    Some(Puzzle {
        id: puzzle_id(variant, fen, face),
        variant,
        fen: fen.to_owned(),
        face,
        question,
        answer: answer.text.clone(),
        then: analysis.line.as_ref().map(|l| Continuation {
            reply: l.reply.clone(),
            mate: l.mate.clone(),
        }),
        search: analysis.search.clone().filter(|_| question.searched()),
        candidates: analysis.answers.len(),
        rating: rating::initial(&analysis, answer),
        theme: explained.theme,
        article: explained.article,
        explanation: explained.text,
        source: source(),
    })
}
