//! A turn as an SVG diagram: the board before the turn, the turn's actions as arrows numbered
//! in the order played (each number also a `<text>` label), a sacrifice marked on its square, a
//! resurrection as a drop onto its square, the opponent's pieces' moves dashed in another
//! colour, and the offending action in red.
//!
//! The pieces are the project's own simple shapes (see docs/PIECES.md), one `<symbol>` per
//! kind, filled white or black where they are used.

use std::fmt::Write as _;

use shakmaty::{Color, File, Rank, Role, Square};

use super::describe;
use super::layout;
use super::legend::marks_of;
pub use super::legend::{Mark, key};
use super::model::{ActionView, GameView, POOL_ORDER, Shape, Snapshot, TurnView};

/// Units per square.
pub const SQUARE: u32 = 100;
/// Room for the coordinates around the board.
pub const MARGIN: u32 = 40;
pub const HEADER: u32 = 70;
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

/// The stroke widths of a move's arrow and of a castling rook's.
pub const ARROW_STROKE: f64 = 11.0;
pub const ROOK_STROKE: f64 = 6.0;

/// A point of the board (board units) on the drawing.
fn at((x, y): (i32, i32)) -> (i32, i32) {
    (x + to_i32(MARGIN), y + to_i32(HEADER + MARGIN))
}

fn to_i32(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// A numbered badge: a disc with the number as `<text>`.
fn badge(out: &mut String, (x, y): (i32, i32), number: usize, colour: &str) {
    let _ = writeln!(
        out,
        r##"<g class="label"><circle cx="{x}" cy="{y}" r="{}" fill="{colour}" stroke="#fff" stroke-width="3"/><text x="{x}" y="{}" font-size="24" font-weight="bold" text-anchor="middle" fill="#fff">{number}</text></g>"##,
        layout::BADGE,
        y + 8
    );
}

/// An arrow from square to square that stops short of the piece on its destination, drawn in
/// its lane (beside an earlier arrow on the same line).
fn arrow(
    out: &mut String,
    class: &str,
    (from, to): (Square, Square),
    (stroke, lane): (f64, i32),
    colour: &str,
    dash: &str,
) {
    let ((x1, y1), (x2, y2)) = layout::arrow_ends(from, to, stroke, lane);
    let ((x1, y1), (x2, y2)) = (at((x1, y1)), at((x2, y2)));
    let _ = writeln!(
        out,
        r#"<line class="{class}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="{stroke}" opacity="0.85"{dash} marker-end="url(#head-{})"/>"#,
        colour.trim_start_matches('#')
    );
}

/// One action's mark on the board, without its badge.
fn mark(out: &mut String, action: &ActionView, (lane, rook_lane): (i32, i32)) {
    let colour = action_colour(action);
    match action.shape {
        Shape::Move { from, to } => {
            let dash = if action.opponent_piece && !action.offending {
                r#" stroke-dasharray="22 12""#
            } else {
                ""
            };
            arrow(out, "arrow", (from, to), (ARROW_STROKE, lane), colour, dash);
            if let Some(rook) = action.rook {
                arrow(out, "rook", rook, (ROOK_STROKE, rook_lane), colour, dash);
            }
            if let Some(victim) = action.en_passant {
                let (x, y) = corner(victim);
                let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
                let _ = writeln!(
                    out,
                    r##"<g class="en-passant"><circle cx="{cx}" cy="{cy}" r="40" fill="none" stroke="{colour}" stroke-width="6"/><text x="{cx}" y="{}" font-size="22" font-weight="bold" text-anchor="middle" fill="{colour}" stroke="#fff" stroke-width="4" paint-order="stroke">e.p.</text></g>"##,
                    y + SQUARE - 6
                );
            }
            if let (Some(role), Some(piece)) = (action.promotion, action.piece) {
                let (x, y) = corner(to);
                let (fill, stroke) = piece_paint(piece.color);
                let _ = writeln!(
                    out,
                    r##"<g class="promotion"><rect x="{}" y="{}" width="52" height="52" rx="8" fill="#fff" fill-opacity="0.8" stroke="{colour}" stroke-width="3"/><use href="#{}" x="{}" y="{}" width="50" height="50" fill="{fill}" stroke="{stroke}" stroke-width="4" stroke-linejoin="round"/></g>"##,
                    x + SQUARE - 54,
                    y + 2,
                    role.char(),
                    x + SQUARE - 53,
                    y + 3
                );
            }
        }
        Shape::Sacrifice { square } => {
            let (x, y) = corner(square);
            let (a, b) = (x + 18, y + 18);
            let (c, d) = (x + SQUARE - 18, y + SQUARE - 18);
            let _ = writeln!(
                out,
                r#"<path class="sacrifice" d="M{a} {b}L{c} {d}M{c} {b}L{a} {d}" stroke="{colour}" stroke-width="10" stroke-linecap="round" opacity="0.9"/>"#
            );
        }
        Shape::Resurrection { square } => {
            if let Some(piece) = action.piece {
                let (x, y) = corner(square);
                let (fill, stroke) = piece_paint(piece.color);
                let _ = writeln!(
                    out,
                    r##"<use class="returned" href="#{}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}" stroke="{stroke}" stroke-width="3" stroke-linejoin="round" opacity="0.45"/>"##,
                    piece.role.char()
                );
            }
            let (x, y) = center(square);
            let top = y - SQUARE / 2 + 4;
            let _ = writeln!(
                out,
                r#"<circle class="drop" cx="{x}" cy="{y}" r="42" fill="none" stroke="{colour}" stroke-width="6" stroke-dasharray="10 7"/><line x1="{x}" y1="{}" x2="{x}" y2="{top}" stroke="{colour}" stroke-width="9" marker-end="url(#head-{})"/>"#,
                top.saturating_sub(60),
                colour.trim_start_matches('#')
            );
        }
        Shape::Unplayed {
            square: Some(square),
        } => {
            let (x, y) = center(square);
            // Round dots, unlike the resurrection's dashes; the refused action a solid ring.
            let dots = if action.offending {
                ""
            } else {
                r#" stroke-linecap="round" stroke-dasharray="0.1 15""#
            };
            let _ = writeln!(
                out,
                r#"<circle class="unplayed" cx="{x}" cy="{y}" r="42" fill="none" stroke="{colour}" stroke-width="8"{dots}/>"#
            );
        }
        Shape::Unplayed { square: None } | Shape::Nothing => {}
    }
}

/// Arrow heads, one per colour; the head starts where the line ends.
fn markers(out: &mut String) {
    for colour in [OWN, OPPONENT, OFFENDING, SACRIFICE] {
        let _ = writeln!(
            out,
            r#"<marker id="head-{}" viewBox="0 0 10 10" refX="0" refY="5" markerWidth="{}" markerHeight="{}" orient="auto"><path d="M0 0L10 5L0 10z" fill="{colour}"/></marker>"#,
            colour.trim_start_matches('#'),
            layout::HEAD,
            layout::HEAD
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
            color.fold_wb("White", "Black")
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
