//! The chess evaluation, shared by standard chess and Marseillais: material and piece-square
//! terms, in centipawns, from the side to move's point of view.
//!
//! The piece-square terms are computed from a square's distance to the centre and its rank, not
//! tabulated by hand: knights and bishops like the centre, pawns like to advance (the centre
//! files most), rooks like the seventh rank, the king keeps to its back rank while queens are
//! on the board and comes to the centre in the ending.

use shakmaty::{Board, Color, Role, Square};

/// Centipawns of a piece.
pub fn piece_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// 0 at the edge to 3 in the four centre squares.
fn centrality(square: Square) -> i32 {
    let file = i32::from(square.file() as u8);
    let rank = i32::from(square.rank() as u8);
    let df = (2 * file - 7).abs();
    let dr = (2 * rank - 7).abs();
    3 - (df.max(dr) - 1) / 2
}

/// The piece-square term of a piece of `color` on `square`; `ending` from 0 (all pieces on) to
/// 24 (none but kings and pawns).
fn square_term(role: Role, color: Color, square: Square, ending: i32) -> i32 {
    let rank = match color {
        Color::White => i32::from(square.rank() as u8),
        Color::Black => 7 - i32::from(square.rank() as u8),
    };
    let file = i32::from(square.file() as u8);
    let c = centrality(square);
    match role {
        Role::Pawn => {
            let centre = if (2..=5).contains(&file) { 4 } else { 0 };
            let advance = (rank - 1).max(0);
            advance * (4 + ending / 3) + centre * advance.min(3)
        }
        Role::Knight => 12 * c - 20,
        Role::Bishop => 6 * c - 6,
        Role::Rook => {
            if rank == 6 {
                20
            } else {
                2 * c
            }
        }
        Role::Queen => 3 * c - 4,
        Role::King => {
            let middle = if rank == 0 { 10 } else { -10 * rank } - 6 * c;
            let end = 12 * c - 10;
            (middle * (24 - ending) + end * ending) / 24
        }
    }
}

/// How far the game is into the ending: 0 with every piece on, 24 with none but kings and pawns.
pub fn ending(board: &Board) -> i32 {
    let phase = board.knights().count()
        + board.bishops().count()
        + 2 * board.rooks().count()
        + 4 * board.queens().count();
    24 - (phase as i32).min(24)
}

/// The evaluation of `board` for `us`: material and piece-square terms.
pub fn evaluate(board: &Board, us: Color) -> i32 {
    let ending = ending(board);
    let mut score = 0;
    for (square, piece) in board {
        let term = piece_value(piece.role) + square_term(piece.role, piece.color, square, ending);
        if piece.color == us {
            score += term;
        } else {
            score -= term;
        }
    }
    for color in Color::ALL {
        let bishops = (board.bishops() & board.by_color(color)).count();
        let pair = if bishops >= 2 { 30 } else { 0 };
        score += if color == us { pair } else { -pair };
    }
    score
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position};

    use super::*;

    #[test]
    fn the_start_position_is_level() {
        let pos = Chess::default();
        assert_eq!(evaluate(pos.board(), Color::White), 0);
        assert_eq!(evaluate(pos.board(), Color::Black), 0);
    }

    #[test]
    fn a_knight_in_the_centre_is_worth_more_than_one_in_the_corner() {
        let centre = square_term(Role::Knight, Color::White, Square::E4, 0);
        let corner = square_term(Role::Knight, Color::White, Square::A1, 0);
        assert!(centre > corner, "{centre} {corner}");
    }

    #[test]
    fn a_piece_up_is_better() {
        let fen: shakmaty::fen::Fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        assert!(evaluate(pos.board(), Color::White) > 400);
        assert!(evaluate(pos.board(), Color::Black) < -400);
    }
}
