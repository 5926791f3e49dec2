//! A turn as an SVG diagram: the board before the turn, the turn's actions as arrows numbered
//! in the order played (each number also a `<text>` label), a sacrifice marked on its square, a
//! resurrection as a drop onto its square, the opponent's pieces' moves dashed in another
//! colour, and the offending action in red.
//!
//! The pieces are the project's own simple shapes (see docs/PIECES.md), one `<symbol>` per
//! kind, filled white or black where they are used.

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Square};

use super::describe;
use super::model::{ActionView, GameView, Shape, Snapshot, TurnView};

/// Units per square.
pub const SQUARE: u32 = 100;
/// Room for the coordinates around the board.
const MARGIN: u32 = 40;
const HEADER: u32 = 70;
const LINE: u32 = 34;

/// Colours of the marks.
pub const OWN: &str = "#1565c0";
pub const OPPONENT: &str = "#ef6c00";
pub const OFFENDING: &str = "#d50000";
pub const SACRIFICE: &str = "#6a1b9a";
/// An action the referee did not reach (after the illegal one).
pub const UNPLAYED: &str = "#757575";
pub const LIGHT: &str = "#f0d9b5";
pub const DARK: &str = "#b58863";

/// What the marks mean.
pub const KEY: &str = "Key: blue, own piece · orange dashed, the opponent's piece · purple ✕, sacrifice · \
     dashed ring, resurrection · red, illegal";

/// The piece shapes, drawn for a 100×100 square: `#p`, `#n`, `#b`, `#r`, `#q`, `#k`.
pub const PIECE_SYMBOLS: &str = r##"<symbol id="p" viewBox="0 0 100 100"><circle cx="50" cy="30" r="12"/><path d="M39 44h22l7 30H32z"/><path d="M24 74h52v10H24z"/></symbol>
<symbol id="r" viewBox="0 0 100 100"><path d="M26 84V74h6l4-34h-6V20h8v8h8v-8h8v8h8v-8h8v20h-6l4 34h6v10z"/><path d="M36 40h28" fill="none"/></symbol>
<symbol id="n" viewBox="0 0 100 100"><path d="M30 84h46c0-22-4-42-18-56l-2-10-8 8c-10 2-20 10-26 24l5 7 13-6c5 0 6 3 3 7-7 8-13 16-13 26z"/><circle cx="49" cy="33" r="3" fill="none"/></symbol>
<symbol id="b" viewBox="0 0 100 100"><circle cx="50" cy="17" r="7"/><path d="M50 25c13 10 19 23 14 37l-4 5H40l-4-5c-5-14 1-27 14-37z"/><path d="M38 67h24v7H38zM26 74h48v10H26z"/><path d="M50 36l8 11" fill="none"/></symbol>
<symbol id="q" viewBox="0 0 100 100"><path d="M26 84h48v-8l10-46-18 24-4-30-12 28-12-28-4 30-18-24 10 46z"/><circle cx="16" cy="28" r="5"/><circle cx="38" cy="22" r="5"/><circle cx="62" cy="22" r="5"/><circle cx="84" cy="28" r="5"/></symbol>
<symbol id="k" viewBox="0 0 100 100"><path d="M26 84h48V74l6-28-16-6-14 8-14-8-16 6 6 28z"/><path d="M46 10h8v8h8v8h-8v16h-8V26h-8v-8h8z"/><path d="M26 74h48" fill="none"/></symbol>"##;

/// Fill and outline of a piece colour.
pub fn piece_paint(color: Color) -> (&'static str, &'static str) {
    match color {
        Color::White => ("#ffffff", "#1a1a1a"),
        Color::Black => ("#262626", "#000000"),
    }
}

/// The top-left corner of a square, White at the bottom.
fn corner(square: Square) -> (u32, u32) {
    let x = MARGIN + u32::from(square.file()) * SQUARE;
    let y = HEADER + MARGIN + (7 - u32::from(square.rank())) * SQUARE;
    (x, y)
}

fn center(square: Square) -> (u32, u32) {
    let (x, y) = corner(square);
    (x + SQUARE / 2, y + SQUARE / 2)
}

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

