//! Walking variations without recursion: a record built in code may nest variations thousands
//! deep (the reader stops at 20), and neither the writer nor `normalize` may overflow the
//! stack on it or cut it short. Both keep their own stack on the heap.

use crate::record::{Game, Item, Turn, Variation};

/// What the SDN writer meets, in text order.
pub(crate) enum Event<'a> {
    /// A turn starts (its number and face are written here); `previous` is the turn before it
    /// in the same line of play.
    Turn {
        turn: &'a Turn,
        previous: Option<&'a Turn>,
    },
    /// An action, comment or NAG.
    Leaf(&'a Item),
    /// `(`
    Open,
    /// `)`
    Close,
}

enum Work<'a> {
    Items(&'a [Item]),
    Turns(&'a [Turn], Option<&'a Turn>),
    Close,
}

/// Calls `visit` for each event of the preamble and turns, depth first, in text order.
pub(crate) fn walk<'a>(preamble: &'a [Item], turns: &'a [Turn], mut visit: impl FnMut(Event<'a>)) {
    let mut stack = vec![Work::Turns(turns, None), Work::Items(preamble)];
    while let Some(work) = stack.pop() {
        match work {
            Work::Close => visit(Event::Close),
            Work::Items([]) | Work::Turns([], _) => {}
            Work::Items([item, rest @ ..]) => {
                stack.push(Work::Items(rest));
                match item {
                    Item::Variation(v) => {
                        visit(Event::Open);
                        stack.push(Work::Close);
                        stack.push(Work::Turns(&v.turns, None));
                        stack.push(Work::Items(&v.preamble));
                    }
                    _ => visit(Event::Leaf(item)),
                }
            }
            Work::Turns([turn, rest @ ..], previous) => {
                stack.push(Work::Turns(rest, Some(turn)));
                visit(Event::Turn { turn, previous });
                stack.push(Work::Items(&turn.items));
            }
        }
    }
}

/// How deep the game's variations nest (0: none).
pub(crate) fn depth(game: &Game) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    walk(&game.preamble, &game.turns, |event| match event {
        Event::Open => {
            depth += 1;
            deepest = deepest.max(depth);
        }
        Event::Close => depth -= 1,
        _ => {}
    });
    deepest
}

/// Whether a turn of these, or of their variations at any depth, has a die face.
pub(crate) fn any_face(turns: &[Turn]) -> bool {
    let mut found = false;
    walk(&[], turns, |event| {
        found |= matches!(event, Event::Turn { turn, .. } if turn.face.is_some());
    });
    found
}

/// Where a finished list of items goes.
enum Owner<'a> {
    Preamble,
    Turn(&'a Turn),
}

enum Frame<'a> {
    /// A variation (or the game itself at the bottom) whose preamble and turns are being
    /// rebuilt.
    Line {
        variation: Option<&'a Variation>,
        preamble_src: Option<&'a [Item]>,
        turns_src: std::slice::Iter<'a, Turn>,
        preamble: Vec<Item>,
        turns: Vec<Turn>,
    },
    Items {
        src: std::slice::Iter<'a, Item>,
        out: Vec<Item>,
        owner: Owner<'a>,
    },
}

fn line<'a>(
    variation: Option<&'a Variation>,
    preamble: &'a [Item],
    turns: &'a [Turn],
) -> Frame<'a> {
    Frame::Line {
        variation,
        preamble_src: Some(preamble),
        turns_src: turns.iter(),
        preamble: Vec::new(),
        turns: Vec::new(),
    }
}

/// The game's preamble and turns rebuilt, each item that is not a variation mapped by `leaf`
/// (which pushes what it becomes: itself, several items, or none). Spans are kept.
pub(crate) fn rebuild(
    game: &Game,
    mut leaf: impl FnMut(&Item, &mut Vec<Item>),
) -> (Vec<Item>, Vec<Turn>) {
    let mut stack = vec![line(None, &game.preamble, &game.turns)];
    loop {
        let top = stack
            .last_mut()
            .expect("the game's frame stays at the bottom");
        match top {
            Frame::Items { src, out, .. } => match src.next() {
                Some(Item::Variation(v)) => stack.push(line(Some(v), &v.preamble, &v.turns)),
                Some(item) => leaf(item, out),
                None => {
                    let Some(Frame::Items { out, owner, .. }) = stack.pop() else {
                        unreachable!("the top frame is a list of items")
                    };
                    let Some(Frame::Line {
                        preamble, turns, ..
                    }) = stack.last_mut()
                    else {
                        unreachable!("a list of items belongs to a line")
                    };
                    match owner {
                        Owner::Preamble => *preamble = out,
                        Owner::Turn(turn) => turns.push(Turn {
                            number: turn.number,
                            unnumbered: turn.unnumbered,
                            face: turn.face,
                            items: out,
                            span: turn.span,
                        }),
                    }
                }
            },
            Frame::Line {
                preamble_src,
                turns_src,
                ..
            } => {
                if let Some(src) = preamble_src.take() {
                    stack.push(Frame::Items {
                        src: src.iter(),
                        out: Vec::new(),
                        owner: Owner::Preamble,
                    });
                } else if let Some(turn) = turns_src.next() {
                    stack.push(Frame::Items {
                        src: turn.items.iter(),
                        out: Vec::with_capacity(turn.items.len()),
                        owner: Owner::Turn(turn),
                    });
                } else {
                    let Some(Frame::Line {
                        variation,
                        preamble,
                        turns,
                        ..
                    }) = stack.pop()
                    else {
                        unreachable!("the top frame is a line")
                    };
                    let Some(variation) = variation else {
                        return (preamble, turns);
                    };
                    let Some(Frame::Items { out, .. }) = stack.last_mut() else {
                        unreachable!("a variation stands in a list of items")
                    };
                    out.push(Item::Variation(Variation {
                        preamble,
                        turns,
                        span: variation.span,
                    }));
                }
            }
        }
    }
}
