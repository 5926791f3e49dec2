//! The writers: canonical SDN (export format, 80 columns, fixed point of `normalize`) and JSON
//! (lossless both ways, valid against `spec/sdn.schema.json`).
//!
//! One module a subject: [`canonical`] (canonical SDN), [`json_io`] (JSON both ways and its schema),
//! [`generated`] (property tests on generated records), [`corpus`] (every corpus and real game),
//! [`verdicts`] (conversion never changes a verdict); the records built by hand that they share
//! are here.

mod adjudicate;
mod canonical;
mod corpus;
mod generated;
mod json_io;
mod verdicts;

use canonical::check_writer;
use sade_ref::record::Face;

pub(super) use proptest::prelude::*;
pub(super) use sade_ref::parse::parse_str;
pub(super) use sade_ref::record::{
    Action, ActionKind, Check, Comment, DieFace, Game, GameResult, Glyph, Item, MoveNumber, Nag,
    SanMove, Side, Span, Tag, Turn, UciMove, Variation,
};
pub(super) use sade_ref::write::{json, sdn};

pub(super) use crate::support::{corpus_files, display};
pub(super) use serde_json::Value;
pub(super) use shakmaty::{CastlingSide, File, Rank, Role, Square};

// ---------------------------------------------------------------------------------------------
// Building records by hand

pub(super) fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: name.to_owned(),
        value: value.to_owned(),
        span: Span::default(),
    }
}

pub(super) fn action(kind: ActionKind) -> Item {
    Item::Action(Action::new(kind))
}

pub(super) fn san(text: &str) -> Item {
    let mv = SanMove::from_ascii(text.as_bytes())
        .unwrap_or_else(|_| panic!("test move {text:?} is SAN"));
    action(ActionKind::San(mv))
}

pub(super) fn uci(text: &str) -> Item {
    let mv = UciMove::from_ascii(text.as_bytes())
        .unwrap_or_else(|_| panic!("test move {text:?} is UCI"));
    action(ActionKind::Uci(mv))
}

/// The same action with a check/mate suffix and a glyph.
pub(super) fn marked(item: Item, check: Option<Check>, glyph: Option<Glyph>) -> Item {
    match item {
        Item::Action(action) => Item::Action(Action {
            check,
            glyph,
            ..action
        }),
        other => other,
    }
}

pub(super) fn comment(text: &str) -> Item {
    Item::Comment(Comment {
        text: text.to_owned(),
        span: Span::default(),
    })
}

pub(super) fn nag(nag: u8) -> Item {
    Item::Nag(Nag {
        nag,
        span: Span::default(),
    })
}

pub(super) fn variation(preamble: Vec<Item>, turns: Vec<Turn>) -> Item {
    Item::Variation(Variation {
        preamble,
        turns,
        span: Span::default(),
    })
}

pub(super) fn turn(number: u32, side: Side, face: Option<Face>, items: Vec<Item>) -> Turn {
    Turn {
        unnumbered: false,
        number: MoveNumber { number, side },
        face: face.map(|value| DieFace {
            value,
            span: Span::default(),
        }),
        items,
        span: Span::default(),
    }
}

pub(super) fn white(number: u32, items: Vec<Item>) -> Turn {
    turn(number, Side::White, None, items)
}

pub(super) fn black(number: u32, items: Vec<Item>) -> Turn {
    turn(number, Side::Black, None, items)
}

pub(super) fn game(tags: Vec<Tag>, turns: Vec<Turn>, result: Option<GameResult>) -> Game {
    Game {
        tags,
        preamble: Vec::new(),
        turns,
        result,
        span: Span::default(),
    }
}

/// The movetext of a written game: what follows the blank line after the tags.
pub(super) fn movetext(text: &str) -> &str {
    text.split_once("\n\n").map_or("", |(_, moves)| moves)
}

// ---------------------------------------------------------------------------------------------
// Hand-built games

/// The example of sdn-v1-and-rulings.md, tags given out of order.
pub(super) fn boudoir_open() -> Game {
    game(
        vec![
            tag("Variant", "Sade"),
            tag("Black", "Juliette"),
            tag("White", "Justine"),
            tag("Event", "Boudoir Open"),
            tag("Site", "Paris"),
            tag("Date", "2026.11.29"),
            tag("Round", "1"),
            tag("Result", "*"),
        ],
        vec![
            turn(
                1,
                Side::White,
                Some(Face::Three),
                vec![san("e6"), san("d6"), san("Nf6")],
            ),
            turn(
                1,
                Side::Black,
                Some(Face::Four),
                vec![
                    action(ActionKind::Sacrifice {
                        role: Some(Role::Knight),
                        square: Square::B8,
                    }),
                    san("e5"),
                ],
            ),
            turn(
                2,
                Side::White,
                Some(Face::Five),
                vec![action(ActionKind::Resurrection {
                    role: Role::Knight,
                    square: Square::A6,
                })],
            ),
            turn(2, Side::Black, Some(Face::One), vec![san("Nc3")]),
        ],
        Some(GameResult::Unknown),
    )
}

