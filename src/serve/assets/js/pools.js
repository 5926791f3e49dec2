// The pools beside the board: each side's pieces off the board, as lichess shows material; a Sade FEN carries them in its pocket, the other games' are counted against the full set.
import { $ } from './dom.js';
import { placement, pocket } from './state.js';
import { orientation } from './board.js';
import { moment } from './moves.js';
import { COLOUR, ROLES } from './words.js';

const FULL = { Q: 1, R: 2, B: 2, N: 2, P: 8 };
const ORDER = ['Q', 'R', 'B', 'N', 'P'];

/** Both pools' letters (White's pieces uppercase) of a game without a pocket: the full set less the board's. */
export function missing(fen) {
  const board = placement(fen);
  let out = '';
  for (const side of ['white', 'black']) {
    const have = {};
    for (const c of board) {
      if (/[a-zA-Z]/.test(c) && (c === c.toUpperCase()) === (side === 'white')) { have[c.toUpperCase()] = (have[c.toUpperCase()] || 0) + 1; }
    }
    // A promoted piece stands for a pawn gone.
    let promoted = 0;
    for (const r of ['Q', 'R', 'B', 'N']) { promoted += Math.max(0, (have[r] || 0) - FULL[r]); }
    for (const r of ORDER) {
      const gone = r === 'P' ? FULL.P - (have.P || 0) - promoted : FULL[r] - (have[r] || 0);
      for (let i = 0; i < gone; i++) { out += side === 'white' ? r : r.toLowerCase(); }
    }
  }
  return out;
}

/** The pools of state `s` as the board shows it: a moment of the move list, or the game now. */
function pools(s) {
  if (s.cursor !== null && s.moves) { return moment(s.moves, s.cursor).pools || ''; }
  const p = pocket(s.game.fen);
  return p !== null ? p : missing(s.game.fen);
}

let key = '';
export function renderPools(s) {
  const g = s.game;
  const on = !!g && s.mode !== 'course';
  const letters = on ? pools(s) : '';
  const bottom = on ? orientation(s) : 'white';
  const k = on + letters + bottom + (g ? g.variant : '');
  if (k === key) { return; }
  key = k;
  for (const [id, side] of [['pool-bottom', bottom], ['pool-top', bottom === 'white' ? 'black' : 'white']]) {
    const box = $(id);
    box.textContent = '';
    box.hidden = !on;
    if (!on) { continue; }
    const mine = [...letters].filter((c) => (c === c.toUpperCase()) === (side === 'white')).map((c) => c.toUpperCase())
      .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    const words = g.variant === 'Sade' ? COLOUR[side] + '\'s pool' : COLOUR[side] + ' lost';
    box.dataset.side = side;
    box.dataset.pool = mine.join('');
    box.title = mine.length ? words + ': ' + mine.map((r) => ROLES[r]).join(', ') : words + ': empty';
    const label = document.createElement('span');
    label.className = 'pool-name';
    label.textContent = words + (mine.length ? '' : ': none');
    // The board's own pieces (chessground's cburnett set, drawn under `.cg-wrap`).
    const pieces = document.createElement('span');
    pieces.className = 'pieces cg-wrap';
    mine.forEach((r, i) => {
      const piece = document.createElement('piece');
      // Pieces of one kind overlap; a new kind stands apart, as lichess groups material.
      piece.className = ROLES[r] + ' ' + side + (i > 0 && mine[i - 1] !== r ? ' apart' : '');
      pieces.append(piece);
    });
    box.append(label, ' ', pieces);
  }
}
