// The moves a player reads: turns numbered, each with its face drawn as a die and its actions in SAN, clickable, stepped through with back and forward (keys ← →); the raw SDN and the exports behind the "SDN" tab.
import { $, el, shown } from './dom.js';
import { state } from './state.js';
import { render } from './render.js';
import { drawDie } from './turn.js';
import { cited } from './words.js';

/** Every action of the game in order, with its turn. */
function flat(m) {
  const out = [];
  for (const t of m.turns) { for (const a of t.actions) { out.push({ turn: t, action: a }); } }
  return out;
}

/**
 * The game at action `k` of the move list (-1: the start): the placement, the action, the
 * actions of its turn so far (numbered arrows), both pools.
 */
export function moment(m, k) {
  const all = flat(m);
  if (k < 0 || !all.length) { return { fen: m.start, last: null, drawn: [], pools: m.start_pools }; }
  const { turn, action } = all[Math.min(k, all.length - 1)];
  const drawn = turn.actions.filter((a) => a.number <= action.number);
  return { fen: action.fen, last: action, drawn, pools: action.pools };
}

/** The number of actions the list holds. */
function length(m) { return flat(m).length; }

/** Steps the board through the game: `to` an action's index, or 'first', 'back', 'forward', 'last'. */
export function step(to) {
  const m = state.moves;
  if (!m) { return; }
  const n = length(m);
  const at = state.cursor === null ? n - 1 : state.cursor;
  let k = typeof to === 'number' ? to : { first: -1, back: at - 1, forward: at + 1, last: n - 1 }[to];
  k = Math.max(-1, Math.min(n - 1, k));
  state.cursor = k >= n - 1 ? null : k;
  state.picked = null;
  render();
}

let listKey = null, cursorKey = null;
export function renderMoves(s) {
  const g = s.game;
  shown('record-box', !!g && s.mode === 'play');
  const has = !!s.moves;
  const tab = has ? s.tab : 'sdn';
  shown('tab-moves', s.moves !== false);
  $('tab-moves').setAttribute('aria-selected', String(tab === 'moves'));
  $('tab-sdn').setAttribute('aria-selected', String(tab === 'sdn'));
  shown('moves', tab === 'moves');
  shown('steps', tab === 'moves' && has);
  shown('sdn-tab', tab === 'sdn');
  const sdn = $('sdn');
  if (g && sdn.textContent !== g.sdn) { sdn.textContent = g.sdn; }
  sdn.hidden = !g || s.mode === 'puzzle';
  exportsOf(s);
  if (!has) { if (listKey !== null) { $('moves').textContent = ''; listKey = null; } return; }
  if (listKey !== s.moves) { listKey = s.moves; cursorKey = undefined; list(s.moves, g && g.phase === 'act' ? g.turn : null); }
  if (cursorKey !== s.cursor) {
    cursorKey = s.cursor;
    const n = length(s.moves), at = s.cursor === null ? n - 1 : s.cursor;
    for (const b of $('moves').querySelectorAll('button.ply')) {
      b.classList.toggle('current', Number(b.dataset.ply) === at);
    }
    // The action shown kept in view inside the list (the page itself never scrolls for it).
    const box = $('moves'), current = /** @type {HTMLElement} */ (box.querySelector('button.ply.current'));
    if (current) {
      const top = current.offsetTop, bottom = top + current.offsetHeight;
      if (top < box.scrollTop) { box.scrollTop = top; } else if (bottom > box.scrollTop + box.clientHeight) { box.scrollTop = bottom - box.clientHeight; }
    }
    /** @type {any} */ ($('back')).disabled = at < 0;
    /** @type {any} */ ($('first')).disabled = at < 0;
    /** @type {any} */ ($('forward')).disabled = s.cursor === null;
    /** @type {any} */ ($('last')).disabled = s.cursor === null;
  }
}

/**
 * The list: one row a turn, its label, its face as a die, its actions as buttons, what the
 * referee told of it (not of the turn in progress, `playing`: it is not over).
 */
function list(m, playing) {
  const box = $('moves');
  box.textContent = '';
  let k = 0;
  for (const t of m.turns) {
    const li = el('li', { className: 'turn ' + t.side });
    li.append(el('span', { className: 'label', textContent: t.label }));
    if (t.face) {
      const die = el('span', { className: 'die mini', role: 'img' });
      drawDie(die, t.face);
      li.append(die);
    }
    for (const a of t.actions) {
      const ply = k++;
      li.append(el('button', { className: 'ply ' + a.color, textContent: a.san, title: a.kind, dataset: { ply: String(ply) }, onclick: () => step(ply) }));
    }
    if (t.told && !(t === m.turns[m.turns.length - 1] && t.label === playing)) {
      const told = el('span', { className: 'told' });
      cited(told, t.told);
      li.append(told);
    }
    box.append(li);
  }
  if (!m.turns.length) { box.append(el('li', { className: 'none', textContent: 'No move yet.' })); }
  box.scrollTop = box.scrollHeight;
}

let exportsKey = '';
function exportsOf(s) {
  const g = s.game;
  const key = g ? g.id + g.variant : '';
  if (key === exportsKey) { return; }
  exportsKey = key;
  const ex = $('exports');
  ex.textContent = '';
  if (!g) { return; }
  ex.append('Export: ');
  for (const f of ['sdn', 'pgn', 'record', 'verdict', 'report']) {
    if (f === 'pgn' && g.variant !== 'Standard') { continue; }
    ex.append(el('a', { href: '/api/games/' + g.id + '/export/' + f, textContent: f, target: '_blank' }), ' ');
  }
}

export function bindMoves() {
  $('tab-moves').addEventListener('click', () => { state.tab = 'moves'; render(); });
  $('tab-sdn').addEventListener('click', () => { state.tab = 'sdn'; render(); });
  for (const id of ['first', 'back', 'forward', 'last']) { $(id).addEventListener('click', () => step(id)); }
  document.addEventListener('keydown', (e) => {
    const t = /** @type {HTMLElement} */ (e.target);
    if (!state.moves || (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowLeft') { step('back'); e.preventDefault(); }
    if (e.key === 'ArrowRight') { step('forward'); e.preventDefault(); }
  });
}

