//! What pieces can still do, read from the board alone, before any position is built: the
//! cheapest cuts of the fulfilment search (`search.rs`), for a series of the opponent's pieces
//! (faces 1–3) and for the exposure (face 6).
//!
//! Every answer is drawn from the pseudo-legal moves (where a piece's moves and captures lead on
//! this board, pins and checks aside), a superset of the legal moves: when the board shows that
//! no pseudo-legal move can do what the series needs, no legal move can, and the series in
//! progress has no fulfilment. When in doubt (an en passant chance, a piece on a line to the
//! king) the answer is "it may".

use shakmaty::{Bitboard, Board, Color, Move, Piece, Rank, Role, Square, attacks};

use super::open_turn::{OpenTurn, Phase};
use super::state::State;

/// Whether the series in progress, of the opponent's pieces, can be seen from the board alone to
/// have no fulfilment: one move is due and none of the pieces left has a move at all (his king
/// never moves in it, nor a piece that has moved: Art. 1–3, Art. 4.2).
///
/// No more can be seen: the opponent's pieces are due only when at least N of them can move at
/// the roll (R4), and the roller's moves take none of them, so a piece is left for every move
/// still due.
pub(crate) fn hopeless(progress: &OpenTurn) -> bool {
    let Phase::Series(series) = &progress.phase else {
        return false;
    };
    if series.by == progress.roller() || series.left != 1 {
        return false;
    }
    let state = &progress.state;
    let board = state.board();
    let movable = board.by_color(series.by) & !board.kings() & !series.used;
    movable
        .into_iter()
        .all(|from| moves_of(state, from).is_none_or(|moves| moves.is_empty()))
}

/// Whether one of the pieces on `from` may leave the king on `king` for a square not next to it
/// (face 6, Art. 8.2), by its pseudo-legal moves; "may" for en passant.
pub(crate) fn may_leave(state: &State, from: Bitboard, king: Square) -> bool {
    let near = attacks::king_attacks(king);
    from.into_iter().any(|square| {
        moves_of(state, square).is_none_or(|moves| moves.en_passant || (moves.to & !near).any())
    })
}

/// Whether the king of `color`, in check, can step out of it: to a square next to it, free of its
/// own pieces, that no enemy piece attacks once the king has left its square. Such a step is a
/// legal move, so the check is no mate (Art. 2). Asked only of a check by one piece, without an
/// en passant chance: a position shakmaty always accepts, so that building it could not have
/// been refused.
pub(crate) fn can_step_away(state: &State, color: Color) -> bool {
    state.ep_square().is_none() && king_can_step_away(state.board(), color)
}

/// [`can_step_away`] on a board without an en passant chance.
pub(crate) fn king_can_step_away(board: &Board, color: Color) -> bool {
    let Some(king) = board.king_of(color) else {
        return false;
    };
    let occupied = board.occupied();
    if board.attacks_to(king, !color, occupied).count() != 1 {
        return false;
    }
    let without_king = occupied.without(king);
    (attacks::king_attacks(king) & !board.by_color(color))
        .into_iter()
        .any(|square| board.attacks_to(square, !color, without_king).is_empty())
}

/// Whether the move `m` of the piece on its square may give check to the king on `king`: the
/// piece checks from where it lands (as what it promotes to), or it leaves a line between the
/// king and a slider of its side; en passant may do either. A "no" is exact.
pub(crate) fn may_give_check(board: &Board, m: Move, king: Square) -> bool {
    let Some(from) = m.from() else {
        return true;
    };
    let Some(mover) = board.color_at(from) else {
        return true;
    };
    if m.is_en_passant() || m.is_castle() {
        return true;
    }
    if uncovers(board, mover, from, king) {
        return true;
    }
    let role = m.promotion().unwrap_or(m.role());
    let checks_from = match role {
        Role::Pawn => attacks::pawn_attacks(!mover, king),
        _ => attacks::attacks(king, role.of(mover), board.occupied().without(from)),
    };
    checks_from.contains(m.to())
}

/// Whether a piece of `color` would attack the king on `king` once the piece on `from` has
/// left: a line of one of its sliders that passes `from` (no piece attacks the king before, R1),
/// which leaving it may open, unless the piece stays on it.
fn uncovers(board: &Board, color: Color, from: Square, king: Square) -> bool {
    board
        .attacks_to(king, color, board.occupied().without(from))
        .any()
}

/// Where the piece on `from` can go by a pseudo-legal move, and whether it may take en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Moves {
    piece: Piece,
    to: Bitboard,
    en_passant: bool,
}

impl Moves {
    fn is_empty(self) -> bool {
        self.to.is_empty() && !self.en_passant
    }
}

/// The pseudo-legal moves of the piece on `from` (castling aside: never in a series, R5).
fn moves_of(state: &State, from: Square) -> Option<Moves> {
    let board = state.board();
    let piece = board.piece_at(from)?;
    let occupied = board.occupied();
    let theirs = board.by_color(!piece.color);
    if piece.role != Role::Pawn {
        return Some(Moves {
            piece,
            to: attacks::attacks(from, piece, occupied) & !board.by_color(piece.color),
            en_passant: false,
        });
    }
    let captures = attacks::pawn_attacks(piece.color, from);
    let mut to = captures & theirs;
    let step = |square: Square| match piece.color {
        Color::White => square.offset(8),
        Color::Black => square.offset(-8),
    };
    if let Some(one) = step(from).filter(|square| !occupied.contains(*square)) {
        to.add(one);
        if from.rank() == piece.color.relative_rank(Rank::Second)
            && let Some(two) = step(one).filter(|square| !occupied.contains(*square))
        {
            to.add(two);
        }
    }
    let en_passant = state
        .ep_square()
        .is_some_and(|square| captures.contains(square));
    Some(Moves {
        piece,
        to,
        en_passant,
    })
}

