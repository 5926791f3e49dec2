// sade-ref serve: the page asks the server for everything; it decides nothing about legality.
'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var game = null, token = '', state = null, from = null;
  // The seat this page's token holds (POST /api/games/{id}/seat), shown under the status line.
  var seat = null;
  var SEAT_WORDS = { white: 'White', black: 'Black', arbiter: 'the arbiter (both seats)', watching: 'watching' };
  // Polling: every second while the game goes on, the state is asked again with its version;
  // the server answers 304 while nothing changed. `asked` counts this page's own requests, so
  // that an answer to a poll sent before one of them is never shown over it.
  var timer = null, asked = 0;
  var POLL_MS = 1000;
  // Listeners called with every state shown (the Puzzles and Course modes' scripts use them).
  var listeners = [];

  function api(method, path, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (r) {
      return r.json().then(function (j) { if (!r.ok) { throw j; } return j; });
    });
  }

  function message(e) {
    var text = e && e.error ? e.error : String(e);
    if (e && e.article) { text += ' (' + e.article + ')'; }
    return text;
  }

  // A refusal shows beside the game when one is open, else beside the file's buttons.
  function refuse(e) {
    $(!$('table').hidden ? 'refusal' : 'file-refusal').textContent = message(e);
  }

  // A refusal shown beside the control that asked (Create, Continue, the file box).
  function refuseNear(id) {
    return function (e) { $(id).textContent = message(e); };
  }

  function option(select, value, label) {
    var o = document.createElement('option');
    o.value = value; o.textContent = label || value; select.appendChild(o);
  }

  function hashParams() {
    var out = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      var p = kv.split('='); if (p[0]) { out[p[0]] = decodeURIComponent(p[1] || ''); }
    });
    return out;
  }

  function show(s) {
    state = s; from = null;
    $('hint').textContent = '';
    $('promotion').hidden = true;
    $('create-refusal').textContent = ''; $('file-refusal').textContent = '';
    $('table').hidden = false;
    var who = s.side ? (s.side === 'white' ? 'White' : 'Black') : '';
    var line = s.variant + ' — ';
    if (s.phase === 'over') {
      line += 'over: ' + s.verdict.result + (s.verdict.termination ? ', ' + s.verdict.termination : '') +
        (s.verdict.article ? ' (' + s.verdict.article + ')' : '');
    } else if (s.phase === 'roll') {
      line += 'turn ' + s.turn + ': ' + who + ' to roll';
    } else {
      line += 'turn ' + s.turn + ': ' + who + ' to play' + (s.face ? ', face ' + s.face : '') +
        ' (' + s.written + ' action' + (s.written === 1 ? '' : 's') + ' written)';
    }
    if (s.die_commit) { line += ' · DieCommit ' + s.die_commit.slice(0, 16) + '…'; }
    if (s.die_seed) { line += ' · DieSeed ' + s.die_seed; }
    $('status').textContent = line;
    $('board').innerHTML = s.svg;
    $('sdn').textContent = s.sdn;
    $('roll').hidden = s.phase !== 'roll';
    $('face-box').hidden = !(s.phase === 'roll' && s.die === 'entered');
    $('takeback').hidden = s.mode !== 'record';
    // What only a game going on offers; resurrection only in de Sade chess.
    var going = s.phase !== 'over';
    ['action-box', 'send', 'options', 'end', 'winner', 'declare'].forEach(function (id) { $(id).hidden = !going; });
    $('piece-box').hidden = !going || s.variant !== 'Sade';
    if (s.variant === 'Sade' && s.phase === 'act' && s.face === 5 && s.written === 0) { resurrectable(s); }
    // De Sade chess has no draw (Art. 17, R12): its declared ends name a winner.
    var draw = $('winner').querySelector('option[value=""]');
    draw.hidden = draw.disabled = s.variant === 'Sade';
    if (draw.disabled && $('winner').value === '') { $('winner').value = 'white'; }
    $('bot').hidden = !going || !(s.white !== 'human' && s.black !== 'human');
    $('option-list').textContent = ''; $('option-count').textContent = '';
    $('mode-line').textContent = '';
    var ex = $('exports'); ex.textContent = 'Export: ';
    ['sdn', 'pgn', 'record', 'verdict', 'report'].forEach(function (f) {
      if (f === 'pgn' && s.variant !== 'Standard') { return; }
      var a = document.createElement('a');
      a.href = '/api/games/' + s.id + '/export/' + f; a.textContent = f; a.target = '_blank';
      ex.appendChild(a); ex.appendChild(document.createTextNode(' '));
    });
    var tags = $('tags'); tags.textContent = '';
    ['Event', 'Site', 'Date', 'Round', 'White', 'Black'].forEach(function (name) {
      var value = '';
      (s.record.tags || []).forEach(function (t) { if (t.name === name) { value = t.value; } });
      var l = document.createElement('label'); l.textContent = name + ' ';
      var i = document.createElement('input'); i.dataset.tag = name; i.value = value;
      l.appendChild(i); tags.appendChild(l);
    });
    listeners.forEach(function (f) { f(s, token); });
    schedule();
  }

  function schedule() {
    clearTimeout(timer); timer = null;
    if (game && state && state.id === game && state.phase !== 'over') { timer = setTimeout(poll, POLL_MS); }
  }

  function poll() {
    timer = null;
    if (!state || document.hidden) { schedule(); return; }
    var mine = asked, id = game;
    fetch('/api/games/' + id + '?since=' + encodeURIComponent(state.version), { cache: 'no-store' })
      .then(function (r) {
        if (r.status === 200 && mine === asked && id === game) { return r.json().then(show); }
        schedule();
      })
      .catch(schedule);
  }

  function load() {
    if (!game) { return; }
    asked++;
    api('GET', '/api/games/' + game).then(show).catch(refuse);
  }

  // The controls that change the game, disabled while one of their requests is on its way: a
  // second click (a double click on Roll) sends nothing.
  var CHANGES = ['roll', 'send', 'bot', 'takeback', 'declare'];
  var busy = false;

  function setBusy(b) {
    busy = b;
    CHANGES.forEach(function (id) { $(id).disabled = b; });
  }

  function post(path, body) {
    if (busy) { return Promise.resolve(); }
    setBusy(true);
    body.token = token;
    asked++;
    $('refusal').textContent = '';
    return api('POST', '/api/games/' + game + '/' + path, body).then(show).catch(function (e) {
      refuse(e); load();
    }).then(function () { setBusy(false); });
  }

  // Face 5: the piece list holds the pieces the rule returns (R8), as the options give them
  // (`Q@d4`), the first chosen; never a piece the rule does not return, never the last turn's.
  function resurrectable(s) {
    var select = $('piece');
    select.textContent = '';
    option(select, '', '(click a square)');
    api('GET', '/api/games/' + s.id + '/options?limit=200').then(function (a) {
      if (!state || state.version !== s.version) { return; }
      var roles = [];
      a.options.forEach(function (o) {
        var m = /^([QRBNP])@/.exec(o.actions[0] || '');
        if (m && roles.indexOf(m[1]) < 0) { roles.push(m[1]); }
      });
      roles.forEach(function (r) { option(select, r); });
      if (roles.length) { select.value = roles[0]; }
    }).catch(refuse);
  }

  // Plays an option listed by "What could I play?": its actions from the `i`-th (those before
  // it are written), one request each, stopping at the first that changes nothing.
  function playFrom(actions, i) {
    if (i >= actions.length || !state || state.phase !== 'act') { return; }
    var before = state.sdn;
    post('act', { text: actions[i] }).then(function () {
      if (state && state.sdn !== before) { playFrom(actions, i + 1); }
    });
  }

  function squareAt(ev) {
    var svg = $('board').querySelector('svg');
    if (!svg || !state) { return null; }
    var pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    var f = Math.floor((p.x - state.board.left) / state.board.square);
    var r = 7 - Math.floor((p.y - state.board.top) / state.board.square);
    if (f < 0 || f > 7 || r < 0 || r > 7) { return null; }
    return 'abcdefgh'[f] + (r + 1);
  }

  function clicked(ev) {
    var sq = squareAt(ev);
    if (!sq || !state || state.phase !== 'act') { return; }
    if (state.face === 4 && state.written === 0) { post('act', { sacrifice: sq }); return; }
    if (state.face === 5 && state.written === 0) {
      var piece = $('piece').value;
      if (!piece) { refuse({ error: 'choose the piece to bring back first' }); return; }
      post('act', { resurrect: { piece: piece, square: sq } }); return;
    }
    if (!from) { from = sq; $('hint').textContent = 'from ' + sq + ': click the square to go to'; return; }
    var body = { from: from, to: sq }; from = null;
    var rank = sq.charAt(1);
    if (rank === '8' || rank === '1') {
      var fen = state.fen.split(' ')[0].replace(/\[.*\]/, '').split('/');
      var row = fen[8 - parseInt(body.from.charAt(1), 10)] || '';
      var file = 'abcdefgh'.indexOf(body.from.charAt(0)), col = 0, piece = '';
      for (var i = 0; i < row.length; i++) {
        var c = row.charAt(i);
        if (/[0-9]/.test(c)) { col += parseInt(c, 10); } else { if (col === file) { piece = c; } col++; }
      }
      if (piece === 'P' || piece === 'p') { choosePromotion(body); return; }
    }
    post('act', body);
  }

  // A pawn's move to the last rank: the player chooses the piece (queen, rook, bishop or
  // knight) in a row of buttons under the board; Cancel sends nothing.
  function choosePromotion(body) {
    var box = $('promotion');
    box.textContent = 'Promote to ';
    [['q', 'queen'], ['r', 'rook'], ['b', 'bishop'], ['n', 'knight']].forEach(function (p) {
      var b = document.createElement('button');
      b.dataset.promotion = p[0]; b.textContent = p[1];
      b.addEventListener('click', function () {
        box.hidden = true; body.promotion = p[0]; post('act', body);
      });
      box.appendChild(b);
    });
    var cancel = document.createElement('button');
    cancel.textContent = 'cancel';
    cancel.addEventListener('click', function () { box.hidden = true; });
    box.appendChild(cancel);
    box.hidden = false;
    $('hint').textContent = body.from + '–' + body.to + ': choose the piece';
  }

  function init() {
    api('GET', '/api/levels').then(function (l) {
      l.variants.forEach(function (v) { option($('variant'), v); });
      l.players.forEach(function (p) { option($('white'), p); option($('black'), p); });
    });
    api('GET', '/api/games').then(function (list) {
      list.forEach(function (g) {
        var li = document.createElement('li');
        li.textContent = g.variant + ' ' + g.names[0] + '–' + g.names[1] + ' ' + g.result + ' (' + g.turns + ' turns)';
        var a = document.createElement('a'); a.href = '/#game=' + g.id; a.textContent = ' watch';
        li.appendChild(a); $('games').appendChild(li);
      });
    });
    api('GET', '/api/library').then(function (files) {
      files.forEach(function (f) {
        var li = document.createElement('li'), a = document.createElement('a');
        a.href = '/review/library/' + encodeURIComponent(f); a.target = '_blank'; a.textContent = f;
        li.appendChild(a); $('library').appendChild(li);
      });
    });
    $('create').addEventListener('click', function () {
      var body = { variant: $('variant').value, mode: $('mode').value, white: $('white').value, black: $('black').value };
      if (body.mode === 'record') { body.die = $('die').value; }
      if ($('fen').value.trim()) { body.fen = $('fen').value.trim(); }
      $('create-refusal').textContent = '';
      api('POST', '/api/games', body).then(created).catch(refuseNear('create-refusal'));
    });
    $('board').addEventListener('click', clicked);
    $('roll').addEventListener('click', function () {
      var body = {};
      if (state && state.die === 'entered') { body.face = parseInt($('face').value, 10); }
      post('roll', body);
    });
    $('send').addEventListener('click', function () { post('act', { text: $('action').value }); $('action').value = ''; });
    $('action').addEventListener('keydown', function (e) { if (e.key === 'Enter') { $('send').click(); } });
    $('bot').addEventListener('click', function () { post('bot', {}); });
    $('takeback').addEventListener('click', function () { post('takeback', {}); });
    $('declare').addEventListener('click', function () {
      var body = { end: $('end').value };
      if ($('winner').value) { body.winner = $('winner').value; }
      post('end', body);
    });
    $('save-tags').addEventListener('click', function () {
      var tags = {};
      Array.prototype.forEach.call(document.querySelectorAll('#tags input'), function (i) { tags[i.dataset.tag] = i.value; });
      asked++;
      api('PUT', '/api/games/' + game + '/tags', { token: token, tags: tags }).then(show).catch(refuse);
    });
    $('options').addEventListener('click', function () {
      api('GET', '/api/games/' + game + '/options?limit=50').then(function (a) {
        var list = $('option-list'); list.textContent = '';
        $('mode-line').textContent = a.mode ? 'Mode: ' + a.mode.pieces + ' — ' + a.mode.proof + ' (' + a.mode.article + ')' :
          (a.none ? a.none.consequence + ' (' + a.none.article + ')' : '');
        a.options.forEach(function (o) {
          var li = document.createElement('li'), b = document.createElement('button');
          b.className = 'option';
          b.textContent = o.actions.join(' ') + (o.ends ? ' — ends: ' + (o.ends.winner || 'draw') + ', ' + o.ends.termination + ' (' + o.ends.article + ')' : '');
          b.addEventListener('click', function () { playFrom(o.actions, state ? state.written || 0 : 0); });
          li.appendChild(b); list.appendChild(li);
        });
        $('option-count').textContent = a.count + ' option(s) in all';
      }).catch(refuse);
    });
    var file = null;
    $('upload').addEventListener('change', function () {
      file = this.files[0];
      if (!file) { return; }
      file.text().then(function (text) {
        fetch('/api/review', { method: 'POST', body: text }).then(function (r) {
          return r.json().then(function (j) { if (!r.ok) { throw j; } return j; });
        }).then(function (u) {
          var frame = document.createElement('iframe');
          frame.width = '100%'; frame.height = '900'; frame.src = u.url;
          $('library').appendChild(frame);
        }).catch(refuseNear('file-refusal'));
      });
    });
    $('continue').addEventListener('click', function () {
      var refused = refuseNear('file-refusal');
      $('file-refusal').textContent = '';
      if (!file) { refused({ error: 'open a file first' }); return; }
      file.text().then(function (text) {
        var body = { record: text, mode: $('mode').value, white: $('white').value, black: $('black').value };
        if (body.mode === 'record') { body.die = $('die').value; }
        api('POST', '/api/games', body).then(created).catch(refused);
      });
    });
    window.addEventListener('hashchange', start);
    start();
  }

  function created(c) {
    var links = $('links'); links.textContent = '';
    ['arbiter', 'white', 'black'].forEach(function (k) {
      var a = document.createElement('a'); a.href = c.links[k]; a.textContent = k + ' seat link';
      if (k === 'arbiter') { a.textContent = 'arbiter link'; }
      links.appendChild(a); links.appendChild(document.createTextNode(' '));
    });
    location.hash = c.links.arbiter.replace(/^\/#/, '');
  }

  function start() {
    var p = hashParams();
    game = p.game || null; token = p.token || '';
    seat = null; $('seat').textContent = '';
    if (game) {
      api('POST', '/api/games/' + game + '/seat', { token: token }).then(function (a) {
        seat = a.seat; $('seat').textContent = 'You: ' + SEAT_WORDS[seat];
      }).catch(function () { seat = null; $('seat').textContent = ''; });
    }
    load();
  }

  // What other scripts of the page may use: the API call, opening a game just created (as the
  // answer of POST /api/games), showing a refusal, and a listener for every state shown.
  window.sadeRef = {
    api: api,
    open: created,
    refuse: refuse,
    onState: function (f) { listeners.push(f); }
  };

  document.addEventListener('DOMContentLoaded', init);
})();
