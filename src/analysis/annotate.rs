//! The record with its analysis written in, as lichess writes one: after each turn the glyph of
//! its judgement (`?!`, `?`, `??`), a comment with White's chance after it (`[%eval 0.62]`, a
//! chance, not pawns) and, in Sade, the luck of the roll for its roller (`[%luck +0.083]`), and
//! for a judged turn the best turn as a variation. The referee reads none of it: the record
//! verifies to the same verdict.

use super::model::{Analysis, TurnAnalysis};
use crate::parse::parse_str;
use crate::record::{Comment, Game, Item, Nag, Span, Turn, Variation};

/// `game` with `analysis` (its analysis) written into its turns.
pub fn annotated(game: &Game, analysis: &Analysis) -> Game {
    let mut out = game.clone();
    for t in &analysis.turns {
        let Some(turn) = out.turns.get_mut(t.index) else {
            continue;
        };
        let best = variation(turn, t);
        if let Some(j) = t.judgement {
            turn.items.push(Item::Nag(Nag {
                nag: j.nag(),
                span: Span::default(),
            }));
        }
        turn.items.push(Item::Comment(Comment {
            text: comment(t),
            span: Span::default(),
        }));
        if let Some(best) = best {
            turn.items.push(Item::Variation(best));
        }
    }
    out
}

/// `[%eval c]` (White's chance after the turn) and, in Sade, `[%luck ±l]`.
fn comment(t: &TurnAnalysis) -> String {
    let white = if t.side == "white" {
        t.after
    } else {
        1.0 - t.after
    };
    let mut text = format!("[%eval {white:.2}]");
    if let Some(luck) = t.luck {
        text.push_str(&format!(" [%luck {luck:+.3}]"));
    }
    if let Some(j) = t.judgement {
        text.push_str(&format!(
            " {}: {:.0}% where the best gave {:.0}%",
            capitalised(j.name()),
            100.0 * t.after,
            100.0 * (t.after + t.loss)
        ));
    }
    text
}

/// `word` with its first letter in capitals.
pub(super) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `turn` (its number and face) with `actions` (SDN strings) in place of its own: the actions
/// read back by the reader, which knows no chess (`None`: they cannot be read).
pub(super) fn turn_with(turn: &Turn, actions: &[String]) -> Option<Turn> {
    let face = turn
        .face
        .map_or(String::new(), |f| format!("{}: ", f.value.get()));
    let text = format!(
        "{} {face}{} *\n",
        super::names::turn_name(turn.number),
        actions.join(" ")
    );
    let game = parse_str(&text).into_iter().next()?.ok()?;
    let mut line = game.without_spans().turns.into_iter().next()?;
    line.number = turn.number;
    Some(line)
}

/// The best turn, as a variation of `turn`, for a judged turn: its actions read back by the
/// reader (which knows no chess) with the turn's number and face.
fn variation(turn: &Turn, t: &TurnAnalysis) -> Option<Variation> {
    t.judgement?;
    let best = t.best.first()?;
    let mut line = turn_with(turn, &best.actions)?;
    line.items.push(Item::Comment(Comment {
        text: format!(
            "[%eval {:.2}]",
            if t.side == "white" {
                best.chance
            } else {
                1.0 - best.chance
            }
        ),
        span: Span::default(),
    }));
    Some(Variation {
        preamble: Vec::new(),
        turns: vec![line],
        span: Span::default(),
    })
}
