//! A Standard, Chess960 or Marseillais game's start position: read from the record's FEN tag
//! as leniently as python-chess reads it, with what was dropped said in words.

use shakmaty::{
    CastlingMode, Chess, Color, FromSetup, Position, PositionError, PositionErrorKinds, Setup,
    Square,
};

use crate::record::{Game, Variant};
use crate::rules::setup::{position_error, start_of};
use crate::rules::{Article, FaultCode, Violation};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::standard::moves::fen;
    use crate::rules::standard::repetition::repetition_key;

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
}
