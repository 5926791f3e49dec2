// The page's entry: the board mounted, each part's controls bound to their handlers, and the game the address names opened.
import { $ } from './dom.js';
import { mount } from './board.js';
import { bindTurn } from './turn.js';
import { bindMoves } from './moves.js';
import { bindEnd } from './end.js';
import { bindOffers } from './offers.js';
import { bindPanels } from './panels.js';
import { bindPuzzles } from './puzzles.js';
import { bindCourse } from './course.js';
import { openGame } from './control.js';
import { render } from './render.js';
import { state } from './state.js';

/** The address's `#game=ID&token=T`. */
function hashParams() {
  const out = {};
  for (const kv of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = kv.split('=');
    if (k) { out[k] = decodeURIComponent(v || ''); }
  }
  return out;
}

/** Opens the game the address names (the page's first game folds the New game form away). */
function start() {
  const p = hashParams();
  if (p.game && p.game !== state.id) { /** @type {any} */ ($('new-game')).open = false; }
  openGame(p.game || null, p.token || '');
}

function init() {
  mount();
  bindTurn();
  bindMoves();
  bindEnd();
  bindOffers();
  bindPanels();
  bindPuzzles();
  bindCourse();
  window.addEventListener('hashchange', start);
  render();
  start();
}

if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', init); } else { init(); }
