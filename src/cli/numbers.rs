//! The whole numbers of the command line, refused in the arbiter's words: what was given, what
//! the option counts and the numbers it takes. (clap's own parsers answer "invalid digit found
//! in string" and "0 is not in 1..=6".)

use sade_ref::record::Face;

/// A whole number from `min` to `max`; `what` names what the option counts ("a die face").
fn within(text: &str, min: u64, max: u64, what: &str) -> Result<u64, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{text}` is not {what}: give a whole number from {min} to {max}"
        ));
    }
    match digits.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{digits} is not {what}: give {min} to {max}")),
    }
}

/// The largest `usize`, as the `u64` the checks use.
fn most() -> u64 {
    u64::try_from(usize::MAX).unwrap_or(u64::MAX)
}

/// `--face`: 1 to 6.
pub fn face(text: &str) -> Result<Face, String> {
    within(text, 1, 6, "a die face").and_then(|n| Face::new(n).map_err(|e| e.to_string()))
}

/// `--games`: 1 or more.
pub fn games(text: &str) -> Result<u64, String> {
    within(text, 1, u64::MAX, "a number of games")
}

/// `--game-index`: 1 or more (the first game of a file is 1).
pub fn game_index(text: &str) -> Result<usize, String> {
    within(text, 1, most(), "a game of the file").map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// `--limit`: 0 or more.
pub fn limit(text: &str) -> Result<usize, String> {
    within(text, 0, most(), "a number of options").map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// `--max-turns`: 0 or more.
pub fn turns(text: &str) -> Result<usize, String> {
    within(text, 0, most(), "a number of turns").map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// `--seed`: any whole number that fits 64 bits.
pub fn seed(text: &str) -> Result<u64, String> {
    within(text, 0, u64::MAX, "a seed")
}

/// `--first-game`: 1 to `max`.
pub fn first_game(text: &str, max: u64) -> Result<u64, String> {
    within(text, 1, max, "a game number")
}

/// `--first-line`: 1 to `max`.
pub fn first_line(text: &str, max: u64) -> Result<u64, String> {
    within(text, 1, max, "a line number")
}

/// `perft --depth`: 0 to 20 (plies or turns; the counts grow beyond any run long before).
pub fn depth(text: &str) -> Result<u32, String> {
    within(text, 0, 20, "a depth").map(|n| u32::try_from(n).unwrap_or(20))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_refused_in_words() {
        assert_eq!(face("3"), Ok(Face::Three));
        assert_eq!(face("7").unwrap_err(), "7 is not a die face: give 1 to 6");
        assert_eq!(
            limit("x").unwrap_err(),
            format!(
                "`x` is not a number of options: give a whole number from 0 to {}",
                most()
            )
        );
        assert_eq!(
            games("0").unwrap_err(),
            format!("0 is not a number of games: give 1 to {}", u64::MAX)
        );
        assert!(seed("99999999999999999999").is_err());
        assert_eq!(first_game("5", 9), Ok(5));
    }
}
