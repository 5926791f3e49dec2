// The die and the turn's controls: the roll, the face and what it asks, what remains, the choices of a turn (a promotion, a sacrifice, a piece to bring back), the typed action, the refusal, and the seat's own controls (resign, flip, take back, sound).
import { $, el, text, shown, option } from './dom.js';
import { state, mayAct, mayRoll, unaided, humanAgainstBot, pocket } from './state.js';
import { render } from './render.js';
import { change, playOption, endPlayback, resign, mySide } from './control.js';
import { promote, cancelPending } from './board.js';
import { COLOUR, ROLES, FACE_WORDS, cited, message, citation, click, count } from './words.js';
import { api } from './api.js';

/** Draws a die of `face` in `box` (nine pips, those of the face shown). */
export function drawDie(box, face) {
  if (!box.children.length) { for (let i = 0; i < 9; i++) { box.append(document.createElement('i')); } }
  const cls = box.className.replace(/ ?\b(f\d|unrolled)\b/g, '') + ' ' + (face ? 'f' + face : 'unrolled');
  if (box.className !== cls) { box.className = cls; }
  box.setAttribute('aria-label', face ? 'face ' + face : 'not rolled yet');
  box.dataset.face = face || '';
}

// The game's version the words of a cited rule were opened at: they close when it changes.
let citedAt = '';

export function renderTurn(s) {
  const g = s.game;
  const version = g ? g.id + g.version : '';
  if (version !== citedAt) { citedAt = version; shown('cite-words', false); }
  const closed = !!(g && s.closed[g.id]);
  const going = !!g && g.phase !== 'over' && !closed;
  const act = mayAct(s), sade = !!g && g.variant === 'Sade', n = s.next;
  shown('turn-box', going && sade && (g.phase === 'act' || mayRoll(s)));
  drawDie($('die'), g ? g.face : null);
  text('face-line', !g ? '' : g.phase === 'roll' ? (mayRoll(s) ? 'Roll the die: its face says what your turn is.' : '') :
    g.face ? 'Face ' + g.face + ': ' + FACE_WORDS[g.face] + due(n, g) + '.' : '');
  text('remaining', going && g.phase === 'act' ? remaining(g, n) : '');
  shown('controls', !!g);
  shown('roll', going && mayRoll(s));
  shown('face-box', going && mayRoll(s) && g.die === 'entered');
  shown('skip', !!s.playback);
  shown('bot', going && !s.playback && g.white !== 'human' && g.black !== 'human' && s.seat === 'arbiter');
  shown('options', going && act && g.phase === 'act' && !unaided(s));
  shown('takeback', !!g && !unaided(s) && mayTakeBack(s));
  const back = act && n ? [...new Set(n.actions.filter((a) => a.kind === 'resurrection').map((a) => a.piece))] : [];
  pieces(s, back);
  choices(act && n ? n.actions.filter((a) => a.kind === 'nothing') : []);
  shown('entry', going && act && g.phase === 'act');
  const sadeEx = 'Nf3, -Nb1, N@a6, --';
  if ($('action').placeholder !== (sade ? sadeEx : 'e4, Nf3, O-O')) {
    $('action').placeholder = sade ? sadeEx : 'e4, Nf3, O-O';
    $('action').title = sade ? 'A move in SAN (Nf3, exd5, O-O), a sacrifice (-Nb1, or -b2 for a pawn), a resurrection ' +
      '(N@a6), or -- when the face cannot be fulfilled; or click the pieces on the board' :
      'A move in SAN (e4, Nf3, O-O) or UCI (e2e4); or click the pieces on the board';
  }
  for (const id of ['roll', 'send', 'bot', 'takeback', 'declare', 'resign']) { /** @type {any} */ ($(id)).disabled = s.busy; }
  pending(s);
  text('hint', s.hint || defaultHint(s, back));
  refusal(s);
  const side = mySide();
  shown('seat-controls', !!g && s.mode === 'play');
  shown('resign', going && !!side && g.mode === 'play' && g[side] === 'human');
  /** @type {HTMLInputElement} */ ($('sound')).checked = s.sound;
  optionsList(s);
}

