// The page's entry: the board mounted, each part's controls bound to their handlers, and the game the address names opened.
import { $ } from './dom.js';
import { mount } from './board.js';
import { bindTurn } from './turn.js';
import { bindMoves } from './moves.js';
import { bindEnd } from './end.js';
import { bindAnalysis } from './analysis.js';
import { bindOffers } from './offers.js';
import { bindPanels } from './panels.js';
import { bindPuzzles } from './puzzles.js';
import { bindCourse } from './course.js';
import { openGame } from './control.js';
import { render } from './render.js';
import { state } from './state.js';
import { bindAccount } from './account.js';
import { bindLobby, showSeek } from './lobby.js';
import { bindPlayer, showPlayer } from './player.js';
import { showLeaderboard } from './leaderboard.js';

/** The address's `#game=ID&token=T`. */
function hashParams() {
  const out = {};
  for (const kv of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = kv.split('=');
    if (k) { out[k] = decodeURIComponent(v || ''); }
  }
  return out;
}

/**
 * Opens what the address names: a player's page, the leaderboard, a seek by its link, or a game
 * (the page's first game folds the New game form and the lobby away; no game opens the lobby).
 */
function start() {
  const p = hashParams();
  state.view = p.player ? 'player' : p.leaderboard ? 'leaderboard' : 'game';
  if (p.player) { showPlayer(p.player); }
  if (p.leaderboard !== undefined) { showLeaderboard(p.leaderboard); }
  if (p.seek) { showSeek(p.seek); }
  if (p.game && p.game !== state.id) {
    /** @type {any} */ ($('new-game')).open = false;
    /** @type {any} */ ($('lobby-box')).open = false;
  }
  if (!p.game) { /** @type {any} */ ($('lobby-box')).open = true; }
  openGame(p.game || null, p.token || '');
}

function init() {
  mount();
  bindTurn();
  bindMoves();
  bindEnd();
  bindAnalysis();
  bindOffers();
  bindPanels();
  bindPuzzles();
  bindCourse();
  bindAccount();
  bindLobby();
  bindPlayer();
  window.addEventListener('hashchange', start);
  render();
  start();
}

if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', init); } else { init(); }
