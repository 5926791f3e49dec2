// The puzzle player's rating over the attempts, as an SVG line with a dot for each attempt (green solved, red not), and the list of the attempts with their themes.
import { $ } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

function make(tag, attrs, words) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) { e.setAttribute(k, String(v)); }
  if (words !== undefined) { e.textContent = words; }
  return e;
}

/** Draws `all` attempts (those of `game` when one is chosen, at its own rating). */
export function chart(all, game, themeTitle) {
  const history = all.filter((a) => !game || a.puzzle.indexOf(game + '-') === 0)
    .map((a) => Object.assign({}, a, { rating: game && a.game_rating !== undefined ? a.game_rating : a.rating }));
  const fig = $('puzzle-history');
  fig.querySelector('figcaption').textContent = 'Your rating' + (game ? ' in ' + (game === 'sade' ? 'Sade' : 'Marseillais') : '') +
    ', attempt by attempt (green: solved)';
  const old = fig.querySelector('svg');
  if (old) { old.remove(); }
  fig.hidden = history.length < 1;
  if (!history.length) { $('puzzle-recent').textContent = ''; return; }
  // The rating's labels stand in a margin of their own, left of the line; the attempts' numbers under it.
  const w = 300, h = 114, pad = 8, left = 36, bottom = 22;
  const ratings = history.map((a) => a.rating);
  const lo = Math.min(...ratings) - 20, hi = Math.max(...ratings) + 20;
  const x = (i) => left + (history.length < 2 ? (w - left - pad) / 2 : i * (w - left - pad) / (history.length - 1));
  const y = (r) => h - bottom - (r - lo) * (h - bottom - pad) / (hi - lo);
  const svg = make('svg', { viewBox: '0 0 ' + w + ' ' + h, role: 'img', 'aria-label': 'rating from ' + ratings[0] + ' to ' + ratings[ratings.length - 1] });
  svg.append(make('polyline', { points: history.map((a, i) => x(i) + ',' + y(a.rating)).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }));
  history.forEach((a, i) => {
    const dot = make('circle', { cx: x(i), cy: y(a.rating), r: 3, fill: a.solved ? '#2e7d32' : '#c62828', class: a.solved ? 'solved' : 'failed' });
    dot.append(make('title', {}, themeTitle(a.theme) + ': ' + (a.solved ? 'solved' : 'not solved') + (a.again ? ' (met before, not rated)' : '') + ', rating ' + a.rating));
    svg.append(dot);
  });
  for (const r of [hi - 20, lo + 20]) {
    svg.append(make('text', { x: left - 6, y: y(r) + 4, 'text-anchor': 'end', 'font-size': 10, fill: '#777' }, String(Math.round(r))));
  }
  svg.append(make('line', { x1: left, x2: w - pad, y1: h - bottom + 4, y2: h - bottom + 4, stroke: '#bbb', 'stroke-width': 1 }));
  for (const i of history.length < 2 ? [0] : [0, history.length - 1]) {
    svg.append(make('text', { x: x(i), y: h - 4, 'text-anchor': history.length < 2 ? 'middle' : (i === 0 ? 'start' : 'end'), 'font-size': 10, fill: '#777' },
      i === 0 ? 'attempt 1' : String(i + 1)));
  }
  fig.insertBefore(svg, fig.firstChild);
  // Every attempt the server carries, newest first, each numbered as the attempt it was; the list scrolls.
  const ol = $('puzzle-recent');
  ol.textContent = '';
  history.map((a, i) => Object.assign(a, { number: i + 1 })).reverse().forEach((a) => {
    const li = document.createElement('li');
    li.value = a.number;
    li.textContent = themeTitle(a.theme) + ' · ' + (a.solved ? 'solved' : 'not solved') + (a.again ? ' · met before, not rated' : '') + ' · ' + a.rating + ' · ' + a.puzzle;
    ol.append(li);
  });
}
