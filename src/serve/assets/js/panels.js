// The panels beside the game: a new game, the list of games, a file to review or continue, and the arbiter's tools (a declared end, the tags).
import { $, el, text, shown, option } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { change, create, created, listGames, receive } from './control.js';
import { sideName } from './words.js';

const GAMES_MS = 10000;

/** The New game form's settings. */
function settings() {
  const v = (id) => /** @type {HTMLInputElement} */ ($(id)).value;
  const body = { variant: v('variant'), mode: v('mode'), white: v('white'), black: v('black') };
  if (body.mode === 'record') { body.die = v('die-source'); }
  if (v('fen').trim()) { body.fen = v('fen').trim(); }
  const control = /^(\d+)\+(\d+)$/.exec(v('time-control')), days = /^d(\d+)$/.exec(v('time-control'));
  if (control) { body.time_control = { initial: +control[1], increment: +control[2] }; }
  if (days) { body.time_control = { days: +days[1] }; }
  return body;
}

let levelsKey = null, gamesKey = null, gameOpen = null, tagsKey = '';
export function renderPanels(s) {
  if (levelsKey !== s.levels && s.levels) {
    levelsKey = s.levels;
    for (const v of s.levels.variants) { option($('variant'), v); }
    for (const p of s.levels.players) {
      option($('white'), p, p === 'human' ? 'a person' : p + ' bot');
      option($('black'), p, p === 'human' ? 'a person' : p + ' bot');
    }
  }
  // The die's source is a choice of record mode only; the colour, of a game between two people.
  const form = settings();
  shown('die-box', form.mode === 'record');
  shown('my-seat-box', form.mode === 'play' && form.white === 'human' && form.black === 'human');
  text('create-refusal', s.notes.create);
  text('file-refusal', s.notes.file);
  text('tools-refusal', s.notes.tools);
  if (gamesKey !== s.games || (s.game && gameOpen !== s.game.id)) { gamesKey = s.games; gameOpen = s.game && s.game.id; games(s); }
  const g = s.game;
  const tools = !!g && s.seat === 'arbiter' && s.mode === 'play';
  shown('arbiter-tools', tools);
  if (!g) { return; }
  const going = g.phase !== 'over' && !s.closed[g.id];
  for (const id of ['end', 'winner', 'declare']) { shown(id, going); }
  // De Sade chess has no draw (Art. 17, R12): its declared ends name a winner.
  const sade = g.variant === 'Sade';
  const draw = /** @type {HTMLOptionElement} */ ($('winner').querySelector('option[value=""]'));
  draw.hidden = draw.disabled = sade;
  if (sade && /** @type {HTMLSelectElement} */ ($('winner')).value === '') { /** @type {HTMLSelectElement} */ ($('winner')).value = 'white'; }
  const key = g.id + JSON.stringify(g.record.tags);
  if (key !== tagsKey) {
    tagsKey = key;
    const tags = $('tags');
    tags.textContent = '';
    for (const name of ['Event', 'Site', 'Date', 'Round', 'White', 'Black']) {
      const t = (g.record.tags || []).find((x) => x.name === name);
      tags.append(el('label', { textContent: name + ' ' }, el('input', { value: t ? t.value : '', dataset: { tag: name } })));
    }
  }
}

/** How far a game went, as players count it: the number of the last move (each side's turns counted once, 19 for 19. …). */
function played(turns) {
  const moves = Math.ceil(turns / 2);
  return moves ? ' · ' + moves + (moves === 1 ? ' move' : ' moves') : '';
}

/** The games the server holds, newest first: each with its players' names, where it stands, what it is. */
function games(s) {
  const ul = $('games');
  ul.textContent = '';
  for (const g of s.games) {
    const names = sideName(g.names[0], g.white, 'white') + ' – ' + sideName(g.names[1], g.black, 'black');
    const li = el('li', { className: g.id === s.id ? 'current' : '' },
      el('a', { href: '/#game=' + g.id, textContent: g.variant + ': ' + names }),
      ' · ' + (g.status === 'unfinished' ? (g.turns ? 'in progress' : 'not begun') : g.result) + played(g.turns));
    if (g.kind !== 'game') { li.append(' ', el('span', { className: 'kind', textContent: g.kind })); }
    ul.append(li);
  }
  if (!s.games.length) { ul.textContent = 'No game yet.'; }
}

export function bindPanels() {
  $('create').addEventListener('click', () => {
    const body = settings();
    const people = body.mode === 'play' && body.white === 'human' && body.black === 'human';
    create(body, undefined, people ? /** @type {HTMLSelectElement} */ ($('my-seat')).value : undefined);
  });
  for (const id of ['mode', 'white', 'black']) { $(id).addEventListener('change', () => render()); }
  $('games-box').addEventListener('toggle', () => { if (/** @type {any} */ ($('games-box')).open) { listGames(); } });
  setInterval(() => { if (/** @type {any} */ ($('games-box')).open && !document.hidden) { listGames(); } }, GAMES_MS);
  $('declare').addEventListener('click', () => {
    const body = { end: /** @type {HTMLSelectElement} */ ($('end')).value };
    const winner = /** @type {HTMLSelectElement} */ ($('winner')).value;
    if (winner) { body.winner = winner; }
    change('end', body, 'tools');
  });
  $('save-tags').addEventListener('click', () => {
    const tags = {};
    for (const i of $('tags').querySelectorAll('input')) { tags[i.dataset.tag] = i.value; }
    state.notes.tools = '';
    api('PUT', '/api/games/' + state.id + '/tags', { token: state.token, tags })
      .then((g) => receive(g))
      .catch((e) => { state.notes.tools = e.error || String(e); render(); });
  });
  let file = null;
  $('upload').addEventListener('change', (e) => {
    file = /** @type {HTMLInputElement} */ (e.target).files[0];
    if (!file) { return; }
    file.text().then((body) => fetch('/api/review', { method: 'POST', body })
      .then((r) => r.json().then((j) => { if (!r.ok) { throw j; } return j; }))
      .then((u) => {
        // The review opens full width, in a page of its own.
        window.open(u.url, '_blank');
        $('library').append(el('li', {}, el('a', { href: u.url, target: '_blank', textContent: file.name + ' (review)' })));
      })).catch((err) => { state.notes.file = err.error || String(err); render(); });
  });
  $('continue').addEventListener('click', () => {
    state.notes.file = '';
    if (!file) { state.notes.file = 'open a file first'; render(); return; }
    file.text().then((record) => {
      const body = Object.assign(settings(), { record });
      delete body.fen; delete body.variant; delete body.time_control;
      return api('POST', '/api/games', body).then((c) => created(c));
    }).catch((err) => { state.notes.file = err.error || String(err); render(); });
  });
  api('GET', '/api/levels').then((l) => { state.levels = l; render(); });
  api('GET', '/api/library').then((files) => {
    for (const f of files) {
      $('library').append(el('li', {}, el('a', { href: '/review/library/' + encodeURIComponent(f), target: '_blank', textContent: f })));
    }
  });
  listGames();
}

