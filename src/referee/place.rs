//! A place in a record named as the referee counts the turns: from the turns the rules
//! counted, else from the start position's move number and side.

use shakmaty::Color;

use crate::record::{Game, MoveNumber, Side, Span, Variant};
use crate::rules::{ActionRef, CountedTurn};

use super::verdict::Locator;

pub(super) fn tag_span(game: &Game, name: &str) -> Option<Span> {
    game.tags.iter().find(|t| t.name == name).map(|t| t.span)
}

/// The turns as the referee counts them, from the start position's move number and side.
pub(super) fn counted(game: &Game, index: usize) -> MoveNumber {
    let (side, number) = game.tag("FEN").map_or((Side::White, 1), |fen| {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let side = if fields.get(1) == Some(&"b") {
            Side::Black
        } else {
            Side::White
        };
        let number = fields
            .get(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1)
            .max(1);
        (side, number)
    });
    let first = MoveNumber { number, side };
    let full = u32::try_from(index / 2).unwrap_or(u32::MAX);
    let mut label = MoveNumber {
        number: first.number.saturating_add(full),
        side: first.side,
    };
    if index % 2 == 1 {
        label = label.next();
    }
    label
}

impl Locator {
    /// The place of `at` in `game` (`None`: the start position), named by the turns the rules
    /// counted where the replay says where they begin (`Replay::counted`, R13).
    pub fn of(
        game: &Game,
        variant: Option<Variant>,
        at: Option<ActionRef>,
        counted_turns: &[CountedTurn],
    ) -> Locator {
        let Some(at) = at else {
            return Locator {
                turn_index: None,
                turn: None,
                side: None,
                face: None,
                action: 0,
                start_position: true,
                record_action: 0,
            };
        };
        let written = game.turns.get(at.turn_index);
        let (turn, action) = match CountedTurn::holding(counted_turns, at) {
            Some((start, action)) => (Some(start.label), action),
            // Marseillais groups the replay did not reach are labelled turns (M8), and moves
            // written without numbers begin at the start position's turn (M1); elsewhere one
            // record turn is one turn.
            None if variant.is_some_and(Variant::is_marseillais) => {
                let label = written.map(|t| {
                    if t.unnumbered {
                        counted(game, at.turn_index)
                    } else {
                        t.number
                    }
                });
                (label, at.action)
            }
            None => (Some(counted(game, at.turn_index)), at.action),
        };
        Locator {
            turn_index: Some(at.turn_index),
            turn,
            side: turn.map(|t| Color::from(t.side)),
            face: written.and_then(|t| t.face.map(|f| f.value)),
            action,
            start_position: false,
            record_action: at.action,
        }
    }
}
