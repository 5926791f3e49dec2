//! The annotated JSON of `convert --to json --annotate`: the record as [`crate::write::json`]
//! writes it, with an explicit `kind` on every action of the main line and what the referee
//! resolved it to (`resolved`: whose piece, from, to, UCI, capture, promotion, the FEN after it),
//! and the game's `verdict`. Its shape is in `spec/sdn.schema.json` (the optional `kind`,
//! `resolved` and `verdict` keys).

use serde::Serialize;

use crate::record::{Action, ActionKind, Game, GameResult, Item, Span, Tag, Turn};
use crate::referee::{Verdict, verify_annotated};
use crate::rules::Resolved;

/// A game with its verdict, each action with what the referee resolved.
#[derive(Serialize)]
pub struct AnnotatedGame<'a> {
    pub tags: &'a [Tag],
    #[serde(skip_serializing_if = "<[Item]>::is_empty")]
    pub preamble: &'a [Item],
    pub turns: Vec<AnnotatedTurn<'a>>,
    pub result: Option<GameResult>,
    pub span: Span,
    pub verdict: &'a Verdict,
}

/// A turn, its actions annotated.
#[derive(Serialize)]
pub struct AnnotatedTurn<'a> {
    pub number: crate::record::MoveNumber,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unnumbered: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub face: Option<crate::record::DieFace>,
    pub items: Vec<AnnotatedItem<'a>>,
    pub span: Span,
}

/// An item: an action with its kind and resolution, or anything else as the record has it.
#[derive(Serialize)]
#[serde(untagged)]
pub enum AnnotatedItem<'a> {
    Action {
        #[serde(rename = "type")]
        tag: &'static str,
        #[serde(flatten)]
        action: &'a Action,
        /// `move`, `sacrifice`, `resurrection` or `nothing`.
        kind: &'static str,
        /// What the referee resolved it to; absent for an action it did not accept or did not
        /// judge (after the first illegal action, or void after the end).
        #[serde(skip_serializing_if = "Option::is_none")]
        resolved: Option<serde_json::Value>,
    },
    Other(&'a Item),
}

/// The kind of a written action, as the annotated JSON names it.
pub fn kind_name(kind: &ActionKind) -> &'static str {
    match kind {
        ActionKind::San(_) | ActionKind::Uci(_) => "move",
        ActionKind::Sacrifice { .. } => "sacrifice",
        ActionKind::Resurrection { .. } => "resurrection",
        ActionKind::Nothing {} => "nothing",
    }
}

/// The annotated game over a verdict from [`verify_annotated`].
pub fn annotate<'a>(game: &'a Game, verdict: &'a Verdict) -> AnnotatedGame<'a> {
    let resolved = &verdict.replay.resolved;
    let turns = game
        .turns
        .iter()
        .enumerate()
        .map(|(turn_index, turn)| annotate_turn(turn, turn_index, resolved))
        .collect();
    AnnotatedGame {
        tags: &game.tags,
        preamble: &game.preamble,
        turns,
        result: game.result,
        span: game.span,
        verdict,
    }
}

fn annotate_turn<'a>(
    turn: &'a Turn,
    turn_index: usize,
    resolved: &'a [Resolved],
) -> AnnotatedTurn<'a> {
    let mut action = 0;
    let items = turn
        .items
        .iter()
        .map(|item| match item {
            Item::Action(a) => {
                action += 1;
                AnnotatedItem::Action {
                    tag: "action",
                    action: a,
                    kind: kind_name(&a.kind),
                    resolved: resolved
                        .iter()
                        .find(|r| r.turn_index == turn_index && r.action == action)
                        .map(|r| resolution(r, &a.kind)),
                }
            }
            other => AnnotatedItem::Other(other),
        })
        .collect();
    AnnotatedTurn {
        number: turn.number,
        unnumbered: turn.unnumbered,
        face: turn.face,
        items,
        span: turn.span,
    }
}

/// What the referee resolved an action to, as JSON. A `--` moves no piece: its `role` is null
/// (the referee's record of it names the mover's king only as a placeholder).
fn resolution(resolved: &Resolved, kind: &ActionKind) -> serde_json::Value {
    let mut value = serde_json::to_value(resolved).expect("a resolution serializes");
    if matches!(kind, ActionKind::Nothing {})
        && let Some(role) = value.get_mut("role")
    {
        *role = serde_json::Value::Null;
    }
    value
}

/// A game as one compact annotated JSON object (no line break).
pub fn to_json(game: &Game) -> String {
    let verdict = verify_annotated(game);
    serde_json::to_string(&annotate(game, &verdict)).expect("an annotated game serializes")
}
