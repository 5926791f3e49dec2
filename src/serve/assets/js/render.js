// render(state): the whole page drawn from the one state, part by part (each view writes only what changed).
import { state } from './state.js';
import { renderBoard } from './board.js';
import { renderTurn } from './turn.js';
import { renderStatus } from './status.js';
import { renderClocks } from './clocks.js';
import { renderMoves } from './moves.js';
import { renderPools } from './pools.js';
import { renderEnd } from './end.js';
import { renderAnalysis } from './analysis.js';
import { renderOffers } from './offers.js';
import { renderPanels } from './panels.js';
import * as puzzles from './puzzles.js';
import * as course from './course.js';
import { renderAccount } from './account.js';
import { renderLobby } from './lobby.js';
import { renderPlayer } from './player.js';
import { renderLeaderboard } from './leaderboard.js';
import { shown } from './dom.js';

/** Draws state `s` (the page's state unless told). */
export function render(s = state) {
  // The mode of the game open: a puzzle attempt, a lesson, or a game played.
  s.mode = 'play';
  s.facing = null;
  puzzles.mode(s);
  course.mode(s);
  renderStatus(s);
  renderClocks(s);
  renderEnd(s);
  renderAnalysis(s);
  renderTurn(s);
  renderOffers(s);
  renderBoard(s);
  renderPools(s);
  renderMoves(s);
  renderPanels(s);
  puzzles.renderPuzzles(s);
  course.renderCourse(s);
  renderAccount(s);
  renderLobby(s);
  // A player's page or the leaderboard stands where the game is.
  shown('pages', s.view !== 'game');
  shown('table', s.view === 'game');
  // No game open: the lobby comes first where the columns stand one under the other.
  const home = s.view === 'game' && !s.id ? 'yes' : '';
  if (document.body.dataset.home !== home) { document.body.dataset.home = home; }
  renderPlayer(s);
  renderLeaderboard(s);
}

