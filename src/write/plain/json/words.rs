//! serde's and serde_json's words for JSON that is not a record, said in a record's and JSON's
//! words (no Rust types, no parser jargon): what the refusals of [`super::read`] say.

/// serde_json's message without the " at line L column C" it ends with (of the piece, not of
/// the input: the caller places it).
pub(super) fn message(e: &serde_json::Error) -> String {
    let message = e.to_string();
    message
        .rfind(" at line ")
        .map_or(message.as_str(), |i| &message[..i])
        .to_owned()
}

/// serde's words for a record of the wrong shape, in the record's: `unknown field `movez`,
/// expected one of `tags`, ...` becomes "`movez` is not a field here (spec/sdn.schema.json):
/// the fields are tags, ...".
pub(super) fn in_record_words(message: &str) -> String {
    let names = |list: &str| list.replace('`', "").replace(" or ", ", ");
    if let Some(rest) = message.strip_prefix("unknown field `")
        && let Some((field, expected)) = rest.split_once("`, ")
    {
        let expected = expected
            .strip_prefix("expected one of ")
            .or_else(|| expected.strip_prefix("expected "))
            .map(names);
        return match expected {
            Some(list) => format!(
                "`{field}` is not a field here (spec/sdn.schema.json): the fields are {list}"
            ),
            None => format!("`{field}` is not a field here (spec/sdn.schema.json)"),
        };
    }
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.strip_suffix('`'))
    {
        return format!("the field `{field}` is missing (spec/sdn.schema.json)");
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = message
            .strip_prefix(prefix)
            .and_then(|rest| rest.split_once(", expected "))
        {
            return format!(
                "{} where {} is expected (spec/sdn.schema.json)",
                found_words(found),
                expected_words(expected)
            );
        }
    }
    if let Some((length, expected)) = message
        .strip_prefix("invalid length ")
        .and_then(|rest| rest.split_once(", expected "))
    {
        return format!(
            "{length} items where {} is expected (spec/sdn.schema.json)",
            expected_words(expected)
        );
    }
    if let Some((name, expected)) = message
        .strip_prefix("unknown variant `")
        .and_then(|rest| rest.split_once("`, expected "))
    {
        let expected = expected.strip_prefix("one of ").unwrap_or(expected);
        return format!(
            "`{name}` is not one of {} (spec/sdn.schema.json)",
            expected.replace('`', "")
        );
    }
    message.to_owned()
}

/// serde's name for a value it found (`string "x"`, `integer `-1``, `map`), in JSON's words.
fn found_words(found: &str) -> String {
    let value = |text: &str| text.trim_matches('`').to_owned();
    if let Some(text) = found.strip_prefix("string ") {
        format!("the string {text}")
    } else if let Some(number) = found
        .strip_prefix("integer ")
        .or_else(|| found.strip_prefix("floating point "))
    {
        format!("the number {}", value(number))
    } else if let Some(boolean) = found.strip_prefix("boolean ") {
        value(boolean)
    } else {
        match found {
            "map" => "an object".to_owned(),
            "sequence" => "an array".to_owned(),
            "unit value" | "null" => "null".to_owned(),
            other => other.to_owned(),
        }
    }
}

/// serde's name for what it expected (`u32`, `struct Game`, `a sequence`), in JSON's words.
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        "a sequence" => "an array".to_owned(),
        "a map" => "an object".to_owned(),
        other if other.starts_with("struct ") || other.starts_with("a map") => {
            "an object".to_owned()
        }
        other if other.contains("enum ") => "one of the values the schema names".to_owned(),
        other if other.starts_with("a tuple of size ") => {
            format!("an array of {} items", &other["a tuple of size ".len()..])
        }
        other => other.to_owned(),
    }
}

/// serde_json's words for text that is not JSON, where they are a parser's: `expected ident`
/// (a bare word that is not `true`, `false` or `null`).
pub(super) fn in_json_words(message: &str) -> String {
    match message {
        "expected ident" => {
            "a bare word where a value is due: only true, false and null go without quotes"
                .to_owned()
        }
        other => other.to_owned(),
    }
}
