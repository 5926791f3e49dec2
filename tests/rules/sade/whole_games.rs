//! Whole games of Marquis de Sade chess, made by a seeded generator (a random die, a random legal
//! fulfilment from the search), and the agreement of the two ways of judging a turn: the referee
//! (`play_turn`) accepts a turn exactly when the fulfilment search lists it, for every turn of
//! every generated game and for mutations of it (another square, another piece, an action
//! dropped, two actions swapped).
//!
//! The games are written to `corpus/games/` with `SADE_REF_WRITE_GAMES=1 cargo test whole_games`;
//! the test checks that the committed files are exactly what the generator makes, so they are
//! never edited by hand.

use sade_ref::record::{
    Action, ActionKind, DieFace, Face, Game, GameResult, Item, MoveNumber, SanMove, Side, Span,
    Tag, Turn,
};
use sade_ref::rules::Resolved;
use sade_ref::rules::sade::{self, Fulfilment, State, Step, TurnOutcome, play_turn};
use shakmaty::{CastlingMode, Color, Role, Square};

use crate::support::root;

/// splitmix64: small, seeded, the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One generated game: the record, and what the generator knows of its end.
pub struct Generated {
    pub game: Game,
    pub expect: String,
    /// The state before each turn (for the agreement test).
    pub states: Vec<State>,
}

/// Plays a game: `min_turns` turns avoiding fulfilments that end the game when others exist,
/// then preferring those that end it, until the game ends or `max_turns` turns are played.
pub fn generate(seed: u64, min_turns: usize, max_turns: usize) -> Generated {
    let mut rng = Rng::new(seed);
    let mut state =
        State::from_game(&Game::default()).expect("the initial position is a Sade state");
    let mut game = generated_game(seed, "Generated game", ("Justine", "Juliette"), "Sade");
    let mut number = MoveNumber {
        number: 1,
        side: Side::White,
    };
    let mut states = Vec::new();
    let mut expect = "unfinished".to_owned();
    let mut result = GameResult::Unknown;
    while game.turns.len() < max_turns {
        let face = Face::ALL[rng.below(6)];
        let all = sade::fulfilments(&state, face).expect("a reachable state can be analysed");
        let quiet: Vec<&Fulfilment> = all.iter().filter(|f| f.end.is_none()).collect();
        let ending: Vec<&Fulfilment> = all.iter().filter(|f| f.end.is_some()).collect();
        let chosen = if game.turns.len() < min_turns && !quiet.is_empty() {
            Some(quiet[rng.below(quiet.len())])
        } else if !ending.is_empty() {
            Some(ending[rng.below(ending.len())])
        } else if all.is_empty() {
            None
        } else {
            Some(&all[rng.below(all.len())])
        };
        let actions = match chosen {
            Some(f) => f.actions(&state),
            // No fulfilment: the roller claims poverty and loses (Art. 5).
            None => vec![ActionKind::Nothing {}],
        };
        let turn = Turn {
            unnumbered: false,
            number,
            face: Some(DieFace {
                value: face,
                span: Span::default(),
            }),
            items: actions
                .into_iter()
                .map(|kind| Item::Action(Action::new(kind)))
                .collect(),
            span: Span::default(),
        };
        let played = play_turn(&state, &turn);
        states.push(state);
        game.turns.push(turn);
        number = number.next();
        match played.outcome {
            TurnOutcome::Complete => state = played.state,
            TurnOutcome::Finished { end, .. } => {
                expect = format!(
                    "finished {} {}",
                    end.winner.fold_wb("white", "black"),
                    end.termination.name()
                );
                result = if end.winner == Color::White {
                    GameResult::WhiteWins
                } else {
                    GameResult::BlackWins
                };
                break;
            }
            TurnOutcome::Invalid { action, reason, .. }
            | TurnOutcome::Stopped { action, reason } => {
                panic!(
                    "seed {seed}, turn {}: the referee rejects action {action} of a listed fulfilment: {reason}",
                    number
                )
            }
        }
    }
    game.result = Some(result);
    game.set_tag("Result", result.as_str());
    Generated {
        game,
        expect,
        states,
    }
}

/// An empty game with the seven-tag roster and the variant, as the generators write them.
pub fn generated_game(seed: u64, event: &str, (white, black): (&str, &str), variant: &str) -> Game {
    let mut game = Game::default();
    for (name, value) in [
        ("Event", format!("{event} {seed}")),
        ("Site", "sade-ref test helpers".to_owned()),
        ("Date", "2026.11.29".to_owned()),
        ("Round", seed.to_string()),
        ("White", white.to_owned()),
        ("Black", black.to_owned()),
        ("Result", "*".to_owned()),
        ("Variant", variant.to_owned()),
    ] {
        game.tags.push(Tag {
            name: name.to_owned(),
            value,
            span: Span::default(),
        });
    }
    game
}