/// Every construct of the record in one Sade game.
pub(super) fn everything() -> Game {
    let mut g = game(
        vec![
            tag("Event", r#"The "Boudoir" \ Open"#),
            tag(
                "FEN",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nq] w KQkq - 0 1",
            ),
            tag("Zebra", "z"),
            tag("Annotator", "D.A.F."),
            tag("SetUp", "1"),
            tag("Variant", "Sade"),
            tag("Result", "0-1"),
        ],
        vec![
            turn(
                1,
                Side::White,
                Some(Face::Three),
                vec![
                    marked(san("e6"), None, Some(Glyph::Speculative)),
                    san("d6"),
                    marked(san("Nf6"), Some(Check::Check), Some(Glyph::Mistake)),
                    comment("a } in it"),
                    nag(13),
                ],
            ),
            turn(
                1,
                Side::Black,
                Some(Face::Four),
                vec![
                    action(ActionKind::Sacrifice {
                        role: Some(Role::Knight),
                        square: Square::B8,
                    }),
                    san("e5"),
                ],
            ),
            turn(
                2,
                Side::White,
                Some(Face::Five),
                vec![
                    marked(
                        action(ActionKind::Resurrection {
                            role: Role::Knight,
                            square: Square::A6,
                        }),
                        Some(Check::Mate),
                        None,
                    ),
                    comment("two\nlines"),
                ],
            ),
            turn(
                2,
                Side::Black,
                Some(Face::One),
                vec![
                    uci("g1f3"),
                    variation(
                        vec![comment("instead")],
                        vec![turn(
                            2,
                            Side::Black,
                            Some(Face::One),
                            vec![
                                uci("b1c3"),
                                variation(
                                    vec![],
                                    vec![turn(
                                        2,
                                        Side::Black,
                                        Some(Face::Two),
                                        vec![san("Nc3"), san("Nh3")],
                                    )],
                                ),
                            ],
                        )],
                    ),
                    action(ActionKind::Nothing {}),
                ],
            ),
            turn(
                3,
                Side::White,
                Some(Face::Four),
                vec![
                    action(ActionKind::Sacrifice {
                        role: None,
                        square: Square::E2,
                    }),
                    comment("x}\ny"),
                    marked(san("Qh5"), Some(Check::Mate), None),
                ],
            ),
        ],
        Some(GameResult::BlackWins),
    );
    g.preamble = vec![comment("Before the first roll"), nag(7)];
    g
}

/// A Standard game whose comments, NAGs and variations interrupt the move numbers.
pub(super) fn ruy_lopez() -> Game {
    game(
        vec![tag("White", "Anderssen")],
        vec![
            white(1, vec![san("e4")]),
            black(1, vec![san("e5")]),
            white(2, vec![san("Nf3"), comment("Main line")]),
            black(2, vec![san("Nc6")]),
            white(3, vec![san("Bb5"), nag(1)]),
            black(3, vec![san("a6")]),
            white(
                4,
                vec![
                    san("Ba4"),
                    variation(
                        vec![],
                        vec![white(4, vec![san("Bxc6")]), black(4, vec![san("dxc6")])],
                    ),
                ],
            ),
            black(4, vec![san("Nf6")]),
            white(5, vec![san("O-O")]),
            black(5, vec![comment("Black thinks"), san("Be7")]),
        ],
        None,
    )
}

/// A Marseillais game: two moves a turn, every turn numbered.
pub(super) fn marseillais() -> Game {
    game(
        vec![tag("Variant", "Marseillais")],
        vec![
            white(1, vec![san("e4")]),
            black(1, vec![san("e5"), san("d5")]),
            white(2, vec![marked(san("Bb5"), Some(Check::Check), None)]),
        ],
        Some(GameResult::Draw),
    )
}

/// A long Standard game, no comments: 120 turns.
pub(super) fn long_game() -> Game {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let turns = (0..120u32)
        .map(|i| {
            let side = if i % 2 == 0 { Side::White } else { Side::Black };
            turn(i / 2 + 1, side, None, vec![san(moves[i as usize % 4])])
        })
        .collect();
    game(vec![], turns, Some(GameResult::Draw))
}

pub(super) fn hand_built() -> Vec<Game> {
    vec![
        boudoir_open(),
        everything(),
        ruy_lopez(),
        marseillais(),
        long_game(),
        Game::default(),
    ]
}

pub(super) fn json_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("writer gave bad JSON: {e}"))
}

/// The errors of a record document against spec/sdn.schema.json (see `crate::format::schemas`).
pub(super) mod schema {
    pub fn validate(instance: &serde_json::Value) -> Vec<String> {
        crate::format::schemas::sdn_errors(instance)
    }
}
