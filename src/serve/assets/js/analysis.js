// A finished game's analysis: the button that asks for it, its progress, White's chance along the game (dots for the judged turns, the die's luck under each Sade turn), the turn shown told in a player's words, and each player's summary.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { step } from './moves.js';
import { COLOUR, sideName } from './words.js';

const SVG = 'http://www.w3.org/2000/svg';
const POLL_MS = 1000;
const JUDGED = { inaccuracy: '#e6b800', mistake: '#f08c00', blunder: '#d32f2f' };
const ARTICLE = { inaccuracy: 'an inaccuracy', mistake: 'a mistake', blunder: 'a blunder' };

/**
 * The analysis of the game open: `none` (not asked, or not known to the server), `running` with the turns done of total,
 * `done` with the analysis, `failed` with the reason.
 * @type {{id: ?string, status: string, done: number, total: number, data: ?Object, arrows: ?Array<Array<{from?: string, to?: string}>>, note: string, asked: boolean}}
 */
const analysis = { id: null, status: 'none', done: 0, total: 0, data: null, arrows: null, note: '', asked: false };
let timer = null;

function make(tag, attrs, words) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) { e.setAttribute(k, String(v)); }
  if (words !== undefined) { e.textContent = words; }
  return e;
}

/** Takes the server's answer (`GET`/`POST .../analysis`) for game `id`. */
function take(id, a) {
  if (state.id !== id) { return; }
  Object.assign(analysis, { status: a.status, note: a.error || '' });
  if (a.status === 'running') { analysis.done = a.done; analysis.total = a.total; }
  if (a.status === 'done') { analysis.data = a.analysis; analysis.arrows = a.best_arrows || null; state.best = null; }
  render();
  // Asked again while it runs and the stream is not open (the stream tells the progress otherwise).
  clearTimeout(timer);
  if (a.status === 'running') { timer = setTimeout(() => { if (!state.live) { ask('GET'); } else { timer = setTimeout(() => ask('GET'), 5 * POLL_MS); } }, POLL_MS); }
}

/** Asks the server (`POST`: start it; `GET`: where it stands). */
function ask(method) {
  const id = state.id;
  if (!id) { return; }
  api(method, '/api/games/' + id + '/analysis').then((a) => take(id, a)).catch((e) => {
    if (state.id !== id) { return; }
    analysis.status = 'none';
    analysis.note = e.status === 404 ? '' : e.error || 'The analysis could not be asked for.';
    render();
  });
}

/** What the game's event stream tells of the analysis: `DONE TOTAL`, `done` or `failed`. */
export function heardAnalysis(id, data) {
  if (state.id !== id) { return; }
  const m = /^(\d+) (\d+)$/.exec(data);
  if (m) {
    Object.assign(analysis, { status: 'running', done: +m[1], total: +m[2] });
    render();
  } else { ask('GET'); }
}

/** The index of the analysis's turn the board shows (the move list's cursor), or the last. */
function turnShown(s, turns) {
  const m = s.moves;
  if (!m || s.cursor === null) { return turns.length - 1; }
  let k = 0;
  for (let i = 0; i < m.turns.length; i++) {
    k += m.turns[i].actions.length;
    if (s.cursor < k) { return i; }
  }
  return turns.length - 1;
}

/** Shows turn `i` on the board: the move list's last action of it. */
function showTurn(i) {
  const m = state.moves;
  if (!m) { return; }
  let k = -1;
  for (let t = 0; t <= i && t < m.turns.length; t++) { k += m.turns[t].actions.length; }
  step(k);
}

const pct = (x) => Math.round(x * 100) + '%';

/** White's chance after turn `t`. */
const white = (t) => t.side === 'white' ? t.after : 1 - t.after;

