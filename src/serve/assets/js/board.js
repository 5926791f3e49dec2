// The board: lichess's chessground, drawn from the state (the game now, the other side's turn played back, or a moment of the move list); its clicks and drags go to the handlers.
import { Chessground } from '/chessground/chessground.min.js';
import { $ } from './dom.js';
import { state, mayAct, placement } from './state.js';
import { render } from './render.js';
import { change } from './control.js';
import { ROLES, click } from './words.js';
import { moment } from './moves.js';

/** @type {any} */
let cg = null;
// What the board shows ('game:VERSION', 'pb:KEY', 'at:N'), the playback's actions applied to it, and the version marked ready.
let shownKey = '', applied = 0, readyTimer = null;
const ANIMATION_MS = 220;

// Each side's actions in a colour of their own: White's blue, Black's purple; a piece taken off
// is ringed red, one brought back green.
const SIDE_BRUSH = { white: 'whiteSide', black: 'blackSide' };
const LABEL = { white: '#003088', black: '#68217a' };

export function mount() {
  cg = Chessground($('board'), {
    coordinates: true,
    animation: { enabled: true, duration: ANIMATION_MS },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true, events: { after: moved } },
    draggable: { enabled: true, showGhost: true },
    premovable: { enabled: false },
    drawable: {
      enabled: true, visible: true,
      brushes: {
        whiteSide: { key: 'ws', color: '#003088', opacity: 1, lineWidth: 10 },
        blackSide: { key: 'bs', color: '#68217a', opacity: 1, lineWidth: 10 }
      }
    },
    events: { select: selected }
  });
}

/** The arrows and rings of actions, each numbered as the record counts it. */
export function shapes(drawn) {
  const out = [];
  for (const a of drawn || []) {
    const label = { text: String(a.number), fill: LABEL[a.color] || '#666' };
    if (a.from && a.to) { out.push({ orig: a.from, dest: a.to, brush: SIDE_BRUSH[a.color] || 'blue', label }); } else if (a.from) {
      out.push({ orig: a.from, brush: 'red', label });
    } else if (a.to) { out.push({ orig: a.to, brush: 'green', label }); }
  }
  return out;
}

/** The analysis's best turn beside the one played: green arrows (a sacrifice ringed, a piece brought back ringed), numbered. */
function bestShapes(best) {
  return best.map((a, i) => {
    const label = { text: String(i + 1), fill: '#15781b' };
    if (a.from && a.to) { return { orig: a.from, dest: a.to, brush: 'paleGreen', label }; }
    return { orig: a.from || a.to, brush: 'paleGreen', label };
  });
}

function lastMove(drawn) {
  for (let i = (drawn || []).length - 1; i >= 0; i--) {
    const d = drawn[i];
    if (d.from && d.to) { return [d.from, d.to]; }
    if (d.to || d.from) { return [d.to || d.from]; }
  }
  return undefined;
}

/** The colour of the king on `square` in placement `fen`. */
function kingColour(fen, square) {
  const rows = placement(fen).split('/');
  const row = rows[8 - parseInt(square.charAt(1), 10)] || '', file = 'abcdefgh'.indexOf(square.charAt(0));
  let col = 0;
  for (const c of row) {
    if (/[0-9]/.test(c)) { col += parseInt(c, 10); } else { if (col === file) { return c === 'K' ? 'white' : 'black'; } col++; }
  }
  return false;
}

/** The side the board is seen from: the mode's, else the seat's; flipped on request. */
export function orientation(s) {
  const side = s.facing || (s.seat === 'black' ? 'black' : 'white');
  return s.flipped ? (side === 'white' ? 'black' : 'white') : side;
}

function set(config) {
  cg.set(config);
  $('board').dataset.placement = cg.getFen();
}

/** Draws the board of state `s`. */
export function renderBoard(s) {
  const g = s.game;
  const board = $('board');
  if (!g) { return; }
  cg.set({ orientation: orientation(s) });
  if (s.playback) {
    const pb = s.playback;
    if (shownKey !== 'pb:' + pb.key) {
      shownKey = 'pb:' + pb.key; applied = 0;
      notReady();
      set({ fen: pb.start, lastMove: undefined, check: false, selected: undefined,
        movable: { color: undefined, dests: new Map() }, drawable: { autoShapes: shapes(pb.done) } });
    }
    while (applied < pb.shown) { apply(pb.steps[applied]); applied++; }
    set({ drawable: { autoShapes: shapes(pb.done.concat(pb.steps.slice(0, applied))) } });
    return;
  }
  if (s.cursor !== null && s.moves) {
    const at = moment(s.moves, s.cursor);
    const best = (s.best && s.best.get(s.cursor)) || [];
    const key = 'at:' + g.version + ':' + s.cursor + ':' + best.length;
    if (shownKey !== key) {
      shownKey = key;
      set({ fen: at.fen, lastMove: at.last ? lastMove([at.last]) : undefined, check: false, selected: undefined,
        movable: { color: undefined, dests: new Map() }, drawable: { autoShapes: shapes(at.drawn).concat(bestShapes(best)) } });
    }
    return;
  }
  const answer = s.puzzle.answer;
  if (answer && answer.game === g.id) {
    // A puzzle failed: its answer drawn as numbered arrows on the puzzle's position.
    if (shownKey !== 'answer:' + g.id) {
      shownKey = 'answer:' + g.id;
      set({ fen: answer.fen, lastMove: undefined, check: false, movable: { color: undefined, dests: new Map() },
        drawable: { autoShapes: shapes(answer.drawn) } });
    }
    return;
  }
  const key = 'game:' + g.version + ':' + s.redraw;
  if (shownKey !== key) {
    shownKey = key;
    notReady();
    cg.selectSquare(null);
    set({
      fen: placement(g.fen), turnColor: g.side || 'white', lastMove: lastMove(g.drawn),
      check: g.checks && g.checks.length ? kingColour(g.fen, g.checks[0]) : false,
      movable: { color: undefined, dests: new Map() }, drawable: { autoShapes: shapes(g.drawn) }
    });
  }
  // What the board offers: the next actions' moves, while this page may act and nothing waits for an answer.
  const n = s.next;
  const offer = n && mayAct(s) && !s.pending && !s.busy;
  const dests = new Map();
  if (offer) {
    for (const a of n.actions) {
      if (a.kind !== 'move') { continue; }
      const list = dests.get(a.from) || [];
      if (!list.includes(a.to)) { list.push(a.to); }
      dests.set(a.from, list);
    }
  }
  const first = offer ? n.actions.find((a) => a.kind === 'move') : null;
  const colour = first ? colourOn(first.from) : undefined;
  const rings = offer && !s.closed[g.id] && s.mode !== 'course' ? resurrectionRings(s) : [];
  cg.set({
    movable: { color: dests.size ? 'both' : undefined, dests },
    turnColor: colour || g.side || 'white',
    drawable: { autoShapes: shapes(g.drawn).concat(rings) }
  });
  if (s.pending && s.pending.kind === 'promotion') { cg.set({ movable: { color: undefined } }); }
  // Ready: the state shown with what it allows, once the pieces arrived and the arrows are drawn.
  const waiting = g.phase === 'act' && !s.next && !s.closed[g.id];
  if (!waiting && board.dataset.ready !== g.version && !readyTimer) {
    const version = g.version;
    readyTimer = setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => {
      readyTimer = null;
      if (state.game && state.game.version === version && !state.playback && state.cursor === null) {
        board.dataset.ready = version;
        board.dataset.placement = cg.getFen();
      }
    })), ANIMATION_MS + 20);
  }
}