/// Writes a generated game's file with `SADE_REF_WRITE_GAMES=1`; otherwise checks that the
/// committed file is exactly what the generator makes.
fn write_or_compare(path: &std::path::Path, text: &str) {
    if std::env::var_os("SADE_REF_WRITE_GAMES").is_some() {
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).unwrap();
        }
        std::fs::write(path, text).unwrap();
    } else {
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert_eq!(
            committed,
            text,
            "{} differs from what the generator makes",
            path.display()
        );
    }
}

const SEEDS: std::ops::Range<u64> = 1..23;

/// The text of a generated game as committed in corpus/games/.
fn corpus_text(seed: u64, generated: &Generated) -> String {
    format!(
        "; expect: {}\n; case: a whole game made by the seeded generator of tests/rules/sade/whole_games.rs (seed {seed})\n{}",
        generated.expect,
        sade_ref::write::sdn::to_sdn(&generated.game)
    )
}

#[test]
fn whole_games_in_the_corpus_are_what_the_generator_makes() {
    let folder = root().join("corpus/games");
    let mut long = 0;
    for seed in SEEDS {
        let generated = generate(seed, 30, 200);
        if generated.game.turns.len() >= 30 {
            long += 1;
        }
        let text = corpus_text(seed, &generated);
        write_or_compare(&folder.join(format!("sade_{seed:02}.sdn")), &text);
    }
    assert!(
        long >= 20,
        "only {long} generated games have 30 turns or more"
    );
}

/// What an accepted action did, comparable between the referee and the search.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    Remove(Square),
    Put(Role, Square),
    Nothing,
}

fn key_of_step(step: &Step) -> Key {
    match *step {
        Step::Move(m) => {
            let uci = m.to_uci(CastlingMode::Standard);
            match uci {
                shakmaty::uci::UciMove::Normal {
                    from,
                    to,
                    promotion,
                } => Key::Move {
                    from,
                    to,
                    promotion,
                },
                _ => Key::Nothing,
            }
        }
        Step::Sacrifice { square, .. } => Key::Remove(square),
        Step::Resurrection { role, square } => Key::Put(role, square),
        Step::Nothing => Key::Nothing,
    }
}

fn key_of_resolved(r: &Resolved) -> Key {
    match (r.from, r.to) {
        (Some(from), Some(to)) => Key::Move {
            from,
            to,
            promotion: r.promotion,
        },
        (Some(square), None) => Key::Remove(square),
        (None, Some(square)) => Key::Put(r.role, square),
        (None, None) => Key::Nothing,
    }
}

/// Turns made from a turn by small changes: another square, another piece, an action dropped,
/// two actions swapped.
fn mutations(turn: &Turn, rng: &mut Rng) -> Vec<Turn> {
    let actions: Vec<ActionKind> = turn.actions().map(|a| a.kind.clone()).collect();
    let with = |actions: Vec<ActionKind>| Turn {
        unnumbered: false,
        items: actions
            .into_iter()
            .map(|k| Item::Action(Action::new(k)))
            .collect(),
        ..turn.clone()
    };
    let mut out = Vec::new();
    for (i, kind) in actions.iter().enumerate() {
        let square = Square::new(rng.below(64) as u32);
        let changed = match kind {
            ActionKind::San(SanMove::Normal {
                role,
                file,
                rank,
                capture,
                promotion,
                ..
            }) => {
                vec![
                    ActionKind::San(SanMove::Normal {
                        role: *role,
                        file: *file,
                        rank: *rank,
                        capture: *capture,
                        to: square,
                        promotion: *promotion,
                    }),
                    ActionKind::San(SanMove::Normal {
                        role: [
                            Role::Knight,
                            Role::Bishop,
                            Role::Rook,
                            Role::Queen,
                            Role::King,
                            Role::Pawn,
                        ][rng.below(6)],
                        file: None,
                        rank: None,
                        capture: *capture,
                        to: square,
                        promotion: None,
                    }),
                ]
            }
            ActionKind::Sacrifice { role, .. } => vec![ActionKind::Sacrifice {
                role: *role,
                square,
            }],
            ActionKind::Resurrection { role, .. } => vec![
                ActionKind::Resurrection {
                    role: *role,
                    square,
                },
                ActionKind::Resurrection {
                    role: [Role::Queen, Role::Rook, Role::Bishop, Role::Knight][rng.below(4)],
                    square,
                },
            ],
            _ => Vec::new(),
        };
        for c in changed {
            let mut a = actions.clone();
            a[i] = c;
            out.push(with(a));
        }
        let mut dropped = actions.clone();
        dropped.remove(i);
        out.push(with(dropped));
        if i + 1 < actions.len() {
            let mut swapped = actions.clone();
            swapped.swap(i, i + 1);
            out.push(with(swapped));
        }
    }
    out
}

