//! The movetext of one game: the lexer reads its tokens ([`super::lexer`]), the grouping makes
//! them turns ([`super::grouping`]); here the two meet, with what the tags say of the start (the
//! FEN's move number) and of the grouping (the Variant).

use super::error::ParseError;
use super::grouping::{Grouping, contains_face, group, place_after, turns_at_most};
use super::lexer::{Element, comma_pairs, read_elements};
use super::scanner::Text;
use crate::record::{GameResult, Item, MoveNumber, Side, Tag, Turn, Variant};

pub(crate) use super::lexer::comment_at;

pub struct Movetext {
    pub preamble: Vec<Item>,
    pub turns: Vec<Turn>,
    pub result: Option<GameResult>,
    /// Offset just past the last token of the game.
    pub end: usize,
}

/// Reads the movetext at `pos`; `elements` is the reader's buffer for its tokens.
pub(super) fn read(
    text: Text<'_>,
    pos: &mut usize,
    tags: &[Tag],
    elements: &mut Vec<Element>,
) -> Result<Movetext, ParseError> {
    let src = text.bytes;
    let read = read_elements(text, pos, elements);
    let has_faces = contains_face(elements);
    let variant = Variant::of_record(
        tags.iter()
            .find(|t| t.name == "Variant")
            .map(|t| t.value.as_str()),
        has_faces,
    );
    let grouping = match variant {
        _ if has_faces => Grouping::Faces,
        Ok(Variant::Sade) => Grouping::Faces,
        Ok(Variant::Marseillais | Variant::MarseillaisClassical) => Grouping::Numbers,
        _ => Grouping::OneMove,
    };
    let first = start_number(tags);
    let mut pairs = Vec::new();
    if grouping == Grouping::Numbers {
        comma_pairs(src, elements, &mut pairs);
    }
    let (result, end) = match read {
        Ok(read) => read,
        Err(mut error) => {
            if !elements.is_empty() {
                error.place = place_after(elements, grouping, first, &pairs, &error.kind);
            }
            return Err(error);
        }
    };
    let capacity = turns_at_most(elements, grouping);
    let (preamble, turns) = group(elements.drain(..), grouping, first, &pairs, capacity)?;
    Ok(Movetext {
        preamble,
        turns,
        result,
        end,
    })
}

/// The first turn's number: from the FEN tag's side to move and move number, or `1.`.
pub(crate) fn start_number(tags: &[Tag]) -> MoveNumber {
    let fen = tags
        .iter()
        .find(|t| t.name == "FEN")
        .map(|t| t.value.as_str())
        .unwrap_or("");
    let mut fields = fen.split_ascii_whitespace();
    let side = match fields.nth(1) {
        Some("b") => Side::Black,
        _ => Side::White,
    };
    let number = fields
        .nth(3)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    MoveNumber { number, side }
}
