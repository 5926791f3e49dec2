//! The movetext of one game: the lexer reads its tokens ([`super::lexer`]), the grouping makes
//! them turns ([`super::grouping`]); here the two meet, with what the tags say of the start (the
//! FEN's move number) and of the grouping (the Variant).
//!
//! Two ways, one result. The quick way hands each token to the grouping as the lexer reads it,
//! for the records nearly every file holds: a chess or Sade game's moves, numbers, faces,
//! comments and NAGs. Where it meets anything else (a variation, a die face in a record read as
//! chess, a Marseillais record, an error), it declines, and the general way reads the movetext
//! again: the tokens into a list first, the grouping chosen from all of them, an error located in
//! its turn.

use super::error::ParseError;
use super::grouping::{Grouper, Grouping, contains_face, group, place_after, turns_at_most};
use super::lexer::{Element, Sink, comma_pairs, read_elements, read_into};
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

/// Reads the movetext at `pos`; `elements` is the reader's buffer for its tokens; `quick`,
/// whether the quick way is tried first.
pub(super) fn read(
    text: Text<'_>,
    pos: &mut usize,
    tags: &[Tag],
    elements: &mut Vec<Element>,
    quick: bool,
) -> Result<Movetext, ParseError> {
    let src = text.bytes;
    let variant_tag = tags
        .iter()
        .find(|t| t.name == "Variant")
        .map(|t| t.value.as_str());
    let first = start_number(tags);
    if quick && let Some(movetext) = read_quick(text, pos, variant_tag, first) {
        return Ok(movetext);
    }
    let read = read_elements(text, pos, elements);
    let has_faces = contains_face(elements);
    let variant = Variant::of_record(variant_tag, has_faces);
    let grouping = match variant {
        _ if has_faces => Grouping::Faces,
        Ok(Variant::Sade) => Grouping::Faces,
        Ok(Variant::Marseillais | Variant::MarseillaisClassical) => Grouping::Numbers,
        _ => Grouping::OneMove,
    };
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

/// How far the quick way looks for the next tag section to size a game's list of turns.
const QUICK_LOOKAHEAD: usize = 4 * 1024;

/// The quick way (see the module's head): the movetext at `pos` read in one pass, or `None`,
/// `pos` untouched, where the general way must read it.
fn read_quick(
    text: Text<'_>,
    pos: &mut usize,
    variant_tag: Option<&str>,
    first: MoveNumber,
) -> Option<Movetext> {
    // As the general way chooses when the movetext holds no die face; one seen in a record
    // grouped a move a turn is declined.
    let grouping = match Variant::of_record(variant_tag, false) {
        Ok(Variant::Sade) => Grouping::Faces,
        Ok(Variant::Marseillais | Variant::MarseillaisClassical) => return None,
        _ => Grouping::OneMove,
    };
    // Room for the turns at once (a grown list is copied): a turn takes four bytes or more of
    // the text up to the next tag section, looked for in the next 4 KiB only (a text of games
    // without tags would otherwise ask room for the whole text; a longer game grows the list).
    let ahead = &text.bytes[*pos..text.bytes.len().min(*pos + QUICK_LOOKAHEAD)];
    let length = memchr::memmem::find(ahead, b"\n[").unwrap_or(ahead.len());
    let mut sink = Quick {
        grouper: Grouper::new(grouping, first, &[], length / 4 + 4),
        faces: grouping == Grouping::Faces,
        declined: false,
    };
    let mut at = *pos;
    let (result, end) = read_into(text, &mut at, &mut sink).ok()?;
    if sink.declined {
        return None;
    }
    let (preamble, turns) = sink.grouper.end().ok()?;
    *pos = at;
    Some(Movetext {
        preamble,
        turns,
        result,
        end,
    })
}

/// The quick way's sink: the grouping itself. It declines a variation, a die face where the
/// grouping is a move a turn, and a token the grouping refuses (the general way locates the
/// error).
struct Quick<'p> {
    grouper: Grouper<'p>,
    faces: bool,
    declined: bool,
}

impl Sink for Quick<'_> {
    // Inlined into the lexer's loop with `Grouper::push`, so that the token's kind, known where
    // the lexer makes it, chooses the grouping's branch at once: 268 M instructions for the
    // reader on 2,000 games against 308 M as two calls (docs/journal/performance.md, third round).
    #[inline(always)]
    fn push(&mut self, element: Element) {
        if self.declined {
            return;
        }
        let refused = matches!(element, Element::Face(_)) && !self.faces;
        self.declined = refused || self.grouper.push(element).is_err();
    }

    fn black_dots(&mut self, _end: usize) -> bool {
        self.declined = true;
        false
    }

    fn open(&mut self, _at: usize) -> Result<bool, ParseError> {
        self.declined = true;
        Ok(false)
    }

    fn close(&mut self, _at: usize) -> Result<(), ParseError> {
        self.declined = true;
        Ok(())
    }

    fn open_at(&self) -> Option<usize> {
        None
    }

    fn declined(&self) -> bool {
        self.declined
    }
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
