// sade-ref serve: the page asks the server for everything; it decides nothing about legality.
// The board is chessground (lichess's board); the squares a piece may go to, the pieces that may
// be taken off or brought back, all come from the server's next actions (GET .../next).
import { Chessground } from '/chessground/chessground.min.js';

var $ = function (id) { return document.getElementById(id); };
var game = null, token = '', state = null, next = null, board = null;
// The seat this page's token holds (POST /api/games/{id}/seat), shown under the status line.
var seat = null;
var SEAT_WORDS = { white: 'White', black: 'Black', arbiter: 'the arbiter (both seats)', watching: 'watching' };
// Live: the server tells each change of the game as it is saved (Server-Sent Events, GET
// .../events); a version the page does not show makes it read the state. Polling is the
// fallback while the stream is not open: every second the state is asked again with its
// version, and the server answers 304 while nothing changed. `asked` counts this page's own
// requests, so that an answer to a poll sent before one of them is never shown over it.
var timer = null, asked = 0, stream = null;
var POLL_MS = 1000;
// Listeners called with every state shown (the Puzzles and Course modes' scripts use them).
var listeners = [];
// Listeners told of every change the server refused: (error, route, body sent).
var refusals = [];
// A puzzle attempt is unaided: no options, no take-back (set by the Puzzles script).
var unaided = null;
// Games closed to actions: a puzzle attempt once judged (set by the Puzzles script), with the
// words the status line says of them instead of the game's state ('Puzzle over: solved.').
var closed = {};
// The games that are puzzle attempts: no seat, record or arbiter's tools shown, only the board.
var puzzled = {};

var ROLES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
// chessground's names of the pieces are ROLES' (`knight`, `queen`, …).
var COLOUR = { white: 'White', black: 'Black' };
// What each face of the die asks (Art. 1–8), in a player's words.
var FACE_WORDS = {
  1: 'move one piece',
  2: 'move two different pieces',
  3: 'move three different pieces',
  4: 'take one of your own pieces off the board (not the king), then make a regular move',
  5: 'bring back the opponent\'s highest captured piece (not a pawn) on an empty square',
  6: 'move every piece next to your king away from it, one at a time; only when none can, make one regular move instead'
};

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
  $(game ? 'refusal' : 'file-refusal').textContent = message(e);
}

// A refusal shown beside the control that asked (Create, Continue, the file box).
function refuseNear(id) {
  return function (e) { $(id).textContent = message(e); };
}

function option(select, value, label) {
  var o = document.createElement('option');
  o.value = value; o.textContent = label || value; select.appendChild(o);
}

function button(text, onClick, className) {
  var b = document.createElement('button');
  b.textContent = text;
  if (className) { b.className = className; }
  b.addEventListener('click', onClick);
  return b;
}

function hashParams() {
  var out = {};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var p = kv.split('='); if (p[0]) { out[p[0]] = decodeURIComponent(p[1] || ''); }
  });
  return out;
}

// The board's placement field: a Sade FEN's pocket left out.
function placement(fen) { return fen.split(' ')[0].replace(/\[.*\]/, ''); }

// Whether this page may act now: the seat of the side to act (or the arbiter's), and a person
// plays that side.
function mayAct(s) {
  if (!s || s.phase !== 'act' || !s.side || closed[s.id]) { return false; }
  if (s[s.side] !== 'human') { return false; }
  return seat === 'arbiter' || seat === s.side;
}

// The arrows and marks of the turn the board is at: each action numbered as the record counts
// it; a piece taken off is a red ring, a piece brought back a green one.
function shapes(s) {
  var out = [];
  (s.drawn || []).forEach(function (a) {
    var label = { text: String(a.number) };
    if (a.from && a.to) {
      out.push({ orig: a.from, dest: a.to, brush: 'blue', label: label });
    } else if (a.from) {
      out.push({ orig: a.from, brush: 'red', label: label });
    } else if (a.to) {
      out.push({ orig: a.to, brush: 'green', label: label });
    }
  });
  return out;
}

function lastMove(s) {
  var d = s.drawn || [];
  for (var i = d.length - 1; i >= 0; i--) {
    if (d[i].from && d[i].to) { return [d[i].from, d[i].to]; }
    if (d[i].to) { return [d[i].to]; }
    if (d[i].from) { return [d[i].from]; }
  }
  return undefined;
}

