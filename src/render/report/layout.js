// Where the marks go: the lanes of the arrows and the places of the number badges, the steps
// of src/render/layout.rs in the same order.

var BADGE = colours.badge, BADGE_GAP = 3, TIP_GAP = 36, PIECE = 34, HEAD = colours.head, LANE = 18;
function direction(from, to) {
  var p = centre(from), q = centre(to);
  var len = Math.hypot(q[0] - p[0], q[1] - p[1]);
  var ux = (q[0] - p[0]) / len, uy = (q[1] - p[1]) / len;
  var flip = ux < 0 || (ux === 0 && uy < 0);
  return flip ? [len, ux, uy, uy, -ux] : [len, ux, uy, -uy, ux];
}
function arrowEnds(from, to, stroke, lane) {
  var p = centre(from), q = centre(to);
  var d = direction(from, to);
  var side = lane * LANE;
  var back = TIP_GAP + HEAD * stroke;
  return [[Math.round(p[0] + d[3] * side), Math.round(p[1] + d[4] * side)],
    [Math.round(q[0] - d[1] * back + d[3] * side), Math.round(q[1] - d[2] * back + d[4] * side)]];
}
function coords(name) { return [FILES.indexOf(name[0]), name.charCodeAt(1) - 49]; }
function shareAStretch(s, o) {
  var a = coords(s[0]), b = coords(s[1]), c = coords(o[0]), d = coords(o[1]);
  var dx = d[0] - c[0], dy = d[1] - c[1];
  var cross = function (x, y) { return dx * y - dy * x; };
  if (cross(b[0] - a[0], b[1] - a[1]) !== 0 || cross(a[0] - c[0], a[1] - c[1]) !== 0) { return false; }
  var t = function (p) { return (p[0] - c[0]) * dx + (p[1] - c[1]) * dy; };
  var ta = t(a), tb = t(b);
  return Math.min(Math.max(ta, tb), dx * dx + dy * dy) > Math.max(Math.min(ta, tb), 0);
}
// The lane of each arrow (each move, then its castling rook), as layout.rs `lanes`.
function lanes(actions) {
  var drawn = [];
  var pick = function (segment) {
    var taken = drawn.filter(function (o) { return shareAStretch(segment, o.segment); })
      .map(function (o) { return o.lane; });
    var lane = 0;
    for (var k = 0; ; k++) {
      lane = k % 2 === 1 ? (k + 1) / 2 : -(k / 2);
      if (taken.indexOf(lane) < 0) { break; }
    }
    lane = lane === 0 ? 0 : lane;
    drawn.push({ segment: segment, lane: lane });
    return lane;
  };
  return actions.map(function (a) {
    if (a.kind !== 'move') { return [0, 0]; }
    var main = pick([a.from, a.to]);
    return [main, a.rook ? pick(a.rook) : 0];
  });
}
function candidates(a, lane) {
  var list = [];
  if (a.kind === 'move') {
    var d = direction(a.from, a.to);
    var len = d[0], ux = d[1], uy = d[2], nx = d[3], ny = d[4];
    var p = centre(a.from);
    p = [p[0] + nx * lane * LANE, p[1] + ny * lane * LANE];
    var offsets = len > 150 ? [0, 34, -34, 56, -56] : [56, -56, 34, -34];
    [len / 2, len / 3, len * 2 / 3].forEach(function (along) {
      offsets.forEach(function (side) {
        list.push([Math.round(p[0] + ux * along + nx * side), Math.round(p[1] + uy * along + ny * side)]);
      });
    });
    return { list: list, destination: a.to };
  }
  if (a.kind === 'sacrifice' || a.kind === 'resurrection' || (a.kind === 'unplayed' && a.to)) {
    var c = centre(a.to);
    var corners = a.kind === 'sacrifice' ? [[-30, -30], [30, -30], [-30, 30], [30, 30]]
      : [[30, -30], [-30, -30], [30, 30], [-30, 30]];
    corners.forEach(function (d) { list.push([Math.round(c[0] + d[0]), Math.round(c[1] + d[1])]); });
  }
  return { list: list, destination: null };
}
function offPiece(x, y, square) {
  var q = centre(square);
  var dx = Math.max(Math.abs(x - q[0]) - PIECE, 0), dy = Math.max(Math.abs(y - q[1]) - PIECE, 0);
  return Math.hypot(dx, dy) >= BADGE;
}
function fits(at, placed, pieces) {
  var x = at[0], y = at[1];
  var inside = x >= BADGE && y >= BADGE && x <= 800 - BADGE && y <= 800 - BADGE;
  var clear = placed.every(function (b) { return Math.hypot(b[0] - x, b[1] - y) >= 2 * BADGE + BADGE_GAP; });
  return inside && clear && pieces.every(function (square) { return offPiece(x, y, square); });
}
function ringFind(at, ok) {
  for (var k = 1; k <= 80; k++) {
    var ring = [];
    var d;
    for (d = -k; d <= k; d++) { ring.push([d, -k]); }
    for (d = -k; d <= k; d++) { ring.push([d, k]); }
    for (d = 1 - k; d < k; d++) { ring.push([-k, d]); ring.push([k, d]); }
    for (var i = 0; i < ring.length; i++) {
      var c = [at[0] + ring[i][0] * 10, at[1] + ring[i][1] * 10];
      if (ok(c)) { return c; }
    }
  }
  return null;
}
// The places of the badges, as layout.rs `badge_places`: off every piece of the board before
// the turn if a candidate allows it, else off the move's destination.
function badgePlaces(before, actions, laneList) {
  var placed = [];
  var occupied = [];
  for (var s = 0; s < 64; s++) { if (before[s] !== '.') { occupied.push(squareName(s)); } }
  var first = function (list, pieces) {
    for (var i = 0; i < list.length; i++) { if (fits(list[i], placed, pieces)) { return list[i]; } }
    return null;
  };
  return actions.map(function (a, k) {
    var cand = candidates(a, laneList[k][0]);
    if (cand.list.length === 0) { return null; }
    var destination = cand.destination ? [cand.destination] : [];
    var found = first(cand.list, occupied.concat(destination)) || first(cand.list, destination) ||
      ringFind(cand.list[0], function (c) { return fits(c, placed, destination); }) ||
      ringFind(cand.list[0], function (c) { return fits(c, placed, []); }) || cand.list[0];
    placed.push(found);
    return found;
  });
}