/** Whose pieces are due on faces 1–3, and why; on face 6, that no piece can leave the king. */
function due(n, g) {
  if (n && n.told) { return ' — ' + n.told; }
  if (!n || !n.due) { return ''; }
  // The roller's own pieces when the opponent's cannot: said as his own, not by colour.
  const whose = g && n.due === g.side ? 'your own pieces' : COLOUR[n.due] + '\'s pieces';
  return ' — ' + whose + (n.proof ? ': ' + n.proof : '');
}

/** What remains of the turn: "Action 2 of 3.", face 6's "of up to 5", or why nothing can come. */
function remaining(g, n) {
  if (!n) { return ''; }
  if (n.none) { return n.none; }
  if (!n.actions.length) { return ''; }
  const total = g.written + 1 + n.after;
  // Face 6: how many pieces next to the king can still leave it (a piece blocked by an earlier
  // move no longer counts, so the number may fall by more than one).
  if (g.face === 6 && total > 1) {
    return 'Action ' + (g.written + 1) + ': ' + count(n.after + 1, 'piece') + ' next to your king can still move away (this one included); the turn ends when none can.';
  }
  return total > 1 ? 'Action ' + (g.written + 1) + ' of ' + total + '.' : '';
}

/**
 * Whether a take-back is offered: the arbiter of a recorded game, or the player against a bot
 * (without clocks) with a turn of his own written.
 */
function mayTakeBack(s) {
  const g = s.game;
  if (g.mode === 'record') { return s.seat === 'arbiter' && g.phase !== 'over'; }
  const human = humanAgainstBot(g);
  return !!human && s.seat === human && g.phase !== 'over' && !s.playback && !g.clocks &&
    g.record.turns.some((t) => t.number && t.number.side === human && (t.items || []).some((i) => i.type === 'action'));
}

function defaultHint(s, back) {
  const n = s.next;
  if (!n || !mayAct(s)) { return ''; }
  if (back.length && s.mode === 'course') { return 'Choose the piece to bring back, then ' + click() + ' an empty square.'; }
  if (back.length) { return click(true) + ' an empty square to bring the ' + ROLES[/** @type {HTMLSelectElement} */ ($('piece')).value || back[0]] + ' back.'; }
  if (n.actions.some((a) => a.kind === 'sacrifice')) { return click(true) + ' one of your pieces to take it off the board.'; }
  return '';
}

// The piece list of face 5: the piece the rule returns, chosen (in a lesson every piece of the pool, none chosen).
let piecesKey = '';
function pieces(s, back) {
  const select = /** @type {HTMLSelectElement} */ ($('piece'));
  shown('piece-box', back.length > 0);
  if (!back.length) { piecesKey = ''; return; }
  const key = s.game.version + (s.mode === 'course' ? ':all' : '');
  if (piecesKey === key) { return; }
  piecesKey = key;
  select.textContent = '';
  if (s.mode === 'course') {
    option(select, '', '(choose)');
    const theirs = s.game.side === 'white' ? /[a-z]/ : /[A-Z]/;
    const pool = pocket(s.game.fen) || '';
    for (const r of ['Q', 'R', 'B', 'N', 'P']) {
      if ([...pool].some((c) => theirs.test(c) && c.toUpperCase() === r)) { option(select, r, ROLES[r]); }
    }
    select.value = '';
  } else {
    for (const r of back) { option(select, r, ROLES[r]); }
    select.value = back[0];
  }
}

function choices(nothing) {
  const box = $('choices');
  const key = nothing.map((a) => a.text).join(' ');
  if (box.dataset.key === key) { return; }
  box.dataset.key = key;
  box.textContent = '';
  for (const a of nothing) {
    box.append(el('button', { textContent: 'Nothing to bring back: write ' + a.text, onclick: () => change('act', { text: a.text }) }));
  }
}

