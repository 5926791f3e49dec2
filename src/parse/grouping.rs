//! The grouping: tokens to turns, by the notation alone. A die face opens a turn (SDN for Sade);
//! without die faces each move is a turn (PGN), except in Marseillais records, where a move
//! number or a comma pair opens a turn (M1, M8) and the referee judges what each group holds.

use super::error::{ErrorKind, ParseError, Place};
use super::lexer::Element;
use super::token::NumberToken;
use crate::record::{DieFace, Item, MoveNumber, Side, Span, Turn, Variation};

/// How tokens group into turns.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Grouping {
    /// A die face opens a turn.
    Faces,
    /// Each move is a turn.
    OneMove,
    /// A move number opens a turn.
    Numbers,
}

pub(super) fn contains_face(elements: &[Element]) -> bool {
    elements.iter().any(|e| match e {
        Element::Face(_) => true,
        Element::Variation(inner, _) => contains_face(inner),
        _ => false,
    })
}

/// A turn being put together.
struct Builder {
    number: Option<(NumberToken, Span)>,
    face: Option<DieFace>,
    items: Vec<Item>,
    has_action: bool,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            number: None,
            face: None,
            // A move and its comment, as PGN turns mostly hold: allocated at once, not grown.
            items: Vec::with_capacity(2),
            has_action: false,
        }
    }

    fn is_opened(&self) -> bool {
        self.face.is_some() || self.has_action
    }
}

/// The most turns `elements` can group into: one a move where each move is a turn; one a die
/// face or move number, and one more, where die faces open turns; else one every other token
/// (more grows the list). The turns are
/// sized once, not grown (a grown list is copied).
pub(super) fn turns_at_most(elements: &[Element], grouping: Grouping) -> usize {
    let count = |f: fn(&Element) -> bool| elements.iter().filter(|e| f(e)).count();
    match grouping {
        Grouping::OneMove => count(|e| matches!(e, Element::Action(_))),
        Grouping::Faces => count(|e| matches!(e, Element::Face(_) | Element::Number(..))) + 1,
        Grouping::Numbers => elements.len() / 2 + 1,
    }
}

/// Groups tokens into turns; `first` is the number of the first turn when none is written;
/// `capacity`, the room made for the turns at once ([`turns_at_most`]).
pub(super) fn group(
    elements: impl Iterator<Item = Element>,
    grouping: Grouping,
    first: MoveNumber,
    pairs: &[usize],
    capacity: usize,
) -> Result<(Vec<Item>, Vec<Turn>), ParseError> {
    let mut grouper = Grouper::new(grouping, first, pairs, capacity);
    for element in elements {
        grouper.push(element)?;
    }
    grouper.end()
}

/// The grouping of one line, a token at a time: the movetext's general way gives it a list of
/// tokens ([`group`]), its quick way each token as the lexer reads it.
pub(super) struct Grouper<'p> {
    grouping: Grouping,
    /// Where comma pairs begin (Marseillais, [`super::lexer::comma_pairs`]).
    pairs: &'p [usize],
    preamble: Vec<Item>,
    turns: Vec<Turn>,
    current: Option<Builder>,
    next_number: MoveNumber,
}

impl<'p> Grouper<'p> {
    pub(super) fn new(
        grouping: Grouping,
        first: MoveNumber,
        pairs: &'p [usize],
        capacity: usize,
    ) -> Grouper<'p> {
        Grouper {
            grouping,
            pairs,
            preamble: Vec::new(),
            turns: Vec::with_capacity(capacity),
            current: None,
            next_number: first,
        }
    }

    /// The next token of the line.
    #[inline(always)]
    pub(super) fn push(&mut self, element: Element) -> Result<(), ParseError> {
        let grouping = self.grouping;
        let turns = &mut self.turns;
        let next_number = &mut self.next_number;
        match element {
            Element::Number(number, span) => {
                match self.current.take() {
                    Some(b) if b.is_opened() => finish(b, grouping, turns, next_number)?,
                    Some(Builder {
                        number: Some((prev, prev_span)),
                        ..
                    }) => {
                        return Err(dangling(prev, prev_span, *next_number));
                    }
                    Some(b) => self.preamble.extend(b.items),
                    None => {}
                }
                let mut b = Builder::new();
                b.number = Some((number, span));
                self.current = Some(b);
            }
            Element::Face(face) => {
                // A face with no action after it is a turn of its own: the referee judges it
                // (R15), the reader does not.
                let b = self.current.get_or_insert_with(Builder::new);
                if b.is_opened() {
                    let done = std::mem::replace(b, Builder::new());
                    finish(done, grouping, turns, next_number)?;
                }
                b.face = Some(face);
            }
            Element::Action(action) => {
                let b = self.current.get_or_insert_with(Builder::new);
                // `e5,Nc6`: a comma pair is one Marseillais turn; it opens a turn of its own
                // when the group already holds moves.
                let pair_opens =
                    grouping == Grouping::Numbers && self.pairs.contains(&action.span.start);
                if (grouping == Grouping::OneMove || pair_opens) && b.has_action {
                    let done = std::mem::replace(b, Builder::new());
                    finish(done, grouping, turns, next_number)?;
                }
                b.items.push(Item::Action(action));
                b.has_action = true;
            }
            Element::Comment(comment) => self.note(Item::Comment(comment)),
            Element::Nag(nag) => self.note(Item::Nag(nag)),
            Element::Variation(inner, span) => {
                let Some(b) = self.current.as_mut().filter(|b| b.has_action) else {
                    return Err(ParseError::new(
                        ErrorKind::VariationBeforeMove,
                        span.start,
                        span.start + 1,
                    ));
                };
                let start = b
                    .number
                    .map_or(*next_number, |(n, _)| resolve_number(n, *next_number));
                // A variation's error has no place in the main line.
                let capacity = turns_at_most(&inner, grouping);
                let (inner_preamble, inner_turns) =
                    group(inner.into_iter(), grouping, start, self.pairs, capacity).map_err(
                        |mut error| {
                            error.place = None;
                            error
                        },
                    )?;
                b.items.push(Item::Variation(Variation {
                    preamble: inner_preamble,
                    turns: inner_turns,
                    span,
                }));
            }
        }
        Ok(())
    }

    /// A comment or NAG: the turn being written holds it, or the preamble before any turn.
    fn note(&mut self, item: Item) {
        match &mut self.current {
            Some(b) => b.items.push(item),
            None => self.preamble.push(item),
        }
    }

    /// The line's end: its preamble and turns.
    pub(super) fn end(mut self) -> Result<(Vec<Item>, Vec<Turn>), ParseError> {
        match self.current {
            Some(b) if b.is_opened() => {
                finish(b, self.grouping, &mut self.turns, &mut self.next_number)?
            }
            Some(Builder {
                number: Some((number, span)),
                ..
            }) => return Err(dangling(number, span, self.next_number)),
            Some(b) => self.preamble.extend(b.items),
            None => {}
        }
        Ok((self.preamble, self.turns))
    }
}

