// The leaderboard (`#leaderboard=sade` …): one tab per rated game, each player's rank, name (a link to the player's page), rating and games.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { RATED, ratingWords } from './player.js';

/** Opens the leaderboard of `game` (`sade`, `marseillais`, `standard`). */
export function showLeaderboard(game) {
  const b = state.leaderboard;
  if (!RATED[game]) { game = 'sade'; }
  if (b.game !== game) { b.rows = null; }
  b.game = game; b.note = '';
  render();
  api('GET', '/api/leaderboard/' + game + '?limit=50').then((rows) => {
    if (b.game === game) { b.rows = rows; render(); }
  }).catch((e) => { if (b.game === game) { b.rows = []; b.note = e.error || String(e); render(); } });
}

let boardKey = '';
export function renderLeaderboard(s) {
  shown('leaderboard-page', s.view === 'leaderboard');
  if (s.view !== 'leaderboard') { return; }
  const b = s.leaderboard;
  for (const a of $('leaderboard-tabs').querySelectorAll('a')) {
    a.setAttribute('aria-selected', String(a.dataset.game === b.game));
  }
  text('leaderboard-note', b.note);
  const key = JSON.stringify([b.game, b.rows]);
  if (key === boardKey) { return; }
  boardKey = key;
  const body = $('leaderboard-rows');
  body.textContent = '';
  (b.rows || []).forEach((r, i) => {
    body.append(el('tr', {}, el('td', { className: 'rank', textContent: String(i + 1) }),
      el('td', {}, el('a', { href: '#player=' + encodeURIComponent(r.name), textContent: r.name })),
      el('td', { className: 'num', textContent: ratingWords(r.rating, false) }),
      el('td', { className: 'num', textContent: String(r.games) })));
  });
  text('leaderboard-empty', b.rows === null ? 'Reading…' : b.rows.length ? '' :
    'No settled rating in ' + RATED[b.game] + ' yet. A new rating is provisional (marked ?) and stays off the leaderboard until a few rated games settle it: play rated games from the lobby.');
}