function notReady() {
  clearTimeout(readyTimer); readyTimer = null;
  $('board').dataset.ready = '';
}

/** One action on the board: a move (a promotion's piece put in), a piece taken off, a piece put back. */
function apply(a) {
  if (a.from && a.to) {
    cg.move(a.from, a.to);
    if (a.promotion) { cg.setPieces(new Map([[a.to, { role: ROLES[a.promotion], color: a.color, promoted: true }]])); }
  } else if (a.from) {
    cg.setPieces(new Map([[a.from, undefined]]));
  } else if (a.to) {
    cg.setPieces(new Map([[a.to, { role: ROLES[a.piece], color: a.color }]]));
  }
  $('board').dataset.placement = cg.getFen();
}

function colourOn(square) {
  const p = cg.state.pieces.get(square);
  return p ? p.color : undefined;
}

/** The squares the piece chosen may come back on (face 5), ringed. */
function resurrectionRings(s) {
  const piece = /** @type {HTMLSelectElement} */ ($('piece')).value;
  return s.next.actions.filter((a) => a.kind === 'resurrection' && a.piece === piece).map((a) => ({ orig: a.to, brush: 'paleGreen' }));
}

/** A piece dropped or clicked onto a square: sent as its squares; a pawn's last rank asks for the piece first. */
function moved(orig, dest) {
  const n = state.next;
  const ways = n ? n.actions.filter((a) => a.kind === 'move' && a.from === orig && a.to === dest) : [];
  state.picked = null;
  const pieces = ways.map((w) => w.piece).filter(Boolean);
  if (pieces.length) {
    state.pending = { kind: 'promotion', from: orig, to: dest, pieces: [...new Set(pieces)] };
    state.hint = orig + '–' + dest + ': choose the piece';
    render();
    return;
  }
  change('act', { from: orig, to: dest });
}

/** The piece a pawn becomes, chosen: the move sent with its squares. */
export function promote(piece) {
  const p = state.pending;
  if (!p || p.kind !== 'promotion') { return; }
  state.pending = null;
  change('act', { from: p.from, to: p.to, promotion: piece.toLowerCase() });
}

/** Cancels a promotion: the pawn goes back. */
export function cancelPending() {
  state.pending = null;
  state.redraw++;
  render();
}

/**
 * A square clicked: a piece to take off (face 4, confirmed first), a square to bring a piece back
 * on (face 5), or a move's first or second square. A second square no action reaches is sent all
 * the same: the referee says why it is refused, and by which Article.
 */
function selected(square) {
  const s = state, n = s.next;
  if (!n || !mayAct(s) || s.pending) { s.picked = null; return; }
  const off = n.actions.find((a) => a.kind === 'sacrifice' && a.to === square);
  if (off) {
    const role = /^-([KQRBNP])/.exec(off.text);
    s.pending = { kind: 'sacrifice', square, piece: role ? role[1] : '' };
    render();
    return;
  }
  const piece = /** @type {HTMLSelectElement} */ ($('piece')).value;
  if (n.actions.some((a) => a.kind === 'resurrection')) {
    if (!piece) { s.hint = 'Choose the piece to bring back first.'; render(); return; }
    change('act', { resurrect: { piece, square } });
    return;
  }
  const from = (sq) => n.actions.some((a) => a.kind === 'move' && a.from === sq);
  if (s.picked && s.picked !== square) {
    const reaches = n.actions.some((a) => a.kind === 'move' && a.from === s.picked && a.to === square);
    if (reaches) { s.picked = null; return; }
    if (!from(square)) {
      const body = { from: s.picked, to: square };
      s.picked = null;
      change('act', body);
      return;
    }
  }
  if (cg.state.pieces.get(square)) {
    s.picked = square;
    s.hint = from(square) ? 'from ' + square + ': ' + click() + ' the square to go to, or drag the piece' :
      square + ': no action of this turn moves this piece';
  } else {
    s.picked = null;
  }
  render();
}
