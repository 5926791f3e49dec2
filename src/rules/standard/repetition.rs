//! Repetition keys (FIDE 9.2.3: the same placement, side to move, castling rights and en
//! passant captures): a Zobrist hash of the position, kept up to date move by move.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square};

/// The repetition key of a position, computed from scratch.
pub fn repetition_key(pos: &Chess) -> u64 {
    let hash: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    hash.0
}

/// Plays `m` (legal in `pos`) and returns the key of the new position from `key`, the key of
/// the old one: what the move changes (the pieces it moves, takes or promotes, the side to
/// move, castling rights, the en passant capture), instead of hashing every piece again.
pub fn play_keyed(pos: &mut Chess, key: u64, m: Move) -> u64 {
    let us = pos.turn();
    let mut key = Zobrist64(key);
    let mut flip = |square: Square, role: Role, color: Color| {
        key ^= Zobrist64::zobrist_for_piece(square, Piece { color, role });
    };
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            flip(from, role, us);
            if let Some(captured) = capture {
                flip(to, captured, !us);
            }
            flip(to, promotion.unwrap_or(role), us);
        }
        Move::EnPassant { from, to } => {
            flip(from, Role::Pawn, us);
            flip(Square::from_coords(to.file(), from.rank()), Role::Pawn, !us);
            flip(to, Role::Pawn, us);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook > king);
            flip(king, Role::King, us);
            flip(rook, Role::Rook, us);
            flip(side.king_to(us), Role::King, us);
            flip(side.rook_to(us), Role::Rook, us);
        }
        Move::Put { .. } => {
            // Not a move of standard chess: hashed whole.
            pos.play_unchecked(m);
            return repetition_key(pos);
        }
    }
    let rights = pos.castles().castling_rights();
    key ^= Zobrist64::zobrist_for_white_turn() ^ en_passant(pos);
    if rights.is_empty() {
        pos.play_unchecked(m);
    } else {
        key ^= castling(pos);
        pos.play_unchecked(m);
        key ^= castling(pos);
    }
    key ^= en_passant(pos);
    debug_assert_eq!(
        key.0,
        repetition_key(pos),
        "the key kept up to date after {m:?}"
    );
    key.0
}

fn castling(pos: &Chess) -> Zobrist64 {
    let castles = pos.castles();
    let mut key = Zobrist64::default();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if castles.has(color, side) {
                key ^= Zobrist64::zobrist_for_castling_right(color, side);
            }
        }
    }
    key
}

fn en_passant(pos: &Chess) -> Zobrist64 {
    pos.ep_square(EnPassantMode::Legal)
        .map(|square| Zobrist64::zobrist_for_en_passant_file(square.file()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use super::{play_keyed, repetition_key};

    /// Every move two plies deep from `fen` (castling, en passant, promotions, captures of a
    /// rook that can still castle): the key kept up to date is the key hashed whole.
    fn keys_follow_every_move(fen: &str, mode: CastlingMode) {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("a FEN")
            .into_position(mode)
            .expect("a legal position");
        let key = repetition_key(&pos);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            let next = play_keyed(&mut after, key, m);
            assert_eq!(next, repetition_key(&after), "{fen}: {m:?}");
            for reply in after.legal_moves() {
                let mut again = after.clone();
                let last = play_keyed(&mut again, next, reply);
                assert_eq!(last, repetition_key(&again), "{fen}: {m:?} {reply:?}");
            }
        }
    }

    #[test]
    fn fide_9_2_3_keys_kept_move_by_move_are_the_keys_of_the_positions() {
        let standard = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Castling both ways, rooks that can be taken, a promotion next move.
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // En passant captures, one of them pinned.
            "8/8/8/K1pP3r/8/8/8/6k1 w - c6 0 2",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            // Promotions with and without capture.
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        for fen in standard {
            keys_follow_every_move(fen, CastlingMode::Standard);
        }
        // Chess960: the king castles onto its rook's square, and the rook onto the king's.
        keys_follow_every_move(
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
            CastlingMode::Chess960,
        );
        keys_follow_every_move(
            "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w AEae - 0 1",
            CastlingMode::Chess960,
        );
    }
}
