// The handlers: each changes the state (a game opened, an answer of the server, a click) and calls render(state).
import { api, keep, kept, listen } from './api.js';
import { state, holds, placement, humanAgainstBot } from './state.js';
import { render } from './render.js';
import { COLOUR, OTHER, describe, faceCount, count } from './words.js';
import { chime } from './sound.js';
import * as puzzles from './puzzles.js';
import * as course from './course.js';
import { heardAnalysis } from './analysis.js';

let unlisten = null;
// This page's requests are numbered: an answer older than the one shown is never shown over it.
let asked = 0, shownSeq = 0;

/** Opens game `id` with `token` (or the one this browser keeps for it). */
export function openGame(id, token) {
  if (unlisten) { unlisten(); unlisten = null; }
  stopPlayback();
  if (token) { keep(id, token); } else { token = kept(id); }
  Object.assign(state, {
    id, token, seat: null, game: null, next: null, moves: null, cursor: null, picked: null, pending: null,
    hint: '', refusal: null, options: null, live: false
  });
  if (state.links && state.links.id !== id) { state.links = null; }
  render();
  if (!id) { return; }
  // The seat first: the state is shown with the controls its seat may use.
  api('POST', '/api/games/' + id + '/seat', { token }).then((a) => {
    if (state.id === id) { state.seat = a.seat; }
  }).catch(() => { if (state.id === id) { state.seat = 'watching'; } }).then(() => { if (state.id === id) { load(); } });
  unlisten = listen(id, {
    version: () => state.game && state.game.version,
    over: () => !!state.game && state.game.phase === 'over',
    heard: (v) => { if (state.id === id && !state.busy && (!state.game || state.game.version !== v)) { load(); } },
    polled: (g) => { if (state.id === id && !state.busy) { receive(g, ++asked); } },
    opened: (live) => { state.live = live; document.body.dataset.live = live ? 'yes' : ''; },
    analysed: (data) => heardAnalysis(id, data)
  });
}

/** Reads the game's state again. */
export function load() {
  const id = state.id, seq = ++asked;
  if (!id) { return; }
  api('GET', '/api/games/' + id).then((g) => receive(g, seq)).catch((e) => { state.refusal = e; render(); });
}

/** A state of the game from the server: shown, its next actions and turns asked, the other side's turn played back. */
export function receive(g, seq) {
  if (g.id !== state.id || (seq !== undefined && seq < shownSeq)) { return; }
  if (seq !== undefined) { shownSeq = seq; }
  const prev = state.game;
  if (prev && prev.version === g.version) { state.game = g; render(); return; }
  state.game = g;
  state.next = null; state.picked = null; state.pending = null; state.options = null; state.cursor = null;
  state.refusal = null; state.hint = '';
  if (prev && prev.id === g.id && g.sdn !== prev.sdn) { chime(state, g.phase === 'over' && prev.phase !== 'over' ? 'end' : 'move'); }
  startPlayback(prev, g);
  if (g.phase === 'act' && !state.closed[g.id]) { loadNext(g); }
  loadMoves(g);
  render();
  puzzles.seen(state);
  course.seen(state);
}

function loadNext(g) {
  api('GET', '/api/games/' + g.id + '/next').then((n) => {
    if (state.game && state.game.version === g.version) { state.next = n; render(); }
  }).catch((e) => { if (state.game && state.game.version === g.version) { state.next = { actions: [], failed: true }; state.refusal = e; render(); } });
}

function loadMoves(g) {
  if (state.moves === false) { return; }
  api('GET', '/api/games/' + g.id + '/moves').then((m) => {
    if (state.game && state.game.version === g.version) { state.moves = m; render(); }
  }).catch((e) => {
    if (e && e.status === 404 && e.field !== 'game') { state.moves = false; render(); }
  });
}

/**
 * A change of the game (`POST /api/games/{id}/{path}` with the token): its answer shown, or its
 * refusal said beside the control that asked (`near`: a note's name; the turn's refusal else).
 * Whether it was accepted.
 */
export async function change(path, body, near) {
  if (state.busy || !state.id) { return false; }
  state.busy = true; state.refusal = null; state.notes.tools = '';
  body.token = state.token;
  const seq = ++asked;
  render();
  try {
    const g = await api('POST', '/api/games/' + state.id + '/' + path, body);
    state.busy = false;
    receive(g, seq);
    return true;
  } catch (e) {
    state.busy = false;
    if (near) { state.notes[near] = e.error || String(e); } else { state.refusal = e; state.hint = ''; }
    state.pending = null; state.picked = null; state.redraw++;
    render();
    course.refused(e, path, body);
    load();
    return false;
  }
}

/** The actions of an option of "What could I play?", from the first not written, one request each; stops when the turn is over. */
export async function playOption(actions) {
  const g = state.game;
  if (!g) { return; }
  const turn = g.turn, side = g.side;
  for (let i = g.written; i < actions.length; i++) {
    const now = state.game;
    if (!now || now.phase !== 'act' || now.turn !== turn || now.side !== side) { return; }
    const before = now.version;
    if (!(await change('act', { text: actions[i] })) || !state.game || state.game.version === before) { return; }
  }
}

