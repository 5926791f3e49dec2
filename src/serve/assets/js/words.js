// What the page says, in a player's words: the pieces, the faces, an action, the status line, and the Articles cited, each explained on hover or tap.
import { $, el } from './dom.js';

export const COLOUR = { white: 'White', black: 'Black' };
export const ROLES = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
export const OTHER = { white: 'black', black: 'white' };

/** What each face of the die asks (Art. 1–8). */
export const FACE_WORDS = {
  1: 'move one piece',
  2: 'move two different pieces',
  3: 'move three different pieces',
  4: 'take one of your own pieces off the board (not the king), then make a regular move',
  5: 'bring back the opponent\'s highest captured piece (not a pawn) on an empty square',
  6: 'move every piece next to your king away from it, one at a time; only when none can, make one regular move instead'
};

/** How many actions a face asks: a number, or `up to N` words for face 6. */
export function faceCount(face) {
  return { 1: 1, 2: 2, 3: 3, 4: 2, 5: 1 }[face] || null;
}

/** `n thing(s)`. */
/** The word for a click where the screen is touched: "tap" on a phone, "click" elsewhere. */
export function click(capital) {
  const word = matchMedia('(pointer: coarse)').matches ? 'tap' : 'click';
  return capital ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}
export function count(n, thing) { return n + ' ' + thing + (n === 1 ? '' : 's'); }

/** An action as the board drew it, in words: "White's knight g1–f3". */
export function describe(a) {
  if (!a.piece) { return 'nothing to do (--)'; }
  const piece = COLOUR[a.color] + '\'s ' + ROLES[a.piece];
  if (a.from && a.to) { return piece + ' ' + a.from + '–' + a.to + (a.promotion ? ', now a ' + ROLES[a.promotion] : ''); }
  if (a.from) { return piece + ' on ' + a.from + ' taken off'; }
  if (a.to) { return piece + ' back on ' + a.to; }
  return 'nothing to do (--)';
}

/** A refusal's words without its Article (said apart, explained). */
export function message(e) {
  const text = e && e.error ? e.error : String(e);
  // The referee writes in an arbiter's notation: moves as squares (`b8c6`), actions between
  // backticks, examples of the syntax in brackets (`-Nc3`). A player reads a move as b8–c6,
  // and no backticks or examples.
  return text.replace(/\s*\(`[^`]*`\)/g, '').replace(/`/g, '').replace(/\b([a-h][1-8])([a-h][1-8])([qrbn]?)\b/g, (m, from, to, p) => from + '–' + to + (p ? '=' + p.toUpperCase() : ''));
}

// The Articles' explanations (cite → words), from the course's list, read once.
/** @type {Object<string, string>} */
const titles = {};
export function learnArticles(list) {
  for (const a of list || []) {
    // The rules' own Articles with their words; the rulings (R1, S3, M2) by their title only:
    // their text is written for arbiters.
    const ruling = /^[RSM]\d/.test(a.cite);
    titles[a.cite] = a.words && !ruling ? a.title + '. ' + a.source + ': ' + (a.quoted ? '“' + a.words + '”' : a.words) : a.title;
  }
}

/** The words a citation stands for, where the course knows it. */
export function articleWords(cite) { return titles[cite] || ''; }

const CITE = /\b(Art\. \d+(?:\.\d+)?|R\d{1,2}|[MS]\d|FIDE [0-9.]*\d)\b/g;

/** Whether a citation is an Article a player reads ("Art. 9.2", "FIDE 5.1.1"), not a rule's code (R1, M3, S3). */
export function isArticle(cite) { return /^(Art\.|FIDE)/.test(cite); }

/**
 * Writes `words` into `box`, each citation made an abbreviation explained on hover, and on tap in
 * #cite-words. A rule's code (R1, M3, S3) is folded to a small mark, its code in its title.
 */
export function cited(box, words) {
  box.textContent = '';
  let last = 0;
  words.replace(CITE, (m, cite, at) => {
    box.append(words.slice(last, at));
    box.append(citation(cite));
    last = at + m.length;
    return m;
  });
  box.append(words.slice(last));
  // "(i)" reads better as the mark alone.
  for (const a of box.querySelectorAll('abbr.code')) {
    const before = a.previousSibling, after = a.nextSibling;
    if (before && after && /\($/.test(before.textContent) && /^\)/.test(after.textContent)) {
      before.textContent = before.textContent.replace(/ ?\($/, ' ');
      after.textContent = after.textContent.slice(1);
    }
  }
}

/** One citation: an Article as itself, a code as a mark; both explained on hover and tap. */
export function citation(cite) {
  const words = articleWords(cite);
  const code = !isArticle(cite);
  const a = el('abbr', { className: 'cite' + (code ? ' code' : ''), tabIndex: 0, title: cite + (words ? ': ' + words : '') });
  a.dataset.cite = cite;
  if (code) {
    a.append(el('span', { className: 'mark', textContent: 'i' }), el('span', { className: 'code-text', textContent: cite }));
  } else { a.textContent = cite; }
  a.addEventListener('click', () => {
    const box = $('cite-words');
    box.hidden = false;
    box.textContent = cite + (words ? ': ' + words : ': the rule cited');
    box.title = 'Click to close';
    box.onclick = () => { box.hidden = true; };
  });
  return a;
}

/** The name a game's list gives a side: its tag, or its player (a bot's level). */
export function sideName(name, player, side) {
  if (name && name !== '?' && name !== player) { return name; }
  return player && player !== 'human' ? player + ' bot' : COLOUR[side];
}
