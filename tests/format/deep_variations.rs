//! A record built in code with variations nested far deeper than the reader allows (20): the
//! SDN writer and `normalize` walk it without recursion, on a small stack, and cut nothing.

use sade_ref::record::{
    Action, ActionKind, Game, Item, MoveNumber, SanMove, Side, Turn, Variation,
};
use sade_ref::write::sdn;

/// One turn `1. e4` whose item list holds the next variation.
fn turn(items: Vec<Item>) -> Turn {
    Turn {
        unnumbered: false,
        number: MoveNumber {
            number: 1,
            side: Side::White,
        },
        face: None,
        items,
        span: Default::default(),
    }
}

fn e4() -> Item {
    Item::Action(Action::new(ActionKind::San(
        SanMove::from_ascii(b"e4").expect("SAN"),
    )))
}

/// `1. e4 (1. e4 (1. e4 … ))`, `depth` variations deep, built from the inside out; the
/// innermost turn holds `bottom`.
fn deep(depth: usize, bottom: Vec<Item>) -> Game {
    let mut inner = turn(bottom);
    for _ in 0..depth {
        inner = turn(vec![
            e4(),
            Item::Variation(Variation {
                preamble: Vec::new(),
                turns: vec![inner],
                span: Default::default(),
            }),
        ]);
    }
    Game {
        turns: vec![inner],
        ..Game::default()
    }
}

/// How deep the variations go, counted without recursion.
fn depth_of(game: &Game) -> usize {
    let mut depth = 0;
    let mut turns = &game.turns;
    while let Some(Item::Variation(v)) = turns.first().and_then(|t| t.items.get(1)) {
        depth += 1;
        turns = &v.turns;
    }
    depth
}

/// Takes the record apart from the outside in: the derived `Drop` would recurse.
fn dismantle(mut game: Game) {
    let mut turns = std::mem::take(&mut game.turns);
    while let Some(mut turn) = turns.pop() {
        for item in turn.items.drain(..) {
            if let Item::Variation(mut v) = item {
                turns.append(&mut v.turns);
            }
        }
    }
}

#[test]
fn ten_thousand_nested_variations_are_written_whole_on_a_small_stack() {
    const DEPTH: usize = 10_000;
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let game = deep(DEPTH, vec![e4()]);
            let text = sdn::to_sdn(&game);
            let normal = sdn::normalize(&game);
            let opened = text.matches('(').count();
            let closed = text.matches(')').count();
            let normal_depth = depth_of(&normal);
            let again = sdn::to_sdn(&normal);
            dismantle(game);
            dismantle(normal);
            (opened, closed, normal_depth, text == again, text)
        })
        .expect("a thread");
    let (opened, closed, normal_depth, same, text) = worker.join().expect("no stack overflow");
    assert_eq!((opened, closed), (DEPTH, DEPTH));
    assert_eq!(normal_depth, DEPTH);
    assert!(same, "write(normalize(g)) == write(g)");
    // No result token in the record, none written.
    assert!(text.ends_with(")\n"), "{}", &text[text.len() - 40..]);
    assert_eq!(text.matches("1. e4").count(), DEPTH + 1);
}

#[test]
fn normalize_keeps_every_level_and_splits_comments_at_depth() {
    // A comment holding `}` at the bottom: normalize splits it, writing keeps it.
    let comment = Item::Comment(sade_ref::record::Comment {
        text: "a}b\nc".into(),
        span: Default::default(),
    });
    let game = deep(50, vec![e4(), comment]);
    let normal = sdn::normalize(&game);
    assert_eq!(depth_of(&normal), 50);
    let text = sdn::to_sdn(&game);
    assert!(text.contains(";a}b\n{c}"), "{text}");
    assert_eq!(sdn::to_sdn(&normal), text);
}

#[test]
fn ten_thousand_nested_variations_are_written_as_json_whole() {
    const DEPTH: usize = 10_000;
    let game = deep(DEPTH, vec![e4()]);
    let text = sade_ref::write::json::to_json_value(&game);
    dismantle(game);
    assert_eq!(text.matches("\"type\":\"variation\"").count(), DEPTH);
    assert_eq!(text.matches("\"san\":\"e4\"").count(), DEPTH + 1);
}
