//! Reading game records from JSON: strictly (a field that spec/sdn.schema.json does not name is
//! refused, never skipped), one result a game, each error located by line and column and, where
//! the JSON is not a record, by a JSON pointer.

use serde_json::value::RawValue;

use super::words::{in_json_words, in_record_words, message};
use crate::record::{Game, Item, Turn, Variant};

/// A JSON text that is not a game record, with where it went wrong: a line and column where
/// the text is not JSON, and a JSON pointer (`/0/turns/3/face/value`) as well where the JSON is
/// not a record: a field the schema does not name, a value of the wrong kind, a value SDN
/// cannot write.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// The text is not JSON.
    #[error("{message}")]
    Syntax {
        /// 1-based line in the whole input.
        line: usize,
        /// 1-based column (in bytes); 0 at the very start of a line.
        column: usize,
        message: String,
    },
    /// JSON that is not a record, at `pointer` (and at `line`, `column` of the input).
    #[error("{pointer}: {message}")]
    Record {
        pointer: String,
        message: String,
        /// 1-based line in the whole input.
        line: usize,
        /// 1-based column (in bytes); 0 where only the line is known.
        column: usize,
    },
}

impl JsonError {
    /// 1-based line of the error.
    pub fn line(&self) -> usize {
        match self {
            JsonError::Syntax { line, .. } | JsonError::Record { line, .. } => *line,
        }
    }

    /// 1-based column (in bytes) of the error; 0 at the very start of a line or where only the
    /// line is known.
    pub fn column(&self) -> usize {
        match self {
            JsonError::Syntax { column, .. } | JsonError::Record { column, .. } => *column,
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
        let (line, column) = place(text, offset, e);
        JsonError::Syntax {
            line,
            column,
            message: format!("not JSON: {}", in_json_words(&message(e))),
        }
    }
}

/// The line and column in `text` of a serde_json error in the piece that starts at `offset`.
fn place(text: &str, offset: usize, e: &serde_json::Error) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let base_line = before.matches('\n').count() + 1;
    let base_column = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
    let line = base_line + e.line().saturating_sub(1);
    let column = if e.line() <= 1 {
        base_column + e.column()
    } else {
        e.column()
    };
    (line, column)
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
/// lose the others. Each game is read strictly: a field that spec/sdn.schema.json does not name,
/// a value of the wrong kind, and a record that the SDN writer could not write so that the
/// reader reads it back ([`check`]) are refused with a JSON pointer to the value, never trimmed.
///
/// Text that is not JSON is an error at its line and column. In JSON Lines (or objects one after
/// another) reading goes on at the next line that opens an object, so one bad line loses only
/// itself; in an array, the rest of the array cannot be told apart and the error says so.
pub fn read_json(text: &str) -> Vec<Result<Game, JsonError>> {
    let mut games = Vec::new();
    let mut index = 0;
    let mut from = 0;
    'resume: while from < text.len() {
        let rest = &text[from..];
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<&RawValue>();
        loop {
            let started = stream.byte_offset();
            let Some(value) = stream.next() else {
                break 'resume;
            };
            let raw = match value {
                Ok(raw) => raw,
                Err(e) => {
                    // The bad value starts at the first non-blank byte after the last good one.
                    let start = from
                        + started
                        + rest[started..]
                            .find(|c: char| !c.is_whitespace())
                            .unwrap_or(0);
                    let next = next_object_line(text, start);
                    let mut error = JsonError::at(text, from, &e);
                    // A record cut short runs on into the next one: the error is the cut
                    // record's, where it starts.
                    if let (
                        Some(next),
                        JsonError::Syntax {
                            line,
                            column,
                            message,
                        },
                    ) = (next, &mut error)
                        && line_start(text, *line) >= next
                    {
                        let before = &text[..start];
                        *line = before.matches('\n').count() + 1;
                        *column = start - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                        *message = "this record does not end before the next line that opens one"
                            .to_owned();
                    }
                    if next.is_none()
                        && let JsonError::Syntax { message, .. } = &mut error
                        && text[start..].starts_with('[')
                    {
                        message.push_str("; the rest of the array is not read");
                    }
                    games.push(Err(error));
                    index += 1;
                    match next {
                        Some(next) => {
                            from = next;
                            continue 'resume;
                        }
                        None => break 'resume,
                    }
                }
            };
            if raw.get().starts_with('[') {
                match serde_json::from_str::<Vec<&RawValue>>(raw.get()) {
                    Ok(items) => {
                        for item in items {
                            games.push(one_game(text, item.get(), index));
                            index += 1;
                        }
                    }
                    Err(e) => {
                        let mut error = JsonError::at(text, offset(text, raw.get()), &e);
                        if let JsonError::Syntax { message, .. } = &mut error {
                            message.push_str("; the rest of the array is not read");
                        }
                        games.push(Err(error));
                        break 'resume;
                    }
                }
            } else {
                games.push(one_game(text, raw.get(), index));
                index += 1;
            }
        }
    }
    games
}

