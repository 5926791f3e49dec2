//! From a written move to a legal shakmaty [`Move`] in a given position.
//!
//! SAN is matched as shakmaty matches it, then, if that finds nothing, with the capture mark
//! ignored (`Nxf3` for a quiet move, `Qh7` for a capture: what a hand-written score often says);
//! the match must still be unique. UCI castling is accepted as king-to-destination (`e1g1`) and
//! king-to-rook (`e1h1`).
//!
//! Most written moves name one piece that is free to move, in a position without check: those
//! are found straight from the attack tables ([`unique_match`]), the move shakmaty's matching
//! would give, without building its list of candidates. Everything else goes to shakmaty.

use shakmaty::san::{San, SanError};
use shakmaty::uci::UciMove as ShakUci;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Rank, Role, Square, attacks};

use crate::record::{ActionKind, SanMove, UciMove};

/// Why a written move is not a legal move here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No legal move matches.
    Illegal,
    /// More than one legal move matches.
    Ambiguous,
    /// The action is not a move (a sacrifice, a resurrection, `--`).
    NotAMove,
}

/// The legal move of `pos`'s side to move that the action names.
///
/// # Errors
/// [`MoveError`] when no unique legal move matches.
pub fn resolve(pos: &Chess, kind: &ActionKind) -> Result<Move, MoveError> {
    match kind {
        ActionKind::San(san) => resolve_san(pos, *san),
        ActionKind::Uci(uci) => resolve_uci(pos, *uci),
        _ => Err(MoveError::NotAMove),
    }
}

/// See [`resolve`].
///
/// # Errors
/// [`MoveError`] when no unique legal move matches.
pub fn resolve_san(pos: &Chess, san: SanMove) -> Result<Move, MoveError> {
    if let Some(m) = unique_match(pos, san) {
        return Ok(m);
    }
    let strict = to_shakmaty(san);
    match strict.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => Err(MoveError::Ambiguous),
        Err(SanError::IllegalSan) => match capture_mark_flipped(san) {
            Some(flipped) => flipped.to_move(pos).map_err(|e| match e {
                SanError::AmbiguousSan => MoveError::Ambiguous,
                SanError::IllegalSan => MoveError::Illegal,
            }),
            None => Err(MoveError::Illegal),
        },
    }
}

/// The one legal move that `san` names exactly (its capture mark agreeing with the board), found
/// from the attack tables, when the case is a common one: the side to move not in check, no
/// promotion, no castling, no en passant, and exactly one piece that matches and may legally
/// go. `None` says nothing (ask shakmaty): no match, several, or a case left to shakmaty.
///
/// Where it answers, it answers as shakmaty's `San::to_move` does: the same candidates (the
/// pieces of that kind that reach the square; a pawn's push, double push or capture; the king
/// to a square no enemy piece attacks), the same pin test (a piece standing alone between its
/// king and an enemy slider moves only along that line). The test `unique_match_agrees` holds
/// the two side by side on every written form of every legal move of many positions.
pub(crate) fn unique_match(pos: &Chess, san: SanMove) -> Option<Move> {
    let SanMove::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion: None,
    } = san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let target = board.role_at(to);
    if board.by_color(us).contains(to) || capture != target.is_some() {
        return None;
    }
    let king = board.king_of(us)?;
    if board.attacks_to(king, !us, occupied).any() {
        return None;
    }
    let ours = board.by_piece(role.of(us));
    let from = match role {
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        Role::King => {
            let reaches = attacks::king_attacks(king).contains(to);
            if !reaches || board.attacks_to(to, !us, occupied).any() {
                return None;
            }
            Bitboard::from_square(king)
        }
        Role::Pawn => {
            if to.rank() == Rank::First || to.rank() == Rank::Eighth {
                return None; // a promotion, which must be named
            }
            // En passant is left to shakmaty: its square is empty, so the capture mark
            // disagrees with the board, and no pawn of ours stands behind it to push there.
            pawn_sources(pos, us, to, target.is_some()) & ours
        }
    };
    let from = from
        & file.map_or(Bitboard::FULL, Bitboard::from_file)
        & rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    let from = from.single_square()?;
    if role != Role::King && pinned(board, us, king, from) && !attacks::aligned(from, to, king) {
        return None;
    }
    Some(Move::Normal {
        role,
        from,
        capture: target,
        to,
        promotion: None,
    })
}

