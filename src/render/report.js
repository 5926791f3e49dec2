// sade-ref report: steps through the games in #data (written by src/render/html.rs). The data
// holds each action as the move the referee resolved it to; this script applies those moves to
// the start position and decides nothing about legality.
(function () {
  'use strict';
  var games = JSON.parse(document.getElementById('data').textContent);
  var unread = JSON.parse(document.getElementById('unread').textContent);
  var colours = JSON.parse(document.getElementById('colours').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var FILES = 'abcdefgh';
  var ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
  var GLYPHS = { P: '♙', N: '♘', B: '♗', R: '♖', Q: '♕', K: '♔', p: '♟', n: '♞', b: '♝', r: '♜', q: '♛', k: '♚' };
  var POOL_ORDER = 'QRBNPqrbnp';
  var MOVE = /^([a-h][1-8])([a-h][1-8])(?:=([qrbnk]))?(?:\/([a-h][1-8])([a-h][1-8]))?(?:x([a-h][1-8]))?$/;
  var gameIndex = 0;
  var steps = [];
  var replayed = null;
  var current = 0;

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function squareIndex(name) { return (name.charCodeAt(1) - 49) * 8 + FILES.indexOf(name[0]); }
  function squareName(i) { return FILES[i % 8] + (Math.floor(i / 8) + 1); }
  // Board units: a square is 100, a8's top-left corner is 0 0 (as src/render/layout.rs).
  function centre(name) {
    var i = squareIndex(name);
    return [(i % 8) * 100 + 50, (7 - Math.floor(i / 8)) * 100 + 50];
  }
  var OFFSET = 40;
  function isWhite(letter) { return letter === letter.toUpperCase(); }
  function pieceName(letter) {
    return (isWhite(letter) ? "White's " : "Black's ") + ROLES[letter.toLowerCase()];
  }

  // ---- The replay: the referee's resolved moves applied to the start position. ----

  function readAction(item, n, side) {
    var a = { n: n, written: item[0], code: item[1], offending: (item[2] || '').indexOf('o') >= 0,
      void: (item[2] || '').indexOf('v') >= 0 };
    var code = a.code;
    var m = MOVE.exec(code);
    if (m) {
      a.kind = 'move'; a.from = m[1]; a.to = m[2]; a.promotion = m[3] || null;
      a.rook = m[4] ? [m[4], m[5]] : null; a.ep = m[6] || null;
    } else if (code[0] === '-' && code.length === 3) {
      a.kind = 'sacrifice'; a.to = code.slice(1);
    } else if (code[1] === '@') {
      a.kind = 'resurrection'; a.to = code.slice(2); a.piece = code[0];
    } else if (code === '--') {
      a.kind = 'nothing';
    } else {
      a.kind = 'unplayed'; a.to = code.slice(1) || null;
    }
    a.side = side;
    return a;
  }

  // Applies an action to board (64 letters) and pools (letter -> count); fills in the piece,
  // what it took, its colour and its description, as src/render/mod.rs `describe` says them.
  function apply(a, board, pools) {
    var text;
    if (a.kind === 'move') {
      var piece = board[squareIndex(a.from)];
      a.piece = piece;
      var victimSquare = a.ep || a.to;
      var victim = board[squareIndex(victimSquare)];
      var taken = victim !== '.' && !a.rook ? victim : null;
      if (a.rook) {
        var rook = board[squareIndex(a.rook[0])];
        board[squareIndex(a.rook[0])] = '.';
        board[squareIndex(a.from)] = '.';
        board[squareIndex(a.to)] = piece;
        board[squareIndex(a.rook[1])] = rook;
      } else {
        board[squareIndex(a.from)] = '.';
        board[squareIndex(victimSquare)] = '.';
        var placed = a.promotion ? (isWhite(piece) ? a.promotion.toUpperCase() : a.promotion) : piece;
        board[squareIndex(a.to)] = placed;
      }
      if (taken) { pools[taken] = (pools[taken] || 0) + 1; }
      text = pieceName(piece) + ' ' + a.from + '–' + a.to;
      if (a.rook) { text += ', castles: the rook ' + a.rook[0] + '–' + a.rook[1]; }
      if (taken) {
        text += ', takes ' + pieceName(taken) + (a.ep ? ' on ' + a.ep + ' en passant' : '');
      }
      if (a.promotion) { text += ', promotes to a ' + ROLES[a.promotion]; }
    } else if (a.kind === 'sacrifice') {
      a.piece = board[squareIndex(a.to)];
      board[squareIndex(a.to)] = '.';
      pools[a.piece] = (pools[a.piece] || 0) + 1;
      text = pieceName(a.piece) + ' removed from ' + a.to + ' (sacrifice)';
    } else if (a.kind === 'resurrection') {
      board[squareIndex(a.to)] = a.piece;
      pools[a.piece] = Math.max(0, (pools[a.piece] || 0) - 1);
      text = pieceName(a.piece) + ' returns on ' + a.to + ' (resurrection)';
    } else if (a.kind === 'nothing') {
      text = 'nothing (`--`)';
    } else {
      text = a.offending ? 'refused by the referee'
        : a.void ? 'void: after the end of the game' : 'not played';
    }
    var acts = a.kind === 'move' || a.kind === 'sacrifice' || a.kind === 'resurrection';
    a.opponent = acts && (isWhite(a.piece) ? 'White' : 'Black') !== a.side;
    if (a.opponent) { text += " [the opponent's piece]"; }
    a.describe = text;
    a.colour = a.offending ? colours.offending : a.kind === 'unplayed' ? colours.unplayed
      : a.kind === 'sacrifice' ? colours.sacrifice : a.opponent ? colours.opponent : colours.own;
    a.dashed = a.opponent && !a.offending;
  }

  function poolsFrom(letters) {
    var pools = {};
    letters.split('').forEach(function (c) { pools[c] = (pools[c] || 0) + 1; });
    return pools;
  }
  function copyPools(pools) {
    var copy = {};
    Object.keys(pools).forEach(function (k) { copy[k] = pools[k]; });
    return copy;
  }
  function poolText(pools, white) {
    var text = '';
    POOL_ORDER.split('').forEach(function (c) {
      if (isWhite(c) !== white) { return; }
      for (var i = 0; i < (pools[c] || 0); i++) { text += c; }
    });
    return text;
  }

  // The game replayed: each turn with its actions read and applied, and the position after
  // each action (the board as 64 letters, the pools).
  function replay(game) {
    var board = game.start.board.split('');
    var pools = poolsFrom(game.start.pools);
    var start = { board: board.join(''), pools: copyPools(pools) };
    var turns = game.turns.map(function (t, index) {
      var label = t[0];
      var side = /\.\.\.$/.test(label) ? 'Black' : 'White';
      var extra = t[3] || {};
      var verdict = extra.v || (game.rest && index >= game.rest[0] ? game.rest[1] : 'legal');
      var turn = { label: label, side: side, face: t[1] || null, verdict: verdict, invalid: !!extra.bad,
        comments: extra.c || [], key: label.replace(/\.+$/, '') + (side === 'White' ? 'w' : 'b'),
        before: { board: board.join(''), pools: copyPools(pools) }, actions: [], after: [] };
      t[2].forEach(function (item, k) {
        var a = readAction(item, k + 1, side);
        apply(a, board, pools);
        turn.actions.push(a);
        turn.after.push({ board: board.join(''), pools: copyPools(pools) });
      });
      turn.lanes = lanes(turn.actions);
      turn.badges = badgePlaces(turn.before.board, turn.actions, turn.lanes);
      return turn;
    });
    return { start: start, turns: turns };
  }

  // ---- Where the marks go: the steps of src/render/layout.rs, in the same order. ----

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

  // ---- Drawing. ----

  function drawBoard(position, marks, badges, laneList) {
    var board = document.getElementById('board');
    while (board.firstChild) { board.removeChild(board.firstChild); }
    var defs = el('defs', {}, board);
    colours.heads.forEach(function (colour) {
      var marker = el('marker', { id: 'h' + colour.slice(1), viewBox: '0 0 10 10', refX: 0, refY: 5,
        markerWidth: HEAD, markerHeight: HEAD, orient: 'auto' }, defs);
      el('path', { d: 'M0 0L10 5L0 10z', fill: colour }, marker);
    });
    for (var i = 0; i < 64; i++) {
      var name = squareName(i);
      var c = centre(name);
      var light = (i % 8 + Math.floor(i / 8)) % 2 === 1;
      el('rect', { x: c[0] - 50 + OFFSET, y: c[1] - 50 + OFFSET, width: 100, height: 100,
        fill: light ? colours.light : colours.dark, 'data-name': name }, board);
    }
    for (var f = 0; f < 8; f++) {
      el('text', { x: 90 + f * 100, y: 870, 'font-size': 26, 'text-anchor': 'middle', fill: '#444' }, board)
        .textContent = FILES[f];
      el('text', { x: 20, y: 99 + f * 100, 'font-size': 26, 'text-anchor': 'middle', fill: '#444' }, board)
        .textContent = String(8 - f);
    }
    for (var s = 0; s < 64; s++) {
      var letter = position.board[s];
      if (letter === '.') { continue; }
      var square = squareName(s);
      var paint = isWhite(letter) ? colours.white : colours.black;
      var at = centre(square);
      el('use', { href: '#' + letter.toLowerCase(), x: at[0] - 50 + OFFSET, y: at[1] - 50 + OFFSET,
        width: 100, height: 100, fill: paint[0], stroke: paint[1], 'stroke-width': 3,
        'stroke-linejoin': 'round', 'data-square': square, 'data-piece': letter }, board);
    }
    marks.forEach(function (a, k) { drawMark(board, a, laneList[k]); });
    // The badges last, so that no arrow paints over a number.
    marks.forEach(function (a, k) {
      if (badges[k]) { label(board, badges[k][0] + OFFSET, badges[k][1] + OFFSET, a.n, a.colour); }
    });
  }

  function label(board, x, y, n, colour) {
    var g = el('g', { 'class': 'label', 'data-at': (x - OFFSET) + ',' + (y - OFFSET) }, board);
    el('circle', { cx: x, cy: y, r: BADGE, fill: colour, stroke: '#fff', 'stroke-width': 3 }, g);
    el('text', { x: x, y: y + 8, 'font-size': 24, 'font-weight': 'bold', 'text-anchor': 'middle',
      fill: '#fff' }, g).textContent = String(n);
  }
  function arrow(board, cls, from, to, stroke, lane, a) {
    var ends = arrowEnds(from, to, stroke, lane);
    var attrs = { 'class': cls, x1: ends[0][0] + OFFSET, y1: ends[0][1] + OFFSET, x2: ends[1][0] + OFFSET,
      y2: ends[1][1] + OFFSET, stroke: a.colour, 'stroke-width': stroke, opacity: 0.85,
      'marker-end': 'url(#h' + a.colour.slice(1) + ')' };
    if (a.dashed) { attrs['stroke-dasharray'] = '22 12'; }
    el('line', attrs, board);
  }
  function drawMark(board, a, lane) {
    var c;
    if (a.kind === 'move') {
      arrow(board, 'arrow', a.from, a.to, colours.arrow, lane[0], a);
      if (a.rook) { arrow(board, 'rook', a.rook[0], a.rook[1], colours.rook, lane[1], a); }
      if (a.ep) {
        c = centre(a.ep);
        var g = el('g', { 'class': 'en-passant' }, board);
        el('circle', { cx: c[0] + OFFSET, cy: c[1] + OFFSET, r: 40, fill: 'none', stroke: a.colour,
          'stroke-width': 6 }, g);
        el('text', { x: c[0] + OFFSET, y: c[1] + OFFSET + 44, 'font-size': 22, 'font-weight': 'bold',
          'text-anchor': 'middle', fill: a.colour, stroke: '#fff', 'stroke-width': 4,
          'paint-order': 'stroke' }, g).textContent = 'e.p.';
      }
      if (a.promotion) {
        c = centre(a.to);
        var paint = isWhite(a.piece) ? colours.white : colours.black;
        var p = el('g', { 'class': 'promotion' }, board);
        el('rect', { x: c[0] + OFFSET - 4, y: c[1] + OFFSET - 48, width: 52, height: 52, rx: 8, fill: '#fff',
          'fill-opacity': 0.8, stroke: a.colour, 'stroke-width': 3 }, p);
        el('use', { href: '#' + a.promotion, x: c[0] + OFFSET - 3, y: c[1] + OFFSET - 47, width: 50, height: 50,
          fill: paint[0], stroke: paint[1], 'stroke-width': 4, 'stroke-linejoin': 'round' }, p);
      }
    } else if (a.kind === 'sacrifice') {
      c = centre(a.to);
      var x0 = c[0] + OFFSET - 32, y0 = c[1] + OFFSET - 32, x1 = c[0] + OFFSET + 32, y1 = c[1] + OFFSET + 32;
      el('path', { 'class': 'sacrifice', d: 'M' + x0 + ' ' + y0 + 'L' + x1 + ' ' + y1 + 'M' + x1 + ' ' + y0 +
        'L' + x0 + ' ' + y1, stroke: a.colour, 'stroke-width': 10, 'stroke-linecap': 'round', opacity: 0.9 }, board);
    } else if (a.kind === 'resurrection') {
      c = centre(a.to);
      var back = isWhite(a.piece) ? colours.white : colours.black;
      el('use', { 'class': 'returned', href: '#' + a.piece.toLowerCase(), x: c[0] + OFFSET - 50,
        y: c[1] + OFFSET - 50, width: 100, height: 100, fill: back[0], stroke: back[1], 'stroke-width': 3,
        'stroke-linejoin': 'round', opacity: 0.45 }, board);
      el('circle', { 'class': 'drop', cx: c[0] + OFFSET, cy: c[1] + OFFSET, r: 42, fill: 'none', stroke: a.colour,
        'stroke-width': 6, 'stroke-dasharray': '10 7' }, board);
      el('line', { x1: c[0] + OFFSET, y1: c[1] + OFFSET - 106, x2: c[0] + OFFSET, y2: c[1] + OFFSET - 46,
        stroke: a.colour, 'stroke-width': 9, 'marker-end': 'url(#h' + a.colour.slice(1) + ')' }, board);
    } else if (a.kind === 'unplayed' && a.to) {
      c = centre(a.to);
      var ring = { 'class': 'unplayed', cx: c[0] + OFFSET, cy: c[1] + OFFSET, r: 42, fill: 'none',
        stroke: a.colour, 'stroke-width': 8 };
      if (!a.offending) { ring['stroke-linecap'] = 'round'; ring['stroke-dasharray'] = '0.1 15'; }
      el('circle', ring, board);
    }
  }

  var PIPS = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[25, 25], [50, 50], [75, 75]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[25, 25], [75, 25], [50, 50], [25, 75], [75, 75]],
    6: [[28, 22], [72, 22], [28, 50], [72, 50], [28, 78], [72, 78]] };
  function drawDie(svg, face) {
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    if (!face) { return; }
    el('rect', { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: '#fff', stroke: '#333', 'stroke-width': 5 }, svg);
    PIPS[face].forEach(function (p) { el('circle', { cx: p[0], cy: p[1], r: 9, fill: '#222' }, svg); });
    svg.setAttribute('data-face', face);
  }

  // Every step of a game: the start, then each turn before its first action and after each.
  function buildSteps(game) {
    var list = [{ turn: -1, action: 0 }];
    game.turns.forEach(function (turn, t) {
      list.push({ turn: t, action: 0 });
      turn[2].forEach(function (a, k) { list.push({ turn: t, action: k + 1 }); });
    });
    return list;
  }
  function positionAt(step) {
    if (step.turn < 0) { return replayed.start; }
    var turn = replayed.turns[step.turn];
    return step.action === 0 ? turn.before : turn.after[step.action - 1];
  }
  // Both pools as rows of small pieces, strongest first (Sade only: other games have none).
  function drawPools(box, pools) {
    while (box.firstChild) { box.removeChild(box.firstChild); }
    if (!pools) { return; }
    [true, false].forEach(function (white) {
      var row = document.createElement('div');
      row.className = 'pool';
      var name = document.createElement('span');
      name.textContent = (white ? "White's" : "Black's") + ' pool';
      row.appendChild(name);
      var letters = poolText(pools, white);
      row.setAttribute('data-pool', letters);
      row.title = letters.split('').map(function (c) { return GLYPHS[c]; }).join(' ');
      if (!letters) {
        var empty = document.createElement('span');
        empty.className = 'empty';
        empty.textContent = 'empty';
        row.appendChild(empty);
      }
      var paint = white ? colours.white : colours.black;
      letters.split('').forEach(function (c) {
        var svg = el('svg', { viewBox: '0 0 100 100', width: 26, height: 26 });
        el('use', { href: '#' + c.toLowerCase(), x: 0, y: 0, width: 100, height: 100, fill: paint[0],
          stroke: paint[1], 'stroke-width': 5, 'stroke-linejoin': 'round' }, svg);
        row.appendChild(svg);
      });
      box.appendChild(row);
    });
  }

  function show(index) {
    var game = games[gameIndex];
    current = Math.max(0, Math.min(steps.length - 1, index));
    var step = steps[current];
    var position = positionAt(step);
    var turn = step.turn >= 0 ? replayed.turns[step.turn] : null;
    var marks = turn ? turn.actions.slice(0, step.action) : [];
    drawBoard(position, marks, turn ? turn.badges : [], turn ? turn.lanes : []);
    drawDie(document.getElementById('die'), turn ? turn.face : null);
    var unit = game.sade ? 'action' : 'move';
    document.getElementById('turn-title').textContent = turn
      ? 'Turn ' + turn.label + ' — ' + turn.side + (turn.face ? ' rolled ' + turn.face : '') +
        (step.action ? ', after ' + unit + ' ' + step.action + ' of ' + turn.actions.length
          : ', before the first ' + unit) +
        (game.sade ? '' : ' (' + turn.actions.map(function (a) { return a.written; }).join(' ') + ')')
      : 'Start position';
    var action = turn && step.action ? turn.actions[step.action - 1] : null;
    var line = document.getElementById('action-line');
    line.textContent = action ? action.n + '. ' + action.written + ' — ' + action.describe : '';
    line.className = action && action.offending ? 'bad' : '';
    var verdict = document.getElementById('turn-verdict');
    verdict.textContent = turn ? 'Referee: ' + turn.verdict : '';
    // Red like the game's verdict: the illegal turn, or the turn where a disputed game ends.
    verdict.className = turn && (turn.invalid || (game.bad && /disputed/.test(turn.verdict))) ? 'bad' : '';
    drawPools(document.getElementById('pools'), game.sade ? position.pools : null);
    var status = document.getElementById('status');
    status.setAttribute('data-game', game.number);
    status.setAttribute('data-turn', turn ? turn.key : 'start');
    status.setAttribute('data-action', step.action);
    status.setAttribute('data-board', position.board);
    status.setAttribute('data-step', current);
    var links = document.querySelectorAll('#moves [data-step]');
    for (var i = 0; i < links.length; i++) {
      links[i].classList.toggle('current', Number(links[i].getAttribute('data-step')) === current);
    }
    var fragment = 'game=' + game.number + (turn ? '&turn=' + turn.key + '&action=' + step.action : '');
    try { history.replaceState(null, '', '#' + fragment); } catch (e) { /* a page without history */ }
  }

  function buildMoves(game) {
    var list = document.getElementById('moves');
    while (list.firstChild) { list.removeChild(list.firstChild); }
    replayed.turns.forEach(function (turn, t) {
      var item = document.createElement('li');
      if (turn.invalid) { item.className = 'bad-turn'; }
      var head = document.createElement('a');
      head.textContent = turn.label;
      head.className = 'turn-label';
      head.href = '#game=' + game.number + '&turn=' + turn.key + '&action=0';
      head.setAttribute('data-step', stepIndex(t, 0));
      item.appendChild(head);
      if (turn.face) {
        var die = el('svg', { viewBox: '0 0 100 100', width: 18, height: 18, 'class': 'mini-die' });
        drawDie(die, turn.face);
        item.appendChild(die);
      }
      var comment = function (after) {
        turn.comments.forEach(function (c) {
          if (c[0] !== after) { return; }
          var note = document.createElement('span');
          note.className = 'comment';
          note.textContent = c[1];
          item.appendChild(document.createTextNode(' '));
          item.appendChild(note);
        });
      };
      comment(0);
      turn.actions.forEach(function (a) {
        var link = document.createElement('a');
        link.textContent = a.written;
        link.href = '#game=' + game.number + '&turn=' + turn.key + '&action=' + a.n;
        link.setAttribute('data-step', stepIndex(t, a.n));
        link.title = a.describe;
        if (a.offending) { link.className = 'bad'; }
        if (a.dashed) { link.classList.add('theirs'); }
        item.appendChild(document.createTextNode(' '));
        item.appendChild(link);
        comment(a.n);
      });
      list.appendChild(item);
    });
  }
  function stepIndex(turn, action) {
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].turn === turn && steps[i].action === action) { return i; }
    }
    return 0;
  }

  function selectGame(index) {
    gameIndex = Math.max(0, Math.min(games.length - 1, index));
    var game = games[gameIndex];
    steps = buildSteps(game);
    replayed = replay(game);
    document.getElementById('picker').value = String(gameIndex);
    document.getElementById('title').textContent = game.title;
    var verdict = document.getElementById('verdict');
    verdict.textContent = game.variant + ': ' + game.verdict;
    verdict.className = game.bad ? 'bad' : '';
    document.getElementById('key').textContent = game.sade ? colours.keys.sade : colours.keys.other;
    var tags = document.getElementById('tags');
    while (tags.firstChild) { tags.removeChild(tags.firstChild); }
    game.tags.forEach(function (tag) {
      var row = tags.insertRow();
      row.insertCell().textContent = tag[0];
      row.insertCell().textContent = tag[1];
    });
    buildMoves(game);
  }

  // A line above the verdict when the page could not do what was asked (empty: nothing to say).
  function notice(text) {
    document.getElementById('notice').textContent = text;
  }

  // #trace: every step of every game, one line each, in #trace (for the browser test).
  function trace() {
    var lines = [];
    games.forEach(function (game, g) {
      selectGame(g);
      steps.forEach(function (step) {
        var position = positionAt(step);
        var turn = step.turn >= 0 ? replayed.turns[step.turn] : null;
        var action = turn && step.action ? turn.actions[step.action - 1] : null;
        var badge = turn && step.action ? turn.badges[step.action - 1] : null;
        lines.push([game.number, turn ? turn.key : 'start', step.action, position.board,
          game.sade ? poolText(position.pools, true) + poolText(position.pools, false) : '',
          action ? action.describe : '', badge ? badge.join(',') : ''].join('|'));
      });
    });
    var out = document.createElement('pre');
    out.id = 'trace';
    out.textContent = lines.join('\n');
    document.body.appendChild(out);
    selectGame(0);
  }

  // #game=2&turn=12b&action=2 (also 12w, 12., 12...), then &press=N right-arrow presses. The
  // game is its number in the file. A fragment that names no place of the page opens the start
  // of the game with a notice saying why.
  function fromFragment() {
    var params = {};
    var problems = [];
    var clamped = '';
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var kv = pair.split('=');
      if (!kv[0]) { return; }
      try {
        params[decodeURIComponent(kv[0])] = decodeURIComponent(kv.slice(1).join('=') || '');
      } catch (e) {
        problems.push('"' + pair + '" is not a readable part of the address');
      }
    });
    var index = 0;
    if (params.game !== undefined) {
      var wanted = /^\d+$/.test(params.game) ? Number(params.game) : NaN;
      var found = -1;
      games.forEach(function (g, i) { if (g.number === wanted) { found = i; } });
      var left = unread.filter(function (u) { return u.number === wanted; })[0];
      if (found >= 0) {
        index = found;
      } else if (left) {
        problems.push('game ' + wanted + ' is not on this page: ' + left.reason);
      } else {
        problems.push('there is no game "' + params.game + '" on this page');
      }
    }
    if (index !== gameIndex || steps.length === 0) { selectGame(index); }
    var target = 0;
    if (params.turn !== undefined && problems.length === 0) {
      var m = /^(\d+)(w|b|\.\.\.|\.|…)$/.exec(params.turn);
      var turns = replayed.turns;
      var matched = false;
      if (m) {
        var key = m[1] + (m[2] === 'w' || m[2] === '.' ? 'w' : 'b');
        for (var t = 0; t < turns.length; t++) {
          if (turns[t].key === key) {
            matched = true;
            var action = /^\d+$/.test(params.action || '0') ? Number(params.action || 0) : 0;
            var count = turns[t].actions.length;
            if (action > count) {
              clamped = 'Shown at the end of turn ' + params.turn + ': it has ' + count +
                (count === 1 ? ' action' : ' actions') + ', not ' + action + '.';
              action = count;
            }
            target = stepIndex(t, action);
          }
        }
      }
      if (!matched) {
        problems.push('this game has no turn "' + params.turn + '"');
      }
    }
    notice(problems.length ? 'Shown from the start: ' + problems.join('; ') + '.' : clamped);
    show(target);
    var presses = Number(params.press || 0);
    return isFinite(presses) && presses > 0 ? Math.min(presses, 10000) : 0;
  }

  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(current - 1); };
  document.getElementById('next').onclick = function () { show(current + 1); };
  document.getElementById('last').onclick = function () { show(steps.length - 1); };
  document.addEventListener('keydown', function (event) {
    var moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) { show(current + moves[event.key]); event.preventDefault(); }
    if (event.key === 'Home') { show(0); }
    if (event.key === 'End') { show(steps.length - 1); }
  });
  document.getElementById('moves').addEventListener('click', function (event) {
    var target = event.target.closest('[data-step]');
    if (!target) { return; }
    event.preventDefault();
    show(Number(target.getAttribute('data-step')));
  });
  var picker = document.getElementById('picker');
  var entries = games.map(function (game, i) { return { number: game.number, index: i, title: game.title }; })
    .concat(unread.map(function (u) { return { number: u.number, index: -1, title: 'cannot be shown: ' + u.reason }; }))
    .sort(function (a, b) { return a.number - b.number; });
  entries.forEach(function (entry) {
    var option = document.createElement('option');
    option.value = String(entry.index);
    option.textContent = entry.number + '. ' + entry.title;
    if (entry.index < 0) { option.disabled = true; }
    picker.appendChild(option);
  });
  if (entries.length < 2) { document.getElementById('picker-box').style.display = 'none'; }
  picker.onchange = function () { selectGame(Number(picker.value)); notice(''); show(0); };
  window.addEventListener('hashchange', fromFragment);

  if (location.hash === '#trace') { trace(); }
  var presses = fromFragment();
  for (var p = 0; p < presses; p++) {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  }
  document.documentElement.setAttribute('data-ready', 'yes');
})();