#[cfg(test)]
mod tests {
    use super::super::open_turn::Series;
    use super::*;
    use crate::record::Face;
    use shakmaty::Position;

    fn series(fen: &str, face: Face) -> OpenTurn {
        let state = super::super::state::from_fen(fen).unwrap();
        OpenTurn {
            phase: Phase::Series(Series::new(!state.roller(), face.get(), Bitboard::EMPTY)),
            state,
            face,
            done: 0,
        }
    }

    #[test]
    fn a_piece_next_to_the_king_may_leave_only_by_a_move_it_has() {
        // Art. 8.2: White's pawn e2, next to his king e1, is blocked by Black's pawn e3 and has
        // nothing to take; the pawn d2 can go to d3 or d4, neither next to e1.
        let state = super::super::state::from_fen("4k3/8/8/8/8/4p3/3PP3/4K3 w - - 0 1").unwrap();
        assert!(!may_leave(&state, Bitboard::from(Square::E2), Square::E1));
        assert!(may_leave(&state, Bitboard::from(Square::D2), Square::E1));
        // The rook d1 is shut in by its own pieces; the knight c1 can go to a2, b3 or d3.
        let state = super::super::state::from_fen("4k3/8/8/8/8/8/2PPP3/2NRK3 w - - 0 1").unwrap();
        assert!(!may_leave(&state, Bitboard::from(Square::D1), Square::E1));
        assert!(may_leave(&state, Bitboard::from(Square::C1), Square::E1));
    }

    /// The state after Black's move `from`-`to` (a check: no start position may hold one, R1).
    fn after_black(fen: &str, from: Square, to: Square) -> State {
        let state = super::super::state::from_fen(fen).unwrap();
        let pos = state.position(Color::Black).unwrap();
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.from() == Some(from) && m.to() == to)
            .unwrap();
        state.after_move(&pos, m)
    }

    #[test]
    fn a_king_that_can_step_out_of_check_is_not_mated() {
        // Art. 2: Ra1+ checks White's king h1, which escapes to g2 or h2; with pawns on g2 and
        // h2 it cannot (a back-rank mate, left to the legal moves).
        let escape = after_black("7k/8/8/8/8/8/r7/7K b - - 0 1", Square::A2, Square::A1);
        assert!(escape.in_check(Color::White));
        assert!(can_step_away(&escape, Color::White));
        let mated = after_black("7k/8/8/8/8/8/r5PP/7K b - - 0 1", Square::A2, Square::A1);
        assert!(mated.in_check(Color::White));
        assert!(!can_step_away(&mated, Color::White));
        // Nf2+ uncovers the queen a1: a double check, which the test leaves to the legal moves
        // although g2 is free.
        let double = after_black("7k/8/8/8/8/8/8/q2n3K b - - 0 1", Square::D1, Square::F2);
        assert!(double.in_check(Color::White));
        assert!(!can_step_away(&double, Color::White));
    }

    #[test]
    fn a_move_may_give_check_directly_or_by_leaving_a_line() {
        // Art. 2 needs a check for a mate. Black's knight d3 checks the king h1 from f2 only;
        // the rook a7 from a1 or h7; the pawn b2 as a rook or queen on b1 (the rank is open).
        let state = super::super::state::from_fen("7k/r7/8/8/8/3n4/1p6/7K b - - 0 1").unwrap();
        let pos = state.position(Color::Black).unwrap();
        let board = state.board();
        // (The king h8 stands on the h-file to h1: its moves are not asked about, it never
        // moves in a series of the opponent's pieces.)
        for m in pos.legal_moves().iter().filter(|m| m.role() != Role::King) {
            let m = *m;
            let from = m.from().unwrap();
            let direct = match (from, m.promotion()) {
                (Square::D3, _) => m.to() == Square::F2,
                (Square::B2, Some(role)) => matches!(role, Role::Rook | Role::Queen),
                (Square::A7, _) => [Square::A1, Square::H7].contains(&m.to()),
                _ => false,
            };
            assert_eq!(may_give_check(board, m, Square::H1), direct, "{m:?}");
            let mut after = pos.clone();
            after.play_unchecked(m);
            assert_eq!(after.is_check(), direct, "{m:?}");
        }
    }

    #[test]
    fn a_piece_on_a_line_to_the_king_may_uncover_a_check() {
        // Black's knight e4 stands between his bishop d5 and White's king h1: any move of it
        // gives check, which the test cannot rule out.
        let state = super::super::state::from_fen("7k/8/8/3b4/4n3/8/8/7K b - - 0 1").unwrap();
        let pos = state.position(Color::Black).unwrap();
        for m in pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(Square::E4))
        {
            assert!(may_give_check(state.board(), *m, Square::H1), "{m:?}");
        }
    }

    #[test]
    fn one_move_due_and_no_piece_with_a_move() {
        // Art. 1: face 1 moves one of Black's pieces. His pawn a5 is blocked by White's a4 and
        // has nothing to take; with a pawn on b4 to take, it has a move.
        assert!(hopeless(&series(
            "7k/8/8/p7/P7/8/8/4K3 w - - 0 1",
            Face::One
        )));
        assert!(!hopeless(&series(
            "7k/8/8/p7/PP6/8/8/4K3 w - - 0 1",
            Face::One
        )));
    }
}