// The colour of the king in check, when one is (the FEN's letter on the square).
function checkColour(s) {
  if (!s.checks || !s.checks.length) { return false; }
  var rows = placement(s.fen).split('/'), sq = s.checks[0];
  var row = rows[8 - parseInt(sq.charAt(1), 10)] || '', file = 'abcdefgh'.indexOf(sq.charAt(0)), col = 0;
  for (var i = 0; i < row.length; i++) {
    var c = row.charAt(i);
    if (/[0-9]/.test(c)) { col += parseInt(c, 10); } else { if (col === file) { return c === 'K' ? 'white' : 'black'; } col++; }
  }
  return false;
}

// The side the board is seen from, where another script says (a lesson: its player's side);
// otherwise the seat's.
var facing = {};
// The games that are lessons: the board offers what any board would, never what the rules
// single out (the piece face 5 returns, the squares it may stand on).
var teaching = {};

var drawnGame = null;
function drawBoard(s) {
  // Another game: nothing of the last one stays selected.
  if (drawnGame !== s.id) { board.selectSquare(null); picked = null; drawnGame = s.id; }
  var orientation = facing[s.id] || (seat === 'black' ? 'black' : 'white');
  board.set({
    fen: placement(s.fen),
    orientation: orientation,
    turnColor: s.side || 'white',
    lastMove: lastMove(s),
    check: checkColour(s),
    movable: { color: undefined, dests: new Map() },
    drawable: { autoShapes: shapes(s) }
  });
}

// The other side's turn, played back on the board action by action (a bot's, or the other
// seat's): the board as it stood before the turn, the face rolled, then each action with its
// number, PLAY_MS apart; last the state itself. `playing` is the promise of the playback in
// progress: the board offers nothing, and is not marked ready, before it ends.
var PLAY_MS = 650, playing = null, playbacks = 0;
function playBack(prev, s) {
  var d = s.drawn || [];
  if (!prev || prev.id !== s.id || !d.length || !s.before) { return false; }
  var turn = d[0].turn, player = /\.\.\.$/.test(turn) ? 'black' : 'white';
  if ((seat === 'arbiter' || seat === player) && s[player] === 'human') { return false; }
  var old = (prev.drawn || []).filter(function (a) { return a.turn === turn; }).length;
  if (old >= d.length) { return false; }
  var fresh = d.slice(old), start = old ? placement(prev.fen) : s.before;
  var mine = ++playbacks;
  var face = old ? null : faceOf(s);
  board.set({
    fen: start, lastMove: undefined, check: false,
    movable: { color: undefined, dests: new Map() },
    drawable: { autoShapes: shapes({ drawn: d.slice(0, old) }) }
  });
  $('hint').textContent = COLOUR[player] + (face ? ' rolled ' + face : '') + ': ' +
    fresh.length + ' action' + (fresh.length === 1 ? '' : 's') + ' to come.';
  var step = function (i) {
    return new Promise(function (done) {
      setTimeout(function () {
        if (mine !== playbacks) { done(); return; }
        var a = fresh[i];
        apply(a);
        board.set({ drawable: { autoShapes: shapes({ drawn: d.slice(0, old + i + 1) }) } });
        $('hint').textContent = COLOUR[player] + ', action ' + a.number + ': ' + describe(a) + '.';
        done();
      }, PLAY_MS);
    });
  };
  var chain = Promise.resolve();
  fresh.forEach(function (a, i) { chain = chain.then(function () { return step(i); }); });
  playing = chain.then(function () {
    return new Promise(function (done) { setTimeout(done, PLAY_MS); });
  }).then(function () {
    if (mine !== playbacks) { return; }
    playing = null;
    if (state === s) { drawBoard(s); $('hint').textContent = turnEnd(s, player); }
  });
  return true;
}

// One drawn action on the board: a move (a promotion's piece put in), a piece taken off, a
// piece put back.
function apply(a) {
  if (a.from && a.to) {
    board.move(a.from, a.to);
    if (a.promotion) {
      board.setPieces(new Map([[a.to, { role: ROLES[a.promotion], color: a.color, promoted: true }]]));
    }
  } else if (a.from) {
    board.setPieces(new Map([[a.from, undefined]]));
  } else if (a.to) {
    board.setPieces(new Map([[a.to, { role: ROLES[a.piece], color: a.color }]]));
  }
}

function describe(a) {
  var piece = COLOUR[a.color] + '\'s ' + ROLES[a.piece];
  if (a.from && a.to) { return piece + ' ' + a.from + '–' + a.to + (a.promotion ? ', now a ' + ROLES[a.promotion] : ''); }
  if (a.from) { return piece + ' on ' + a.from + ' taken off'; }
  if (a.to) { return piece + ' back on ' + a.to; }
  return 'nothing to do (--)';
}