/// A move number followed by no move: an error of that turn as a whole.
fn dangling(number: NumberToken, span: Span, counted: MoveNumber) -> ParseError {
    let text = match number.white {
        Some(true) => format!("{}.", number.number),
        Some(false) => format!("{}...", number.number),
        None => number.number.to_string(),
    };
    let mut error = ParseError::new(ErrorKind::DanglingMoveNumber(text), span.start, span.end);
    error.place = Some(Place {
        turn: resolve_number(number, counted),
        face: None,
        action: Some(0),
    });
    error
}

/// The main-line place of a token that could not be read after `elements` (the main line's
/// tokens before it), as the grouping counts: an action is the next action of the turn being
/// written (of the next turn where each move is a turn), a move number or die face opens the
/// next turn, anything else stands in the turn being written. `None` where the tokens before do
/// not group (the error before it is the one to fix).
pub(super) fn place_after(
    elements: &[Element],
    grouping: Grouping,
    first: MoveNumber,
    pairs: &[usize],
    kind: &ErrorKind,
) -> Option<Place> {
    let is_action = matches!(
        kind,
        ErrorKind::BadMove(_)
            | ErrorKind::BadCastling(_)
            | ErrorKind::BadPromotion(_)
            | ErrorKind::BadSacrifice(_)
            | ErrorKind::BadResurrection(_)
            | ErrorKind::BadGlyph(_)
            | ErrorKind::BadCheckMark(_)
    );
    let opens_turn = matches!(
        kind,
        ErrorKind::BadDieFace(_) | ErrorKind::BadMoveNumber(_) | ErrorKind::MoveNumberTooLarge(_)
    );
    let first_of_turn = if is_action {
        Some(1)
    } else if opens_turn {
        Some(0)
    } else {
        None
    };
    // A written number with nothing after it yet: the bad token is its turn's.
    if let Some((Element::Number(number, _), before)) = elements.split_last() {
        let (_, turns) =
            group(before.iter().cloned(), grouping, first, pairs, before.len()).ok()?;
        let counted = turns.last().map_or(first, |t| t.number.next());
        return Some(Place {
            turn: resolve_number(*number, counted),
            face: None,
            action: first_of_turn,
        });
    }
    let (_, turns) = group(
        elements.iter().cloned(),
        grouping,
        first,
        pairs,
        elements.len(),
    )
    .ok()?;
    let Some(last) = turns.last() else {
        return Some(Place {
            turn: first,
            face: None,
            action: first_of_turn,
        });
    };
    let next_turn = opens_turn || (is_action && grouping == Grouping::OneMove);
    Some(if next_turn {
        Place {
            turn: last.number.next(),
            face: None,
            action: first_of_turn,
        }
    } else {
        Place {
            turn: last.number,
            face: last.face.map(|f| f.value),
            action: is_action.then(|| last.actions().count() + 1),
        }
    })
}

/// A written number, its side taken from the count when the text gives none.
fn resolve_number(written: NumberToken, counted: MoveNumber) -> MoveNumber {
    let side = match written.white {
        Some(true) => Side::White,
        Some(false) => Side::Black,
        None => counted.side,
    };
    MoveNumber {
        number: written.number,
        side,
    }
}

fn finish(
    b: Builder,
    grouping: Grouping,
    turns: &mut Vec<Turn>,
    next_number: &mut MoveNumber,
) -> Result<(), ParseError> {
    let number = b
        .number
        .map_or(*next_number, |(n, _)| resolve_number(n, *next_number));
    // Marseillais moves before the first number of their line: the referee splits them by the
    // rules (M1). Any later group was opened by a number or a comma pair (M8).
    let unnumbered = grouping == Grouping::Numbers && b.number.is_none() && turns.is_empty();
    *next_number = number.next();
    let start = b
        .number
        .map(|(_, s)| s)
        .or(b.face.map(|f| f.span))
        .or_else(|| b.items.first().map(item_span))
        .unwrap_or_default();
    let end = b
        .items
        .last()
        .map(item_span)
        .or(b.face.map(|f| f.span))
        .unwrap_or(start);
    turns.push(Turn {
        number,
        unnumbered,
        face: b.face,
        items: b.items,
        span: Span::new(start.start, end.end),
    });
    Ok(())
}

fn item_span(item: &Item) -> Span {
    match item {
        Item::Action(a) => a.span,
        Item::Comment(c) => c.span,
        Item::Nag(n) => n.span,
        Item::Variation(v) => v.span,
    }
}