/// Whether the referee accepts the turn as a fulfilment, and the search lists it.
fn judged_both_ways(state: &State, turn: &Turn, listed: &[Vec<Key>]) -> (bool, bool) {
    let played = play_turn(state, turn);
    let accepted = match played.outcome {
        TurnOutcome::Complete => true,
        TurnOutcome::Finished { end, .. } => end.is_fulfilment(),
        TurnOutcome::Invalid { .. } | TurnOutcome::Stopped { .. } => false,
    };
    let mut keys: Vec<Key> = played.resolved.iter().map(key_of_resolved).collect();
    // A bare face before another turn reads as `--` (R15).
    if turn.actions().next().is_none() && keys.is_empty() {
        keys.push(Key::Nothing);
    }
    let complete = !matches!(played.outcome, TurnOutcome::Invalid { .. });
    (accepted, complete && listed.contains(&keys))
}

#[test]
fn the_referee_accepts_a_turn_exactly_when_the_search_lists_it() {
    let mut rng = Rng::new(0x5ADE);
    let mut checked = 0;
    let mut disagreements = Vec::new();
    for seed in SEEDS {
        let generated = generate(seed, 30, 200);
        for (state, turn) in generated.states.iter().zip(&generated.game.turns) {
            let Some(face) = turn.face.map(|f| f.value) else {
                continue;
            };
            let listed: Vec<Vec<Key>> = sade::fulfilments(state, face)
                .expect("a reachable state can be analysed")
                .iter()
                .map(|f| f.steps.iter().map(key_of_step).collect())
                .collect();
            for candidate in std::iter::once(turn.clone()).chain(mutations(turn, &mut rng)) {
                let (accepted, listed_it) = judged_both_ways(state, &candidate, &listed);
                checked += 1;
                if accepted != listed_it {
                    let written: Vec<String> =
                        candidate.actions().map(ToString::to_string).collect();
                    disagreements.push(format!(
                        "seed {seed}, turn {} face {face} `{}` from {}: referee {}, search {}",
                        turn.number,
                        written.join(" "),
                        state.fen(),
                        if accepted { "accepts" } else { "rejects" },
                        if listed_it {
                            "lists it"
                        } else {
                            "does not list it"
                        },
                    ));
                }
            }
        }
    }
    eprintln!("{checked} turns judged both ways");
    assert!(checked >= 2000, "only {checked} turns checked");
    assert!(
        disagreements.is_empty(),
        "{} of {checked} turns judged differently:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Marseillais: real-length games made with a plain shakmaty move generator, written here from
// the rules text (seed 001, rulings M1–M7), independently of the referee's Marseillais code, so
// that the referee's verdict on them is a cross-check, not an echo.

mod marseillais {
    use std::collections::HashMap;

    use sade_ref::record::{
        Action, ActionKind, Game, GameResult, Item, MoveNumber, SanMove, Side, Span, Turn,
    };
    use shakmaty::san::San;
    use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role, Setup};

    use super::Rng;

    /// The same side moves again: shakmaty's position with the turn handed back, and no en
    /// passant chance (the generator never takes en passant).
    fn again(pos: &Chess) -> Option<Chess> {
        let mut setup: Setup = pos.to_setup(EnPassantMode::Legal);
        setup.turn = !setup.turn;
        setup.ep_square = None;
        setup.position(pos.castles().mode()).ok()
    }

    fn legal(pos: &Chess) -> Vec<Move> {
        pos.legal_moves()
            .into_iter()
            .filter(|m| !m.is_en_passant())
            .collect()
    }

    /// M6: king against king, or king and one knight or bishop against king.
    fn insufficient(pos: &Chess) -> bool {
        let board = pos.board();
        let others = board.occupied() & !board.kings();
        others.is_empty()
            || (others.count() == 1 && others.is_subset(board.knights() | board.bishops()))
    }

    fn gives_check(pos: &Chess, m: Move) -> bool {
        let mut after = pos.clone();
        after.play_unchecked(m);
        after.is_check()
    }

    fn san(pos: &Chess, m: Move) -> ActionKind {
        let text = San::from_move(pos, m).to_string();
        ActionKind::San(
            text.parse::<SanMove>()
                .expect("shakmaty writes SAN the reader reads"),
        )
    }

    pub struct Generated {
        pub game: Game,
        pub expect: String,
    }

    /// A Balanced game: White's first turn is one move; every other turn two, unless the first
    /// gives check (M2). A first move is chosen only if a second exists after it, or it checks
    /// (M3). The game stops at a mate (M3), a stalemate, insufficient material (M6, after any
    /// move: M7), before a
    /// position could come back a third time or fifty quiet turns pass (so that no automatic draw
    /// goes unnoticed here), or after `max_turns` turns.
    pub fn generate(seed: u64, max_turns: usize) -> Generated {
        let mut rng = Rng::new(seed ^ 0x4D41_5253);
        let mut pos = Chess::default();
        let mut game = super::generated_game(
            seed,
            "Generated Marseillais game",
            ("Blangis", "Curval"),
            "Marseillais",
        );
        let mut number = MoveNumber {
            number: 1,
            side: Side::White,
        };
        let mut seen: HashMap<u64, u32> = HashMap::new();
        let mut quiet = 0;
        let mut expect = "unfinished".to_owned();
        let mut result = GameResult::Unknown;
        while game.turns.len() < max_turns {
            let mover = pos.turn();
            let key: shakmaty::zobrist::Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
            let count = seen.entry(key.0).or_insert(0);
            *count += 1;
            if *count >= 2 || quiet >= 48 {
                break;
            }
            let single = game.turns.is_empty();
            // First moves that leave a second, or give check, or (the only move) end the turn.
            let firsts: Vec<Move> = legal(&pos)
                .into_iter()
                .filter(|&m| {
                    let mut after = pos.clone();
                    after.play_unchecked(m);
                    single
                        || after.is_check()
                        || again(&after).is_some_and(|p| !legal(&p).is_empty())
                })
                .collect();
            if firsts.is_empty() {
                if pos.legal_moves().is_empty() && pos.is_check() {
                    expect = format!("finished {} checkmate", (!mover).fold_wb("white", "black"));
                    result = if mover == Color::White {
                        GameResult::BlackWins
                    } else {
                        GameResult::WhiteWins
                    };
                }
                break;
            }
            // Captures and checks more often than chance, so that games reach their ends.
            let sharp: Vec<Move> = firsts
                .iter()
                .copied()
                .filter(|m| m.is_capture() || gives_check(&pos, *m))
                .collect();
            let first = if !sharp.is_empty() && rng.below(10) < 7 {
                sharp[rng.below(sharp.len())]
            } else {
                firsts[rng.below(firsts.len())]
            };
            let mut items = vec![Item::Action(Action::new(san(&pos, first)))];
            let mut capture_or_pawn = first.is_capture() || first.role() == Role::Pawn;
            let mut after = pos.clone();
            after.play_unchecked(first);
            // M7: insufficient material ends the game after any move, mid-turn too.
            if !single && !after.is_check() && !insufficient(&after) {
                let Some(second_pos) = again(&after) else {
                    break;
                };
                let seconds = legal(&second_pos);
                let captures: Vec<Move> =
                    seconds.iter().copied().filter(|m| m.is_capture()).collect();
                let second = if !captures.is_empty() && rng.below(10) < 7 {
                    captures[rng.below(captures.len())]
                } else {
                    seconds[rng.below(seconds.len())]
                };
                items.push(Item::Action(Action::new(san(&second_pos, second))));
                capture_or_pawn |= second.is_capture() || second.role() == Role::Pawn;
                after = second_pos;
                after.play_unchecked(second);
                // The opponent's turn, without an en passant chance (the generator takes none).
                let mut setup = after.to_setup(EnPassantMode::Legal);
                setup.ep_square = None;
                let Ok(next) = setup.position::<Chess>(after.castles().mode()) else {
                    break;
                };
                after = next;
            }
            quiet = if capture_or_pawn { 0 } else { quiet + 1 };
            game.turns.push(Turn {
                unnumbered: false,
                number,
                face: None,
                items,
                span: Span::default(),
            });
            number = number.next();
            pos = after;
            if insufficient(&pos) {
                expect = "finished draw insufficient-material".to_owned();
                result = GameResult::Draw;
                break;
            }
        }
        game.result = Some(result);
        game.set_tag("Result", result.as_str());
        Generated { game, expect }
    }
}

const MARSEILLAIS_SEEDS: std::ops::Range<u64> = 1..13;

#[test]
fn marseillais_games_in_the_corpus_are_what_the_generator_makes() {
    let folder = root().join("corpus/games");
    let mut long = 0;
    for seed in MARSEILLAIS_SEEDS {
        let generated = marseillais::generate(seed, 120);
        if generated.game.turns.len() >= 30 {
            long += 1;
        }
        let text = format!(
            "; expect: {}\n; case: a whole Marseillais game made by the move generator of tests/rules/sade/whole_games.rs (seed {seed})\n{}",
            generated.expect,
            sade_ref::write::sdn::to_sdn(&generated.game)
        );
        write_or_compare(&folder.join(format!("marseillais_{seed:02}.sdn")), &text);
    }
    assert!(
        long >= 10,
        "only {long} generated Marseillais games have 30 turns or more"
    );
}
