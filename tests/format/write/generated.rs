//! Property tests on generated records: written, read back, through JSON.

#[allow(unused_imports)]
use super::*;

// ---------------------------------------------------------------------------------------------
// Generated records

fn arb_square() -> impl Strategy<Value = Square> {
    (0u32..64).prop_map(Square::new)
}

fn arb_role() -> impl Strategy<Value = Role> {
    prop::sample::select(Role::ALL.to_vec())
}

fn arb_span() -> impl Strategy<Value = Span> {
    (0usize..5000, 0usize..50).prop_map(|(start, len)| Span::new(start, start + len))
}

/// A SAN move as the reader gives it: whatever its canonical text reads back as.
fn arb_san() -> impl Strategy<Value = SanMove> {
    let normal = (
        arb_role(),
        prop::option::of((0u32..8).prop_map(File::new)),
        prop::option::of((0u32..8).prop_map(Rank::new)),
        any::<bool>(),
        arb_square(),
        prop::option::of(prop::sample::select(vec![
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ])),
    )
        .prop_map(
            |(role, file, rank, capture, to, promotion)| SanMove::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion: promotion.filter(|_| role == Role::Pawn),
            },
        );
    prop_oneof![
        8 => normal,
        1 => prop::sample::select(vec![CastlingSide::KingSide, CastlingSide::QueenSide])
            .prop_map(SanMove::Castle),
    ]
    .prop_map(|mv| mv.to_string().parse().unwrap_or(mv))
}

fn arb_action() -> impl Strategy<Value = Action> {
    let kind = prop_oneof![
        6 => arb_san().prop_map(ActionKind::San),
        1 => (
            arb_square(),
            arb_square(),
            prop::option::of(prop::sample::select(vec![Role::Queen, Role::Knight]))
        )
            .prop_map(|(from, to, promotion)| ActionKind::Uci(UciMove { from, to, promotion })),
        1 => (prop::option::of(arb_role()), arb_square())
            .prop_map(|(role, square)| ActionKind::Sacrifice { role, square }),
        1 => (arb_role(), arb_square())
            .prop_map(|(role, square)| ActionKind::Resurrection { role, square }),
        1 => Just(ActionKind::Nothing {}),
    ];
    (
        kind,
        prop::option::of(prop::sample::select(vec![Check::Check, Check::Mate])),
        prop::option::of(prop::sample::select(Glyph::ALL.to_vec())),
        arb_span(),
    )
        .prop_map(|(kind, check, glyph, span)| Action {
            kind,
            check,
            glyph,
            span,
        })
}

/// Comment text: words, braces, semicolons, line breaks, quotes, non-ASCII.
fn arb_text() -> impl Strategy<Value = String> {
    "[a-zé0-9 {};\n\r\"\\\\%()$.-]{0,16}"
}

fn arb_note() -> impl Strategy<Value = Item> {
    prop_oneof![
        3 => (arb_text(), arb_span())
            .prop_map(|(text, span)| Item::Comment(Comment { text, span })),
        1 => any::<u8>().prop_map(|nag| Item::Nag(Nag { nag, span: Span::default() })),
    ]
}