/// The colour an action is drawn in.
pub fn action_colour(action: &ActionView) -> &'static str {
    if action.offending {
        OFFENDING
    } else if matches!(action.shape, Shape::Unplayed { .. }) {
        UNPLAYED
    } else if matches!(action.shape, Shape::Sacrifice { .. }) {
        SACRIFICE
    } else if action.opponent_piece {
        OPPONENT
    } else {
        OWN
    }
}

/// A numbered label: a disc with the number as `<text>`.
fn label(out: &mut String, (x, y): (u32, u32), number: usize, colour: &str) {
    let _ = writeln!(
        out,
        r##"<g class="label"><circle cx="{x}" cy="{y}" r="19" fill="{colour}" stroke="#fff" stroke-width="3"/><text x="{x}" y="{}" font-size="24" font-weight="bold" text-anchor="middle" fill="#fff">{number}</text></g>"##,
        y + 8
    );
}

/// One action's mark on the board.
fn mark(out: &mut String, action: &ActionView) {
    let colour = action_colour(action);
    let n = action.number;
    match action.shape {
        Shape::Move { from, to } => {
            let (x1, y1) = center(from);
            let (x2, y2) = center(to);
            let dash = if action.opponent_piece && !action.offending {
                r#" stroke-dasharray="22 12""#
            } else {
                ""
            };
            let _ = writeln!(
                out,
                r#"<line class="arrow" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="11" stroke-linecap="round" opacity="0.85"{dash} marker-end="url(#head-{})"/>"#,
                colour.trim_start_matches('#')
            );
            let mx = (x1 * 2 + x2) / 3;
            let my = (y1 * 2 + y2) / 3;
            label(out, (mx, my), n, colour);
        }
        Shape::Sacrifice { square } => {
            let (x, y) = corner(square);
            let (a, b) = (x + 18, y + 18);
            let (c, d) = (x + SQUARE - 18, y + SQUARE - 18);
            let _ = writeln!(
                out,
                r#"<path class="sacrifice" d="M{a} {b}L{c} {d}M{c} {b}L{a} {d}" stroke="{colour}" stroke-width="10" stroke-linecap="round" opacity="0.9"/>"#
            );
            label(out, (x + 20, y + 20), n, colour);
        }
        Shape::Resurrection { square } => {
            let (x, y) = center(square);
            let top = y - SQUARE / 2 + 4;
            let _ = writeln!(
                out,
                r#"<circle class="drop" cx="{x}" cy="{y}" r="42" fill="none" stroke="{colour}" stroke-width="6" stroke-dasharray="10 7"/><line x1="{x}" y1="{}" x2="{x}" y2="{top}" stroke="{colour}" stroke-width="9" marker-end="url(#head-{})"/>"#,
                top.saturating_sub(60),
                colour.trim_start_matches('#')
            );
            label(out, (x + 30, y - 30), n, colour);
        }
        Shape::Unplayed {
            square: Some(square),
        } => {
            let (x, y) = center(square);
            let dash = if action.offending {
                ""
            } else {
                r#" stroke-dasharray="12 8""#
            };
            let _ = writeln!(
                out,
                r#"<circle class="unplayed" cx="{x}" cy="{y}" r="44" fill="none" stroke="{colour}" stroke-width="8"{dash}/>"#
            );
            label(out, (x + 30, y - 30), n, colour);
        }
        Shape::Unplayed { square: None } | Shape::Nothing => {}
    }
}

/// Arrow heads, one per colour.
fn markers(out: &mut String) {
    for colour in [OWN, OPPONENT, OFFENDING, SACRIFICE] {
        let _ = writeln!(
            out,
            r#"<marker id="head-{}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10z" fill="{colour}"/></marker>"#,
            colour.trim_start_matches('#')
        );
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
    }
    for line in wrap(&format!("Verdict: {}", turn.verdict), 62) {
        legend.push((None, line));
    }
    for line in wrap(KEY, 62) {
        legend.push((None, line));
    }
    let legend_top = HEADER + 2 * MARGIN + 8 * SQUARE + 10;
    let height = legend_top + u32::try_from(legend.len()).unwrap_or(0) * LINE + 20;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{}" height="{}" font-family="DejaVu Sans, Verdana, sans-serif">"#,
        width * 3 / 5,
        height * 3 / 5
    );
    let side = turn.side.fold_wb("White", "Black");
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
    for action in &turn.actions {
        mark(&mut out, action);
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
