//! Game records as JSON, both ways, losslessly: `from_json(&to_json(games)) == games`.
//!
//! The document is an array of games (or one game object); its shape is what the record types'
//! serde derives give, described by `spec/sdn.schema.json`. A game looks like
//!
//! ```json
//! {
//!   "tags": [{ "name": "Event", "value": "Boudoir Open", "span": [0, 22] }],
//!   "turns": [{
//!     "number": { "number": 1, "side": "white" },
//!     "face": { "value": 4, "span": [30, 32] },
//!     "items": [
//!       { "type": "action", "sacrifice": { "role": "N", "square": "b8" }, "span": [33, 37] },
//!       { "type": "action", "san": "e5", "check": "+", "glyph": "!?", "span": [38, 40] },
//!       { "type": "comment", "text": "a comment", "span": [41, 52] }
//!     ],
//!     "span": [27, 52]
//!   }],
//!   "result": "*",
//!   "span": [0, 54]
//! }
//! ```
//!
//! Spans are byte offsets `[start, end]` in the text the record was read from; they may be left
//! out on input.

use serde_json::value::RawValue;

use crate::record::{Game, Item, Turn, VariantName};

/// A JSON text that is not a game record, with where it went wrong: a line and column where
/// the text is not JSON or not a record's shape, a JSON pointer (`/0/turns/3/face/value`) where a
/// value is not one SDN can write.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// The text is not JSON, or not the shape of a record.
    #[error("{message}")]
    Syntax {
        /// 1-based line in the whole input.
        line: usize,
        /// 1-based column (in bytes); 0 at the very start of a line.
        column: usize,
        message: String,
    },
    /// A value a record cannot hold, at `pointer`.
    #[error("{pointer}: {message}")]
    Record { pointer: String, message: String },
}

impl JsonError {
    /// 1-based line of the error (1 for a record error, which a pointer locates).
    pub fn line(&self) -> usize {
        match self {
            JsonError::Syntax { line, .. } => *line,
            JsonError::Record { .. } => 1,
        }
    }

    /// 1-based column (in bytes) of the error; 0 at the very start of a line or for a record
    /// error.
    pub fn column(&self) -> usize {
        match self {
            JsonError::Syntax { column, .. } => *column,
            JsonError::Record { .. } => 0,
        }
    }

    /// The JSON pointer of a record error.
    pub fn pointer(&self) -> Option<&str> {
        match self {
            JsonError::Syntax { .. } => None,
            JsonError::Record { pointer, .. } => Some(pointer),
        }
    }

    /// A serde_json error in a piece of text that starts at `offset` of `text`, placed in the
    /// whole text.
    fn at(text: &str, offset: usize, e: &serde_json::Error) -> JsonError {
        let before = &text[..offset.min(text.len())];
        let base_line = before.matches('\n').count() + 1;
        let base_column = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
        let message = e.to_string();
        // serde_json ends its message with " at line L column C" of the piece.
        let message = message
            .rfind(" at line ")
            .map_or(message.as_str(), |i| &message[..i])
            .to_owned();
        JsonError::Syntax {
            line: base_line + e.line().saturating_sub(1),
            column: if e.line() <= 1 {
                base_column + e.column()
            } else {
                e.column()
            },
            message,
        }
    }
}

/// The games as a JSON array, one compact game object a line, spans included, ending with a
/// newline. (Pretty-printed, the spans alone make the JSON some sixteen times the size of the
/// SDN text; `jq .` prints it pretty when a person wants to read it.)
pub fn to_json(games: &[Game]) -> String {
    let mut text = String::from("[");
    for (i, game) in games.iter().enumerate() {
        text.push_str(if i == 0 { "\n" } else { ",\n" });
        text.push_str(&to_json_value(game));
    }
    text.push_str(if games.is_empty() { "]" } else { "\n]" });
    text.push('\n');
    text
}

