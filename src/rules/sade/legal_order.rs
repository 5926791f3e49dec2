//! The legal moves of a position's pieces other than the king, walked one by one in the order
//! shakmaty lists them, and stopped where the walker says: the count at the roll (R4) most
//! often needs the first few, not the whole list (about 2,000 instructions in a Sade middle
//! game, and a 2 KB copy).

use std::ops::ControlFlow;

use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Role, Square, attacks};

/// Walks the legal moves of `pos`'s side to move that are not the king's (so no castling
/// either), in the order of `pos.legal_moves()`, until `visit` breaks. `None` where that side is in
/// check, has an en passant square or has no king: shakmaty makes its list otherwise there,
/// and the caller asks for the list.
///
/// The order is shakmaty 0.30's: pawn captures towards the a-file side, then towards the
/// h-file side (each by destination, promotions after the rest, queen first), single steps,
/// double steps (by destination), then knights, bishops, rooks and queens (by origin, then by
/// destination); a pinned piece's moves off its line are left out. The test
/// `walks_as_shakmaty_lists` holds the two equal on many positions.
pub(crate) fn walk_non_king<B>(
    pos: &Chess,
    mut visit: impl FnMut(Move) -> ControlFlow<B>,
) -> Option<ControlFlow<B>> {
    let board = pos.board();
    let us = pos.turn();
    let king = board.king_of(us)?;
    if pos.maybe_ep_square().is_some() || pos.checkers().any() {
        return None;
    }
    let pinned = pinned(board, us, king);
    let mut step = |from: Square, to: Square, role: Role, promotion: Option<Role>| {
        if pinned.contains(from) && !attacks::aligned(from, to, king) {
            return ControlFlow::Continue(());
        }
        visit(Move::Normal {
            role,
            from,
            capture: board.role_at(to),
            to,
            promotion,
        })
    };
    Some(match pawn_moves(board, us, &mut step) {
        ControlFlow::Continue(()) => piece_moves(board, us, &mut step),
        stopped => stopped,
    })
}

/// The pawns' moves, in shakmaty's order: each kind of move for all pawns at once, as a shift
/// of their bitboard.
fn pawn_moves<B>(
    board: &Board,
    us: Color,
    step: &mut impl FnMut(Square, Square, Role, Option<Role>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let pawns = board.by_piece(Role::Pawn.of(us));
    let forward = us.fold_wb(8, -8);
    let theirs = board.by_color(!us);
    let empty = !board.occupied();
    // Captures towards the a-file (by the pawns off it), then towards the h-file.
    for (side, edge) in [(-1, File::A), (1, File::H)] {
        let delta = forward + side;
        let targets = (pawns & !Bitboard::from_file(edge)).shift(delta) & theirs;
        moves_to(targets, delta, step)?;
    }
    // Single steps, then double steps from the pawns' first rank.
    let single = pawns.shift(forward) & empty;
    moves_to(single, forward, step)?;
    let double = single.shift(forward) & us.fold_wb(Bitboard::SOUTH, Bitboard::NORTH) & empty;
    for to in double {
        if let Some(from) = to.offset(-2 * forward) {
            step(from, to, Role::Pawn, None)?;
        }
    }
    ControlFlow::Continue(())
}

/// Pawn moves to each of `targets`, each `delta` squares from its origin: the plain ones by
/// destination, then the promotions, each to a queen, a rook, a bishop and a knight in that
/// order.
fn moves_to<B>(
    targets: Bitboard,
    delta: i32,
    step: &mut impl FnMut(Square, Square, Role, Option<Role>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    for to in targets & !Bitboard::BACKRANKS {
        if let Some(from) = to.offset(-delta) {
            step(from, to, Role::Pawn, None)?;
        }
    }
    for to in targets & Bitboard::BACKRANKS {
        if let Some(from) = to.offset(-delta) {
            for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                step(from, to, Role::Pawn, Some(promotion))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The knights', bishops', rooks' and queens' moves, in shakmaty's order.
fn piece_moves<B>(
    board: &Board,
    us: Color,
    step: &mut impl FnMut(Square, Square, Role, Option<Role>) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let occupied = board.occupied();
    let target = !board.by_color(us);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_piece(role.of(us)) {
            let reach = match role {
                Role::Knight => attacks::knight_attacks(from),
                Role::Bishop => attacks::bishop_attacks(from, occupied),
                Role::Rook => attacks::rook_attacks(from, occupied),
                _ => attacks::queen_attacks(from, occupied),
            };
            for to in reach & target {
                step(from, to, role, None)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Every piece that stands alone between `us`'s king and an enemy slider aiming at it
/// (shakmaty's blockers: either colour, though only `us`'s are asked about).
fn pinned(board: &Board, us: Color, king: Square) -> Bitboard {
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers & board.by_color(!us) {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            pinned |= between;
        }
    }
    pinned
}

#[cfg(test)]
mod tests {
    use shakmaty::EnPassantMode;
    use shakmaty::fen::Fen;

    use super::*;
    use crate::rules::resolve::random_positions;

    /// Positions of random games, and some set up for promotions, pins and double steps.
    fn positions() -> Vec<Chess> {
        random_positions(
            &[
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
                "4k3/8/8/1b6/8/3N4/4P3/4K2r w - - 0 1",
                "4k3/8/8/8/4n3/8/3PP3/4K3 w - - 0 1",
                "4k3/3pp3/8/4N3/8/8/8/4K3 b - - 0 1",
            ],
            80,
            150,
            0x2545_F491_4F6C_DD1D,
        )
    }

    #[test]
    fn walks_as_shakmaty_lists() {
        let mut walked_positions = 0;
        for pos in positions() {
            let mut walked = Vec::new();
            let flow = walk_non_king(&pos, |m| {
                walked.push(m);
                ControlFlow::<()>::Continue(())
            });
            if flow.is_none() {
                continue;
            }
            walked_positions += 1;
            let listed: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.role() != Role::King)
                .collect();
            assert_eq!(
                walked,
                listed,
                "{}",
                Fen::from_position(&pos, EnPassantMode::Legal)
            );
        }
        assert!(walked_positions > 5_000, "{walked_positions}");
    }

    #[test]
    fn stops_where_the_walker_says() {
        let pos = Chess::default();
        let mut seen = 0;
        let flow = walk_non_king(&pos, |_| {
            seen += 1;
            if seen == 3 {
                ControlFlow::Break(seen)
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(flow, Some(ControlFlow::Break(3)));
    }
}
