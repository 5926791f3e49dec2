//! A turn as an SVG diagram: the board before the turn, the turn's actions as arrows numbered
//! in the order played (each number also a `<text>` label), a sacrifice marked on its square, a
//! resurrection as a drop onto its square, the opponent's pieces' moves dashed in another
//! colour, and the offending action in red.
//!
//! The pieces are the project's own simple shapes (see docs/PIECES.md), one `<symbol>` per
//! kind, filled white or black where they are used.

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Role, Square};

pub use super::arrows::{ARROW_STROKE, ROOK_STROKE, action_colour};
use super::arrows::{at, badge, mark, markers};
use super::layout;
use super::legend::marks_of;
pub use super::legend::{Mark, key};
use super::model::{ActionView, GameView, POOL_ORDER, Shape, Snapshot, TurnView};
use super::names::describe;
pub use super::style::{
    DARK, HEADER, LIGHT, MARGIN, OFFENDING, OPPONENT, OWN, PIECE_SYMBOLS, SACRIFICE, SQUARE,
    UNPLAYED, piece_paint,
};
use super::style::{LINE, corner};
use crate::rules::names::color_name;

/// Escapes text for XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The squares, the coordinates and the pieces.
fn board(out: &mut String, snapshot: &Snapshot) {
    for rank in Rank::ALL {
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            let (x, y) = corner(square);
            let fill = if square.is_light() { LIGHT } else { DARK };
            let _ = writeln!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
            );
        }
    }
    for (i, file) in File::ALL.into_iter().enumerate() {
        let x = MARGIN + u32::try_from(i).unwrap_or(0) * SQUARE + SQUARE / 2;
        let y = HEADER + MARGIN + 8 * SQUARE + 30;
        let _ = writeln!(
            out,
            r##"<text x="{x}" y="{y}" font-size="26" text-anchor="middle" fill="#444">{}</text>"##,
            file.char()
        );
    }
    for (i, rank) in Rank::ALL.into_iter().rev().enumerate() {
        let y = HEADER + MARGIN + u32::try_from(i).unwrap_or(0) * SQUARE + SQUARE / 2 + 9;
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{y}" font-size="26" text-anchor="middle" fill="#444">{}</text>"##,
            MARGIN / 2,
            rank.char()
        );
    }
    for square in snapshot.board.occupied() {
        let Some(piece) = snapshot.board.piece_at(square) else {
            continue;
        };
        let (x, y) = corner(square);
        let (fill, stroke) = piece_paint(piece.color);
        let _ = writeln!(
            out,
            r##"<use href="#{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round" data-square="{square}" data-piece="{}"/>"##,
            piece.role.char(),
            piece.char()
        );
    }
}

/// Both pools before the turn, each piece a small symbol; the piece a resurrection takes out
/// ringed like the resurrection, and the pieces that enter during the turn after a `+`, ringed
/// in their action's colour.
fn pools(out: &mut String, turn: &TurnView, top: u32) {
    const SIZE: u32 = 44;
    for (row, color) in Color::ALL.into_iter().enumerate() {
        let y = top + u32::try_from(row).unwrap_or(0) * (SIZE + 10);
        let _ = writeln!(
            out,
            r##"<text x="{MARGIN}" y="{}" font-size="22" fill="#222">{}'s pool</text>"##,
            y + 30,
            color_name(color)
        );
        let (fill, stroke) = piece_paint(color);
        let mut x = MARGIN + 160;
        let mut returned: Vec<(Role, &ActionView)> = turn
            .actions
            .iter()
            .filter(|a| matches!(a.shape, Shape::Resurrection { .. }))
            .filter_map(|a| a.piece.filter(|p| p.color == color).map(|p| (p.role, a)))
            .collect();
        let entering: Vec<(Role, &ActionView)> = turn
            .actions
            .iter()
            .filter_map(|a| match (a.shape, a.piece) {
                (Shape::Sacrifice { .. }, Some(p)) if p.color == color => Some((p.role, a)),
                (Shape::Move { .. }, Some(p)) if p.color != color => a.captured.map(|r| (r, a)),
                _ => None,
            })
            .collect();
        let before: u32 = POOL_ORDER
            .iter()
            .map(|r| u32::from(*turn.before.pools.get(color).get(*r)))
            .sum();
        // Up to 15 pieces and what enters: closer together when the row is full.
        let room = 8 * SQUARE - 160 - 40;
        let count = before + u32::try_from(entering.len()).unwrap_or(0);
        let step = (room / count.max(1)).min(SIZE + 4);
        let mut any = false;
        let draw = |out: &mut String, x: u32, role: Role, ring: Option<(&str, bool)>| {
            if let Some((colour, dashed)) = ring {
                let dash = if dashed {
                    r#" stroke-dasharray="6 4""#
                } else {
                    ""
                };
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="4"{dash}/>"#,
                    x + SIZE / 2,
                    y + SIZE / 2,
                    SIZE / 2 + 2
                );
            }
            let _ = writeln!(
                out,
                r##"<use class="pool" href="#{}" x="{x}" y="{y}" width="{SIZE}" height="{SIZE}" fill="{fill}" stroke="{stroke}" stroke-width="5" stroke-linejoin="round" data-pool="{}"/>"##,
                role.char(),
                role.of(color).char()
            );
        };
        for role in POOL_ORDER {
            for _ in 0..*turn.before.pools.get(color).get(role) {
                let ring = returned
                    .iter()
                    .position(|(r, _)| *r == role)
                    .map(|i| returned.remove(i).1)
                    .map(|a| (action_colour(a), true));
                draw(out, x, role, ring);
                x += step;
                any = true;
            }
        }
        if !any {
            let _ = writeln!(
                out,
                r##"<text x="{x}" y="{}" font-size="22" fill="#777">empty</text>"##,
                y + 30
            );
            x += 80;
        }
        if !entering.is_empty() {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="26" font-weight="bold" fill="#222">+</text>"##,
                x + 4,
                y + 31
            );
            x += 30;
            for (role, action) in entering {
                draw(out, x, role, Some((action_colour(action), false)));
                x += step;
            }
        }
    }
}

