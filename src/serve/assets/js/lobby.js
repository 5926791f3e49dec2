// The lobby: the open seeks (challenges to you first) with Play on others' and Cancel on one's own, the form making a seek or a challenge (to a player by name, or by a link), kept live by the lobby's event stream; one's own seek accepted, or another's accepted here, opens the game.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { ensurePlayer } from './account.js';
import { COLOUR } from './words.js';
import { ratingWords } from './player.js';

const POLL_MS = 3000, MINE_MS = 2000;

/** A clock as a player reads it: `5 min + 3 s`, `a day a move`, `no clock`. */
export function clockWords(tc) {
  if (!tc) { return 'no clock'; }
  if (tc.days !== undefined) { return tc.days === 1 ? 'a day a move' : tc.days + ' days a move'; }
  const start = tc.initial % 60 === 0 ? tc.initial / 60 + ' min' : tc.initial + ' s';
  return start + ' + ' + tc.increment + ' s';
}

/** Whether `name` is this browser's player. */
function isMe(name) { return !!state.me && !!name && state.me.name.toLowerCase() === name.toLowerCase(); }

/** The colours of a seek, as the one reading it plays them. */
function colourWords(k) {
  if (k.colour === 'random') { return 'colours at random'; }
  if (isMe(k.by)) { return 'you play ' + COLOUR[k.colour]; }
  return 'you play ' + COLOUR[k.colour === 'white' ? 'black' : 'white'];
}

/** The seeks as shown: the one a link named, the challenges to this player, the rest (one's own among them). */
function ordered(s) {
  const to = (k) => k.audience.kind === 'player' && isMe(k.audience.name);
  const list = s.lobby.seeks.slice().sort((a, b) => (to(b) ? 1 : 0) - (to(a) ? 1 : 0));
  const linked = s.lobby.linked;
  return linked && !list.some((k) => k.id === linked.id) ? [linked].concat(list) : list;
}

// The seekers' ratings, asked once per name (null while asked, false for no account).
const players = {};
/** The seeker's rating in the seek's game (`1662?`), or '' (a guest, no account, not read yet). */
function ratingOf(k) {
  if (k.guest) { return ''; }
  const key = k.by.toLowerCase();
  if (players[key] === undefined) {
    players[key] = null;
    api('GET', '/api/players/' + encodeURIComponent(k.by)).then((p) => { players[key] = p; })
      .catch(() => { players[key] = false; }).then(() => { seeksKey = ''; render(); });
  }
  const game = k.variant.split(' ')[0].toLowerCase();
  const r = players[key] && players[key].ratings.find((x) => x.game === game);
  return r ? ratingWords(r.rating, r.provisional) : '';
}

/** One seek's line: who, the game, the clock, rated or casual, the colours; Play or Cancel. */
function seekLine(k, busy) {
  const mine = isMe(k.by);
  const rating = ratingOf(k);
  const who = (mine ? 'You' : k.by + (k.guest ? ' (guest)' : '')) + (rating ? ' (' + rating + ')' : '');
  const aud = k.audience.kind === 'player' ? (mine ? 'your challenge to ' + k.audience.name : 'challenges you') :
    k.audience.kind === 'link' ? (mine ? 'your challenge by link' : 'a challenge by link') : '';
  const li = el('li', { className: 'seek' + (mine ? ' mine' : '') + (aud && !mine ? ' to-me' : ''), dataset: { seek: k.id } },
    el('span', { className: 'seek-who' }, who, aud ? el('small', { textContent: ' ' + aud }) : ''),
    el('span', { className: 'seek-game', textContent: k.variant + ' · ' + clockWords(k.time_control) + ' · ' +
      (k.rated ? 'rated' : 'casual') + ' · ' + colourWords(k) + (k.public ? '' : ' · private') }));
  if (k.game) {
    li.append(el('a', { href: '#game=' + k.game, textContent: 'Taken: see the game' }));
  } else if (mine) {
    li.append(el('button', { className: 'cancel', textContent: 'Cancel', disabled: busy, onclick: () => withdraw(k.id) }));
  } else {
    li.append(el('button', { className: 'play primary', textContent: 'Play', disabled: busy, onclick: () => accept(k.id) }));
  }
  return li;
}

let seeksKey = '', busy = false;
export function renderLobby(s) {
  const key = JSON.stringify([s.lobby.seeks, s.lobby.linked, s.me, busy]);
  if (key !== seeksKey) {
    seeksKey = key;
    const ul = $('seeks');
    ul.textContent = '';
    for (const k of ordered(s)) { ul.append(seekLine(k, busy)); }
    if (!ul.childNodes.length) { ul.append(el('li', { className: 'none', textContent: 'No one is seeking a game now: make a seek below.' })); }
  }
  text('seek-refusal', s.lobby.note);
  const made = s.lobby.made;
  const link = made && made.audience.kind === 'link' && !made.game ? new URL('/#seek=' + made.id, location.href).href : '';
  shown('seek-link-box', !!link);
  if (link && $('seek-link').textContent !== link) {
    /** @type {HTMLAnchorElement} */ ($('seek-link')).href = link;
    $('seek-link').textContent = link;
  }
  const to = /** @type {HTMLSelectElement} */ ($('seek-to')).value;
  shown('seek-name-box', to === 'player');
  text('seek-make', to === 'player' ? 'Challenge' : to === 'link' ? 'Make the link' : 'Seek a game');
  text('seek-who', s.me ? '' : 'You will play as a guest (casual games only); log in or sign up to play rated games.');
}