// The box that waits for the player's answer: a promotion's piece, a sacrifice, a resignation.
let pendingKey = '';
function pending(s) {
  const p = s.pending;
  const key = p ? JSON.stringify(p) : '';
  shown('promotion', !!p && p.kind === 'promotion');
  shown('confirm', !!p && p.kind !== 'promotion');
  if (key === pendingKey) { return; }
  pendingKey = key;
  if (!p) { return; }
  if (p.kind === 'promotion') {
    const box = $('promotion');
    box.textContent = 'Promote to ';
    for (const r of p.pieces) {
      box.append(el('button', { textContent: ROLES[r], dataset: { promotion: r.toLowerCase() }, onclick: () => promote(r) }), ' ');
    }
    box.append(el('button', { textContent: 'cancel', onclick: cancelPending }));
    return;
  }
  const box = $('confirm');
  box.textContent = '';
  if (p.kind === 'sacrifice') {
    box.append('Take ' + (p.piece ? 'the ' + ROLES[p.piece] : 'the piece') + ' on ' + p.square + ' off the board? ',
      el('button', { id: 'confirm-yes', className: 'primary', textContent: 'Sacrifice ' + p.square,
        onclick: () => { state.pending = null; change('act', { sacrifice: p.square }); } }), ' ',
      el('button', { textContent: 'Cancel', onclick: cancelPending }));
  } else {
    box.append('Resign this game? ',
      el('button', { id: 'confirm-yes', className: 'primary', textContent: 'Resign', onclick: resign }), ' ',
      el('button', { textContent: 'Cancel', onclick: cancelPending }));
  }
}

let refusalKey = '';
function refusal(s) {
  const e = s.refusal;
  const key = e ? JSON.stringify(e) : '';
  if (key === refusalKey) { return; }
  refusalKey = key;
  const box = $('refusal');
  box.textContent = '';
  if (!e) { return; }
  cited(box, message(e));
  if (e.article && !box.querySelector('abbr')) { box.append(' (', citation(e.article), ')'); }
}

// "What could I play?": the options of the turn, each a button playing what is left of it.
let optionsKey = null;
function optionsList(s) {
  const a = s.options;
  if (optionsKey === a) { return; }
  optionsKey = a;
  const list = $('option-list');
  list.textContent = '';
  text('mode-line', '');
  text('option-count', '');
  if (!a) { return; }
  const pieces = a.mode && a.mode.pieces === 'own' ? 'your own pieces' : 'the opponent\'s pieces';
  cited($('mode-line'), a.mode ? 'You move ' + pieces + ': ' + a.mode.proof + ' (' + a.mode.article + ')' :
    (a.none ? a.none.consequence + ' (' + a.none.article + ')' : ''));
  for (const o of a.options) {
    const ends = o.ends ? ' — ends: ' + (o.ends.winner || 'draw') + ', ' + o.ends.termination + ' (' + o.ends.article + ')' : '';
    list.append(el('li', {}, el('button', { className: 'option', textContent: o.actions.join(' ') + ends, onclick: () => playOption(o.actions) })));
  }
  text('option-count', a.count === 1 ? 'One way to play this turn.' : a.count + ' ways to play this turn in all.');
}

/** The turn's controls wired to their handlers. */
export function bindTurn() {
  $('roll').addEventListener('click', () => {
    const body = {};
    const face = /** @type {HTMLInputElement} */ ($('face'));
    if (state.game && state.game.die === 'entered') { body.face = parseInt(face.value, 10); }
    face.value = '';
    change('roll', body);
  });
  $('face').addEventListener('keydown', (e) => { if (e.key === 'Enter') { $('roll').click(); } });
  $('send').addEventListener('click', () => {
    const input = /** @type {HTMLInputElement} */ ($('action'));
    change('act', { text: input.value });
    input.value = '';
  });
  $('action').addEventListener('keydown', (e) => { if (e.key === 'Enter') { $('send').click(); } });
  $('bot').addEventListener('click', () => change('bot', {}));
  $('skip').addEventListener('click', endPlayback);
  $('takeback').addEventListener('click', () => change('takeback', {}));
  $('piece').addEventListener('change', () => render());
  $('options').addEventListener('click', () => {
    api('GET', '/api/games/' + state.id + '/options?limit=50').then((a) => { state.options = a; render(); })
      .catch((e) => { state.refusal = e; render(); });
  });
  $('resign').addEventListener('click', () => { state.pending = { kind: 'resign' }; render(); });
  $('flip').addEventListener('click', () => { state.flipped = !state.flipped; render(); });
  $('sound').addEventListener('change', (e) => {
    state.sound = /** @type {HTMLInputElement} */ (e.target).checked;
    localStorage.setItem('sade-ref-sound', state.sound ? 'on' : 'off');
    render();
  });
}
