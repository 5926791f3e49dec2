// The Puzzles mode of the state: the server picks the puzzle nearest the player's rating and opens it as a game; after each state the server's referee judges the turn. The page decides nothing about the answer.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { created } from './control.js';
import { chart } from './chart.js';

const PLAYER = 'sade-ref-puzzle-player';
function player() { return localStorage.getItem(PLAYER) || undefined; }

/** A theme in words, as the themes list gives it. */
export function themeTitle(slug) {
  const t = state.puzzle.themes.find((x) => x.theme === slug);
  return t ? t.title : slug;
}

/** The mode of the game open: a puzzle attempt's game is seen from the side to find the answer. */
export function mode(s) {
  const a = s.puzzle.attempt;
  if (a && s.game && s.game.id === a.game) { s.mode = 'puzzle'; s.facing = a.side; }
}

async function next() {
  const p = state.puzzle;
  const body = { player: player() };
  const left = p.attempt && !p.attempt.judged ? p.attempt : null;
  const variant = /** @type {HTMLSelectElement} */ ($('puzzle-variant')).value;
  const theme = /** @type {HTMLSelectElement} */ ($('puzzle-theme')).value;
  if (variant) { body.variant = variant; }
  if (theme) { body.theme = theme; }
  p.result = ''; p.resultClass = ''; p.left = false;
  render();
  let c;
  try {
    c = await api('POST', '/api/puzzles/next', body).catch((e) => {
      if (body.player && e && e.field === 'player') {
        // The server has no such player (a new data folder): start again as a new one.
        localStorage.removeItem(PLAYER);
        delete body.player;
        return api('POST', '/api/puzzles/next', body);
      }
      throw e;
    });
  } catch (e) { state.refusal = e; render(); return; }
  const counted = (c.left || []).find((l) => left && l.id === left.puzzle);
  if (counted) {
    p.result = 'The puzzle left was counted: ' + (counted.solved ? 'solved.' : 'not solved (it had been begun). Its answer: ' + counted.explanation);
    p.left = true;
  }
  const q = c.puzzle;
  p.attempt = { game: c.id, token: c.arbiter, judged: false, player: c.player.id, puzzle: q.id, question: q.question,
    side: q.side, first: c.state && c.state.turn, replied: false };
  p.answer = null;
  showPlayer(c.player);
  // The theme chosen is no secret: the question says it; "Face 4: Face 4: …" says the face once.
  let title = body.theme ? themeTitle(body.theme) : '';
  const face = 'Face ' + q.face + ': ';
  if (q.variant === 'sade' && title.indexOf(face) === 0) { title = title.charAt(face.length).toUpperCase() + title.slice(face.length + 1); }
  const words = title ? q.words.charAt(0).toUpperCase() + q.words.slice(1) : q.words;
  const asked = title && title.toLowerCase() !== q.words.toLowerCase() ? title + '. ' + words : title || words;
  p.question = [(q.variant === 'sade' ? 'Sade, face ' + q.face + ': ' : 'Marseillais: ') + asked + enPassant(q),
    el('details', { className: 'more' }, el('summary', { textContent: 'details' }),
      ' puzzle ' + q.id + ', rated ' + q.rating + (q.again ? ' · met before: every puzzle of this choice was, so this attempt is not rated' : ''))];
  created(c, 'arbiter');
}

/** The pawn that just stepped twice, which the board does not show. */
function enPassant(q) {
  if (!q.en_passant) { return ''; }
  const file = q.en_passant.charAt(0), rank = q.en_passant.charAt(1);
  const other = q.side === 'white' ? 'Black' : 'White';
  const from = file + (rank === '6' ? '7' : '2'), to = file + (rank === '6' ? '5' : '4');
  return '. ' + other + "'s pawn just went " + from + '–' + to + ': it may be taken en passant on ' + q.en_passant;
}

function showPlayer(pl) {
  localStorage.setItem(PLAYER, pl.id);
  state.puzzle.player = pl;
}

