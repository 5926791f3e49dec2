// sade-ref report: steps through the games in #data (written by src/render/html.rs).
(function () {
  'use strict';
  var games = JSON.parse(document.getElementById('data').textContent);
  var unread = JSON.parse(document.getElementById('unread').textContent);
  var colours = JSON.parse(document.getElementById('colours').textContent);
  var SVG = 'http://www.w3.org/2000/svg';
  var FILES = 'abcdefgh';
  var gameIndex = 0;
  var steps = [];
  var current = 0;

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function squareIndex(name) { return (name.charCodeAt(1) - 49) * 8 + FILES.indexOf(name[0]); }
  function corner(name) {
    var i = squareIndex(name);
    return [40 + (i % 8) * 100, 40 + (7 - Math.floor(i / 8)) * 100];
  }
  function centre(name) { var c = corner(name); return [c[0] + 50, c[1] + 50]; }

  // Every step of a game: the start, then each turn before its first action and after each.
  function buildSteps(game) {
    var list = [{ turn: -1, action: 0 }];
    game.turns.forEach(function (turn, t) {
      list.push({ turn: t, action: 0 });
      turn.actions.forEach(function (a) { list.push({ turn: t, action: a.n }); });
    });
    return list;
  }
  function positionAt(game, step) {
    if (step.turn < 0) { return game.start; }
    var turn = game.turns[step.turn];
    var position = turn.before;
    for (var k = 0; k < step.action; k++) {
      if (turn.actions[k].after) { position = turn.actions[k].after; }
    }
    return position;
  }

  function drawBoard(position, marks) {
    var board = document.getElementById('board');
    while (board.firstChild) { board.removeChild(board.firstChild); }
    var defs = el('defs', {}, board);
    colours.heads.forEach(function (colour) {
      var marker = el('marker', { id: 'h' + colour.slice(1), viewBox: '0 0 10 10', refX: 6, refY: 5,
        markerWidth: 3, markerHeight: 3, orient: 'auto' }, defs);
      el('path', { d: 'M0 0L10 5L0 10z', fill: colour }, marker);
    });
    for (var i = 0; i < 64; i++) {
      var name = FILES[i % 8] + (Math.floor(i / 8) + 1);
      var c = corner(name);
      var light = (i % 8 + Math.floor(i / 8)) % 2 === 1;
      el('rect', { x: c[0], y: c[1], width: 100, height: 100,
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
      var square = FILES[s % 8] + (Math.floor(s / 8) + 1);
      var white = letter === letter.toUpperCase();
      var paint = white ? colours.white : colours.black;
      var at = corner(square);
      el('use', { href: '#' + letter.toLowerCase(), x: at[0], y: at[1], width: 100, height: 100,
        fill: paint[0], stroke: paint[1], 'stroke-width': 3, 'stroke-linejoin': 'round',
        'data-square': square, 'data-piece': letter }, board);
    }
    marks.forEach(function (a) { drawMark(board, a); });
  }

  function label(board, x, y, n, colour) {
    var g = el('g', { 'class': 'label' }, board);
    el('circle', { cx: x, cy: y, r: 19, fill: colour, stroke: '#fff', 'stroke-width': 3 }, g);
    el('text', { x: x, y: y + 8, 'font-size': 24, 'font-weight': 'bold', 'text-anchor': 'middle',
      fill: '#fff' }, g).textContent = String(n);
  }
  function drawMark(board, a) {
    var head = 'url(#h' + a.colour.slice(1) + ')';
    if (a.kind === 'move') {
      var p = centre(a.from), q = centre(a.to);
      var attrs = { 'class': 'arrow', x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: a.colour,
        'stroke-width': 11, 'stroke-linecap': 'round', opacity: 0.85, 'marker-end': head };
      if (a.dashed) { attrs['stroke-dasharray'] = '22 12'; }
      el('line', attrs, board);
      label(board, (2 * p[0] + q[0]) / 3, (2 * p[1] + q[1]) / 3, a.n, a.colour);
    } else if (a.kind === 'sacrifice') {
      var c = corner(a.to);
      el('path', { 'class': 'sacrifice', d: 'M' + (c[0] + 18) + ' ' + (c[1] + 18) + 'L' + (c[0] + 82) + ' ' +
        (c[1] + 82) + 'M' + (c[0] + 82) + ' ' + (c[1] + 18) + 'L' + (c[0] + 18) + ' ' + (c[1] + 82),
        stroke: a.colour, 'stroke-width': 10, 'stroke-linecap': 'round', opacity: 0.9 }, board);
      label(board, c[0] + 20, c[1] + 20, a.n, a.colour);
    } else if (a.kind === 'resurrection') {
      var d = centre(a.to);
      el('circle', { 'class': 'drop', cx: d[0], cy: d[1], r: 42, fill: 'none', stroke: a.colour,
        'stroke-width': 6, 'stroke-dasharray': '10 7' }, board);
      el('line', { x1: d[0], y1: d[1] - 106, x2: d[0], y2: d[1] - 46, stroke: a.colour,
        'stroke-width': 9, 'marker-end': head }, board);
      label(board, d[0] + 30, d[1] - 30, a.n, a.colour);
    } else if (a.kind === 'unplayed' && a.to) {
      var u = centre(a.to);
      var ring = { 'class': 'unplayed', cx: u[0], cy: u[1], r: 44, fill: 'none', stroke: a.colour,
        'stroke-width': 8 };
      if (!a.offending) { ring['stroke-dasharray'] = '12 8'; }
      el('circle', ring, board);
      label(board, u[0] + 30, u[1] - 30, a.n, a.colour);
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

  function show(index) {
    var game = games[gameIndex];
    current = Math.max(0, Math.min(steps.length - 1, index));
    var step = steps[current];
    var position = positionAt(game, step);
    var turn = step.turn >= 0 ? game.turns[step.turn] : null;
    var marks = turn ? turn.actions.slice(0, step.action) : [];
    drawBoard(position, marks);
    drawDie(document.getElementById('die'), turn ? turn.face : null);
    document.getElementById('turn-title').textContent = turn
      ? 'Turn ' + turn.label + ' — ' + turn.side + (turn.face ? ' rolled ' + turn.face : '') +
        (step.action ? ', after action ' + step.action + ' of ' + turn.actions.length : ', before the first action')
      : 'Start position';
    var action = turn && step.action ? turn.actions[step.action - 1] : null;
    var line = document.getElementById('action-line');
    line.textContent = action ? action.n + '. ' + action.written + ' — ' + action.describe : '';
    line.className = action && action.offending ? 'bad' : '';
    var verdict = document.getElementById('turn-verdict');
    verdict.textContent = turn ? 'Referee: ' + turn.verdict : '';
    verdict.className = turn && turn.invalid ? 'bad' : '';
    document.getElementById('pools').textContent = "White's pool: " + (position.pools.white || '—') +
      " · Black's pool: " + (position.pools.black || '—');
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
    game.turns.forEach(function (turn, t) {
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
    document.getElementById('picker').value = String(gameIndex);
    document.getElementById('title').textContent = game.title;
    var verdict = document.getElementById('verdict');
    verdict.textContent = game.variant + ': ' + game.verdict;
    verdict.className = /^invalid/.test(game.verdict) ? 'bad' : '';
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
      var turns = games[gameIndex].turns;
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

  var presses = fromFragment();
  for (var p = 0; p < presses; p++) {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  }
  document.documentElement.setAttribute('data-ready', 'yes');
})();