// The other side's turn, played back on the board action by action: the first at once, the next PLAY_MS apart.
const PLAY_MS = 650, LAST_MS = 350;
let playTimer = null;

function stopPlayback() {
  clearTimeout(playTimer); playTimer = null;
  state.playback = null;
}

/** Starts playing back the actions of `g` the page has not shown, when they are the other side's. */
function startPlayback(prev, g) {
  const d = g.drawn || [];
  if (!prev || prev.id !== g.id || !d.length || !g.before) { stopPlayback(); return; }
  const turn = d[0].turn, player = /\.\.\.$/.test(turn) ? 'black' : 'white';
  if (holds(state, player) && g[player] === 'human') { stopPlayback(); return; }
  const old = (prev.drawn || []).filter((a) => a.turn === turn).length;
  if (old >= d.length) { stopPlayback(); return; }
  stopPlayback();
  const complete = g.phase === 'over' || g.side !== player || g.phase === 'roll';
  // The turn played back is the record's last.
  const face = (g.record.turns[g.record.turns.length - 1] || {}).face;
  const value = face ? face.value : null;
  state.playback = {
    key: g.version, player, face: value, start: old ? placement(prev.fen) : g.before,
    done: d.slice(0, old), steps: d.slice(old), shown: 0, total: complete ? d.length : (faceCount(value) || 0), complete
  };
  step();
}

function step() {
  const pb = state.playback;
  if (!pb) { return; }
  if (pb.shown < pb.steps.length) {
    const a = pb.steps[pb.shown];
    pb.shown++;
    const of = pb.total ? ' of ' + pb.total : '';
    const rolled = pb.face && a.number === 1 ? ' (rolled ' + pb.face + (pb.total ? ': ' + count(pb.total, 'action') : '') + ')' : '';
    state.hint = COLOUR[pb.player] + ', action ' + a.number + of + rolled + ': ' + describe(a) + '.';
    playTimer = setTimeout(step, pb.shown < pb.steps.length ? PLAY_MS : (pb.steps.length > 1 ? PLAY_MS : LAST_MS));
  } else {
    endPlayback();
    return;
  }
  render();
}

/** The playback ended (or skipped): the board shows the state, the controls come back. */
export function endPlayback() {
  const pb = state.playback;
  if (!pb) { return; }
  stopPlayback();
  const g = state.game;
  state.hint = turnEnd(g, pb.player);
  render();
}

/** How the turn just played back ended, in words. */
function turnEnd(g, player) {
  if (g.phase === 'over') { return 'The game is over.'; }
  if (g.side === player) { return ''; }
  return COLOUR[player] + '\'s turn is complete; ' + COLOUR[g.side] + ' to ' + (g.phase === 'roll' ? 'roll.' : 'play.');
}

/** The settings of game `g` (for "new game, same settings" and the rematch). */
export function settingsOf(g) {
  const tag = (n) => ((g.record.tags || []).find((t) => t.name === n) || {}).value;
  const body = { variant: g.variant, mode: g.mode, white: g.white, black: g.black };
  if (g.mode === 'record' && g.die) { body.die = g.die; }
  const control = /^(\d+)\+(\d+)$/.exec(tag('TimeControl') || ''), period = /^1\/(\d+)$/.exec(tag('TimeControl') || '');
  if (control) { body.time_control = { initial: +control[1], increment: +control[2] }; }
  if (period) { body.time_control = { days: +period[1] / 86400 }; }
  if (tag('FEN')) { body.fen = tag('FEN'); }
  return body;
}

/** Creates a game with `body`, then opens it (`created`), at `seat` when one is given. */
export function create(body, near, seat) {
  state.notes[near || 'create'] = '';
  render();
  return api('POST', '/api/games', body).then((c) => created(c, seat)).catch((e) => { state.notes[near || 'create'] = e.error || String(e); render(); });
}

/**
 * A game just created (`POST /api/games`'s answer): against one bot, the human's seat opens; for
 * two people, the seat this player chose (White unless told), offering the opponent's link; a
 * game with an arbiter (recorded, of bots), the arbiter's; the token kept. `seat`: the seat to
 * open whatever the players (a puzzle's or a lesson's: the arbiter's).
 */
export function created(c, seat) {
  const g = c.state;
  const human = humanAgainstBot(g);
  const people = g.mode === 'play' && g.white === 'human' && g.black === 'human';
  const mine = seat || (g.mode === 'play' && human ? human : c.arbiter ? 'arbiter' : 'white');
  keep(c.id, c[mine]);
  state.links = people && (mine === 'white' || mine === 'black') ?
    { id: c.id, side: OTHER[mine], link: c.links[OTHER[mine]] } : null;
  location.hash = c.links[mine].replace(/^\/#/, '');
  listGames();
}

/** The list of games, read again. */
export function listGames() {
  return api('GET', '/api/games').then((list) => { state.games = list; render(); }).catch(() => {});
}

/** The side this page plays, where it holds one seat. */
export function mySide() {
  return state.seat === 'white' || state.seat === 'black' ? state.seat : null;
}

/** Resigns for this page's seat (after the confirmation). */
export function resign() {
  const side = mySide();
  state.pending = null;
  if (side) { change('end', { end: 'resignation', winner: OTHER[side] }); }
}
