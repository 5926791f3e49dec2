// The end of a game in the players' words: who won, by which victory and what happened; then a new game with the same settings, a rematch with the colours swapped, and the game's review.
import { $, text, shown } from './dom.js';
import { COLOUR, cited } from './words.js';
import { create, settingsOf, mySide } from './control.js';
import { state } from './state.js';

/** Who won, as the page's player reads it: "You won", "You lost", "White wins", "A draw"; "game aborted" without a result. */
export function endTitle(s) {
  const g = s.game, v = g.verdict;
  if (g.closed) { return g.closed === 'aborted' ? 'game aborted' : 'game closed'; }
  const winner = s.moves && s.moves.end ? s.moves.end.winner : v.winner;
  if (!winner) { return 'a draw'; }
  const side = mySide();
  if (side && s.mode === 'play' && g[side] === 'human') { return side === winner ? 'you won' : 'you lost'; }
  return COLOUR[winner] + ' wins';
}

/** What happened, from the verdict: the moves' sentence, the victory and its Article. */
function sentence(s) {
  const g = s.game, end = s.moves && s.moves.end;
  if (g.closed === 'aborted') { return 'The game was aborted before both sides had played: it has no result and no winner.'; }
  if (g.closed === 'abandoned') { return 'Nobody played in this game for a long while, so the server closed it: it has no result.'; }
  if (end) {
    const victory = (end.victory || '').replace(/^The /, 'the ');
    // The player's own pieces are "your" pieces: "Black moved your queen to f7".
    const side = mySide();
    const mine = side && s.mode === 'play' && g[side] === 'human';
    const said = mine ? end.sentence.split(COLOUR[side] + '\'s ').join('your ') : end.sentence;
    // A declared end (S3: a resignation, a flag fall) is said by its sentence alone.
    if (said && end.article === 'S3') { return said; }
    // A sentence that already names the victory ("checkmate") is not followed by it again.
    const told = said && said.toLowerCase().replace(/\.$/, '') === victory.toLowerCase();
    return (said && !told ? said.replace(/\.$/, '') + ' — ' : '') + victory + (end.article ? ' (' + end.article + ')' : '') + '.';
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
  text('end-title', title.charAt(0).toUpperCase() + title.slice(1) + (g.closed ? '' : ' (' + g.verdict.result + ')'));
  const words = sentence(s);
  if (words !== key) { key = words; cited($('end-sentence'), words); }
  // A watcher starts no game of the players' (a new game of his own is in the side column).
  const seated = s.seat !== 'watching';
  shown('again', seated && (g.mode === 'play' || g.mode === 'record'));
  // A rematch on the server: offered to the opponent (a bot takes it at once), once.
  const mine = mySide();
  const offered = !!g.offer && g.offer.proposal === 'rematch' && g.offer.by === mine;
  shown('rematch', !!mine && g.mode === 'play' && g[mine] === 'human' && !g.rematch && !offered);
  const review = /** @type {HTMLAnchorElement} */ ($('review-game'));
  const href = '/api/games/' + g.id + '/export/report';
  if (review.getAttribute('href') !== href) { review.setAttribute('href', href); }
}

export function bindEnd() {
  // Two people's new game: this player keeps the colour he had.
  $('again').addEventListener('click', () => { if (state.game) { create(settingsOf(state.game), undefined, mySide() || undefined); } });
}