/** After each state of the attempt's game: judged once the turn is complete. */
export function seen(s) {
  const p = s.puzzle, a = p.attempt, g = s.game;
  if (!a || a.judged || !g || g.id !== a.game || s.token !== a.token) { return; }
  if (p.left && g.written > 0) { p.result = ''; p.left = false; render(); }
  if (g.phase === 'act' && g.written > 0 && g.face) { return; }
  // A mate in two turns: the server played the reply once the first turn was the answer.
  if (a.question === 'mate-in-two-turns' && !a.replied && g.phase === 'act' && g.side === a.side && g.turn !== a.first) {
    a.replied = true;
    p.resultClass = '';
    p.result = 'Right so far. ' + (a.side === 'white' ? 'Black' : 'White') + ' replied (the arrows show it): now mate in one turn.';
    render();
  }
  api('POST', '/api/puzzles/' + a.game + '/judge', { player: a.player, token: a.token }).then((j) => {
    a.judged = true;
    const r = j.judgement;
    // The attempt is over: its game takes no more actions.
    s.closed[a.game] = 'Puzzle over: ' + (r.solved ? 'solved.' : 'not solved.');
    p.left = false;
    p.resultClass = r.solved ? 'solved' : 'failed';
    p.result = (r.solved ? 'Solved. ' : 'Not solved: you played ' + r.played + ', and ' + r.verdict + '. ') +
      (r.aided ? 'Help was asked during the attempt: it counts as not solved and changes no rating. ' : '') +
      r.explanation + ' Theme: ' + r.theme_title + ' (' + r.article + '). ' +
      (j.again ? 'Met before: not rated.' : r.aided ? '' : 'Rating ' + (j.change >= 0 ? '+' : '') + j.change + '.');
    showPlayer(j.player);
    if (!r.solved && j.answer_drawn.length && s.game && s.game.before) {
      // The answer, drawn as numbered arrows on the puzzle's position.
      p.answer = { game: a.game, fen: s.game.before, drawn: j.answer_drawn };
      p.result += ' The board shows the answer on the puzzle\'s position.';
    }
    render();
  }).catch(() => { /* the turn is not complete yet */ });
}

let questionKey = null, themesKey = null, chartKey = null;
export function renderPuzzles(s) {
  const p = s.puzzle, a = p.attempt;
  const mine = s.mode === 'puzzle';
  shown('puzzle-box', mine);
  if (questionKey !== p.question) {
    questionKey = p.question;
    const box = $('puzzle-question');
    box.textContent = '';
    if (p.question) { box.append(...p.question); }
  }
  text('puzzle-result', p.result);
  if ($('puzzle-result').className !== p.resultClass) { $('puzzle-result').className = p.resultClass; }
  shown('puzzle-again', mine && !!a && a.judged);
  const begun = a && !a.judged && s.game && s.game.id === a.game && s.game.written > 0;
  text('puzzle-next', begun ? 'Give up: next puzzle (counts as not solved)' : 'Next puzzle');
  const variant = /** @type {HTMLSelectElement} */ ($('puzzle-variant')).value;
  if (themesKey !== p.themes.length + variant) { themesKey = p.themes.length + variant; themes(variant); }
  const pl = p.player;
  if (pl) {
    // Each game's rating, after the one over both (said once both games were played).
    const games = (pl.games || []).map((x) => (x.game === 'sade' ? 'Sade ' : 'Marseillais ') + x.rating + ' (±' + x.deviation + ')');
    text('puzzle-player', 'Your rating: ' + pl.rating + ' (±' + pl.deviation + ')' + (games.length > 1 ? ': ' + games.join(', ') : '') + '. ' +
      pl.solved + ' of ' + pl.attempts + ' puzzles solved at the first try.');
    if (!chartKey || chartKey[0] !== pl || chartKey[1] !== variant) { chartKey = [pl, variant]; chart(pl.history || [], variant, themeTitle); }
  }
}

/** The themes of the game chosen (or of both), with how many puzzles each has. */
function themes(variant) {
  const select = /** @type {HTMLSelectElement} */ ($('puzzle-theme'));
  const kept = select.value;
  select.textContent = '';
  select.append(el('option', { value: '', textContent: 'mixed' }));
  for (const t of state.puzzle.themes.filter((x) => !variant || x.variant === variant)) {
    select.append(el('option', { value: t.theme, title: 'Rule ' + t.articles.join(', '),
      textContent: (variant ? '' : (t.variant === 'sade' ? 'Sade: ' : 'Marseillais: ')) + t.title + ' — ' + t.count + ' puzzles' }));
  }
  select.value = kept;
  if (select.value !== kept) { select.value = ''; }
}

export function bindPuzzles() {
  $('puzzle-next').addEventListener('click', next);
  $('puzzle-again').addEventListener('click', next);
  $('puzzle-variant').addEventListener('change', () => render());
  api('GET', '/api/puzzles/themes').then((t) => { state.puzzle.themes = t; render(); }).catch(() => {});
}