// How the turn just played back ended, in words.
function turnEnd(s, player) {
  if (s.phase === 'over') { return 'The game is over: ' + statusLine(s).replace(/^.* — over: /, '') + '.'; }
  if (s.side === player) { return ''; }
  return COLOUR[player] + '\'s turn is complete; ' + COLOUR[s.side] + ' to ' + (s.phase === 'roll' ? 'roll.' : 'play.');
}

// The face of the record's last turn, if it has one.
function faceOf(s) {
  var turns = (s.record && s.record.turns) || [];
  var last = turns[turns.length - 1];
  return last && last.face ? last.face.value : null;
}

// The clocks, as the server gave them with the state, counted down here between answers; when
// the running one shows nothing left, the page reads the state: the server, the clocks'
// authority, ends the game on time.
var clockTimer = null;
function drawClocks(s) {
  clearInterval(clockTimer); clockTimer = null;
  $('clocks').hidden = !s.clocks;
  if (!s.clocks) { return; }
  var got = performance.now(), c = s.clocks, asked = false;
  var tick = function () {
    ['white', 'black'].forEach(function (side) {
      var left = c[side] - (c.running === side ? performance.now() - got : 0);
      var box = $('clock-' + side);
      box.textContent = COLOUR[side] + ' ' + clockText(Math.max(0, left));
      box.className = 'clock' + (c.running === side ? ' running' : '') + (left < 10000 ? ' low' : '');
      if (c.running === side && left <= 0 && !asked) { asked = true; load(); }
    });
  };
  tick();
  if (c.running) { clockTimer = setInterval(tick, 200); }
}

function clockText(ms) {
  var s = ms < 10000 ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
  var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  var pad = function (n) { return (n < 10 ? '0' : '') + n; };
  return (h ? h + ':' + pad(m) : m) + ':' + pad(s % 60) + (ms < 10000 ? '.' + Math.floor(ms % 1000 / 100) : '');
}

function drawDie(s) {
  var die = $('die');
  if (!die.children.length) { for (var i = 0; i < 9; i++) { die.appendChild(document.createElement('i')); } }
  die.className = 'die ' + (s.face ? 'f' + s.face : 'unrolled');
  die.setAttribute('aria-label', s.face ? 'face ' + s.face : 'not rolled yet');
  die.dataset.face = s.face || '';
}

function statusLine(s) {
  var who = s.side ? COLOUR[s.side] : '';
  var turn = (s.turn || '').replace(/\.+$/, '');
  var line = s.variant + ' — ';
  if (s.phase === 'over') {
    // The termination in words: `sacrifice-accomplished` as "sacrifice accomplished".
    line += 'over: ' + s.verdict.result + (s.verdict.termination ? ', ' + s.verdict.termination.replace(/-/g, ' ') : '') +
      (s.verdict.article ? ' (' + s.verdict.article + ')' : '');
  } else if (s.phase === 'roll') {
    line += 'turn ' + turn + ': ' + who + ' to roll';
  } else {
    line += 'turn ' + turn + ': ' + who + ' to play' + (s.face ? ', face ' + s.face : '');
  }
  return line;
}

