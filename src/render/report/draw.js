// The drawings: the board with its pieces and the actions' marks, the die, the pools. They
// draw what they are given and read nothing of the page's state.

function drawBoard(position, marks, badges, laneList) {
  var board = document.getElementById('board');
  while (board.firstChild) { board.removeChild(board.firstChild); }
  var defs = el('defs', {}, board);
  colours.heads.forEach(function (colour) {
    var marker = el('marker', { id: 'h' + colour.slice(1), viewBox: '0 0 10 10', refX: 0, refY: 5,
      markerWidth: HEAD, markerHeight: HEAD, orient: 'auto' }, defs);
    el('path', { d: 'M0 0L10 5L0 10z', fill: colour }, marker);
  });
  if (colours.best && marks.some(function (a) { return a.best; })) {
    var head = el('marker', { id: 'h' + colours.best.slice(1), viewBox: '0 0 10 10', refX: 0, refY: 5,
      markerWidth: HEAD, markerHeight: HEAD, orient: 'auto' }, defs);
    el('path', { d: 'M0 0L10 5L0 10z', fill: colours.best }, head);
  }
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
