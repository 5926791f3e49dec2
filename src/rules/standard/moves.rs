//! Moves on a standard board: the legal moves and their count to a depth, a null move, the FEN
//! written after a move, and what the referee records for an accepted move.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position};

use crate::record::Side;
use crate::rules::{ActionRef, Resolved};

/// The legal moves of the side to move: the move generation Standard games are replayed with
/// (and perft counts).
pub fn legal_moves(pos: &Chess) -> MoveList {
    pos.legal_moves()
}

/// Counts the leaf nodes of the legal move tree `depth` plies deep, through [`legal_moves`].
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// The FEN of a position, with an en passant square only when a capture there is legal (as
/// python-chess and lichess write it).
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// What the referee records for an accepted move played in `before`.
pub fn resolved_move(before: &Chess, m: Move, mode: CastlingMode, at: ActionRef) -> Resolved {
    let to = match m {
        Move::Castle { king, rook } => {
            let side = if rook > king {
                shakmaty::CastlingSide::KingSide
            } else {
                shakmaty::CastlingSide::QueenSide
            };
            side.king_to(before.turn())
        }
        _ => m.to(),
    };
    Resolved {
        turn_index: at.turn_index,
        action: at.action,
        color: before.turn(),
        role: m.role(),
        from: m.from(),
        to: Some(to),
        uci: crate::rules::resolve::uci_of(m, mode),
        captured: m.capture(),
        promotion: m.promotion(),
        fen_after: String::new(),
    }
}

/// The position after a null move (`--`): the other side to move, no en passant, the
/// fifty-move count goes on. `None` when the side to move is in check (a null move would leave
/// the king in check).
pub fn null_move(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

/// Side of a record turn as a colour.
pub fn side_color(side: Side) -> Color {
    Color::from(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_uci_is_what_shakmaty_writes() {
        let pos: Chess = "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1"
            .parse::<Fen>()
            .expect("FEN")
            .into_position(CastlingMode::Standard)
            .expect("position");
        let moves = pos.legal_moves();
        assert!(moves.len() > 20);
        for m in moves {
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                let ours = crate::rules::resolve::uci_of(m, mode).map(|u| u.to_string());
                assert_eq!(ours, Some(m.to_uci(mode).to_string()));
            }
        }
    }

    #[test]
    fn perft_of_the_initial_position() {
        let pos = Chess::default();
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 3), 8902);
    }

    #[test]
    fn null_move_passes_the_turn() {
        let pos = Chess::default();
        let after = null_move(&pos).expect("not in check");
        assert_eq!(after.turn(), Color::Black);
        assert_eq!(after.halfmoves(), 1);
    }
}