/// The squares a pawn of `us` would come from to reach `to`: diagonally behind it for a capture;
/// straight behind it for a push, or two behind across an empty square from the pawn's first
/// rank.
fn pawn_sources(pos: &Chess, us: Color, to: Square, capture: bool) -> Bitboard {
    if capture {
        return attacks::pawn_attacks(!us, to);
    }
    let back = us.fold_wb(-8, 8);
    let Some(one) = to.offset(back) else {
        return Bitboard::EMPTY;
    };
    let double_rank = us.fold_wb(Rank::Fourth, Rank::Fifth);
    if to.rank() == double_rank && !pos.board().occupied().contains(one) {
        return one
            .offset(back)
            .map_or(Bitboard::EMPTY, Bitboard::from_square);
    }
    Bitboard::from_square(one)
}

/// Whether the piece of `us` on `from` stands alone between its king and an enemy slider
/// aiming at the king along that line (shakmaty's pin test, asked of one square: most pieces
/// share no line with their king, and the test ends there).
fn pinned(board: &shakmaty::Board, us: Color, king: Square, from: Square) -> bool {
    let line = attacks::ray(king, from);
    if line.is_empty() {
        return false;
    }
    let straight = king.file() == from.file() || king.rank() == from.rank();
    let sliders = if straight {
        board.rooks_and_queens()
    } else {
        board.bishops_and_queens()
    };
    let occupied = board.occupied();
    (line & sliders & board.by_color(!us))
        .into_iter()
        .any(|sniper| {
            // Beyond `from`, seen from the king, with nothing but `from` between.
            let between = attacks::between(king, sniper) & occupied;
            between.contains(from) && !between.more_than_one()
        })
}

/// The SAN with its capture mark the other way round (`Nxf3` for `Nf3`): what a written move
/// names when the board contradicts its mark. `None` for castling, which has no mark.
pub fn capture_mark_flipped(san: SanMove) -> Option<San> {
    let mut flipped = to_shakmaty(san);
    if let San::Normal { capture, .. } = &mut flipped {
        *capture = !*capture;
        return Some(flipped);
    }
    None
}

/// See [`resolve`].
///
/// # Errors
/// [`MoveError::Illegal`] when the move is not legal.
pub fn resolve_uci(pos: &Chess, uci: UciMove) -> Result<Move, MoveError> {
    let m = ShakUci::Normal {
        from: uci.from,
        to: uci.to,
        promotion: uci.promotion,
    };
    m.to_move(pos).map_err(|_| MoveError::Illegal)
}

/// The shakmaty SAN for a written SAN move.
pub fn to_shakmaty(san: SanMove) -> San {
    match san {
        SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        },
        SanMove::Castle(side) => San::Castle(side),
    }
}

/// A move as the record writes it: its SAN where there is one (`san`), else UCI (`Nothing` for
/// what neither can say, which no legal move is).
pub(crate) fn written_move(san: Option<San>, m: Move, mode: shakmaty::CastlingMode) -> ActionKind {
    if let Some(san) = san.and_then(from_shakmaty) {
        return ActionKind::San(san);
    }
    uci_of(m, mode).map_or(ActionKind::Nothing {}, ActionKind::Uci)
}

/// A move in UCI as the record holds it (castling as `mode` writes it: king to destination in
/// standard chess, king to rook in Chess960); `None` for what UCI cannot say (a drop).
pub(crate) fn uci_of(m: Move, mode: shakmaty::CastlingMode) -> Option<UciMove> {
    match m.to_uci(mode) {
        ShakUci::Normal {
            from,
            to,
            promotion,
        } => Some(UciMove {
            from,
            to,
            promotion,
        }),
        _ => None,
    }
}

