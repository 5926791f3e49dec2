//! The text form of an answer, as `sade-ref options` prints it.

use std::fmt::Write as _;

use super::answer::{Answer, Pieces};

/// The answer as text: the position, the mode, one option a line, the count, and what follows
/// when there is nothing to do but `--`, or nothing at all.
pub fn text(answer: &Answer) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} position: {}", answer.variant, answer.fen);
    let what = match answer.variant {
        "Sade" => "fulfilment",
        "Marseillais" => "full turn",
        _ => "legal move",
    };
    let side = answer.side.name();
    match answer.face {
        Some(face) => {
            let _ = writeln!(out, "{side} rolled {face}");
        }
        None => {
            let _ = writeln!(out, "{side} to play");
        }
    }
    if let Some(mode) = &answer.mode {
        let color = mode.color.name();
        let whose = match mode.pieces {
            Pieces::Opponent => format!("the opponent's pieces ({color}'s)"),
            Pieces::Own => {
                format!("own pieces ({color}'s), because too few of the opponent's can move")
            }
        };
        let _ = writeln!(out, "mode: {whose} ({})", mode.article);
        let _ = writeln!(out, "proof: {}", mode.proof);
    }
    for line in &answer.options {
        let _ = writeln!(out, "{}", line.text());
    }
    let plural = if answer.count == 1 { "" } else { "s" };
    let shown = if answer.options.len() < answer.count && !answer.options.is_empty() {
        format!(" ({} listed)", answer.options.len())
    } else {
        String::new()
    };
    match &answer.none {
        // The one option is `--`: say what it means on the count's line.
        Some(none) if answer.count == 1 => {
            let _ = writeln!(
                out,
                "1 {what}, `--`: {} ({})",
                none.consequence, none.article
            );
        }
        Some(none) => {
            let _ = writeln!(out, "{} {what}{plural}", answer.count);
            let _ = writeln!(out, "none: {} ({})", none.consequence, none.article);
        }
        None => {
            let _ = writeln!(out, "{} {what}{plural}{shown}", answer.count);
        }
    }
    for line in &answer.losing {
        let why = line.ends.as_ref().map_or(String::new(), |ends| {
            let winner = ends
                .winner
                .map_or("a draw".to_owned(), |w| format!("{} wins", w.name()));
            format!(
                " ({}, {}: {winner})",
                ends.termination.replace('-', " "),
                ends.article
            )
        });
        let _ = writeln!(out, "loses: {}{why}", line.actions.join(" "));
    }
    if answer.losing_count > 0 {
        let (plural, listed) = (
            if answer.losing_count == 1 { "" } else { "s" },
            if answer.losing.len() < answer.losing_count && !answer.losing.is_empty() {
                format!(" ({} listed)", answer.losing.len())
            } else {
                String::new()
            },
        );
        let _ = writeln!(
            out,
            "{} losing way{plural} to write it{listed}: not fulfilments, the roller loses at once",
            answer.losing_count
        );
    }
    out
}