/// One game as a compact JSON object (no line break), as [`to_json`] writes each.
pub fn to_json_value(game: &Game) -> String {
    // A record has no map with non-string keys and its custom serializers cannot fail.
    let write = || serde_json::to_string(game).expect("a game record serializes to JSON");
    // serde's derived serializers recurse once per level of variations. The reader stops at
    // 20 levels, but a record built in code may nest thousands deep: it is written on a thread
    // whose stack fits its depth, whole, rather than overflowing this one.
    let depth = super::nested::depth(game);
    if depth <= SHALLOW {
        return write();
    }
    let stack = (depth + SHALLOW).saturating_mul(STACK_PER_LEVEL);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, write)
            .unwrap_or_else(|e| {
                panic!("no {stack}-byte stack to write {depth} levels of variations: {e}")
            })
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Variations this deep are written on the caller's stack.
const SHALLOW: usize = 64;

/// Stack for one level of variations in serde's serializers, with room to spare (a debug build
/// uses about 3 KB).
const STACK_PER_LEVEL: usize = 16 * 1024;

/// The games as JSON Lines: one compact game object a line.
pub fn to_json_lines(games: &[Game]) -> String {
    let mut text = String::new();
    for game in games {
        text.push_str(&to_json_value(game));
        text.push('\n');
    }
    text
}

/// Reads games from JSON: an array of games, one game object, or JSON Lines (game objects one
/// after another). Empty input (or only white space) holds no game.
///
/// # Errors
/// [`JsonError`] at the first place where the text is not JSON or not a game record (see
/// [`read_json`] for one result a game).
pub fn from_json(text: &str) -> Result<Vec<Game>, JsonError> {
    read_json(text).into_iter().collect()
}

/// Reads games from JSON as [`from_json`] does, one result a game, so that a bad game does not
/// lose the others. Each game is checked ([`check`]): a record that the SDN writer could not
/// write so that the reader reads it back is refused here, with a JSON pointer to the value.
/// Text that is not JSON at all ends the list with its error.
pub fn read_json(text: &str) -> Vec<Result<Game, JsonError>> {
    let mut games = Vec::new();
    let mut index = 0;
    let offset = |piece: &str| piece.as_ptr() as usize - text.as_ptr() as usize;
    let mut one = |raw: &RawValue, games: &mut Vec<Result<Game, JsonError>>| {
        let piece = raw.get();
        let pointer = format!("/{index}");
        index += 1;
        let game = serde_json::from_str::<Game>(piece)
            .map_err(|e| JsonError::at(text, offset(piece), &e))
            .and_then(|game| {
                check(&game)
                    .map(|()| game)
                    .map_err(|(at, message)| JsonError::Record {
                        pointer: format!("{pointer}{at}"),
                        message,
                    })
            });
        games.push(game);
    };
    for value in serde_json::Deserializer::from_str(text).into_iter::<&RawValue>() {
        let raw = match value {
            Ok(raw) => raw,
            Err(e) => {
                games.push(Err(JsonError::at(text, 0, &e)));
                break;
            }
        };
        if raw.get().starts_with('[') {
            match serde_json::from_str::<Vec<&RawValue>>(raw.get()) {
                Ok(items) => items.into_iter().for_each(|item| one(item, &mut games)),
                Err(e) => {
                    games.push(Err(JsonError::at(text, offset(raw.get()), &e)));
                    break;
                }
            }
        } else {
            one(raw, &mut games);
        }
    }
    games
}

