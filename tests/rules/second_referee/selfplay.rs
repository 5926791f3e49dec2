//! Seeded self-play for the second referee: whole Sade games whose turns are picked among the
//! sequences the second referee enumerates, and mutations of them.

use sade_ref::record::{
    Action, ActionKind, DieFace, Face, Game, GameResult, Item, MoveNumber, SanMove, Side, Turn,
    UciMove,
};
use shakmaty::san::San;
use shakmaty::{CastlingMode, Color};

use super::position::{Act, Pos};
use super::turn::{Effect, End, Node, Stage, State};

/// SplitMix64: a few lines, seeded, the same on every machine.
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

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// One enumerated way through a turn: the actions and how it ends.
struct Path {
    acts: Vec<(Act, Pos)>,
    /// The position after a complete turn, or the end of the game.
    end: Result<Pos, End>,
}

/// Every way through the turn from `node`, or `None` past `cap` ways.
fn sequences(node: &Node, prefix: &mut Vec<(Act, Pos)>, out: &mut Vec<Path>, cap: usize) -> bool {
    if out.len() > cap {
        return false;
    }
    match node.state() {
        State::Complete => out.push(Path {
            acts: prefix.clone(),
            end: Ok(node.pos.clone()),
        }),
        State::Over(end) => {
            let mut acts = prefix.clone();
            // The record shows a lost series or an impossible face with `--` (R4, R14).
            if end.termination == "poverty-of-the-flesh" || acts.is_empty() {
                acts.push((Act::Pass, node.pos.clone()));
            }
            out.push(Path {
                acts,
                end: Err(end),
            });
        }
        State::Open(children) => {
            for (act, effect) in children {
                prefix.push((act, node.pos.clone()));
                let ok = match effect {
                    Effect::End(end) => {
                        out.push(Path {
                            acts: prefix.clone(),
                            end: Err(end),
                        });
                        true
                    }
                    Effect::Next(next) => sequences(&next, prefix, out, cap),
                };
                prefix.pop();
                if !ok {
                    return false;
                }
            }
        }
    }
    true
}

/// A random walk through the turn when there are too many ways to list.
fn walk(node: &Node, rng: &mut Rng) -> Path {
    let mut node = node.clone();
    let mut acts = Vec::new();
    loop {
        match node.state() {
            State::Complete => {
                return Path {
                    acts,
                    end: Ok(node.pos),
                };
            }
            State::Over(end) => {
                acts.push((Act::Pass, node.pos.clone()));
                return Path {
                    acts,
                    end: Err(end),
                };
            }
            State::Open(mut children) => {
                // Mostly a way that goes on: a forbidden check now and then.
                let good: Vec<usize> = (0..children.len())
                    .filter(|&i| match &children[i].1 {
                        Effect::End(e) => e.termination != "forbidden-check",
                        Effect::Next(n) => n.completes(),
                    })
                    .collect();
                let pick = if !good.is_empty() && rng.chance(97) {
                    good[rng.below(good.len())]
                } else {
                    rng.below(children.len())
                };
                let (act, effect) = children.swap_remove(pick);
                acts.push((act, node.pos.clone()));
                match effect {
                    Effect::End(end) => {
                        return Path {
                            acts,
                            end: Err(end),
                        };
                    }
                    Effect::Next(next) => node = next,
                }
            }
        }
    }
}

/// A face 1–3 turn begun with a move of the side not due (R4), then walked on as that side
/// would go on; `None` when that side has no move.
fn side_not_due(node: &Node, rng: &mut Rng) -> Option<Path> {
    let Stage::Series {
        own,
        left,
        moved,
        series,
    } = node.stage
    else {
        return None;
    };
    let other = Node {
        pos: node.pos.clone(),
        roller: node.roller,
        stage: Stage::Series {
            own: !own,
            left,
            moved,
            series,
        },
    };
    let mut children = other.children();
    if children.is_empty() {
        return None;
    }
    let (act, effect) = children.swap_remove(rng.below(children.len()));
    let mut acts = vec![(act, node.pos.clone())];
    let end = match effect {
        Effect::End(end) => Err(end),
        Effect::Next(next) => {
            let rest = walk(&next, rng);
            acts.extend(rest.acts);
            rest.end
        }
    };
    Some(Path { acts, end })
}

/// A face 1–3 roll whose pieces due cannot complete the series: one of their moves, then `--`;
/// `None` when they have no move.
fn tried_first(node: &Node, rng: &mut Rng) -> Option<Path> {
    let State::Over(end) = node.state() else {
        return None;
    };
    let children = node.children();
    if children.is_empty() {
        return None;
    }
    let (act, _) = children[rng.below(children.len())].clone();
    Some(Path {
        acts: vec![(act, node.pos.clone()), (Act::Pass, node.pos.clone())],
        end: Err(end),
    })
}