function show(s) {
  if (state && next && s.id === state.id && s.version === state.version) {
    // The same state again (a refused request reloads it): the board as it was, the same
    // next actions offered, still ready.
    state = s; picked = null;
    drawBoard(s);
    offer(s, next);
    schedule();
    return;
  }
  // The first state of a game folds the New game form away (a click opens it again).
  if (!state || state.id !== s.id) { $('new-game').open = false; }
  var prev = state;
  state = s; next = null; picked = null;
  $('hint').textContent = '';
  $('promotion').hidden = true; $('confirm').hidden = true;
  $('create-refusal').textContent = ''; $('file-refusal').textContent = '';
  $('status').textContent = closed[s.id] || statusLine(s);
  $('board').dataset.ready = '';
  if (!playBack(prev, s)) {
    if (playing) { playbacks++; playing = null; }
    drawBoard(s);
  }
  var sade = s.variant === 'Sade', going = s.phase !== 'over' && !closed[s.id];
  drawClocks(s);
  $('turn-box').hidden = !sade || s.phase === 'over' || !!closed[s.id];
  drawDie(s);
  $('face-line').textContent = s.phase === 'roll' ? COLOUR[s.side] + ' rolls the die first.' :
    (s.face ? 'Face ' + s.face + ': ' + FACE_WORDS[s.face] + '.' : '');
  $('remaining').textContent = '';
  var extra = [];
  if (s.die_commit) { extra.push('DieCommit ' + s.die_commit.slice(0, 16) + '…'); }
  if (s.die_seed) { extra.push('DieSeed ' + s.die_seed); }
  $('seat').textContent = puzzled[s.id] ? '' :
    (seat ? 'You: ' + SEAT_WORDS[seat] : '') + (extra.length ? ' · ' + extra.join(' · ') : '');
  var sdn = $('sdn');
  sdn.textContent = s.sdn;
  sdn.hidden = !!puzzled[s.id];
  sdn.scrollTop = sdn.scrollHeight;
  $('controls').hidden = false;
  $('roll').hidden = !going || s.phase !== 'roll';
  $('face-box').hidden = !(s.phase === 'roll' && s.die === 'entered');
  $('takeback').hidden = s.mode !== 'record' || unaided === s.id;
  $('options').hidden = s.phase !== 'act' || unaided === s.id;
  $('entry').hidden = !going || s.phase !== 'act';
  // The examples the action box shows are the game's own: Sade's sacrifice, resurrection and
  // pass are no moves of the others.
  $('action').placeholder = sade ? 'Nf3, -Nb1, N@a6, --' : 'e4, Nf3, O-O';
  $('action').title = sade ?
    'A move in SAN (Nf3, exd5, O-O), a sacrifice (-Nb1, or -b2 for a pawn), a resurrection ' +
    '(N@a6), or -- when the face cannot be fulfilled; or click the pieces on the board' :
    'A move in SAN (e4, Nf3, O-O) or UCI (e2e4); or click the pieces on the board';
  $('arbiter-tools').hidden = !!puzzled[s.id];
  ['end', 'winner', 'declare'].forEach(function (id) { $(id).hidden = !going; });
  $('piece-box').hidden = true;
  $('choices').textContent = '';
  // De Sade chess has no draw (Art. 17, R12): its declared ends name a winner.
  var draw = $('winner').querySelector('option[value=""]');
  draw.hidden = draw.disabled = sade;
  if (draw.disabled && $('winner').value === '') { $('winner').value = 'white'; }
  $('bot').hidden = !going || !(s.white !== 'human' && s.black !== 'human');
  $('option-list').textContent = ''; $('option-count').textContent = '';
  $('mode-line').textContent = '';
  exportsOf(s);
  tagsOf(s);
  listeners.forEach(function (f) { f(s, token); });
  if (s.phase === 'act' && going) { loadNext(s); } else { ready(s); }
  schedule();
}

function exportsOf(s) {
  var ex = $('exports'); ex.textContent = 'Export: ';
  ['sdn', 'pgn', 'record', 'verdict', 'report'].forEach(function (f) {
    if (f === 'pgn' && s.variant !== 'Standard') { return; }
    var a = document.createElement('a');
    a.href = '/api/games/' + s.id + '/export/' + f; a.textContent = f; a.target = '_blank';
    ex.appendChild(a); ex.appendChild(document.createTextNode(' '));
  });
}

function tagsOf(s) {
  var tags = $('tags'); tags.textContent = '';
  ['Event', 'Site', 'Date', 'Round', 'White', 'Black'].forEach(function (name) {
    var value = '';
    (s.record.tags || []).forEach(function (t) { if (t.name === name) { value = t.value; } });
    var l = document.createElement('label'); l.textContent = name + ' ';
    var i = document.createElement('input'); i.dataset.tag = name; i.value = value;
    l.appendChild(i); tags.appendChild(l);
  });
}

// The next actions of the turn: the board's legal destinations, the pieces that may be taken
// off or brought back, `--`; and in words, whose pieces are due and why, and what remains.
function loadNext(s) {
  api('GET', '/api/games/' + s.id + '/next').then(function (n) {
    if (!state || state.version !== s.version) { return; }
    offer(s, n);
  }).catch(function (e) { refuse(e); ready(s); });
}

