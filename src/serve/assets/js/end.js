// The end of a game in the players' words: who won, by which victory and what happened; then a new game with the same settings, a rematch with the colours swapped, and the game's review.
import { $, text, shown } from './dom.js';
import { humanAgainstBot } from './state.js';
import { COLOUR, cited } from './words.js';
import { create, settingsOf, mySide } from './control.js';
import { state } from './state.js';

/** Who won, as the page's player reads it: "You won", "You lost", "White wins", "A draw". */
export function endTitle(s) {
  const g = s.game, v = g.verdict;
  const winner = s.moves && s.moves.end ? s.moves.end.winner : v.winner;
  if (!winner) { return 'a draw'; }
  const side = mySide();
  if (side && s.mode === 'play' && g[side] === 'human') { return side === winner ? 'you won' : 'you lost'; }
  return COLOUR[winner] + ' wins';
}

/** What happened, from the verdict: the moves' sentence, the victory and its Article. */
function sentence(s) {
  const g = s.game, end = s.moves && s.moves.end;
  if (end) {
    const victory = (end.victory || '').replace(/^The /, 'the ');
    // The player's own pieces are "your" pieces: "Black moved your queen to f7".
    const side = mySide();
    const mine = side && s.mode === 'play' && g[side] === 'human';
    const said = mine ? end.sentence.split(COLOUR[side] + '\'s ').join('your ') : end.sentence;
    // A declared end (S3: a resignation, a flag fall) is said by its sentence alone.
    if (said && end.article === 'S3') { return said; }
    return (said ? said.replace(/\.$/, '') + ' — ' : '') + victory + (end.article ? ' (' + end.article + ')' : '') + '.';
  }
  const v = g.verdict;
  return (v.termination ? 'By ' + v.termination.replace(/-/g, ' ') : 'The game is over') + (v.article ? ' (' + v.article + ')' : '') + '.';
}

let key = '';
export function renderEnd(s) {
  const g = s.game;
  // Said once the last turn has been played back on the board.
  const on = !!g && g.phase === 'over' && s.mode === 'play' && !s.playback;
  shown('end-box', on);
  if (!on) { key = ''; return; }
  const title = endTitle(s);
  text('end-title', title.charAt(0).toUpperCase() + title.slice(1) + ' (' + g.verdict.result + ')');
  const words = sentence(s);
  if (words !== key) { key = words; cited($('end-sentence'), words); }
  // A watcher starts no game of the players' (a new game of his own is in the side column).
  const seated = s.seat !== 'watching';
  shown('again', seated && (g.mode === 'play' || g.mode === 'record'));
  shown('rematch', seated && g.mode === 'play' && !!humanAgainstBot(g));
  const review = /** @type {HTMLAnchorElement} */ ($('review-game'));
  const href = '/api/games/' + g.id + '/export/report';
  if (review.getAttribute('href') !== href) { review.setAttribute('href', href); }
}

export function bindEnd() {
  $('again').addEventListener('click', () => { if (state.game) { create(settingsOf(state.game)); } });
  $('rematch').addEventListener('click', () => {
    if (!state.game) { return; }
    const body = settingsOf(state.game);
    [body.white, body.black] = [body.black, body.white];
    create(body);
  });
}
