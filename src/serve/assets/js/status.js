// The status line and what stands under it: the last turn told in words, the seat this page holds, the seats' links, and the details a player need not read (the die's commitment and seed).
import { $, el, text, shown } from './dom.js';
import { COLOUR, cited } from './words.js';
import { endTitle } from './end.js';

const SEAT_WORDS = {
  white: 'You play White', black: 'You play Black',
  arbiter: 'You are the arbiter: you act for both seats', watching: 'You are watching this game'
};

/** The status line of state `s`. */
export function statusLine(s) {
  const g = s.game;
  if (!g) { return 'No game open: play someone from the lobby, create a game, or open a puzzle or a lesson.'; }
  if (s.closed[g.id]) { return s.closed[g.id]; }
  const who = g.side ? COLOUR[g.side] : '', turn = (g.turn || '').replace(/\.+$/, '');
  const line = g.variant + ' — ';
  // While the other side's turn is played back, the line says so; the end, or whose turn comes,
  // once the board has shown it.
  if (s.playback) { return line + COLOUR[s.playback.player] + '\'s turn, played back'; }
  if (g.phase === 'over' && g.closed) { return line + endTitle(s) + ': no result.'; }
  if (g.phase === 'over') { return line + 'over: ' + g.verdict.result + ', ' + endTitle(s) + '.'; }
  const you = g.side && s.seat === g.side && g[g.side] === 'human' ? ' (you)' : '';
  if (g.phase === 'roll') { return line + 'turn ' + turn + ': ' + who + ' to roll' + you; }
  return line + 'turn ' + turn + ': ' + who + ' to play' + (g.face ? ', face ' + g.face : '') + you;
}

/**
 * The last turns finished, told in words where the referee says more than their actions
 * (`told`): the last of each side, so that a turn of one's own that passed (a face 5 with
 * nothing to bring back) is still said after the bot's reply to it.
 */
function toldLine(s) {
  const g = s.game, m = s.moves;
  if (!g || !m || !m.turns.length || s.mode === 'course') { return ''; }
  const turns = m.turns.slice();
  if (g.phase === 'act' && turns[turns.length - 1].label === g.turn) { turns.pop(); }
  return turns.slice(-2).filter((t) => t.told).map((t) => t.label + ' ' + t.told).join(' ');
}

let toldKey = '', detailsKey = '', linksKey = '';
export function renderStatus(s) {
  const g = s.game;
  text('status', statusLine(s));
  const told = toldLine(s);
  if (told !== toldKey) { toldKey = told; cited($('told'), told); }
  shown('told', !!told);
  text('seat', g && s.seat && s.mode === 'play' ? SEAT_WORDS[s.seat] : '');
  players(s);
  links(s);
  // The details: the die's commitment and seed, the game's id and version.
  const details = g && s.mode === 'play' ? [
    ['Game', g.id], ['Version', g.version], g.die_commit ? ['DieCommit', g.die_commit] : null, g.die_seed ? ['DieSeed', g.die_seed] : null
  ].filter(Boolean) : [];
  const key = JSON.stringify(details);
  if (key !== detailsKey) {
    detailsKey = key;
    const body = $('details-body');
    body.textContent = '';
    for (const [name, value] of details) { body.append(el('p', {}, el('b', { textContent: name + ' ' }), el('code', { textContent: value }))); }
    if (g && g.die_commit) { body.append(el('p', { textContent: 'The die is auditable: its seed, written when the game ends, gives every face rolled, and its hash is the commitment above.' })); }
  }
}

let playersKey = '';
/** The players' names of a game between accounts or guests (`owners`), each a link to their page, and whether it is rated. */
function players(s) {
  const g = s.game, owners = g && g.owners && s.mode === 'play' ? g.owners : null;
  const named = !!owners && owners.some(Boolean);
  const key = named ? JSON.stringify([owners, g.rated]) : '';
  shown('players', named);
  if (key === playersKey) { return; }
  playersKey = key;
  const box = $('players');
  box.textContent = '';
  if (!named) { return; }
  ['white', 'black'].forEach((side, i) => {
    const name = owners[i];
    box.append(el('span', { className: 'player ' + side }, el('i', { className: 'swatch ' + side }), ' ',
      name ? el('a', { href: '#player=' + encodeURIComponent(name), textContent: name }) : COLOUR[side]));
    if (!i) { box.append(' – '); }
  });
  box.append(el('span', { className: 'rated', textContent: g.rated ? 'rated' : 'casual' }));
}

/** The opponent's seat's link, in a game this page created for two people, with a copy button: the only way in to that seat. */
function links(s) {
  const l = s.links && s.game && s.links.id === s.game.id && s.mode === 'play' && s.game.phase !== 'over' ? s.links : null;
  const key = l ? l.id : '';
  if (key === linksKey) { return; }
  linksKey = key;
  const box = $('links');
  box.textContent = '';
  if (!l) { return; }
  const url = new URL(l.link, location.href).href;
  const copy = el('button', { textContent: 'copy the link', dataset: { link: l.side } });
  copy.addEventListener('click', () => {
    if (navigator.clipboard) { navigator.clipboard.writeText(url).then(() => { copy.textContent = 'copied'; }); }
  });
  box.append('Send your opponent this link to ' + COLOUR[l.side] + '\'s seat: ',
    el('a', { href: l.link, className: 'seat-link', textContent: url }), ' ', copy);
}

