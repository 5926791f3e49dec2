//! Errors in the words a command prints: an input or output error without its error number, a
//! `--fen` position's fault without the words that name a record's FEN tag.

/// An input or output error as the system says it, without the error number Rust's standard
/// library adds (`No such file or directory (os error 2)`).
pub fn io_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_owned(),
        _ => text,
    }
}

/// Why a `--fen` position cannot be played, without the words that name the FEN tag of a
/// record or repeat "cannot be played": the caller says that, and names `--fen`.
pub fn fen_reason(reason: &str) -> &str {
    [
        "the start position cannot be played: ",
        "the FEN tag is not a playable position: ",
        "not a playable position: ",
    ]
    .iter()
    .find_map(|prefix| reason.strip_prefix(prefix))
    .unwrap_or(reason)
}
