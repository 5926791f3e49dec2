//! Where the marks of a turn go, in board units (a square is 100, a8's top-left corner is 0 0):
//! each arrow stops short of the piece it points at, and each number badge is placed so that it
//! covers no other badge and no piece on the move's destination. The SVG diagram and the report
//! page (`report/layout.js`, `arrowEnds` and `badgePlaces`, the same steps in the same order)
//! draw from these places; the browser test compares the two.

use shakmaty::{Board, Square};

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
/// How far apart two arrows that share a stretch of one line are drawn.
const LANE: f64 = 18.0;

/// The centre of a square.
pub fn centre(square: Square) -> (f64, f64) {
    let file = f64::from(u32::from(square.file()));
    let rank = f64::from(u32::from(square.rank()));
    (file * 100.0 + 50.0, (7.0 - rank) * 100.0 + 50.0)
}

/// The unit vector from `from` to `to`, and the normal on the side lanes are counted to (the
/// same for both directions of one line).
fn direction(from: Square, to: Square) -> (f64, f64, f64, f64, f64) {
    let (px, py) = centre(from);
    let (qx, qy) = centre(to);
    let len = (qx - px).hypot(qy - py);
    let (ux, uy) = ((qx - px) / len, (qy - py) / len);
    let flip = ux < 0.0 || (ux == 0.0 && uy < 0.0);
    let (nx, ny) = if flip { (uy, -ux) } else { (-uy, ux) };
    (len, ux, uy, nx, ny)
}

/// An arrow from `from`'s centre whose head (`HEAD` stroke widths long) ends `TIP_GAP` short
/// of `to`'s centre, moved `lane` lanes aside: the line's two ends, rounded.
pub fn arrow_ends(from: Square, to: Square, stroke: f64, lane: i32) -> ((i32, i32), (i32, i32)) {
    let (px, py) = centre(from);
    let (qx, qy) = centre(to);
    let (_, ux, uy, nx, ny) = direction(from, to);
    let side = f64::from(lane) * LANE;
    let back = TIP_GAP + HEAD * stroke;
    (
        (round(px + nx * side), round(py + ny * side)),
        (
            round(qx - ux * back + nx * side),
            round(qy - uy * back + ny * side),
        ),
    )
}

/// A square as whole numbers, for exact tests of lines.
fn coords(square: Square) -> (i32, i32) {
    (
        i32::from(u8::from(square.file())),
        i32::from(u8::from(square.rank())),
    )
}

/// Whether two moves lie on one line and share a stretch of it.
fn share_a_stretch((a, b): (Square, Square), (c, d): (Square, Square)) -> bool {
    let ((a0, a1), (b0, b1), (c0, c1), (d0, d1)) = (coords(a), coords(b), coords(c), coords(d));
    let (dx, dy) = (d0 - c0, d1 - c1);
    let cross = |x: i32, y: i32| dx * y - dy * x;
    if cross(b0 - a0, b1 - a1) != 0 || cross(a0 - c0, a1 - c1) != 0 {
        return false;
    }
    let t = |x: i32, y: i32| (x - c0) * dx + (y - c1) * dy;
    let (ta, tb) = (t(a0, a1), t(b0, b1));
    ta.max(tb).min(dx * dx + dy * dy) > ta.min(tb).max(0)
}

/// The lane of each arrow of a turn, in the order drawn (each move, then its castling rook):
/// 0 on the line, then 1, -1, 2, -2 … aside when an earlier arrow shares a stretch of its line.
pub fn lanes(actions: &[ActionView]) -> Vec<(i32, i32)> {
    let mut drawn: Vec<((Square, Square), i32)> = Vec::new();
    let mut pick = |segment: (Square, Square)| {
        let taken: Vec<i32> = drawn
            .iter()
            .filter(|(other, _)| share_a_stretch(segment, *other))
            .map(|(_, lane)| *lane)
            .collect();
        let lane = (0..)
            .map(|k: i32| if k % 2 == 1 { (k + 1) / 2 } else { -(k / 2) })
            .find(|lane| !taken.contains(lane))
            .unwrap_or(0);
        drawn.push((segment, lane));
        lane
    };
    actions
        .iter()
        .map(|action| match action.shape {
            Shape::Move { from, to } => {
                let main = pick((from, to));
                let rook = action.rook.map_or(0, &mut pick);
                (main, rook)
            }
            _ => (0, 0),
        })
        .collect()
}

fn round(v: f64) -> i32 {
    // Board units are 0 to 800: the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let r = v.round() as i32;
    r
}

/// The places tried first for an action's badge, best first.
fn candidates(action: &ActionView, lane: i32) -> (Vec<(i32, i32)>, Option<Square>) {
    match action.shape {
        Shape::Move { from, to } => {
            let (len, ux, uy, nx, ny) = direction(from, to);
            let (px, py) = centre(from);
            let (px, py) = (
                px + nx * f64::from(lane) * LANE,
                py + ny * f64::from(lane) * LANE,
            );
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

/// Whether a circle of the badge's size at `(x, y)` stays off the box a piece on `square` is
/// drawn in.
fn off_piece((x, y): (f64, f64), square: Square) -> bool {
    let (qx, qy) = centre(square);
    let dx = ((x - qx).abs() - PIECE).max(0.0);
    let dy = ((y - qy).abs() - PIECE).max(0.0);
    dx.hypot(dy) >= BADGE
}

/// Whether a badge at `at` fits: on the board, clear of the badges placed, and off the pieces
/// given (for a move, at least the one on its destination).
fn fits(at: (i32, i32), placed: &[(i32, i32)], pieces: &[Square]) -> bool {
    let (x, y) = (f64::from(at.0), f64::from(at.1));
    let inside = x >= BADGE && y >= BADGE && x <= 800.0 - BADGE && y <= 800.0 - BADGE;
    let clear = placed
        .iter()
        .all(|&(bx, by)| (f64::from(bx) - x).hypot(f64::from(by) - y) >= 2.0 * BADGE + BADGE_GAP);
    inside && clear && pieces.iter().all(|&square| off_piece((x, y), square))
}

/// Each action's badge (its centre), in the order played: the first candidate that fits off
/// every piece on the board before the turn, else the first that fits off the move's
/// destination, else the nearest point of a 10-unit grid around the first candidate that does.
/// Actions that mark no square get none.
pub fn badge_places(before: &Board, actions: &[ActionView]) -> Vec<Option<(i32, i32)>> {
    let mut placed: Vec<(i32, i32)> = Vec::new();
    let mut places = Vec::new();
    let occupied: Vec<Square> = before.occupied().into_iter().collect();
    for (action, (lane, _)) in actions.iter().zip(lanes(actions)) {
        let (list, destination) = candidates(action, lane);
        let Some(&first) = list.first() else {
            places.push(None);
            continue;
        };
        let mut everywhere = occupied.clone();
        everywhere.extend(destination);
        let destination: Vec<Square> = destination.into_iter().collect();
        let found = list
            .iter()
            .copied()
            .find(|&c| fits(c, &placed, &everywhere))
            .or_else(|| {
                list.iter()
                    .copied()
                    .find(|&c| fits(c, &placed, &destination))
            })
            .or_else(|| ring_points(first).find(|&c| fits(c, &placed, &destination)))
            .or_else(|| ring_points(first).find(|&c| fits(c, &placed, &[])))
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