/// The written form of an action from the position before it: SAN mostly, UCI sometimes.
fn written(act: Act, before: &Pos, rng: &mut Rng) -> Action {
    let kind = match act {
        Act::Move(m) => {
            let from = m.from().expect("a board move");
            let mover = before.board.piece_at(from).expect("a piece").color;
            if rng.chance(10) {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                ActionKind::Uci(UciMove::from_ascii(uci.as_bytes()).expect("UCI"))
            } else {
                let chess = before.chess(mover).expect("a position");
                let san = San::from_move(&chess, m).to_string();
                ActionKind::San(SanMove::from_ascii(san.as_bytes()).expect("SAN"))
            }
        }
        Act::Remove(square) => ActionKind::Sacrifice {
            role: rng
                .chance(80)
                .then(|| before.board.piece_at(square).expect("a piece").role),
            square,
        },
        Act::Return(role, square) => ActionKind::Resurrection { role, square },
        Act::Pass => ActionKind::Nothing {},
    };
    Action::new(kind)
}

/// A random sparse start position with a pocket, as a FEN tag (kings, a few pieces each,
/// the side to move at random), one the second referee accepts.
pub fn sparse_fen(rng: &mut Rng) -> String {
    loop {
        let mut board = [[' '; 8]; 8];
        let mut place = |c: char, rng: &mut Rng| loop {
            let (file, rank) = (rng.below(8), rng.below(8));
            let pawn = c.eq_ignore_ascii_case(&'p');
            if board[rank][file] == ' ' && !(pawn && (rank == 0 || rank == 7)) {
                board[rank][file] = c;
                break;
            }
        };
        place('K', rng);
        place('k', rng);
        for side in ["QRBNPPP", "qrbnppp"] {
            let letters: Vec<char> = side.chars().collect();
            for _ in 0..rng.below(5) {
                place(letters[rng.below(letters.len())], rng);
            }
        }
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for &square in &board[rank] {
                    match square {
                        ' ' => empty += 1,
                        c => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let pocket: String = (0..rng.below(4))
            .map(|_| "QRBNPqrbnp".as_bytes()[rng.below(10)] as char)
            .collect();
        let pocket = if rng.chance(70) {
            format!("[{pocket}]")
        } else {
            String::new()
        };
        let turn = if rng.chance(50) { "w" } else { "b" };
        let fen = format!("{}{pocket} {turn} - - 0 1", rows.join("/"));
        if Pos::start(Some(&fen)).is_ok() {
            return fen;
        }
    }
}

/// What the self-play games held, to show what they exercised.
#[derive(Debug, Default)]
pub struct Seen {
    pub en_passant: usize,
    pub castling: usize,
    pub promotions: usize,
    pub sacrifices: usize,
    pub resurrections: usize,
    pub passes: usize,
    /// Faces 1–3 played with the roller's own pieces.
    pub own_series: usize,
    /// Faces 1–3 whose pieces due could not complete the series at the roll (R4: Poverty).
    pub due_cannot_complete: usize,
    /// Faces 1–3 written, on purpose, with the side not due (R4: invalid at that action).
    pub side_not_due: usize,
    /// Face 6 with no exposure possible: one regular move.
    pub face_6_regular: usize,
}

/// A whole seeded game of at most `max_turns` turns, from the initial position or a FEN.
pub fn game(rng: &mut Rng, max_turns: usize, fen: Option<&str>, seen: &mut Seen) -> Game {
    let mut game = Game::default();
    game.set_tag("Variant", "Sade");
    let (mut pos, mut roller) = Pos::start(fen).expect("a start position");
    let mut number = MoveNumber {
        number: 1,
        side: if roller == Color::White {
            Side::White
        } else {
            Side::Black
        },
    };
    if let Some(fen) = fen {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", fen);
        if Color::ALL.iter().any(|&c| pos.naked(c)) {
            game.result = Some(GameResult::Unknown);
            return game;
        }
    }
    let mut result = GameResult::Unknown;
    for _ in 0..max_turns {
        let face = 1 + rng.below(6) as u8;
        let node = Node::roll(&pos, roller, face);
        let series = matches!(node.stage, Stage::Series { .. });
        let cannot_complete = series && !node.completes();
        match node.stage {
            Stage::Series { own: true, .. } => seen.own_series += 1,
            Stage::Regular => seen.face_6_regular += 1,
            _ => {}
        }
        seen.due_cannot_complete += usize::from(cannot_complete);
        let mut all = Vec::new();
        // Now and then the side not due (R4): the record is invalid there, and stops.
        let wrong_side = (series && rng.chance(2))
            .then(|| side_not_due(&node, rng))
            .flatten();
        let invalid = wrong_side.is_some();
        seen.side_not_due += usize::from(invalid);
        let path = if let Some(path) = wrong_side {
            path
        } else if let Some(path) = (cannot_complete && rng.chance(50))
            .then(|| tried_first(&node, rng))
            .flatten()
        {
            // Lost at the roll: a move of the pieces due (any, a check included) before the
            // `--`, as a player who tried an order would write it.
            path
        } else if sequences(&node, &mut Vec::new(), &mut all, 3000) {
            // Mostly a fulfilment, so that games last.
            let good: Vec<usize> = (0..all.len())
                .filter(|&i| match &all[i].end {
                    Ok(_) => true,
                    Err(e) => {
                        e.termination != "forbidden-check"
                            && e.termination != "poverty-of-the-flesh"
                    }
                })
                .collect();
            // Now and then a way with a rare move (en passant, castling, promotion) or a
            // stalemate, so that the games hold them.
            let rare: Vec<usize> = good
                .iter()
                .copied()
                .filter(|&i| {
                    matches!(&all[i].end, Err(e) if e.termination == "sweet-stalemate")
                        || all[i].acts.iter().any(|(a, _)| {
                            matches!(a, Act::Move(m) if m.is_en_passant() || m.is_castle() || m.is_promotion())
                        })
                })
                .collect();
            let pick = if !rare.is_empty() && rng.chance(50) {
                rare[rng.below(rare.len())]
            } else if !good.is_empty() && rng.chance(97) {
                good[rng.below(good.len())]
            } else {
                rng.below(all.len())
            };
            all.swap_remove(pick)
        } else {
            walk(&node, rng)
        };
        for (act, _) in &path.acts {
            match act {
                Act::Move(m) if m.is_en_passant() => seen.en_passant += 1,
                Act::Move(m) if m.is_castle() => seen.castling += 1,
                Act::Move(m) if m.is_promotion() => seen.promotions += 1,
                Act::Remove(_) => seen.sacrifices += 1,
                Act::Return(..) => seen.resurrections += 1,
                Act::Pass => seen.passes += 1,
                Act::Move(_) => {}
            }
        }
        let items = path
            .acts
            .iter()
            .map(|(act, before)| Item::Action(written(*act, before, rng)))
            .collect();
        game.turns.push(Turn {
            unnumbered: false,
            number,
            face: Some(DieFace {
                value: Face::try_from(face).expect("a die face"),
                span: Default::default(),
            }),
            items,
            span: Default::default(),
        });
        number = number.next();
        if invalid {
            break;
        }
        match path.end {
            Ok(next) => pos = next,
            Err(end) => {
                result = match end.winner {
                    Color::White => GameResult::WhiteWins,
                    Color::Black => GameResult::BlackWins,
                };
                break;
            }
        }
        roller = !roller;
    }
    game.result = Some(result);
    game
}

/// A mutation of a game: an action dropped, two swapped, a face changed, an action appended,
/// the game cut in the middle of a turn, or the result token changed.
pub fn mutate(game: &Game, rng: &mut Rng) -> (Game, &'static str) {
    let mut g = game.clone();
    if g.turns.is_empty() {
        return (g, "none");
    }
    let t = rng.below(g.turns.len());
    let action_items: Vec<usize> = (0..g.turns[t].items.len())
        .filter(|&i| matches!(g.turns[t].items[i], Item::Action(_)))
        .collect();
    let kind = match rng.below(7) {
        0 if !action_items.is_empty() => {
            let i = action_items[rng.below(action_items.len())];
            g.turns[t].items.remove(i);
            "drop an action"
        }
        1 if action_items.len() >= 2 => {
            let i = rng.below(action_items.len() - 1);
            g.turns[t].items.swap(action_items[i], action_items[i + 1]);
            "swap two actions"
        }
        1 if t + 1 < g.turns.len() && !action_items.is_empty() => {
            // Swap an action with the first action of the next turn.
            let next_first = g.turns[t + 1]
                .items
                .iter()
                .position(|i| matches!(i, Item::Action(_)));
            if let Some(j) = next_first {
                let i = *action_items.last().expect("an action");
                let a = g.turns[t].items[i].clone();
                g.turns[t].items[i] = std::mem::replace(&mut g.turns[t + 1].items[j], a);
            }
            "swap actions across turns"
        }
        2 => {
            let face = g.turns[t].face.as_mut().expect("a face");
            face.value = Face::ALL[(usize::from(face.value.get()) + rng.below(5)) % 6];
            "change the face"
        }
        3 => {
            // Append an action taken from elsewhere in the game, or `--`.
            let donor = &game.turns[rng.below(game.turns.len())];
            let action = donor
                .actions()
                .nth(rng.below(donor.actions().count().max(1)))
                .cloned()
                .filter(|_| rng.chance(80))
                .unwrap_or_else(|| Action::new(ActionKind::Nothing {}));
            g.turns[t].items.push(Item::Action(action));
            "append an action"
        }
        6 => {
            // A move-number label that does not match (R18).
            let number = &mut g.turns[t].number;
            if rng.chance(50) {
                number.side = number.side.other();
            } else {
                number.number = number.number.saturating_add(1 + rng.below(3) as u32);
            }
            "change a move-number label"
        }
        4 => {
            g.turns.truncate(t + 1);
            let keep = rng.below(action_items.len().max(1));
            g.turns[t].items.truncate(keep);
            g.result = Some(pick_result(rng));
            "cut the game inside a turn"
        }
        _ => {
            g.turns.truncate(t + 1);
            g.result = Some(pick_result(rng));
            "cut the game after a turn"
        }
    };
    (g, kind)
}

fn pick_result(rng: &mut Rng) -> GameResult {
    [
        GameResult::Unknown,
        GameResult::Unknown,
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
    ][rng.below(5)]
}
