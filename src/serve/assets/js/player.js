// A player's page (`#player=NAME`): each game's rating ("?" while provisional) with the games counted, a chart of each rating over time, the player's games newest first with filters and pages, and all the games as one SDN file.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';

/** The rated games, as the API names them and as a player does. */
export const RATED = { sade: 'Sade', marseillais: 'Marseillais', standard: 'Standard' };
const PAGE = 20;
const SVG = 'http://www.w3.org/2000/svg';

/** A rating as a player reads it: rounded, "?" while provisional. */
export function ratingWords(r, provisional) { return Math.round(r) + (provisional ? '?' : ''); }

/** Opens the page of player `name`: the ratings, their histories and the games asked. */
export function showPlayer(name) {
  const p = state.profile;
  if (p.name !== name) {
    Object.assign(p, { name, player: null, missing: false, histories: {}, games: null, page: 0 });
  }
  render();
  api('GET', '/api/players/' + encodeURIComponent(name)).then((pl) => {
    if (p.name !== name) { return; }
    p.player = pl;
    for (const r of pl.ratings) {
      api('GET', '/api/players/' + encodeURIComponent(name) + '/ratings/' + r.game).then((h) => {
        if (p.name === name) { p.histories[r.game] = h; render(); }
      }).catch(() => {});
    }
    render();
  }).catch(() => { if (p.name === name) { p.missing = true; render(); } });
  api('GET', '/api/games?owner=' + encodeURIComponent(name) + '&limit=1000').then((list) => {
    if (p.name === name) { p.games = list; render(); }
  }).catch(() => { if (p.name === name) { p.games = []; render(); } });
}

function make(tag, attrs, words) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) { e.setAttribute(k, String(v)); }
  if (words !== undefined) { e.textContent = words; }
  return e;
}