/** The chart: White's chance after each turn, the judged turns' dots, the turn shown; in Sade the die's luck under each turn. */
function drawChart(data, at) {
  const fig = $('analysis-chart');
  const old = fig.querySelector('svg');
  if (old) { old.remove(); }
  const turns = data.turns, sade = turns.some((t) => t.luck !== null && t.luck !== undefined);
  const w = 600, h = 150, luckH = sade ? 36 : 0, pad = 6;
  const x = (i) => pad + (turns.length < 2 ? (w - 2 * pad) / 2 : i * (w - 2 * pad) / (turns.length - 1));
  const y = (c) => pad + (1 - c) * (h - 2 * pad);
  const svg = make('svg', { viewBox: '0 0 ' + w + ' ' + (h + luckH), role: 'img', class: 'analysis-svg',
    'aria-label': 'White\'s chance along the game, turn by turn' });
  svg.append(make('rect', { x: 0, y: 0, width: w, height: h, fill: '#3a3a3a' }));
  const points = turns.map((t, i) => x(i) + ',' + y(white(t))).join(' ');
  svg.append(make('polygon', { points: x(0) + ',' + y(0) + ' ' + points + ' ' + x(turns.length - 1) + ',' + y(0), fill: '#f2f2f2' }));
  svg.append(make('line', { x1: 0, x2: w, y1: y(0.5), y2: y(0.5), stroke: '#999', 'stroke-dasharray': '4 4' }));
  svg.append(make('polyline', { points, fill: 'none', stroke: '#6b8fbf', 'stroke-width': 2 }));
  svg.append(make('line', { x1: x(at), x2: x(at), y1: 0, y2: h, stroke: '#d85000', 'stroke-width': 2, class: 'analysis-at' }));
  turns.forEach((t, i) => {
    if (!t.judgement) { return; }
    const dot = make('circle', { cx: x(i), cy: y(white(t)), r: 6, fill: JUDGED[t.judgement], stroke: '#222',
      class: 'analysis-dot ' + t.judgement, 'data-turn': i });
    dot.append(make('title', {}, label(t) + ': ' + ARTICLE[t.judgement]));
    svg.append(dot);
  });
  if (sade) {
    const mid = h + luckH / 2, most = Math.max(0.05, ...turns.map((t) => Math.abs(t.luck || 0)));
    svg.append(make('line', { x1: 0, x2: w, y1: mid, y2: mid, stroke: '#bbb' }));
    const bw = Math.max(2, Math.min(10, (w - 2 * pad) / turns.length - 2));
    turns.forEach((t, i) => {
      const l = t.luck || 0, len = Math.abs(l) / most * (luckH / 2 - 2);
      const bar = make('rect', { x: x(i) - bw / 2, y: l >= 0 ? mid - len : mid, width: bw, height: Math.max(1, len),
        fill: l >= 0 ? '#2e7d32' : '#c62828', class: 'analysis-luck' });
      bar.append(make('title', {}, label(t) + ': the roll of ' + t.face + ' was ' + luckWords(l)));
      svg.append(bar);
    });
  }
  // A click anywhere shows the nearest turn.
  svg.addEventListener('click', (e) => {
    const box = svg.getBoundingClientRect();
    const vx = (e.clientX - box.left) / box.width * w;
    const i = turns.length < 2 ? 0 : Math.round((vx - pad) / ((w - 2 * pad) / (turns.length - 1)));
    showTurn(Math.max(0, Math.min(turns.length - 1, i)));
  });
  fig.insertBefore(svg, fig.firstChild);
}

/** A turn's label: `12.` or `12...`. */
function label(t) { return t.turn + (t.side === 'white' ? '.' : '...'); }

/** A luck in a player's words. */
function luckWords(l) {
  if (Math.abs(l) < 0.02) { return 'about an average roll'; }
  return (l > 0 ? 'lucky, ' : 'unlucky, ') + (l > 0 ? '+' : '−') + Math.round(Math.abs(l) * 100) + ' points against an average roll';
}

/** Who played `side`, as the page's player reads it: "you", else the player's name or colour. */
function who(s, side) {
  if (s.seat === side) { return { name: 'you', Name: 'You', your: 'your' }; }
  const g = s.game, tags = g && g.record ? g.record.tags : [];
  const tag = tags.find((t) => t.name === (side === 'white' ? 'White' : 'Black'));
  const name = sideName(tag && tag.value, g && g[side], side);
  return { name, Name: name, your: name + '\'s' };
}

