//! The marks of a turn's actions on the board: arrows numbered in the order played, a
//! sacrifice marked on its square, a resurrection as a drop, each in its action's colour.

use std::fmt::Write as _;

use shakmaty::Square;

use super::layout;
use super::model::{ActionView, Shape};
use super::style::{
    HEADER, MARGIN, OFFENDING, OPPONENT, OWN, SACRIFICE, SQUARE, UNPLAYED, center, corner,
    piece_paint,
};

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
pub(super) fn at((x, y): (i32, i32)) -> (i32, i32) {
    (x + to_i32(MARGIN), y + to_i32(HEADER + MARGIN))
}

fn to_i32(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// A numbered badge: a disc with the number as `<text>`.
pub(super) fn badge(out: &mut String, (x, y): (i32, i32), number: usize, colour: &str) {
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
pub(super) fn mark(out: &mut String, action: &ActionView, (lane, rook_lane): (i32, i32)) {
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
pub(super) fn markers(out: &mut String) {
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