/** A rating's history as a line over time, its first and last dates under it, its highest and lowest beside it. */
function chart(points) {
  const w = 320, h = 120, pad = 8, left = 38, bottom = 20;
  const all = [{ at: points[0].at, rating: 1500 }].concat(points);
  const ratings = all.map((p) => p.rating);
  const lo = Math.min(...ratings) - 15, hi = Math.max(...ratings) + 15;
  const t0 = all[0].at, t1 = all[all.length - 1].at;
  const x = (i) => left + (all.length < 2 ? 0 : i * (w - left - pad) / (all.length - 1));
  const y = (r) => h - bottom - (r - lo) * (h - bottom - pad) / (hi - lo);
  const svg = make('svg', { viewBox: '0 0 ' + w + ' ' + h, role: 'img',
    'aria-label': 'rating from 1500 to ' + Math.round(ratings[ratings.length - 1]) + ' over ' + points.length + ' games' });
  svg.append(make('polyline', { points: all.map((p, i) => x(i) + ',' + y(p.rating)).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }));
  all.forEach((p, i) => { if (i) { svg.append(make('circle', { cx: x(i), cy: y(p.rating), r: 2.5, fill: '#629924' })); } });
  for (const r of [hi - 15, lo + 15]) {
    svg.append(make('text', { x: left - 5, y: y(r) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#777' }, String(Math.round(r))));
  }
  const day = (t) => new Date(t).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  svg.append(make('text', { x: left, y: h - 4, 'font-size': 10, fill: '#777' }, day(t0)));
  if (t1 !== t0) { svg.append(make('text', { x: w - pad, y: h - 4, 'text-anchor': 'end', 'font-size': 10, fill: '#777' }, day(t1))); }
  return svg;
}

/** How a game of the list stands, in words: in progress, or its result and whether `name` won, lost or drew it. */
function standing(g, name) {
  if (g.status === 'unfinished') { return g.turns ? 'in progress' : 'not begun'; }
  const seat = (g.owners || []).findIndex((o) => !!o && o.toLowerCase() === name.toLowerCase());
  const won = { '1-0': 0, '0-1': 1 }[g.result];
  const said = seat < 0 || !g.result ? '' : g.result === '1/2-1/2' ? 'drawn' : won === undefined ? '' : won === seat ? 'won' : 'lost';
  return (said ? said + ' ' : '') + g.result;
}

/** The games the filters keep. */
function kept(p) {
  const f = p.filter;
  return (p.games || []).filter((g) => (!f.game || g.variant.toLowerCase().indexOf(f.game) === 0) &&
    (!f.status || (f.status === 'finished') === (g.status !== 'unfinished')));
}

let ratingsKey = '', gamesKey = '';
export function renderPlayer(s) {
  shown('player-page', s.view === 'player');
  if (s.view !== 'player') { return; }
  const p = s.profile, name = p.name || '';
  text('player-name', p.player ? p.player.name : name);
  const sdn = /** @type {HTMLAnchorElement} */ ($('player-sdn'));
  sdn.href = '/api/players/' + encodeURIComponent(name) + '/games.sdn';
  sdn.setAttribute('download', name + '.sdn');
  const key = JSON.stringify([name, p.player, p.missing, Object.keys(p.histories).map((k) => p.histories[k].length)]);
  if (key !== ratingsKey) {
    ratingsKey = key;
    const box = $('player-ratings');
    box.textContent = '';
    if (p.missing) { box.append(el('p', { textContent: 'No account of that name: its games, if any, are listed below.' })); }
    const ratings = p.player ? p.player.ratings : [];
    if (p.player && !ratings.length) { box.append(el('p', { textContent: name + ' has not played a rated game yet.' })); }
    for (const r of ratings) {
      const card = el('div', { className: 'rating-card', dataset: { game: r.game } },
        el('h3', {}, RATED[r.game] || r.game, ' ', el('b', { className: 'rating', textContent: ratingWords(r.rating, r.provisional) })),
        el('p', { className: 'rating-games', textContent: !r.games ? 'No rated game yet' :
          r.games + (r.games === 1 ? ' rated game' : ' rated games') + (r.provisional ? ' · provisional (?): a few more rated games settle it' : '') }));
      const h = p.histories[r.game];
      if (h && h.length) { card.append(chart(h)); }
      box.append(card);
    }
  }
  const gkey = JSON.stringify([name, p.games && p.games.length, p.filter, p.page]);
  if (gkey === gamesKey) { return; }
  gamesKey = gkey;
  const list = kept(p), pages = Math.max(1, Math.ceil(list.length / PAGE));
  if (p.page >= pages) { p.page = pages - 1; }
  const ul = $('player-games');
  ul.textContent = '';
  for (const g of list.slice(p.page * PAGE, (p.page + 1) * PAGE)) {
    const [w, b] = g.owners || [null, null];
    const names = (w || g.names[0] || 'White') + ' – ' + (b || g.names[1] || 'Black');
    const when = g.created ? new Date(g.created).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : '';
    ul.append(el('li', { dataset: { game: g.id } }, el('a', { href: '#game=' + g.id, textContent: names }),
      el('span', { className: 'game-facts', textContent: ' ' + g.variant + ' · ' + (g.rated ? 'rated' : 'casual') + ' · ' + standing(g, name) +
        (g.turns ? ' · ' + Math.ceil(g.turns / 2) + (Math.ceil(g.turns / 2) === 1 ? ' move' : ' moves') : '') + (when ? ' · ' + when : '') })));
  }
  if (!list.length) { ul.append(el('li', { className: 'none', textContent: p.games === null ? 'Reading the games…' : 'No game here.' })); }
  text('player-count', p.games === null ? '' : list.length + (list.length === 1 ? ' game' : ' games') +
    (pages > 1 ? ' · page ' + (p.page + 1) + ' of ' + pages : ''));
  shown('player-prev', p.page > 0);
  shown('player-next', p.page < pages - 1);
}

export function bindPlayer() {
  const filter = () => {
    state.profile.filter = { game: /** @type {HTMLSelectElement} */ ($('player-game')).value,
      status: /** @type {HTMLSelectElement} */ ($('player-status')).value };
    state.profile.page = 0;
    render();
  };
  $('player-game').addEventListener('change', filter);
  $('player-status').addEventListener('change', filter);
  $('player-prev').addEventListener('click', () => { state.profile.page--; render(); });
  $('player-next').addEventListener('click', () => { state.profile.page++; render(); });
}
