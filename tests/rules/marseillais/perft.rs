//! Marseillais perft: the referee's full-turn enumerator (`marseillais::perft`, through
//! `visit_full_turns`) against a second count written here from shakmaty's moves, one at a
//! time, following the rules M1–M4 and M7 directly:
//!
//! - a turn has two moves; White's first turn of a Balanced game has one (M1);
//! - a first move that gives check ends the turn (M2), as does one after which the material
//!   is insufficient (M7, which ends the game);
//! - a first move with no second move is a turn only when no other turn exists (M3);
//! - en passant against either double step of the opponent's last turn with the first move,
//!   and against the other one with the second move right after a first en passant capture
//!   (M4); this count plays the capture itself, on the board, and asks whether the king is
//!   then attacked;
//! - a turn after which the opponent has no full turn (no move, or only first moves with no
//!   second, M3), or the material is insufficient, ends the game: a leaf.
//!
//! The two agree to depth 2 here (Balanced, Classical, and a position with two double steps
//! to take); the depth-3 figures are checked by the `#[ignore]`d tests (spec/RULES.md quotes
//! them and says how they were run).

use sade_ref::record::Variant;
use sade_ref::rules::marseillais::{self, LookBack, TurnStart};
use sade_ref::rules::perft::Root;
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role, Square,
};

/// A position before one move, as this count keeps it: shakmaty's position (with no en passant
/// square of its own) and the squares a pawn may take en passant on with this move.
#[derive(Clone)]
struct Before {
    pos: Chess,
    ep: Vec<Square>,
}

/// The en passant captures on `ep` squares, made on the board: the victim stands beside,
/// the square is empty, and the king is not attacked once both pawns have moved.
fn en_passant(pos: &Chess, ep: &[Square]) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let mut found = Vec::new();
    for &to in ep {
        let victim_rank = if us == Color::White { -8 } else { 8 };
        let Some(victim) = to.offset(victim_rank) else {
            continue;
        };
        if board.piece_at(victim) != Some(Role::Pawn.of(!us)) || board.piece_at(to).is_some() {
            continue;
        }
        for from in [-1, 1].into_iter().filter_map(|side| victim.offset(side)) {
            if from.rank() != victim.rank() || board.piece_at(from) != Some(Role::Pawn.of(us)) {
                continue;
            }
            let mut after = board.clone();
            after.discard_piece_at(victim);
            after.discard_piece_at(from);
            after.set_piece_at(to, Role::Pawn.of(us));
            let king = after.king_of(us).expect("a king");
            if after.attacks_to(king, !us, after.occupied()).is_empty() {
                found.push(Move::EnPassant { from, to });
            }
        }
    }
    found
}

fn moves(before: &Before) -> Vec<Move> {
    let mut all: Vec<Move> = before.pos.legal_moves().into_iter().collect();
    all.extend(en_passant(&before.pos, &before.ep));
    all
}

/// The square a double step passed.
fn passed(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } if u32::from(from).abs_diff(u32::from(to)) == 16 => {
            Square::try_from((u32::from(from) + u32::from(to)) / 2).ok()
        }
        _ => None,
    }
}

/// K v K, K+N v K, K+B v K (M6).
fn dead(pos: &Chess) -> bool {
    let board = pos.board();
    let minor = board.knights() | board.bishops();
    let others = board.occupied() & !board.kings() & !minor;
    others == Bitboard::EMPTY && minor.count() <= 1
}

/// The position with the same board and the other side to move, without an en passant square.
fn swapped(pos: Chess) -> Chess {
    pos.swap_turn().unwrap_or_else(|e| panic!("swap turn: {e}"))
}

/// A turn as this count finds it: the position after it (the opponent to move, the turn's
/// double steps as his chances) and whether the game goes on.
struct Turn {
    next: Before,
    over: bool,
}

fn play(pos: &Chess, m: Move) -> Chess {
    let mut after = pos.clone();
    after.play_unchecked(m);
    // shakmaty's own en passant square is never used: the chances are kept apart.
    let mut setup = after.to_setup(EnPassantMode::Always);
    setup.ep_square = None;
    Chess::from_setup(setup, CastlingMode::Standard).expect("a position")
}

/// The turn's end: the opponent to move, with the double steps of the turn as chances. The
/// game is over when the material is insufficient or the opponent has no full turn (M3: no
/// move at all, or only first moves after which there is no second).
fn finish(after: Chess, turn_moves: &[Move]) -> Turn {
    let next = Before {
        ep: turn_moves.iter().filter_map(|&m| passed(m)).collect(),
        pos: after,
    };
    let over = dead(&next.pos) || !has_full_turn(&next);
    Turn { next, over }
}

