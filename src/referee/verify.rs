//! The referee's entry points: a record replayed under the rule set its `Variant` tag names
//! (with the die audited), or refused when the tag names a game sade-ref has no rules for.

use shakmaty::Color;

use crate::record::{Game, UnknownVariant, Variant};
use crate::rules::{self, Article, Detail, FaultCode, Replay, Violation};

use super::judge::judge;
use super::place::tag_span;
use super::verdict::Verdict;

/// Replays a game and judges it.
pub fn verify(game: &Game) -> Verdict {
    verify_with(game, Detail::Verdict, None)
}

/// [`verify`] without the list of what each action resolved to (`replay.resolved` stays
/// empty): the verdict alone, which is all the `verify` command prints ([`Detail::Outcome`]).
pub fn verify_outcome(game: &Game) -> Verdict {
    verify_with(game, Detail::Outcome, None)
}

/// [`verify`], with the FEN after every action in `replay.resolved` (for `convert --annotate`).
pub fn verify_annotated(game: &Game) -> Verdict {
    verify_with(game, Detail::Annotated, None)
}

/// [`verify`] of a growing record (`serve`): Sade turns judged before come from `memo` while
/// written as they were ([`rules::sade::Memo`]); the verdict is [`verify`]'s. The other games
/// (no search) are replayed whole.
pub fn verify_memo(game: &Game, memo: &mut rules::sade::Memo) -> Verdict {
    verify_with(game, Detail::Verdict, Some(memo))
}

fn verify_with(game: &Game, detail: Detail, memo: Option<&mut rules::sade::Memo>) -> Verdict {
    let known = match game.variant() {
        Ok(known) => known,
        Err(unknown) => return unknown_variant(game, unknown),
    };
    let rule_set = rules::rule_set(known);
    let replay = match memo {
        Some(memo) if known == Variant::Sade => rules::sade::replay_with(game, detail, Some(memo)),
        _ => (rule_set.replay)(game, detail),
    };
    let replay = crate::die::audit(game, replay);
    judge(game, Ok(known), rule_set.draws, replay)
}

/// The verdict on a record whose `Variant` tag names a game sade-ref has no rules for.
fn unknown_variant(game: &Game, unknown: UnknownVariant) -> Verdict {
    let variant = &unknown.name;
    {
        let reason = format!(
            "sade-ref does not referee {variant} games; the Variant tag may name Sade (\"Marquis \
             de Sade\", \"de Sade\"), Marseillais, Marseillais Classical, Standard (\"Chess\") or \
             Chess960"
        );
        let error = Violation {
            code: FaultCode::UnknownVariant,
            turn: game.turns.first().map_or(1, |t| t.number.number),
            label: None,
            side: Color::White,
            face: None,
            action: 0,
            turn_index: 0,
            reason,
            article: Article::VariantTag,
            span: tag_span(game, "Variant").unwrap_or(game.span),
        };
        judge(game, Err(unknown), false, Replay::invalid(error))
    }
}
