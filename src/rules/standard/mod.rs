//! Standard chess (and Chess960): one move a turn, FIDE's ends of the game (S1, S2).
//!
//! ```
//! use sade_ref::record::{Action, ActionKind, Game, MoveNumber, Item, Side, Turn, SanMove};
//! use sade_ref::rules::{standard, Outcome, Termination};
//!
//! // 1. f3 e5 2. g4 Qh4#
//! let moves = ["f3", "e5", "g4", "Qh4"];
//! let mut number = MoveNumber { number: 1, side: Side::White };
//! let mut game = Game::default();
//! for san in moves {
//!     let san = SanMove::from_ascii(san.as_bytes()).unwrap();
//!     game.turns.push(Turn {
//!         number,
//!         unnumbered: false,
//!         face: None,
//!         items: vec![Item::Action(Action::new(ActionKind::San(san)))],
//!         span: Default::default(),
//!     });
//!     number = number.next();
//! }
//! let replay = standard::replay(&game, sade_ref::rules::Detail::Verdict);
//! assert!(matches!(
//!     replay.outcome,
//!     Outcome::Finished { termination: Termination::Checkmate, .. }
//! ));
//! ```
//!
//! Policies where the record, not the rules, is in question:
//! - Move numbers are labels (R18): a label that differs from the count is a note, never an
//!   error; a turn that holds more than one move is read as consecutive turns, and the side to
//!   move is the board's.
//! - `+` and `#` are not checked: the board decides whether a move checks or mates.
//! - `--` (or `Z0`) in the main line is an illegal action (R20): FIDE has no null move. Inside a
//!   variation it is kept, as variations are not refereed.
//! - A FEN whose castling rights do not fit its rooks and king loses those rights (see
//!   [`start_position`], which reports them); so does an en passant square that no double
//!   step can explain. A check that cannot arise in a game, or more pieces than promotions
//!   allow, is accepted. An empty board, a missing or extra king, pawns on the first or last
//!   rank, or the side not to move in check make the record invalid.

mod ends;
mod explain;
mod repetition;
mod replay;

use crate::rules::Article;

use shakmaty::fen::Fen;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position, PositionError,
    PositionErrorKinds, Setup, Square,
};

pub(crate) use ends::judge;
pub use ends::{Standing, automatic_end};
pub use explain::{Explanation, Why, color_name, explain, role_name};
pub use repetition::repetition_key;
pub use replay::replay;

use crate::record::{Game, Side, Variant};
use crate::rules::setup::start_of;
use crate::rules::{ActionRef, FaultCode, Resolved, Violation};

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

/// A game's start position, ready to play.
#[derive(Clone, Debug)]
pub struct StartPosition {
    pub pos: Chess,
    /// Whether castling is Chess960's (king to rook, X-FEN/Shredder rights).
    pub mode: CastlingMode,
    /// Whether the record gave a FEN (a setup).
    pub from_fen: bool,
    /// Castling rights the FEN gave that its king and rooks cannot have, dropped (as
    /// python-chess drops them): `"H"`, `"q"`.
    pub dropped_castling: Vec<char>,
    /// An en passant square the FEN gave that no double step explains, dropped.
    pub dropped_ep: Option<Square>,
}

impl StartPosition {
    /// What was dropped from the FEN, in words.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if !self.dropped_castling.is_empty() {
            let rights: String = self.dropped_castling.iter().collect();
            notes.push(format!(
                "the FEN's castling rights {rights} do not fit its kings and rooks: dropped, as python-chess does"
            ));
        }
        if let Some(square) = self.dropped_ep {
            notes.push(format!(
                "the FEN's en passant square {square} follows no double step: dropped"
            ));
        }
        notes
    }
}