// The board and the controls offer the next actions `n` of state `s`.
function offer(s, n) {
  if (playing) { playing.then(function () { if (state === s) { offer(s, n); } }); return; }
  if (closed[s.id]) { ready(s); return; }
  next = n;
  $('choices').textContent = '';
  var due = n.due ? ' — ' + COLOUR[n.due] + '\'s pieces' + (n.proof ? ': ' + n.proof : '') : '';
  if (s.face) { $('face-line').textContent = 'Face ' + s.face + ': ' + FACE_WORDS[s.face] + due + '.'; }
  if (n.none) {
    $('remaining').textContent = n.none;
  } else if (n.actions.length) {
    var total = s.written + 1 + n.after;
    $('remaining').textContent = total > 1 ? 'Action ' + (s.written + 1) + ' of ' + total + '.' : '';
  }
  if (!mayAct(s)) { ready(s); return; }
  var dests = new Map();
  n.actions.forEach(function (a) {
    if (a.kind !== 'move') { return; }
    var list = dests.get(a.from) || [];
    if (list.indexOf(a.to) < 0) { list.push(a.to); }
    dests.set(a.from, list);
  });
  board.set({ movable: { color: dests.size ? 'both' : undefined, dests: dests } });
  if (dests.size) { board.set({ turnColor: colourOn(n.actions.filter(function (a) { return a.kind === 'move'; })[0].from) || s.side }); }
  var back = roles(n, 'resurrection');
  if (back.length && teaching[s.id]) {
    // A lesson: every piece of the pool is offered, none chosen, no square ringed.
    var pool = $('piece'); pool.textContent = '';
    option(pool, '', '(choose)');
    poolOf(s).forEach(function (r) { option(pool, r, ROLES[r]); });
    pool.value = '';
    $('piece-box').hidden = false;
    $('hint').textContent = 'Choose the piece to bring back, then click an empty square.';
  } else if (back.length) {
    var select = $('piece'); select.textContent = '';
    back.forEach(function (r) { option(select, r, ROLES[r]); });
    select.value = back[0];
    $('piece-box').hidden = false;
    markResurrections();
    $('hint').textContent = 'Click an empty square to bring the ' + ROLES[back[0]] + ' back.';
  }
  if (n.actions.some(function (a) { return a.kind === 'sacrifice'; })) {
    $('hint').textContent = 'Click one of your pieces to take it off the board.';
  }
  n.actions.filter(function (a) { return a.kind === 'nothing'; }).forEach(function (a) {
    $('choices').appendChild(button('Nothing to bring back: write ' + a.text, function () { post('act', { text: a.text }); }));
  });
  ready(s);
}

// Marks the board as showing state `s` with what it allows, once its pieces have arrived and
// its arrows are drawn (chessground animates for ANIMATION_MS, then paints the next frame):
// what the browser tests wait for before they click or take a picture.
var ANIMATION_MS = 220;
function ready(s) {
  if (playing) { playing.then(function () { ready(s); }); return; }
  setTimeout(function () {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        if (state && state.version === s.version) { $('board').dataset.ready = s.version; }
      });
    });
  }, ANIMATION_MS + 20);
}

function roles(n, kind) {
  var out = [];
  n.actions.forEach(function (a) { if (a.kind === kind && out.indexOf(a.piece) < 0) { out.push(a.piece); } });
  return out;
}

// The opponent's pieces in the pool (a Sade FEN's pocket: `[qrn]`), strongest first, once each.
function poolOf(s) {
  var pocket = /\[([A-Za-z]*)\]/.exec(s.fen.split(' ')[0]);
  var theirs = s.side === 'white' ? /[a-z]/ : /[A-Z]/;
  return ['Q', 'R', 'B', 'N', 'P'].filter(function (r) {
    return pocket && pocket[1].split('').some(function (c) { return theirs.test(c) && c.toUpperCase() === r; });
  });
}

// The squares the chosen piece may come back on, ringed on the board (not in a lesson).
function markResurrections() {
  if (state && teaching[state.id]) { return; }
  var piece = $('piece').value;
  var rings = next.actions.filter(function (a) { return a.kind === 'resurrection' && a.piece === piece; })
    .map(function (a) { return { orig: a.to, brush: 'paleGreen' }; });
  board.set({ drawable: { autoShapes: shapes(state).concat(rings) } });
}

function colourOn(square) {
  var p = board.state.pieces.get(square);
  return p ? p.color : undefined;
}

function schedule() {
  clearTimeout(timer); timer = null;
  if (game && state && state.id === game && state.phase !== 'over') { timer = setTimeout(poll, POLL_MS); }
}

function poll() {
  timer = null;
  if (!state || document.hidden || live()) { schedule(); return; }
  var mine = asked, id = game;
  fetch('/api/games/' + id + '?since=' + encodeURIComponent(state.version), { cache: 'no-store' })
    .then(function (r) {
      if (r.status === 200 && mine === asked && id === game) { return r.json().then(show); }
      schedule();
    })
    .catch(schedule);
}

function live() { return stream !== null && stream.readyState === 1; }

// Listens to the changes of the game shown (the browser reconnects by itself after a break;
// polling covers the gap).
function listen() {
  if (stream) { stream.close(); stream = null; }
  if (!game || typeof EventSource === 'undefined') { return; }
  var id = game;
  stream = new EventSource('/api/games/' + id + '/events');
  stream.addEventListener('version', function (e) {
    if (id === game && !busy && (!state || state.version !== e.data)) { load(); }
  });
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
  Array.prototype.forEach.call(document.querySelectorAll('#choices button, #promotion button, #confirm button'),
    function (x) { x.disabled = b; });
}