/// Splits text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + word.chars().count() + 1 > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The turn as a standalone SVG document.
pub fn turn(game: &GameView, turn: &TurnView) -> String {
    let width = 2 * MARGIN + 8 * SQUARE;
    let mut legend = Vec::new();
    let mut used: Vec<Mark> = Vec::new();
    for action in &turn.actions {
        let text = format!(
            "{}. {} — {}",
            action.number,
            action.written,
            describe(action)
        );
        for (i, line) in wrap(&text, 62).into_iter().enumerate() {
            legend.push((if i == 0 { Some(action) } else { None }, line));
        }
        used.extend(marks_of(action));
    }
    used.sort();
    used.dedup();
    for (after, text) in &turn.comments {
        let text = format!("Comment after action {after}: {text}");
        for line in wrap(&text, 62) {
            legend.push((None, line));
        }
    }
    for line in wrap(&format!("Verdict: {}", turn.verdict), 62) {
        legend.push((None, line));
    }
    let mut key = key(&used, game.sade);
    if game.sade {
        key.push_str(" · pools, before the turn: after +, what the turn adds; ringed dashed, what it returns");
    }
    for line in wrap(&key, 62) {
        legend.push((None, line));
    }
    let pools_top = HEADER + 2 * MARGIN + 8 * SQUARE + 10;
    let legend_top = if game.sade {
        pools_top + 2 * 54 + 10
    } else {
        pools_top
    };
    let height = legend_top + u32::try_from(legend.len()).unwrap_or(0) * LINE + 20;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{}" height="{}" font-family="DejaVu Sans, Verdana, sans-serif">"#,
        width * 3 / 5,
        height * 3 / 5
    );
    let side = color_name(turn.side);
    let face = turn
        .face
        .map(|f| format!(", die face {f}"))
        .unwrap_or_default();
    let title = format!("{} — turn {} ({side}{face})", game.variant, turn.label);
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    out.push_str("<defs>\n");
    out.push_str(PIECE_SYMBOLS);
    out.push('\n');
    markers(&mut out);
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        r##"<rect width="{width}" height="{height}" fill="#fbfaf7"/><text x="{MARGIN}" y="48" font-size="34" font-weight="bold" fill="#222">{}</text>"##,
        escape(&title)
    );
    board(&mut out, &turn.before);
    for (action, lanes) in turn.actions.iter().zip(layout::lanes(&turn.actions)) {
        mark(&mut out, action, lanes);
    }
    // The badges last, so that no arrow paints over a number.
    for (action, place) in turn
        .actions
        .iter()
        .zip(layout::badge_places(&turn.before.board, &turn.actions))
    {
        if let Some(place) = place {
            badge(&mut out, at(place), action.number, action_colour(action));
        }
    }
    if game.sade {
        pools(&mut out, turn, pools_top);
    }
    for (i, (action, line)) in legend.iter().enumerate() {
        let y = legend_top + u32::try_from(i).unwrap_or(0) * LINE + 24;
        let colour = action.map_or("#222", |a| action_colour(a));
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="{y}" font-size="24" fill="{colour}">{}</text>"#,
            escape(line)
        );
    }
    out.push_str("</svg>\n");
    out
}