/// Reads the start position of a Standard, Chess960 or Marseillais game.
///
/// # Errors
/// A [`Violation`] (turn as a whole, article Article::FenTag) when the FEN tag is not a playable
/// chess position: no king, pawns on the back rank, the side not to move in check, ...
pub fn start_position(game: &Game) -> Result<StartPosition, Violation> {
    let first = game.turns.first();
    let fen_span = game
        .tags
        .iter()
        .find(|t| t.name == "FEN")
        .map_or(game.span, |t| t.span);
    let error = |reason: String, side: Color| Violation {
        code: FaultCode::BadSetup,
        label: None,
        turn: first.map_or(1, |t| t.number.number),
        side,
        face: None,
        action: 0,
        turn_index: 0,
        reason,
        article: Article::FenTag,
        span: fen_span,
    };
    let start = start_of(game).map_err(|e| error(e.reason, Color::White))?;
    if start.pocket.is_some() {
        return Err(error(
            "a pocket of captured pieces (`[…]`) belongs to Marquis de Sade games only".to_owned(),
            start.setup.turn,
        ));
    }
    let setup: Setup = start.setup;
    let variant = game.variant();
    let mode = if variant == Ok(Variant::Chess960) {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    if !start.from_fen && mode == CastlingMode::Standard {
        // The initial position, which needs no checking.
        return Ok(StartPosition {
            pos: Chess::default(),
            mode,
            from_fen: false,
            dropped_castling: Vec::new(),
            dropped_ep: None,
        });
    }
    let turn = setup.turn;
    let written_rights = setup.castling_rights;
    let written_ep = setup.ep_square;
    let pos = position_from_setup(setup, mode).map_err(|kinds| {
        error(
            format!(
                "the FEN tag is not a playable position: {}",
                position_error(kinds)
            ),
            turn,
        )
    })?;
    let kept = pos.castles().castling_rights();
    let dropped_castling = (written_rights & !kept)
        .into_iter()
        .map(|rook| {
            let c = match rook.file() {
                shakmaty::File::A => 'q',
                shakmaty::File::H => 'k',
                file => file.char(),
            };
            if rook.rank() == shakmaty::Rank::First {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    let dropped_ep = written_ep.filter(|_| pos.maybe_ep_square().is_none());
    Ok(StartPosition {
        pos,
        mode,
        from_fen: start.from_fen,
        dropped_castling,
        dropped_ep,
    })
}

/// A playable position from a setup, as leniently as python-chess plays one: castling rights
/// without their king and rook and an en passant square that no double step explains are
/// dropped; a check that cannot arise in a game and more pieces than promotions allow are
/// accepted (move generation handles both).
///
/// # Errors
/// The [`PositionErrorKinds`] that remain: an empty board, a missing or extra king, pawns on
/// the first or last rank, the side not to move in check.
pub fn position_from_setup(setup: Setup, mode: CastlingMode) -> Result<Chess, PositionErrorKinds> {
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| e.kinds())
}

/// What is wrong with a position shakmaty refuses, in an arbiter's words.
pub(crate) fn position_error(kinds: PositionErrorKinds) -> String {
    let names = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "a king is missing"),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            "a side has more than one king",
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
        ),
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            "a castling right has no king and rook on their first squares",
        ),
        (
            PositionErrorKinds::INVALID_EP_SQUARE,
            "the en passant square follows no double step",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            "the check on the board cannot arise in a game",
        ),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            "a side has more pieces than promotions allow",
        ),
    ];
    let found: Vec<&str> = names
        .iter()
        .filter(|(kind, _)| kinds.contains(*kind))
        .map(|(_, name)| *name)
        .collect();
    if found.is_empty() {
        "it is not a legal position".to_owned()
    } else {
        found.join(", ")
    }
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
    Color::from_white(side == Side::White)
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
    fn the_initial_position_taken_as_is_is_the_one_a_setup_gives() {
        let game = crate::parse::parse_str("1. e4 *").remove(0).expect("game");
        let start = start_position(&game).expect("start");
        let checked = position_from_setup(Setup::initial(), CastlingMode::Standard).expect("pos");
        assert_eq!(fen(&start.pos), fen(&checked));
        assert_eq!(
            start.pos.castles().castling_rights(),
            checked.castles().castling_rights()
        );
        assert_eq!(start.pos.castles().mode(), checked.castles().mode());
        assert_eq!(repetition_key(&start.pos), repetition_key(&checked));
        assert!(!start.from_fen && start.dropped_castling.is_empty() && start.dropped_ep.is_none());
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