// A change of the game; its refusal shows beside the control that asked (`near`: the turn's
// controls unless another is named).
function post(path, body, near) {
  if (busy) { return Promise.resolve(); }
  setBusy(true);
  body.token = token;
  asked++;
  $('refusal').textContent = ''; $('tools-refusal').textContent = '';
  return api('POST', '/api/games/' + game + '/' + path, body).then(show).catch(function (e) {
    if (near) { refuseNear(near)(e); } else { refuse(e); }
    refusals.forEach(function (f) { f(e, path, body); });
    load();
  }).then(function () { setBusy(false); });
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

// A piece dropped or clicked onto a square: the next action that goes there, or the choice of
// the piece a pawn promotes to.
function moved(orig, dest) {
  if (!next) { load(); return; }
  var ways = next.actions.filter(function (a) { return a.kind === 'move' && a.from === orig && a.to === dest; });
  if (!ways.length) { refuse({ error: orig + '–' + dest + ' is not an action the turn allows here' }); load(); return; }
  if (ways.length > 1 || ways[0].piece) { choosePromotion(ways); return; }
  post('act', { text: ways[0].text });
}

// A square clicked: a piece to take off (face 4, confirmed first), a square to bring a piece
// back on (face 5), or a move's first or second square. A second square that no action of the
// turn reaches is sent all the same: the referee says why it is refused, and by which Article.
var picked = null;
function selected(square) {
  if (!next || !mayAct(state)) { picked = null; return; }
  var off = next.actions.filter(function (a) { return a.kind === 'sacrifice' && a.to === square; })[0];
  if (off) { confirmSacrifice(off); return; }
  var piece = $('piece').value;
  var back = next.actions.filter(function (a) { return a.kind === 'resurrection' && a.to === square && a.piece === piece; })[0];
  if (back) { post('act', { text: back.text }); return; }
  if (next.actions.some(function (a) { return a.kind === 'resurrection'; })) {
    if (!piece) { $('hint').textContent = 'Choose the piece to bring back first.'; return; }
    post('act', { resurrect: { piece: piece, square: square } }); return;
  }
  var from = function (sq) { return next.actions.some(function (a) { return a.kind === 'move' && a.from === sq; }); };
  if (picked && picked !== square) {
    var reaches = next.actions.some(function (a) { return a.kind === 'move' && a.from === picked && a.to === square; });
    if (reaches) { picked = null; return; }
    if (!from(square)) {
      var body = { from: picked, to: square };
      picked = null;
      post('act', body);
      return;
    }
  }
  if (board.state.pieces.get(square)) {
    picked = square;
    $('hint').textContent = from(square) ? 'from ' + square + ': click the square to go to, or drag the piece' :
      square + ': no action of this turn moves this piece';
  } else {
    picked = null;
  }
}

function confirmSacrifice(action) {
  var box = $('confirm'); box.textContent = '';
  var role = /^-([KQRBNP])/.exec(action.text);
  var what = (role ? 'the ' + ROLES[role[1]] : 'the piece') + ' on ' + action.to;
  box.appendChild(document.createTextNode('Take ' + what + ' off the board? '));
  var yes = button('Sacrifice ' + action.to, function () { box.hidden = true; post('act', { text: action.text }); }, 'primary');
  yes.id = 'confirm-yes';
  box.appendChild(yes);
  box.appendChild(button('Cancel', function () { box.hidden = true; }));
  box.hidden = false;
}

// A pawn's move to the last rank: the player chooses the piece (queen, rook, bishop or
// knight) in a row of buttons beside the board; Cancel puts the pawn back.
function choosePromotion(ways) {
  var box = $('promotion');
  box.textContent = 'Promote to ';
  ways.forEach(function (w) {
    var b = button(ROLES[w.piece], function () { box.hidden = true; post('act', { text: w.text }); });
    b.dataset.promotion = w.piece.toLowerCase();
    box.appendChild(b);
  });
  box.appendChild(button('cancel', function () { box.hidden = true; show(state); }));
  box.hidden = false;
  $('hint').textContent = ways[0].from + '–' + ways[0].to + ': choose the piece';
}

function init() {
  board = Chessground($('board'), {
    coordinates: true,
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true, events: { after: moved } },
    draggable: { enabled: true, showGhost: true },
    premovable: { enabled: false },
    drawable: { enabled: true, visible: true },
    events: { select: selected }
  });
  api('GET', '/api/levels').then(function (l) {
    l.variants.forEach(function (v) { option($('variant'), v); });
    l.players.forEach(function (p) { option($('white'), p); option($('black'), p); });
  });
  listGames();
  $('games-box').addEventListener('toggle', function () { if ($('games-box').open) { listGames(); } });
  setInterval(function () { if ($('games-box').open && !document.hidden) { listGames(); } }, GAMES_MS);
  api('GET', '/api/library').then(function (files) {
    files.forEach(function (f) {
      var li = document.createElement('li'), a = document.createElement('a');
      a.href = '/review/library/' + encodeURIComponent(f); a.target = '_blank'; a.textContent = f;
      li.appendChild(a); $('library').appendChild(li);
    });
  });
  $('create').addEventListener('click', function () {
    var body = { variant: $('variant').value, mode: $('mode').value, white: $('white').value, black: $('black').value };
    if (body.mode === 'record') { body.die = $('die-source').value; }
    if ($('fen').value.trim()) { body.fen = $('fen').value.trim(); }
    var control = /^(\d+)\+(\d+)$/.exec($('time-control').value);
    if (control) { body.time_control = { initial: parseInt(control[1], 10), increment: parseInt(control[2], 10) }; }
    $('create-refusal').textContent = '';
    api('POST', '/api/games', body).then(created).catch(refuseNear('create-refusal'));
  });
  $('piece').addEventListener('change', function () { if (next) { markResurrections(); } });
  $('roll').addEventListener('click', function () {
    var body = {};
    if (state && state.die === 'entered') { body.face = parseInt($('face').value, 10); }
    post('roll', body);
  });
  $('send').addEventListener('click', function () { post('act', { text: $('action').value }); $('action').value = ''; });
  $('action').addEventListener('keydown', function (e) { if (e.key === 'Enter') { $('send').click(); } });
  $('face').addEventListener('keydown', function (e) { if (e.key === 'Enter') { $('roll').click(); } });
  $('bot').addEventListener('click', function () { post('bot', {}); });
  $('takeback').addEventListener('click', function () { post('takeback', {}); });
  $('declare').addEventListener('click', function () {
    var body = { end: $('end').value };
    if ($('winner').value) { body.winner = $('winner').value; }
    post('end', body, 'tools-refusal');
  });
  $('save-tags').addEventListener('click', function () {
    var tags = {};
    Array.prototype.forEach.call(document.querySelectorAll('#tags input'), function (i) { tags[i.dataset.tag] = i.value; });
    asked++;
    $('tools-refusal').textContent = '';
    api('PUT', '/api/games/' + game + '/tags', { token: token, tags: tags }).then(show).catch(refuseNear('tools-refusal'));
  });
  $('options').addEventListener('click', showOptions);
  var file = null;
  $('upload').addEventListener('change', function () {
    file = this.files[0];
    if (!file) { return; }
    file.text().then(function (text) {
      fetch('/api/review', { method: 'POST', body: text }).then(function (r) {
        return r.json().then(function (j) { if (!r.ok) { throw j; } return j; });
      }).then(function (u) {
        // The review opens full width, in a page of its own.
        window.open(u.url, '_blank');
        var li = document.createElement('li'), a = document.createElement('a');
        a.href = u.url; a.target = '_blank'; a.textContent = file.name + ' (review)';
        li.appendChild(a); $('library').appendChild(li);
      }).catch(refuseNear('file-refusal'));
    });
  });
  $('continue').addEventListener('click', function () {
    var refused = refuseNear('file-refusal');
    $('file-refusal').textContent = '';
    if (!file) { refused({ error: 'open a file first' }); return; }
    file.text().then(function (text) {
      var body = { record: text, mode: $('mode').value, white: $('white').value, black: $('black').value };
      if (body.mode === 'record') { body.die = $('die-source').value; }
      api('POST', '/api/games', body).then(created).catch(refused);
    });
  });
  window.addEventListener('hashchange', start);
  start();
}

