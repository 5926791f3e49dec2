//! The start position of a record: the `FEN` tag (with Sade's pocket of captured pieces) or the
//! standard initial position.

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{ByColor, ByRole, Color, PositionErrorKinds, Role, Setup};

use crate::record::{Game, Span};

/// Pieces off the board, per colour and kind: Sade's pool of captured pieces (Art. 7, R8).
pub type Pocket = ByColor<ByRole<u8>>;

/// A record's start position, before any rule set has judged it.
#[derive(Clone, Debug)]
pub struct Start {
    pub setup: Setup,
    /// The pocket written in the FEN (`[Qrn]`), if one was.
    pub pocket: Option<Pocket>,
    /// Whether the record gave a FEN (a setup) rather than the initial position.
    pub from_fen: bool,
}

/// A `FEN` tag that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub reason: String,
    /// The span of the `FEN` tag.
    pub span: Span,
}

/// Reads the `FEN` tag of a game, or gives the standard initial position.
///
/// # Errors
/// [`SetupError`] when the tag is not a FEN, or its pocket is not a list of piece letters.
pub fn start_of(game: &Game) -> Result<Start, SetupError> {
    let Some(tag) = game.tags.iter().find(|t| t.name == "FEN") else {
        return Ok(Start {
            setup: Setup::initial(),
            pocket: None,
            from_fen: false,
        });
    };
    let error = |reason: String| SetupError {
        reason,
        span: tag.span,
    };
    let (fen, pocket) = split_pocket(tag.value.trim()).map_err(error)?;
    let setup = Fen::from_ascii(fen.as_bytes())
        .map_err(|e| {
            error(format!(
                "the FEN tag is not a position: {}",
                parse_error_words(&fen, e)
            ))
        })?
        .into_setup();
    Ok(Start {
        setup,
        pocket,
        from_fen: true,
    })
}

/// What shakmaty's [`ParseFenError`] means in `fen` (without its pocket), in an arbiter's words:
/// which field, what it holds, what was expected.
pub(crate) fn parse_error_words(fen: &str, error: ParseFenError) -> String {
    // The fields as shakmaty splits them: at spaces and underscores.
    let fields: Vec<&str> = fen
        .split([' ', '_'])
        .filter(|field| !field.is_empty())
        .collect();
    let field = |i: usize| {
        let text = fields.get(i).copied().unwrap_or_default();
        match text.char_indices().nth(40) {
            Some((end, _)) => format!("`{}…`", &text[..end]),
            None => format!("`{text}`"),
        }
    };
    match error {
        ParseFenError::InvalidBoard => format!(
            "the placement {} is not eight ranks separated by `/`, each of piece letters \
             (KQRBNP, kqrbnp) and counts of empty squares (1 to 8) filling eight files",
            field(0)
        ),
        ParseFenError::InvalidPocket => format!(
            "the pocket in {} is not a list of piece letters in brackets (`[Qrn]`)",
            field(0)
        ),
        ParseFenError::InvalidTurn => format!("the side to move {} is not `w` or `b`", field(1)),
        ParseFenError::InvalidCastling => format!(
            "the castling rights {} are not `-` or letters of KQkq (or the rooks' files)",
            field(2)
        ),
        ParseFenError::InvalidEpSquare => format!(
            "the en passant square {} is not `-` or a square of the third or sixth rank",
            field(3)
        ),
        ParseFenError::InvalidHalfmoveClock => format!(
            "the halfmove clock {} is not a number of moves (0 or more)",
            field(4)
        ),
        ParseFenError::InvalidFullmoves => {
            format!("the move number {} is not a number from 1", field(5))
        }
        ParseFenError::InvalidFen if fields.is_empty() => {
            "it is empty: a FEN starts with the placement of the pieces".to_owned()
        }
        ParseFenError::InvalidRemainingChecks | ParseFenError::InvalidFen => format!(
            "{} fields where a FEN has six at most: the placement, the side to move, castling, \
             en passant, the halfmove clock and the move number",
            fields.len()
        ),
    }
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

/// What is wrong with `text` as a FEN (Sade's pocket, `[Qrn]`, allowed), in an arbiter's
/// words; `None` when it reads as one. Whether the position can be played is another question
/// (a king may be missing).
pub fn fen_problem(text: &str) -> Option<String> {
    let (fen, _) = match split_pocket(text.trim()) {
        Ok(split) => split,
        Err(reason) => return Some(reason),
    };
    Fen::from_ascii(fen.as_bytes())
        .err()
        .map(|e| parse_error_words(&fen, e))
}

/// Takes a crazyhouse-style pocket `[Qrn]` out of the placement field.
fn split_pocket(fen: &str) -> Result<(String, Option<Pocket>), String> {
    let placement_end = fen.find(' ').unwrap_or(fen.len());
    let placement = &fen[..placement_end];
    let Some(open) = placement.find('[') else {
        return Ok((fen.to_owned(), None));
    };
    let Some(close) = placement[open..].find(']').map(|i| i + open) else {
        return Err("the FEN's pocket `[` is not closed by `]`".to_owned());
    };
    if close + 1 != placement.len() {
        return Err("the FEN's pocket `[…]` must close the placement field".to_owned());
    }
    let mut pocket = Pocket::default();
    for c in placement[open + 1..close].chars() {
        let color = Color::from_white(c.is_ascii_uppercase());
        let role = Role::from_char(c.to_ascii_lowercase())
            .filter(|&r| r != Role::King)
            .ok_or_else(|| {
                format!("{c:?} in the FEN's pocket is not a piece letter (Q, R, B, N, P)")
            })?;
        let count = pocket.get_mut(color).get_mut(role);
        *count = count.saturating_add(1);
    }
    Ok((
        format!("{}{}", &placement[..open], &fen[placement_end..]),
        Some(pocket),
    ))
}

/// Writes a pocket as FEN does: `[QRrn]`, White's pieces first, strongest first.
pub fn pocket_text(pocket: &Pocket) -> String {
    let mut text = String::from("[");
    for color in Color::ALL {
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for _ in 0..*pocket.get(color).get(role) {
                text.push(role.of(color).char());
            }
        }
    }
    text.push(']');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pocket_comes_out_of_the_placement() {
        let (fen, pocket) = split_pocket("8/8/8/8/8/8/8/K6k[Qrn] w - - 0 1").unwrap();
        assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        let pocket = pocket.unwrap();
        assert_eq!(*pocket.white.get(Role::Queen), 1);
        assert_eq!(*pocket.black.get(Role::Rook), 1);
        assert_eq!(pocket_text(&pocket), "[Qrn]");
    }

    #[test]
    fn bad_pockets() {
        assert!(split_pocket("8/8/8/8/8/8/8/K6k[Qr w - - 0 1").is_err());
        assert!(split_pocket("8/8/8/8/8/8/8/K6k[K] w - - 0 1").is_err());
        assert!(split_pocket("8/8/8/8/8/8/8/K6k[x] w - - 0 1").is_err());
    }
}