/// The offset where 1-based `line` of `text` starts (the text's end past its last line).
fn line_start(text: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    memchr::memchr_iter(b'\n', text.as_bytes())
        .nth(line - 2)
        .map_or(text.len(), |i| i + 1)
}

/// Where `piece`, a slice of `text`, starts in it.
fn offset(text: &str, piece: &str) -> usize {
    piece.as_ptr() as usize - text.as_ptr() as usize
}

/// The start of the first line after the one holding `at` that opens an object (`{` as its
/// first byte): where the next record of JSON Lines begins.
fn next_object_line(text: &str, at: usize) -> Option<usize> {
    let mut line = at + text[at..].find('\n')? + 1;
    loop {
        if text[line..].starts_with('{') {
            return Some(line);
        }
        line += text[line..].find('\n')? + 1;
    }
}

/// One game's JSON value, the `index`-th of the input, read strictly and checked.
fn one_game(text: &str, piece: &str, index: usize) -> Result<Game, JsonError> {
    let at = offset(text, piece);
    let mut deserializer = serde_json::Deserializer::from_str(piece);
    let game: Game = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| {
        let pointer = format!("/{index}{}", pointer(e.path()));
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return JsonError::at(text, at, &inner);
        }
        let (line, column) = place(text, at, &inner);
        JsonError::Record {
            pointer,
            message: in_record_words(&message(&inner)),
            line,
            column,
        }
    })?;
    check(&game).map_err(|(within, message)| {
        let before = &text[..at];
        JsonError::Record {
            pointer: format!("/{index}{within}"),
            message,
            line: before.matches('\n').count() + 1,
            column: 0,
        }
    })?;
    Ok(game)
}

/// A serde path (`turns[0].items[1]`) as a JSON pointer (`/turns/0/items/1`).
fn pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => pointer.push_str(&format!("/{index}")),
            Segment::Map { key } => {
                pointer.push('/');
                pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
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
    let faces = crate::write::plain::nested::any_face(&game.turns);
    let groups = !faces
        && matches!(
            Variant::of_record(game.tag("Variant"), faces),
            Ok(Variant::Marseillais | Variant::MarseillaisClassical)
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
        assert!(
            err.to_string()
                .contains("a die has six faces: 9 is not one of them"),
            "{err}"
        );
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
        // A value of the wrong shape is located in the whole text, not in its game, and
        // named by its JSON pointer.
        let err = from_json("[\n  {\"tags\": [], \"turns\": 3}\n]").unwrap_err();
        assert_eq!((err.line(), err.pointer()), (2, Some("/0/turns")));
        assert!(err.column() > 10, "{err}");
    }

    #[test]
    fn a_field_the_schema_does_not_name_is_refused_not_skipped() {
        let err = from_json("{\"tags\": [], \"turns\": [], \"movez\": []}").unwrap_err();
        assert_eq!(err.pointer(), Some("/0/movez"));
        let action = "{\"type\": \"action\", \"san\": \"e4\", \"uci\": \"e2e4\"}";
        let game = format!(
            "{{\"tags\": [], \"turns\": [{{\"number\": {{\"number\": 1, \"side\": \"white\"}}, \
             \"items\": [{action}]}}]}}"
        );
        let err = from_json(&game).unwrap_err();
        assert_eq!(err.pointer(), Some("/0/turns/0/items/0"));
        assert!(err.to_string().contains("both san and uci"), "{err}");
    }

    #[test]
    fn a_bad_line_of_json_lines_loses_only_itself() {
        let good = "{\"tags\": [], \"turns\": []}";
        let text = format!("{good}\ngarbage\n{good}\n{{\"tags\": [\n{good}\n");
        let read = read_json(&text);
        let lines: Vec<Option<usize>> = read
            .iter()
            .map(|r| r.as_ref().err().map(JsonError::line))
            .collect();
        // The garbage on line 2 and the object cut short on line 4 are errors at their lines;
        // the games on lines 1, 3 and 5 are read.
        assert_eq!(lines, [None, Some(2), None, Some(4), None]);
    }
}