// The games the server holds, newest first, as the server sorts them: each with its game,
// its players, where it stands, and whether it is a puzzle attempt or a lesson. Read again
// when a game is created, when the list is opened, and every GAMES_MS while it is open.
var GAMES_MS = 10000;
function listGames() {
  api('GET', '/api/games').then(function (list) {
    var ul = $('games'); ul.textContent = '';
    list.forEach(function (g) {
      var li = document.createElement('li');
      var a = document.createElement('a'); a.href = '/#game=' + g.id;
      a.textContent = g.variant + ': ' + g.names[0] + ' – ' + g.names[1];
      li.appendChild(a);
      var where = g.status === 'unfinished' ? 'in progress' : g.result;
      li.appendChild(document.createTextNode(' · ' + where + ' · ' + g.turns + ' turn' + (g.turns === 1 ? '' : 's')));
      if (g.kind !== 'game') {
        var kind = document.createElement('span'); kind.className = 'kind'; kind.textContent = g.kind;
        li.appendChild(document.createTextNode(' ')); li.appendChild(kind);
      }
      if (g.id === game) { li.className = 'current'; }
      ul.appendChild(li);
    });
    if (!list.length) { ul.textContent = 'No game yet.'; }
  }).catch(refuseNear('create-refusal'));
}

function showOptions() {
  api('GET', '/api/games/' + game + '/options?limit=50').then(function (a) {
    var list = $('option-list'); list.textContent = '';
    $('mode-line').textContent = a.mode ? 'Mode: ' + a.mode.pieces + ' — ' + a.mode.proof + ' (' + a.mode.article + ')' :
      (a.none ? a.none.consequence + ' (' + a.none.article + ')' : '');
    a.options.forEach(function (o) {
      var li = document.createElement('li');
      var b = button(o.actions.join(' ') + (o.ends ? ' — ends: ' + (o.ends.winner || 'draw') + ', ' + o.ends.termination + ' (' + o.ends.article + ')' : ''),
        function () { playFrom(o.actions, state ? state.written || 0 : 0); }, 'option');
      li.appendChild(b); list.appendChild(li);
    });
    $('option-count').textContent = a.count + ' option(s) in all';
  }).catch(refuse);
}