/// Whether the player to move in `before` has a full turn: a first move that gives check or
/// leaves the material insufficient, or one followed by a second move.
fn has_full_turn(before: &Before) -> bool {
    moves(before).into_iter().any(|first| {
        let after = play(&before.pos, first);
        if after.is_check() || dead(&after) {
            return true;
        }
        let mid = Before {
            pos: swapped(after),
            ep: match first {
                Move::EnPassant { to, .. } => {
                    before.ep.iter().copied().filter(|&s| s != to).collect()
                }
                _ => Vec::new(),
            },
        };
        !moves(&mid).is_empty()
    })
}

/// Every full turn from `before` with `length` moves at most (1 or 2).
fn turns(before: &Before, length: usize) -> Vec<Turn> {
    let mut all = Vec::new();
    let mut stranded = Vec::new();
    for first in moves(before) {
        let after = play(&before.pos, first);
        if length == 1 || after.is_check() || dead(&after) {
            all.push(finish(after, &[first]));
            continue;
        }
        let mid = Before {
            pos: swapped(after.clone()),
            ep: match first {
                Move::EnPassant { to, .. } => {
                    before.ep.iter().copied().filter(|&s| s != to).collect()
                }
                _ => Vec::new(),
            },
        };
        let seconds = moves(&mid);
        if seconds.is_empty() {
            stranded.push(finish(after, &[first]));
            continue;
        }
        for second in seconds {
            let end = play(&mid.pos, second);
            all.push(finish(end, &[first, second]));
        }
    }
    if all.is_empty() {
        // M3: a stranded first move, only when nothing else is legal; a stalemate.
        all = stranded
            .into_iter()
            .map(|t| Turn { over: true, ..t })
            .collect();
    }
    all
}

/// This file's count: `depth` full turns, the first with `first_length` moves.
fn count(before: &Before, first_length: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    turns(before, first_length)
        .iter()
        .map(|t| {
            if depth == 1 || t.over {
                1
            } else {
                count(&t.next, 2, depth - 1)
            }
        })
        .sum()
}

fn referee(variant: &Variant, depth: u32) -> u64 {
    Root::new(*variant, None)
        .and_then(|root| root.perft(depth))
        .unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn initial() -> Before {
    Before {
        pos: Chess::default(),
        ep: Vec::new(),
    }
}

#[test]
fn the_two_counts_agree_from_the_start_to_depth_2() {
    for (variant, first_length) in [
        (Variant::Marseillais, 1),
        (Variant::MarseillaisClassical, 2),
    ] {
        for depth in 0..=2 {
            let ours = count(&initial(), first_length, depth);
            assert_eq!(referee(&variant, depth), ours, "{variant} depth {depth}");
        }
    }
    // Each first move of a Balanced game is one turn; a Classical turn from the start has
    // 20 first moves and, since none gives check, 20 or more second moves each.
    assert_eq!(count(&initial(), 1, 1), 20);
    assert!(count(&initial(), 2, 1) > 20 * 20);
}

#[test]
fn the_two_counts_agree_with_two_double_steps_to_take() {
    // Black has just played ...d7-d5 and ...f7-f5 in one turn; White's pawn on e5 may take
    // either en passant with the first move, and the g5 pawn the other with the second (M4).
    let fen = "4k3/8/8/3pPpP1/8/8/8/4K3 w - - 0 1";
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .expect("a FEN")
        .into_position(CastlingMode::Standard)
        .expect("a position");
    let ep = vec![Square::D6, Square::F6];
    let before = Before {
        pos: pos.clone(),
        ep: ep.clone(),
    };
    let start = TurnStart {
        pos,
        ep,
        moves: 2,
        mode: CastlingMode::Standard,
        look_back: LookBack::default(),
    };
    for depth in 1..=3 {
        let ours = count(&before, 2, depth);
        let theirs = marseillais::perft(&start, depth).expect("a count");
        assert_eq!(theirs, ours, "depth {depth}");
    }
    // The turns of two en passant captures:
    let both = marseillais::full_turns(&start)
        .into_iter()
        .filter(|t| t.moves.iter().all(|m| m.is_en_passant()))
        .count();
    // exd6 gxf6 and gxf6 exd6; after exf6 no pawn stands beside d5.
    assert_eq!(both, 2);
}

/// The depth-3 count from the Balanced start (4.9 million turns): 26 s for both counts in a
/// debug build.
#[test]
#[ignore = "slow: cargo test -- --ignored marseillais_depth_3"]
fn marseillais_depth_3_balanced() {
    depth_3(&Variant::Marseillais, 1);
}

/// The depth-3 count from the Classical start (131 million turns): 7 min 39 s of CPU for both
/// counts in a debug build.
#[test]
#[ignore = "slow: cargo test -- --ignored marseillais_depth_3"]
fn marseillais_depth_3_classical() {
    depth_3(&Variant::MarseillaisClassical, 2);
}

fn depth_3(variant: &Variant, first_length: usize) {
    let ours = count(&initial(), first_length, 3);
    let theirs = referee(variant, 3);
    eprintln!("{variant} depth 3: referee {theirs}, second count {ours}");
    assert_eq!(theirs, ours, "{variant} depth 3");
}
