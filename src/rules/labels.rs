//! Move-number labels (R18): a label is checked against the turn the referee counts. A label
//! that does not match is a note, never an error; the turn is judged where it stands.

use shakmaty::Color;

use crate::record::{Game, MoveNumber, Side};

/// The label the first turn of a record should carry: the start position's move number and
/// side to move.
pub(crate) fn first_label(_game: &Game, mover: Color, fullmoves: u32) -> MoveNumber {
    MoveNumber {
        number: fullmoves,
        side: if mover == Color::White {
            Side::White
        } else {
            Side::Black
        },
    }
}

/// A note for each turn whose label differs from the turn counted, where the labels stop
/// following the count (a run of mislabelled turns that follow each other gets one note).
pub(crate) fn mismatches(game: &Game, first: MoveNumber) -> Vec<String> {
    let mut notes = Vec::new();
    let mut counted = first;
    let mut previous: Option<MoveNumber> = None;
    for turn in &game.turns {
        let written = turn.number;
        let follows = previous.is_some_and(|p| p.next() == written);
        if written != counted && !follows {
            notes.push(note(written, counted));
        }
        previous = Some(written);
        counted = counted.next();
    }
    notes
}

/// "the label 3... stands where turn 1... is due; the turn is judged as 1... (R18)"
pub(crate) fn note(written: MoveNumber, counted: MoveNumber) -> String {
    format!(
        "the label {written} stands where turn {counted} is due; the turn is judged as {counted} \
         (R18)"
    )
}