/** Reads the lobby again; one's own seeks followed, the seek a link named read too. */
export function loadLobby() {
  return api('GET', '/api/lobby').then((l) => {
    state.lobby.seeks = l.seeks;
    // A rating changes when a game ends: each read again with the lobby's change.
    for (const name of Object.keys(players)) { if (players[name] !== null) { delete players[name]; } }
    for (const k of l.seeks) { if (isMe(k.by)) { waiting.add(k.id); } }
    followMine();
    render();
  }).catch(() => {});
}

// One's own seeks: each asked after each change of the lobby (and every 2 s) until it is taken, withdrawn or lapsed.
const waiting = new Set();
let mineTimer = 0;
function followMine() {
  clearTimeout(mineTimer);
  for (const id of Array.from(waiting)) {
    api('GET', '/api/seeks/' + id).then((k) => {
      if (k.game && waiting.delete(id)) { location.hash = 'game=' + k.game; }
    }).catch((e) => { if (e.status === 404) { waiting.delete(id); } });
  }
  if (waiting.size) { mineTimer = setTimeout(followMine, MINE_MS); }
}

/** The seek a link (`#seek=ID`) names, shown first with its Play button. */
export function showSeek(id) {
  /** @type {any} */ ($('lobby-box')).open = true;
  api('GET', '/api/seeks/' + encodeURIComponent(id)).then((k) => {
    state.lobby.linked = k;
    if (isMe(k.by) && !k.game) { waiting.add(k.id); followMine(); }
    render();
  }).catch(() => { state.lobby.note = 'That challenge is no longer open: it was taken, withdrawn or it lapsed.'; render(); });
}

function refused(e) {
  const words = e.status === 403 && e.field === 'rated' ? 'Only players signed in to an account play rated games: sign up or log in, or make it casual.' :
    (e.error || String(e));
  state.lobby.note = words.charAt(0).toUpperCase() + words.slice(1);
  busy = false;
  render();
}

/** Plays seek `id`: its game opens at once, this browser's session holding the seat. */
async function accept(id) {
  state.lobby.note = ''; busy = true; render();
  try {
    await ensurePlayer();
    const a = await api('POST', '/api/seeks/' + id + '/accept', {});
    busy = false;
    state.lobby.linked = null;
    location.hash = a.link.replace(/^\/?#/, '');
  } catch (e) { refused(e); loadLobby(); }
}

function withdraw(id) {
  state.lobby.note = ''; busy = true; render();
  api('DELETE', '/api/seeks/' + id).then(() => {
    busy = false; waiting.delete(id);
    if (state.lobby.made && state.lobby.made.id === id) { state.lobby.made = null; }
    if (state.lobby.linked && state.lobby.linked.id === id) { state.lobby.linked = null; }
    return loadLobby();
  }).catch(refused);
}

/** The form's seek. */
function asked() {
  const v = (id) => /** @type {HTMLInputElement} */ ($(id)).value;
  const body = { variant: v('seek-variant'), rated: v('seek-rated') === 'rated', colour: v('seek-colour'),
    public: /** @type {HTMLInputElement} */ ($('seek-public')).checked };
  const control = /^(\d+)\+(\d+)$/.exec(v('seek-clock')), days = /^d(\d+)$/.exec(v('seek-clock'));
  if (control) { body.time_control = { initial: +control[1], increment: +control[2] }; }
  if (days) { body.time_control = { days: +days[1] }; }
  if (v('seek-to') === 'player') { body.to = v('seek-name').trim(); }
  if (v('seek-to') === 'link') { body.link = true; }
  return body;
}

async function make() {
  const body = asked();
  state.lobby.note = '';
  if (body.to === '') { state.lobby.note = 'Type the name of the player you challenge.'; render(); return; }
  busy = true; render();
  try {
    await ensurePlayer();
    const k = await api('POST', '/api/seeks', body);
    busy = false;
    state.lobby.made = k;
    waiting.add(k.id);
    await loadLobby();
  } catch (e) { refused(e); }
}

let stream = null, pollTimer = 0;
/** The lobby's event stream (every change: the lobby read again); polled every few seconds while it is not open. */
function listenLobby() {
  if (stream) { stream.close(); }
  if (typeof EventSource !== 'undefined') {
    stream = new EventSource('/api/lobby/events');
    stream.addEventListener('lobby', () => loadLobby());
    stream.addEventListener('open', () => { state.lobby.live = true; });
    stream.addEventListener('error', () => { state.lobby.live = !!stream && stream.readyState === 1; });
  }
  const poll = () => {
    if (!state.lobby.live && !document.hidden) { loadLobby(); }
    pollTimer = setTimeout(poll, POLL_MS);
  };
  clearTimeout(pollTimer);
  pollTimer = setTimeout(poll, POLL_MS);
}

export function bindLobby() {
  $('seek-make').addEventListener('click', make);
  $('seek-to').addEventListener('change', () => render());
  $('seek-copy').addEventListener('click', () => {
    const link = $('seek-link').textContent;
    if (navigator.clipboard) { navigator.clipboard.writeText(link).then(() => { $('seek-copy').textContent = 'Copied'; }); }
  });
  // Who the page is decides what the lobby shows it: read again when that changes.
  document.addEventListener('sade-ref-session', () => loadLobby());
  listenLobby();
  loadLobby();
}