/// Faces: 0 none, 1 on every turn, 2 on some turns.
fn arb_turns(depth: u32, faces: u8) -> BoxedStrategy<Vec<Turn>> {
    let item = if depth == 0 {
        prop_oneof![4 => arb_action().prop_map(Item::Action), 1 => arb_note()].boxed()
    } else {
        prop_oneof![
            8 => arb_action().prop_map(Item::Action),
            2 => arb_note(),
            1 => (prop::collection::vec(arb_note(), 0..2), arb_turns(depth - 1, faces))
                .prop_map(|(preamble, turns)| Item::Variation(Variation {
                    preamble,
                    turns,
                    span: Span::default(),
                })),
        ]
        .boxed()
    };
    let one = (
        prop::collection::vec(item, 0..4),
        prop::sample::select(Face::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
    );
    (prop::collection::vec(one, 0..12), 1u32..40, any::<bool>())
        .prop_map(move |(turns, first, black_first)| {
            let mut number = MoveNumber {
                number: first,
                side: if black_first {
                    Side::Black
                } else {
                    Side::White
                },
            };
            let mut out = Vec::with_capacity(turns.len());
            for (items, value, has_face, skip) in turns {
                let face = match faces {
                    1 => true,
                    2 => has_face,
                    _ => false,
                }
                .then_some(DieFace {
                    value,
                    span: Span::default(),
                });
                out.push(Turn {
                    unnumbered: false,
                    number,
                    face,
                    items,
                    span: Span::default(),
                });
                // Now and then a number that does not follow.
                number = if skip && has_face {
                    number.next().next().next()
                } else {
                    number.next()
                };
            }
            out
        })
        .boxed()
}

fn arb_tags() -> impl Strategy<Value = Vec<Tag>> {
    let name = prop_oneof![
        3 => prop::sample::select(vec![
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp",
            "FEN", "ECO", "Annotator", "PlyCount", "Termination",
        ])
        .prop_map(str::to_owned),
        1 => "[A-Z][A-Za-z0-9_]{0,8}",
    ];
    let value = prop_oneof![
        1 => prop::sample::select(vec!["Sade", "Marseillais", "Standard", "Marseillais Classical"])
            .prop_map(str::to_owned),
        3 => "[ -~é]{0,20}",
    ];
    prop::collection::vec(
        (name, value, arb_span()).prop_map(|(name, value, span)| Tag { name, value, span }),
        0..10,
    )
}

pub(super) fn arb_game() -> impl Strategy<Value = Game> {
    (0u8..3).prop_flat_map(|faces| {
        (
            arb_tags(),
            prop::collection::vec(arb_note(), 0..3),
            arb_turns(2, faces),
            prop::option::of(prop::sample::select(vec![
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
                GameResult::Unknown,
            ])),
            arb_span(),
            any::<bool>(),
        )
            .prop_map(|(tags, preamble, turns, result, span, unnumbered)| {
                let mut game = Game {
                    tags,
                    preamble,
                    turns,
                    result,
                    span,
                };
                if unnumbered {
                    mark_unnumbered(&mut game);
                }
                game
            })
    })
}

/// Marks the first turn of every line unnumbered where a Marseillais record can hold the mark
/// (moves written without numbers before a line's first number, M1).
fn mark_unnumbered(game: &mut Game) {
    fn mark(turns: &mut [Turn]) {
        if let Some(first) = turns.first_mut() {
            first.unnumbered = true;
        }
        for turn in turns.iter_mut() {
            for item in &mut turn.items {
                if let Item::Variation(v) = item {
                    mark(&mut v.turns);
                }
            }
        }
    }
    let faces = any_face(&game.turns);
    let marseillais = matches!(
        sade_ref::record::Variant::of_record(game.tag("Variant"), faces),
        Ok(sade_ref::record::Variant::Marseillais
            | sade_ref::record::Variant::MarseillaisClassical)
    );
    if marseillais && !faces {
        mark(&mut game.turns);
    }
}

fn any_face(turns: &[Turn]) -> bool {
    turns.iter().any(|t| {
        t.face.is_some()
            || t.items
                .iter()
                .any(|i| matches!(i, Item::Variation(v) if any_face(&v.turns)))
    })
}

/// How the reader groups actions into turns (see `parse::movetext`): one move a turn in games
/// without die faces other than Sade and Marseillais, otherwise whatever a number or face opens.
pub(super) fn one_move_turns(g: &Game) -> bool {
    let faces = any_face(&g.turns);
    !faces
        && !matches!(
            sade_ref::record::Variant::of_record(g.tag("Variant"), faces),
            Ok(sade_ref::record::Variant::Sade
                | sade_ref::record::Variant::Marseillais
                | sade_ref::record::Variant::MarseillaisClassical)
        )
}

/// Makes a generated record one the reader can give: every turn has an action (one only where a
/// turn is one move), a variation follows an action and is not empty.
pub(super) fn readable(mut g: Game) -> Game {
    fn fit(turns: &mut [Turn], one_move: bool) {
        for turn in turns.iter_mut() {
            let mut seen_action = false;
            let mut items = Vec::with_capacity(turn.items.len() + 1);
            for item in std::mem::take(&mut turn.items) {
                match item {
                    Item::Action(_) if one_move && seen_action => {}
                    Item::Action(_) => {
                        seen_action = true;
                        items.push(item);
                    }
                    Item::Variation(mut v) if seen_action => {
                        fit(&mut v.turns, one_move);
                        if !v.turns.is_empty() || !v.preamble.is_empty() {
                            items.push(Item::Variation(v));
                        }
                    }
                    Item::Variation(_) => {}
                    note => items.push(note),
                }
            }
            if !seen_action {
                items.push(action(ActionKind::Nothing {}));
            }
            turn.items = items;
        }
    }
    let one_move = one_move_turns(&g);
    fit(&mut g.turns, one_move);
    // Dropping a variation may drop the only die face: then turns are one move after all.
    if one_move_turns(&g) {
        fit(&mut g.turns, true);
    }
    g
}

proptest! {
    // No regression files: integration tests have no src/ for proptest to put them beside.
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_records_round_trip_through_json_exactly(
        games in prop::collection::vec(arb_game(), 1..3)
    ) {
        let text = json::to_json(&games);
        let back = json::from_json(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back, &games);
        prop_assert_eq!(json::to_json(&back), text.clone(), "spans or field order changed");
        let lines = json::from_json(&json::to_json_lines(&games))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&lines, &games);
        let errors = schema::validate(&json_value(&text));
        prop_assert!(errors.is_empty(), "{:?}", errors);
    }

    #[test]
    fn generated_records_are_written_within_80_columns_as_a_fixed_point(g in arb_game()) {
        check_writer(&g);
        let text = sdn::to_sdn(&g);
        for line in text.lines() {
            // Tokens here are at most 20 characters, tag lines at most 56.
            prop_assert!(line.chars().count() <= 80, "{:?}", line);
        }
    }

    #[test]
    fn generated_records_read_back_as_their_normal_form(
        games in prop::collection::vec(arb_game(), 1..3)
    ) {
        let games: Vec<Game> = games.into_iter().map(readable).collect();
        let text = sdn::games_to_sdn(&games);
        let read: Vec<_> = parse_str(&text)
            .into_iter()
            .map(|r| r.map(|g| g.without_spans()).map_err(|e| format!("{e}")))
            .collect();
        let normal: Vec<_> = games
            .iter()
            .map(|g| Ok(sdn::normalize(g).without_spans()))
            .collect();
        prop_assert_eq!(read, normal, "reading back:\n{}", text);
    }
}
