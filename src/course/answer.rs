//! An answer to a lesson as the record the referee replays: the lesson's position, its earlier
//! turns and its face, then the answer's actions; and the player of the lesson's turn.

use shakmaty::Color;

use super::lesson::Lesson;

/// Why an answer could not be judged at all (it is not a list of actions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    /// 1-based place of the bad action in the answer.
    pub action: usize,
    pub message: String,
}

impl std::fmt::Display for AnswerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "action {}: {}", self.action, self.message)
    }
}

impl std::error::Error for AnswerError {}

/// The draw claim a lesson's answer may end with; it is written as the record's result.
pub const DRAW_CLAIM: &str = "1/2-1/2";

/// The record of the lesson's turn with these actions, as SDN text: the lesson's position in a
/// FEN tag, one turn with the lesson's face, and the result `*` (or `1/2-1/2` when the answer
/// ends with the draw claim).
///
/// # Errors
/// When an action is not one token of SDN action text (`e4`, `Nxd5`, `-Nb1`, `Q@d5`, `b1=Q#`,
/// `O-O`, `--`), so that no answer can change the record's other parts.
pub fn record_text(lesson: &Lesson, actions: &[String]) -> Result<String, AnswerError> {
    let mut written = Vec::new();
    let mut result = "*";
    for (i, action) in actions.iter().enumerate() {
        let action = action.trim();
        if action == DRAW_CLAIM && i + 1 == actions.len() {
            result = DRAW_CLAIM;
            continue;
        }
        let bad = |message: String| AnswerError {
            action: i + 1,
            message,
        };
        if action.is_empty() {
            return Err(bad("the action is empty".into()));
        }
        let allowed = |c: char| c.is_ascii_alphanumeric() || "@=+#-".contains(c);
        if !action.chars().all(allowed)
            || !(action == "--" || action.chars().any(|c| c.is_ascii_alphabetic()))
        {
            return Err(bad(format!(
                "`{action}` is not an action (a move such as e4 or Nxd5, a sacrifice -Nb1, a \
                 resurrection Q@d5, castling O-O, or -- for a face that cannot be fulfilled)"
            )));
        }
        written.push(action);
    }
    let mut fields = lesson.fen.split_whitespace();
    let mut black = fields.nth(1) == Some("b");
    let mut number = fields
        .nth(3)
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(1);
    // The turns before the lesson's own, each numbered as the count goes (M8).
    let mut text = String::new();
    for turn in &lesson.before {
        let label = if black {
            format!("{number}...")
        } else {
            format!("{number}.")
        };
        text.push_str(&format!("{label} {} ", turn.join(" ")));
        if black {
            number += 1;
        }
        black = !black;
    }
    let label = if black {
        format!("{number}...")
    } else {
        format!("{number}.")
    };
    let face = lesson.face.map(|f| format!(" {f}:")).unwrap_or_default();
    // No action yet: the face alone, rolled (R15: a roll that decides the game ends it).
    let moves = match (written.is_empty(), face.is_empty()) {
        (true, true) => text,
        (true, false) => format!("{text}{label}{face} "),
        (false, _) => format!("{text}{label}{face} {} ", written.join(" ")),
    };
    // The game's own start has no setup: its first turn is the game's first (M1).
    let setup = if lesson.start {
        String::new()
    } else {
        format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", lesson.fen)
    };
    Ok(format!(
        "[Variant \"{}\"]\n{setup}\n{moves}{result}\n",
        lesson.variant.tag()
    ))
}

/// The player of the lesson's turn: the side to move in its FEN, after the earlier turns.
pub fn roller(lesson: &Lesson) -> Color {
    let first = side_to_move(&lesson.fen).unwrap_or(Color::White);
    if lesson.before.len() % 2 == 1 {
        !first
    } else {
        first
    }
}

/// The side to move in a FEN.
pub(super) fn side_to_move(fen: &str) -> Option<Color> {
    match fen.split_whitespace().nth(1) {
        Some("w") => Some(Color::White),
        Some("b") => Some(Color::Black),
        _ => None,
    }
}
