//! The second referee's position: a board with its castling rights, the en passant chance of
//! the next action only (R11), and the pool of pieces off the board (R8). Written from the
//! rulings, on shakmaty alone: each action builds a shakmaty position for the colour whose
//! piece moves, so a player can move the opponent's pieces.

use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, FromSetup, Move, Piece, Position,
    PositionError, Role, Setup, Square,
};

/// Pieces of each colour that left the board.
pub type Pool = ByColor<ByRole<u8>>;

/// One action, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Move(Move),
    /// Face 4: the roller's piece taken off the board.
    Remove(Square),
    /// Face 5: the opponent's piece put back.
    Return(Role, Square),
    /// `--`.
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub board: Board,
    /// Rook squares that keep a castling right.
    pub castling: Bitboard,
    /// The square a pawn skipped, and the colour whose pawn may take it: for the next action.
    pub ep: Option<(Square, Color)>,
    pub pool: Pool,
}

impl Pos {
    /// The start of a record: its FEN tag (with an optional `[pocket]` after the placement) and
    /// the side that rolls first, or the initial position. `Err` when the tag is no position a
    /// game can start from.
    pub fn start(fen: Option<&str>) -> Result<(Pos, Color), String> {
        let Some(fen) = fen else {
            let setup = Setup::initial();
            return Ok((Pos::from_setup(&setup, Pool::default()), Color::White));
        };
        let fen = fen.trim();
        let end = fen.find(' ').unwrap_or(fen.len());
        let (placement, rest) = fen.split_at(end);
        let (placement, pocket) = match placement.find('[') {
            None => (placement.to_owned(), None),
            Some(open) => {
                let close = placement.rfind(']').ok_or("unclosed pocket")?;
                if close + 1 != placement.len() || close < open {
                    return Err("pocket not at the end of the placement".into());
                }
                let mut pool = Pool::default();
                for c in placement[open + 1..close].chars() {
                    let role = Role::from_char(c.to_ascii_lowercase())
                        .filter(|&r| r != Role::King)
                        .ok_or("bad pocket letter")?;
                    let n = pool[Color::from_white(c.is_ascii_uppercase())].get_mut(role);
                    *n = n.saturating_add(1);
                }
                (placement[..open].to_owned(), Some(pool))
            }
        };
        let text = format!("{placement}{rest}");
        let setup = Fen::from_ascii(text.as_bytes())
            .map_err(|e| e.to_string())?
            .into_setup();
        // The position must be one shakmaty plays; castling rights and en passant squares that
        // do not fit are dropped, too much material is allowed (resurrections).
        let chess = Chess::from_setup(setup.clone(), CastlingMode::Standard)
            .or_else(PositionError::ignore_invalid_castling_rights)
            .or_else(PositionError::ignore_invalid_ep_square)
            .or_else(PositionError::ignore_too_much_material)
            .map_err(|e| e.to_string())?;
        let setup = chess.to_setup(shakmaty::EnPassantMode::Legal);
        // A written pocket must fit an army: each piece of a kind beyond the army's count is a
        // promoted pawn, so pawns and promotions together are at most eight (issue 7's rule:
        // "more captured pieces of a kind than the army can give" is an error of the FEN tag).
        if let Some(pool) = &pocket {
            for color in Color::ALL {
                let count = |role: Role| {
                    setup.board.by_piece(role.of(color)).count()
                        + usize::from(*pool[color].get(role))
                };
                let extra = [
                    (Role::Knight, 2),
                    (Role::Bishop, 2),
                    (Role::Rook, 2),
                    (Role::Queen, 1),
                ]
                .into_iter()
                .map(|(role, army)| count(role).saturating_sub(army))
                .sum::<usize>();
                if count(Role::Pawn) + extra > 8 {
                    return Err("the pocket holds more than an army and its promotions".into());
                }
            }
        }
        let pool = pocket.unwrap_or_else(|| inferred_pool(&setup.board));
        let mut pos = Pos::from_setup(&setup, pool);
        pos.ep = setup.ep_square.map(|sq| (sq, setup.turn));
        if Color::ALL.iter().any(|&c| pos.in_check(c)) {
            return Err("a king is in check in the start position".into());
        }
        Ok((pos, setup.turn))
    }