/** Turn `t` told in a player's words. */
function told(s, t) {
  const p = who(s, t.side), best = t.best && t.best[0];
  const left = p.name === 'you' ? 'left you' : 'left ' + p.name;
  const verdict = t.forced ? ' — the only way.' : t.judgement ? ' — ' + ARTICLE[t.judgement] + '.' : '.';
  const plain = (actions) => actions.join(' ').replace(/[+#!?]/g, '');
  const same = !best || plain(best.actions) === plain(t.played);
  const bestWords = same ? '; it was the best' : '; the best, ' + best.actions.join(' ') + ', ' + pct(t.after + t.loss);
  if (t.face) {
    const turn = p.name === 'you' ? 'your turn' : 'the turn, ' + t.played.join(' ') + ',';
    return p.Name + ' rolled ' + t.face + ': ' + turn + ' ' + left + ' ' + pct(t.after) + bestWords +
      '; an average roll would have given ' + pct(t.before) + verdict;
  }
  return t.played.join(' ') + ' ' + left + ' ' + pct(t.after) + bestWords + verdict;
}

/** Each player's summary in plain words. */
function summary(s, data, box) {
  box.textContent = '';
  const sade = data.variant === 'sade';
  for (const side of ['white', 'black']) {
    const pl = data.players[side], p = who(s, side);
    const counts = [[pl.inaccuracies, 'inaccuracy', 'inaccuracies'], [pl.mistakes, 'mistake', 'mistakes'], [pl.blunders, 'blunder', 'blunders']]
      .map(([n, one, many]) => n + ' ' + (n === 1 ? one : many)).join(', ');
    const head = el('p', { className: 'analysis-player ' + side },
      el('strong', { textContent: COLOUR[side] + (p.name === COLOUR[side] ? '' : ' (' + p.name + ')') }),
      ': accuracy ' + (pl.accuracy === null ? '—' : Math.round(pl.accuracy) + '%') + '; ' + counts + '.');
    box.append(head);
    if (sade && pl.luck !== null && pl.result !== null) {
      const luck = pl.luck, lucky = luck >= 0;
      const words = Math.abs(luck) < 0.05 ? 'The die was about even for ' + (p.name === 'you' ? 'you' : p.name) + '.'
        : 'The die was ' + (lucky ? 'kind' : 'unkind') + ' to ' + (p.name === 'you' ? 'you' : p.name) + ': worth ' +
          (lucky ? '+' : '−') + Math.abs(luck).toFixed(2) + ' of a game.';
      box.append(el('p', { className: 'analysis-luck-words' }, words + ' Scored ' + score(pl.result) +
        '; with the luck taken out, ' + score(pl.luck_adjusted) + '.'));
    }
  }
}

const score = (r) => r === null ? '—' : (Math.round(r * 100) / 100).toString();

let drawnKey = null, summaryKey = null;
export function renderAnalysis(s) {
  const g = s.game;
  if (analysis.id !== s.id) {
    clearTimeout(timer);
    Object.assign(analysis, { id: s.id, status: 'none', done: 0, total: 0, data: null, arrows: null, note: '', asked: false });
    s.best = null;
    drawnKey = null; summaryKey = null;
  }
  const over = !!g && g.phase === 'over' && s.mode === 'play' && !g.closed;
  if (over && analysis.status === 'none' && !analysis.asked) { analysis.asked = true; ask('GET'); }
  shown('analysis-box', over);
  if (!over) { return; }
  const running = analysis.status === 'running', done = analysis.status === 'done' && analysis.data;
  shown('analyse', analysis.status === 'none' || analysis.status === 'failed');
  shown('analysis-running', running);
  if (running) {
    const bar = /** @type {HTMLProgressElement} */ ($('analysis-progress'));
    bar.max = Math.max(1, analysis.total);
    bar.value = analysis.done;
    text('analysis-count', 'Analysing… ' + analysis.done + ' of ' + analysis.total + ' turns');
  }
  text('analysis-note', analysis.note);
  shown('analysis-done', !!done);
  if (!done) { return; }
  const data = analysis.data, at = turnShown(s, data.turns);
  if (!s.best && s.moves && analysis.arrows) { s.best = bestAtTurnEnds(s.moves, data.turns, analysis.arrows); }
  const key = data.turns.length + ':' + at + ':' + s.seat;
  if (drawnKey !== key) {
    drawnKey = key;
    drawChart(data, at);
    const t = data.turns[at];
    text('analysis-turn', t ? told(s, t) : '');
    $('analysis-turn').className = t && t.judgement ? 'judged ' + t.judgement : '';
  }
  if (summaryKey !== s.seat + data.turns.length) { summaryKey = s.seat + data.turns.length; summary(s, data, $('analysis-summary')); }
}

/** The best turns' arrows by the move list's action that ends each analysed turn. */
function bestAtTurnEnds(moves, turns, arrows) {
  const ends = [];
  let k = -1;
  for (const t of moves.turns) { k += t.actions.length; ends.push(k); }
  const best = new Map();
  turns.forEach((t, i) => {
    if (arrows[i] && arrows[i].length && ends[t.index] !== undefined) { best.set(ends[t.index], arrows[i]); }
  });
  return best;
}

export function bindAnalysis() {
  $('analyse').addEventListener('click', () => { analysis.note = ''; ask('POST'); });
}
