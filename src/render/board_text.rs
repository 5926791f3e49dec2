//! A turn as text: the board before and after (Unicode pieces, coordinates), both pools, the
//! die face, every action with the move it resolved to, and the verdict on the turn.

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Square};

use super::model::{GameView, Snapshot, TurnView};
use super::names::{describe, glyph};
use crate::rules::names::color_name;

/// The board with ranks 8 to 1 from the top, files a to h, `·` for an empty square.
pub fn board(snapshot: &Snapshot) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        let _ = write!(out, "{} ", rank.char());
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            let c = snapshot.board.piece_at(square).map_or('·', glyph);
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h\n");
    out
}

/// "White's pool: ♕ ♘ ♘ ♙" (strongest first), or "White's pool: empty".
pub fn pools(snapshot: &Snapshot) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let pieces: Vec<String> = snapshot
            .pool(color)
            .into_iter()
            .map(|p| glyph(p).to_string())
            .collect();
        let list = if pieces.is_empty() {
            "empty".to_owned()
        } else {
            pieces.join(" ")
        };
        let _ = writeln!(out, "{}'s pool: {list}", color_name(color));
    }
    out
}

/// The whole turn as text.
pub fn turn(game: &GameView, turn: &TurnView) -> String {
    let mut out = String::new();
    let side = color_name(turn.side);
    let face = turn
        .face
        .map(|f| format!(", die face {f}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{} game, turn {} ({side}{face})",
        game.variant, turn.label
    );
    let _ = writeln!(out, "\nBefore:\n{}", board(&turn.before));
    out.push_str(&pools(&turn.before));
    out.push_str("\nActions:\n");
    if turn.actions.is_empty() {
        out.push_str("  (none written)\n");
    }
    for action in &turn.actions {
        let mark = if action.offending { "  <- illegal" } else { "" };
        let _ = writeln!(
            out,
            "  {}. {:<8} {}{mark}",
            action.number,
            action.written,
            describe(action)
        );
    }
    let after = turn.actions.iter().rev().find_map(|a| a.after.as_ref());
    match after {
        Some(after) => {
            let _ = writeln!(out, "\nAfter:\n{}", board(after));
            out.push_str(&pools(after));
        }
        None => out.push_str("\nAfter: the board is unchanged (the referee accepted no action)\n"),
    }
    let _ = writeln!(out, "\nVerdict on this turn: {}", turn.verdict);
    let _ = writeln!(out, "Verdict on the game: {}", game.verdict);
    out
}