    fn from_setup(setup: &Setup, pool: Pool) -> Pos {
        Pos {
            board: setup.board.clone(),
            castling: setup.castling_rights,
            ep: None,
            pool,
        }
    }

    /// The position with `turn` to move (its en passant chance only if it is `turn`'s).
    pub fn chess(&self, turn: Color) -> Option<Chess> {
        let setup = Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn,
            castling_rights: self.castling,
            ep_square: self.ep.filter(|&(_, c)| c == turn).map(|(sq, _)| sq),
            remaining_checks: None,
            halfmoves: 0,
            fullmoves: std::num::NonZeroU32::MIN,
        };
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(PositionError::ignore_too_much_material)
            .or_else(PositionError::ignore_impossible_check)
            .or_else(PositionError::ignore_invalid_ep_square)
            .ok()
    }

    /// The legal moves of `color`'s pieces, as their owner could play them.
    pub fn moves(&self, color: Color) -> Vec<Move> {
        self.chess(color)
            .map(|p| p.legal_moves().into_iter().collect())
            .unwrap_or_default()
    }

    pub fn in_check(&self, color: Color) -> bool {
        self.board.king_of(color).is_some_and(|k| {
            self.board
                .attacks_to(k, !color, self.board.occupied())
                .any()
        })
    }

    /// Checkmate in the classical sense: in check, and no legal move.
    pub fn mated(&self, color: Color) -> bool {
        self.in_check(color) && self.moves(color).is_empty()
    }

    /// The king alone (Art. 9.3).
    pub fn naked(&self, color: Color) -> bool {
        let own = self.board.by_color(color);
        (own & self.board.kings()).any() && (own & !self.board.kings()).is_empty()
    }

    /// Plays a move of `mover`'s piece (legal for `mover`, not checked here).
    pub fn play(&self, mover: Color, m: Move) -> Pos {
        let mut chess = self
            .chess(mover)
            .expect("a position that generated the move");
        chess.play_unchecked(m);
        let mut pool = self.pool;
        if let Some(captured) = m.capture() {
            *pool[!mover].get_mut(captured) += 1;
        }
        let double_step = m.role() == Role::Pawn
            && m.from()
                .is_some_and(|f| f.rank().distance(m.to().rank()) == 2);
        let ep = double_step.then(|| {
            let skipped = Square::from_coords(
                m.to().file(),
                mover.fold_wb(shakmaty::Rank::Third, shakmaty::Rank::Sixth),
            );
            (skipped, !mover)
        });
        Pos {
            board: chess.board().clone(),
            castling: chess.castles().castling_rights(),
            ep,
            pool,
        }
    }

    pub fn remove(&self, sq: Square) -> Pos {
        let mut next = self.clone();
        if let Some(piece) = next.board.remove_piece_at(sq) {
            *next.pool[piece.color].get_mut(piece.role) += 1;
        }
        next.castling.discard(sq);
        next.ep = None;
        next
    }

    pub fn put(&self, piece: Piece, sq: Square) -> Pos {
        let mut next = self.clone();
        next.board.set_piece_at(sq, piece);
        let n = next.pool[piece.color].get_mut(piece.role);
        *n = n.saturating_sub(1);
        next.ep = None;
        next
    }

    pub fn pass(&self) -> Pos {
        let mut next = self.clone();
        next.ep = None;
        next
    }
}

/// No pocket in the FEN: the standard army minus what stands on the board, never below zero.
fn inferred_pool(board: &Board) -> Pool {
    let army = [
        (Role::Queen, 1u8),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
        (Role::Pawn, 8),
    ];
    let mut pool = Pool::default();
    for color in Color::ALL {
        for (role, n) in army {
            let on_board = (board.by_color(color) & board.by_role(role)).count();
            *pool[color].get_mut(role) =
                n.saturating_sub(u8::try_from(on_board).unwrap_or(u8::MAX));
        }
    }
    pool
}