/// shakmaty's SAN as the record's (the inverse of [`to_shakmaty`]); `None` for a null move or a
/// drop, which a record's SAN does not write.
fn from_shakmaty(san: San) -> Option<SanMove> {
    match san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => Some(SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        }),
        San::Castle(side) => Some(SanMove::Castle(side)),
        _ => None,
    }
}

/// The positions of `fens`, then every position of `games` random games of at most `plies`
/// plies from the start (xorshift from `seed`): what the tests that hold a fast path equal to
/// shakmaty's own walk through.
#[cfg(test)]
pub(crate) fn random_positions(fens: &[&str], games: usize, plies: usize, seed: u64) -> Vec<Chess> {
    let mut found = Vec::new();
    for fen in fens {
        let setup: shakmaty::fen::Fen = fen.parse().expect("a FEN");
        found.push(
            setup
                .into_position(shakmaty::CastlingMode::Standard)
                .expect("a legal position"),
        );
    }
    let mut seed = seed;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            found.push(pos.clone());
            let pick = usize::try_from(next() % moves.len() as u64).unwrap_or(0);
            pos.play_unchecked(moves[pick]);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use shakmaty::Square;

    use super::*;

    /// The ways of writing a SAN for `role` to `to` in `pos`: with no origin, and with the file,
    /// the rank or both of each piece of that kind of the side to move; captures marked and not.
    fn written_forms(pos: &Chess, role: Role, to: Square) -> Vec<SanMove> {
        let mut origins = vec![(None, None)];
        for from in pos.our(role) {
            origins.extend([
                (Some(from.file()), None),
                (None, Some(from.rank())),
                (Some(from.file()), Some(from.rank())),
            ]);
        }
        let mut forms = Vec::new();
        for (file, rank) in origins {
            for capture in [false, true] {
                forms.push(SanMove::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
        forms
    }

    /// Positions of random games, with their checks, pins, captures, pawn pushes and en passant
    /// squares, and a few set up for pins and double pushes.
    fn positions() -> Vec<Chess> {
        random_positions(
            &[
                // A pinned knight, a pinned pawn that may still capture its pinner, a king that
                // must not step into a rook's line.
                "4k3/8/8/1b6/8/3N4/4P3/4K2r w - - 0 1",
                "4k3/8/8/8/8/6b1/5P2/4K3 w - - 0 1",
                "4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1",
                // En passant, and double pushes past and into pieces.
                "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
                "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
                "4k3/8/8/8/4n3/8/3PP3/4K3 w - - 0 1",
            ],
            60,
            120,
            0x9E37_79B9_7F4A_7C15,
        )
    }

    #[test]
    fn unique_match_agrees() {
        let (mut answered, mut asked) = (0, 0);
        for pos in positions() {
            for role in Role::ALL {
                for to in Square::ALL {
                    for san in written_forms(&pos, role, to) {
                        asked += 1;
                        let Some(m) = unique_match(&pos, san) else {
                            continue;
                        };
                        answered += 1;
                        let shakmaty = to_shakmaty(san).to_move(&pos);
                        assert_eq!(
                            shakmaty,
                            Ok(m),
                            "{san} in {}",
                            shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                        );
                    }
                }
            }
        }
        // It answers for the common moves: the test holds it to shakmaty on a good number.
        assert!(answered > 10_000, "{answered} answers of {asked}");
    }

    #[test]
    fn every_legal_move_as_written_resolves_to_itself() {
        for pos in positions() {
            for m in pos.legal_moves() {
                let san = San::from_move(&pos, m);
                let Some(written) = from_shakmaty(san) else {
                    continue;
                };
                assert_eq!(resolve_san(&pos, written), Ok(m), "{san}");
            }
        }
    }
}