/// Whether a record holds only what SDN can say: die faces 1 to 6, tag names that are words,
/// tag values and comments of one line without NUL, `unnumbered` only on the first turn of a
/// line of a Marseillais record without die faces (the one place SDN can leave a number out so
/// that the moves read back as written, M1). `Err` names the place as a JSON pointer within
/// the game, and what is wrong.
///
/// # Errors
/// The first value that SDN cannot write.
pub fn check(game: &Game) -> Result<(), (String, String)> {
    for (i, tag) in game.tags.iter().enumerate() {
        // As the reader reads a name: no white space, no quote, no bracket, no NUL.
        let name_ok = !tag.name.is_empty()
            && !tag
                .name
                .chars()
                .any(|c| c.is_whitespace() || matches!(c, '"' | '[' | ']' | '\0'));
        if !name_ok {
            return Err((
                format!("/tags/{i}/name"),
                format!(
                    "the tag name {:?} cannot be written: a name has no space, quote or bracket",
                    tag.name
                ),
            ));
        }
        if tag.value.contains(['\n', '\r', '\0']) {
            return Err((
                format!("/tags/{i}/value"),
                format!("the value of tag {} holds a line break or NUL", tag.name),
            ));
        }
    }
    let faces = super::nested::any_face(&game.turns);
    let groups = !faces
        && matches!(
            VariantName::from_tag(game.tag("Variant"), faces),
            VariantName::Marseillais | VariantName::MarseillaisClassical
        );
    check_items(&game.preamble, "/preamble", groups)?;
    check_turns(&game.turns, "", groups)
}

fn check_turns(turns: &[Turn], at: &str, groups: bool) -> Result<(), (String, String)> {
    for (i, turn) in turns.iter().enumerate() {
        let here = format!("{at}/turns/{i}");
        if turn.unnumbered && !(groups && i == 0) {
            let place = if groups {
                "this turn is not the first of its line"
            } else {
                "the record is not a Marseillais game without die faces"
            };
            return Err((
                format!("{here}/unnumbered"),
                format!(
                    "only moves at the start of a line of a Marseillais record can be written                      without a number, and {place}"
                ),
            ));
        }
        if let Some(face) = turn.face
            && !(1..=6).contains(&face.value)
        {
            return Err((
                format!("{here}/face/value"),
                format!("a die has no face {}: a face is 1 to 6", face.value),
            ));
        }
        check_items(&turn.items, &here, groups)?;
    }
    Ok(())
}

fn check_items(items: &[Item], at: &str, groups: bool) -> Result<(), (String, String)> {
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Comment(comment) if comment.text.contains('\0') => {
                return Err((
                    format!("{at}/items/{i}/text"),
                    "a comment holds NUL".to_owned(),
                ));
            }
            Item::Variation(variation) => {
                let here = format!("{at}/items/{i}");
                check_items(&variation.preamble, &format!("{here}/preamble"), groups)?;
                check_turns(&variation.turns, &here, groups)?;
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_input_holds_no_game() {
        assert!(matches!(from_json(""), Ok(games) if games.is_empty()));
        assert!(matches!(from_json(" \n "), Ok(games) if games.is_empty()));
        assert!(matches!(from_json("[]"), Ok(games) if games.is_empty()));
    }

    #[test]
    fn a_die_face_nine_is_refused_at_its_pointer() {
        let text = r#"[{"tags":[],"turns":[{"number":{"number":1,"side":"white"},"face":{"value":9},"items":[]}]}]"#;
        let err = from_json(text).unwrap_err();
        assert_eq!(err.pointer(), Some("/0/turns/0/face/value"));
        assert!(err.to_string().contains("no face 9"), "{err}");
    }

    #[test]
    fn a_bad_game_does_not_lose_the_others() {
        let good = r#"{"tags":[],"turns":[]}"#;
        let bad = r#"{"tags":[{"name":"Bad Name","value":"x"}],"turns":[]}"#;
        let read = read_json(&format!("[{good},{bad},{good}]"));
        assert_eq!(read.len(), 3);
        assert!(read[0].is_ok() && read[2].is_ok());
        assert_eq!(
            read[1].as_ref().unwrap_err().pointer(),
            Some("/1/tags/0/name")
        );
    }

    #[test]
    fn errors_are_located() {
        let err = from_json("[\n  {\"tags\": [], \"turns\": 3\n]").unwrap_err();
        assert_eq!(err.line(), 3);
        // A value of the wrong shape is located in the whole text, not in its game.
        let err = from_json("[\n  {\"tags\": [], \"turns\": 3}\n]").unwrap_err();
        assert_eq!((err.line(), err.pointer()), (2, None));
        assert!(err.column() > 10, "{err}");
    }
}
