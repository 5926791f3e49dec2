// What a player asks of the opponent beside the turns: a draw, a take-back, a rematch (offered, then accepted or declined), an abort before both sides have played, and the win claimed when the opponent has left; and the rematch followed once it is agreed.
import { $, el, shown } from './dom.js';
import { state } from './state.js';
import { render } from './render.js';
import { change, mySide } from './control.js';
import { COLOUR, OTHER } from './words.js';

/** What an offer asks, in the words "Black offers …" / "You offered …" go on with. */
const ASKS = { draw: 'a draw', takeback: 'to take back the last move', rematch: 'a rematch' };

/** Whether both seats of `g` are people's, in a game played on the server. */
function people(g) { return g.mode === 'play' && g.white === 'human' && g.black === 'human'; }

/** Whether `side` has played an action in `g`. */
export function playedBy(g, side) {
  return (g.record ? g.record.turns : []).some((t) => t.number && t.number.side === side &&
    (t.items || []).some((i) => i.type === 'action'));
}

// Games this page showed before their rematch was agreed: the page follows those to the rematch.
const awaiting = new Set();
let claimTimer = 0;

export function renderOffers(s) {
  const g = s.game, side = mySide();
  const seated = !!g && !!side && s.mode === 'play' && g.mode === 'play' && g[side] === 'human';
  const going = seated && g.phase !== 'over' && !s.closed[g.id];
  const two = going && people(g);
  const offer = g && g.offer;
  // An offer standing is answered in the offer's box, not offered again.
  const standing = (p) => !!offer && offer.proposal === p;
  shown('offer-draw', two && g.variant !== 'Sade' && !standing('draw'));
  shown('offer-takeback', two && playedBy(g, side) && !standing('takeback'));
  shown('abort', seated && g.abortable);
  const claimAt = two && g.claimable_at && g.side && g.side !== side ? g.claimable_at : 0;
  const claimable = !!claimAt && Date.now() >= claimAt;
  shown('claim', claimable);
  clearTimeout(claimTimer);
  if (claimAt && !claimable) { claimTimer = setTimeout(() => render(), claimAt - Date.now() + 50); }
  for (const id of ['offer-draw', 'offer-takeback', 'abort', 'claim']) { /** @type {any} */ ($(id)).disabled = s.busy; }
  offerBox(s, side, seated, claimable);
  follow(s, seated);
}

let boxKey = '';
/** The offer standing, with its answer's buttons for the player it is made to; the claim's reason; a watcher's way to the rematch. */
function offerBox(s, side, seated, claimable) {
  const g = s.game, offer = g && g.offer;
  const key = !g ? '' : JSON.stringify([g.id, offer, g.rematch, seated, side, claimable, s.busy]);
  if (key === boxKey) { return; }
  boxKey = key;
  const box = $('offer-box');
  box.textContent = '';
  if (!g) { shown('offer-box', false); return; }
  if (offer && seated && offer.by === side) {
    const asked = offer.proposal === 'takeback' ? 'asked to take back your last move' : 'offered ' + ASKS[offer.proposal];
    box.append('You ' + asked + ': waiting for ' + COLOUR[OTHER[side]] + '\'s answer.');
  } else if (offer && seated) {
    box.append(COLOUR[offer.by] + (offer.proposal === 'takeback' ? ' asks ' : ' offers ') + ASKS[offer.proposal] + '. ',
      el('button', { id: 'accept-offer', className: 'primary', textContent: 'Accept', disabled: s.busy, onclick: () => change('answer', { accept: true }) }), ' ',
      el('button', { id: 'decline-offer', textContent: 'Decline', disabled: s.busy, onclick: () => change('answer', { accept: false }) }));
  } else if (offer) {
    box.append(COLOUR[offer.by] + (offer.proposal === 'takeback' ? ' asks ' : ' offers ') + ASKS[offer.proposal] + '.');
  } else if (g.rematch && !seated) {
    box.append('The players went on to a rematch: ', el('a', { href: '#game=' + g.rematch, textContent: 'watch it' }), '.');
  } else if (claimable) {
    box.append(COLOUR[g.side] + ' has not played for a long while and may have left: you may claim the win, or wait.');
  }
  shown('offer-box', box.childNodes.length > 0);
}

/** A rematch agreed while this page showed the game: the player goes on to it, with the same token (it holds the other colour there). */
function follow(s, seated) {
  const g = s.game;
  if (!g) { return; }
  if (!g.rematch) { awaiting.add(g.id); return; }
  if (seated && awaiting.has(g.id)) {
    awaiting.delete(g.id);
    location.hash = 'game=' + g.rematch + (s.token ? '&token=' + encodeURIComponent(s.token) : '');
  }
}

/** The player's controls wired to their requests. */
export function bindOffers() {
  $('offer-draw').addEventListener('click', () => change('offer', { offer: 'draw' }));
  $('offer-takeback').addEventListener('click', () => change('offer', { offer: 'takeback' }));
  $('abort').addEventListener('click', () => change('abort', {}));
  $('claim').addEventListener('click', () => change('claim', {}));
  $('rematch').addEventListener('click', () => { if (state.game) { change('offer', { offer: 'rematch' }); } });
}