// A game just created (the answer of POST /api/games): its arbiter's page opens; `links`: the
// seats' links are offered, with a copy button each (not for a puzzle or a lesson).
function created(c, links) {
  var box = $('links'); box.textContent = '';
  if (links !== false) { seatLinks(box, c); }
  location.hash = c.links.arbiter.replace(/^\/#/, '');
  listGames();
}

function seatLinks(links, c) {
  ['white', 'black'].forEach(function (k) {
    var url = new URL(c.links[k], location.href).href;
    var a = document.createElement('a'); a.href = c.links[k]; a.textContent = COLOUR[k] + '\'s seat';
    a.className = 'seat-link';
    links.appendChild(a);
    var copy = button('copy', function () {
      if (navigator.clipboard) { navigator.clipboard.writeText(url).then(function () { copy.textContent = 'copied'; }); }
    });
    copy.dataset.link = k;
    links.appendChild(copy); links.appendChild(document.createTextNode(' '));
  });
}

function start() {
  var p = hashParams();
  game = p.game || null; token = p.token || '';
  seat = null; $('seat').textContent = '';
  if (game) {
    api('POST', '/api/games/' + game + '/seat', { token: token }).then(function (a) {
      seat = a.seat;
      if (state && state.id === game) { show(state); }
    }).catch(function () { seat = null; });
  }
  listen();
  load();
}

// What other scripts of the page may use: the API call, opening a game just created (as the
// answer of POST /api/games), showing a refusal, a listener for every state shown and for every
// change refused, marking a game as an unaided puzzle attempt or lesson, closing a game to actions, the side a game's board
// is seen from, a game as a lesson (nothing singled out), whether the page listens to the game's changes, and the pieces the board shows.
window.sadeRef = {
  api: api,
  open: function (c) { created(c, false); },
  refuse: refuse,
  onState: function (f) { listeners.push(f); },
  onRefusal: function (f) { refusals.push(f); },
  face: function (id, side) { facing[id] = side; },
  teach: function (id) { teaching[id] = true; },
  // Actions drawn as numbered arrows on the board of the position before the turn shown (a
  // puzzle's answer after the attempt).
  drawOnBefore: function (drawn) {
    if (!state || !state.before) { return; }
    board.set({ fen: state.before, lastMove: undefined, check: undefined,
      drawable: { autoShapes: shapes({ drawn: drawn }) } });
  },
  unaided: function (id) { unaided = id; },
  // A game that is a puzzle attempt: the page shows its board and the puzzle's words, not the
  // record, the seat or the arbiter's tools.
  puzzle: function (id) { puzzled[id] = true; },
  // A game closed to actions from now on (a judged puzzle attempt): its board takes no move, its
  // controls are put away, and the status line says `words` instead of the game's state.
  close: function (id, words) {
    closed[id] = words || 'Closed.';
    if (state && state.id === id) {
      ['entry', 'roll', 'face-box', 'bot', 'end', 'winner', 'declare', 'piece-box', 'turn-box', 'options', 'takeback']
        .forEach(function (c) { $(c).hidden = true; });
      board.set({ movable: { color: undefined, dests: new Map() } });
      $('remaining').textContent = '';
      $('status').textContent = closed[id];
    }
  },
  live: live,
  // The placement of the pieces the board shows (FEN's first field).
  shown: function () { return board.getFen(); }
};

document.addEventListener('DOMContentLoaded', init);
