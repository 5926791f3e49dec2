//! Where the marks of a turn go, in board units (a square is 100, a8's top-left corner is 0 0):
//! each arrow stops short of the piece it points at, and each number badge is placed so that it
//! covers no other badge and no piece on the move's destination. The SVG diagram and the report
//! page (report.js, `arrowEnds` and `badgePlaces`, the same steps in the same order) draw from
//! these places; the browser test compares the two.

use shakmaty::Square;

use super::model::{ActionView, Shape};

/// The radius of a number badge.
pub const BADGE: f64 = 19.0;
/// The least room between two badges' circles.
const BADGE_GAP: f64 = 3.0;
/// How far short of the destination's centre an arrow's tip stops: just outside the piece.
const TIP_GAP: f64 = 36.0;
/// Half the side of the box a piece is drawn in.
const PIECE: f64 = 34.0;
/// The length of an arrow head, in stroke widths (the marker's `markerWidth`).
pub const HEAD: f64 = 3.0;

/// The centre of a square.
pub fn centre(square: Square) -> (f64, f64) {
    let file = f64::from(u32::from(square.file()));
    let rank = f64::from(u32::from(square.rank()));
    (file * 100.0 + 50.0, (7.0 - rank) * 100.0 + 50.0)
}

/// An arrow from `from`'s centre whose head (`HEAD` stroke widths long) ends `TIP_GAP` short
/// of `to`'s centre: the line's two ends, rounded.
pub fn arrow_ends(from: Square, to: Square, stroke: f64) -> ((i32, i32), (i32, i32)) {
    let (px, py) = centre(from);
    let (qx, qy) = centre(to);
    let len = (qx - px).hypot(qy - py);
    let (ux, uy) = ((qx - px) / len, (qy - py) / len);
    let back = TIP_GAP + HEAD * stroke;
    (
        (round(px), round(py)),
        (round(qx - ux * back), round(qy - uy * back)),
    )
}

fn round(v: f64) -> i32 {
    // Board units are 0 to 800: the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let r = v.round() as i32;
    r
}

/// The places tried first for an action's badge, best first.
fn candidates(action: &ActionView) -> (Vec<(i32, i32)>, Option<Square>) {
    match action.shape {
        Shape::Move { from, to } => {
            let (px, py) = centre(from);
            let (qx, qy) = centre(to);
            let len = (qx - px).hypot(qy - py);
            let (ux, uy) = ((qx - px) / len, (qy - py) / len);
            let (nx, ny) = (-uy, ux);
            let long = len > 150.0;
            let offsets: &[f64] = if long {
                &[0.0, 34.0, -34.0, 56.0, -56.0]
            } else {
                &[56.0, -56.0, 34.0, -34.0]
            };
            let mut list = Vec::new();
            for along in [len / 2.0, len / 3.0, len * 2.0 / 3.0] {
                for &side in offsets {
                    list.push((
                        round(px + ux * along + nx * side),
                        round(py + uy * along + ny * side),
                    ));
                }
            }
            (list, Some(to))
        }
        Shape::Sacrifice { square }
        | Shape::Resurrection { square }
        | Shape::Unplayed {
            square: Some(square),
        } => {
            let (x, y) = centre(square);
            let corners = if matches!(action.shape, Shape::Sacrifice { .. }) {
                [(-30.0, -30.0), (30.0, -30.0), (-30.0, 30.0), (30.0, 30.0)]
            } else {
                [(30.0, -30.0), (-30.0, -30.0), (30.0, 30.0), (-30.0, 30.0)]
            };
            let list = corners
                .iter()
                .map(|(dx, dy)| (round(x + dx), round(y + dy)))
                .collect();
            (list, None)
        }
        Shape::Unplayed { square: None } | Shape::Nothing => (Vec::new(), None),
    }
}

/// Whether a badge at `at` fits: on the board, clear of the badges placed, and (for a move)
/// off the piece on its destination.
fn fits(at: (i32, i32), placed: &[(i32, i32)], destination: Option<Square>) -> bool {
    let (x, y) = (f64::from(at.0), f64::from(at.1));
    let inside = x >= BADGE && y >= BADGE && x <= 800.0 - BADGE && y <= 800.0 - BADGE;
    let clear = placed
        .iter()
        .all(|&(bx, by)| (f64::from(bx) - x).hypot(f64::from(by) - y) >= 2.0 * BADGE + BADGE_GAP);
    let off_piece = destination.is_none_or(|to| {
        let (qx, qy) = centre(to);
        let dx = ((x - qx).abs() - PIECE).max(0.0);
        let dy = ((y - qy).abs() - PIECE).max(0.0);
        dx.hypot(dy) >= BADGE
    });
    inside && clear && off_piece
}

/// Each action's badge (its centre), in the order played: the first candidate that fits,
/// else the nearest point of a 10-unit grid around the first candidate that does. Actions
/// that mark no square get none.
pub fn badge_places(actions: &[ActionView]) -> Vec<Option<(i32, i32)>> {
    let mut placed: Vec<(i32, i32)> = Vec::new();
    let mut places = Vec::new();
    for action in actions {
        let (list, destination) = candidates(action);
        let Some(&first) = list.first() else {
            places.push(None);
            continue;
        };
        let found = list
            .iter()
            .copied()
            .find(|&c| fits(c, &placed, destination))
            .or_else(|| ring_points(first).find(|&c| fits(c, &placed, destination)))
            .or_else(|| ring_points(first).find(|&c| fits(c, &placed, None)))
            .unwrap_or(first);
        placed.push(found);
        places.push(Some(found));
    }
    places
}

/// The points of a 10-unit grid around `at`, ring by ring (the square rings of side 20k).
fn ring_points(at: (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
    (1..=80).flat_map(move |k: i32| {
        let top = (-k..=k).map(move |dx| (dx, -k));
        let bottom = (-k..=k).map(move |dx| (dx, k));
        let sides = (1 - k..k).flat_map(move |dy| [(-k, dy), (k, dy)]);
        top.chain(bottom)
            .chain(sides)
            .map(move |(dx, dy)| (at.0 + dx * 10, at.1 + dy * 10))
    })
}
