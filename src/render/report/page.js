// The page's state (the game shown, its steps and replay, the current step) and the functions
// that change it: `selectGame` fills in a game, `show` draws one of its steps.

var gameIndex = 0;
var steps = [];
var replayed = null;
var current = 0;

function positionAt(step) {
  if (step.turn < 0) { return replayed.start; }
  var turn = replayed.turns[step.turn];
  return step.action === 0 ? turn.before : turn.after[step.action - 1];
}

function show(index) {
  var game = games[gameIndex];
  current = Math.max(0, Math.min(steps.length - 1, index));
  var step = steps[current];
  var position = positionAt(step);
  var turn = step.turn >= 0 ? replayed.turns[step.turn] : null;
  var marks = turn ? turn.actions.slice(0, step.action) : [];
  var badges = turn ? turn.badges.slice(0, step.action) : [];
  var laneList = turn ? turn.lanes.slice(0, step.action) : [];
  // An analysed game: the engine's best turn too, in its own colour, from the position before.
  var best = turn ? bestOf(game, step.turn) : null;
  if (best) {
    marks = marks.concat(best.actions);
    badges = badges.concat(best.badges);
    laneList = laneList.concat(best.lanes);
  }
  drawBoard(position, marks, badges, laneList);
  showReview(game, step.turn);
  drawDie(document.getElementById('die'), turn ? turn.face : null);
  var unit = game.sade ? 'action' : 'move';
  document.getElementById('turn-title').textContent = turn
    ? 'Turn ' + turn.label + ' — ' + turn.side + (turn.face ? ' rolled ' + turn.face : '') +
      (step.action ? ', after ' + unit + ' ' + step.action + ' of ' + turn.actions.length
        : ', before the first ' + unit) +
      (game.sade ? '' : ' (' + turn.actions.map(function (a) { return a.written; }).join(' ') + ')')
    : 'Start position';
  var action = turn && step.action ? turn.actions[step.action - 1] : null;
  var line = document.getElementById('action-line');
  line.textContent = action ? action.n + '. ' + action.written + ' — ' + action.describe : '';
  line.className = action && action.offending ? 'bad' : '';
  var verdict = document.getElementById('turn-verdict');
  verdict.textContent = turn ? 'Referee: ' + turn.verdict : '';
  // Red like the game's verdict: the illegal turn, or the turn where a disputed game ends.
  verdict.className = turn && (turn.invalid || (game.bad && /disputed/.test(turn.verdict))) ? 'bad' : '';
  drawPools(document.getElementById('pools'), game.sade ? position.pools : null);
  var status = document.getElementById('status');
  status.setAttribute('data-game', game.number);
  status.setAttribute('data-turn', turn ? turn.key : 'start');
  status.setAttribute('data-action', step.action);
  status.setAttribute('data-board', position.board);
  status.setAttribute('data-step', current);
  var links = document.querySelectorAll('#moves [data-step]');
  for (var i = 0; i < links.length; i++) {
    links[i].classList.toggle('current', Number(links[i].getAttribute('data-step')) === current);
  }
  var fragment = 'game=' + game.number + (turn ? '&turn=' + turn.key + '&action=' + step.action : '');
  try { history.replaceState(null, '', '#' + fragment); } catch (e) { /* a page without history */ }
}

function selectGame(index) {
  gameIndex = Math.max(0, Math.min(games.length - 1, index));
  var game = games[gameIndex];
  steps = buildSteps(game);
  replayed = replay(game);
  document.getElementById('picker').value = String(gameIndex);
  document.getElementById('title').textContent = game.title;
  var verdict = document.getElementById('verdict');
  verdict.textContent = game.variant + ': ' + game.verdict;
  verdict.className = game.bad ? 'bad' : '';
  document.getElementById('key').textContent = game.sade ? colours.keys.sade : colours.keys.other;
  var tags = document.getElementById('tags');
  while (tags.firstChild) { tags.removeChild(tags.firstChild); }
  game.tags.forEach(function (tag) {
    var row = tags.insertRow();
    row.insertCell().textContent = tag[0];
    row.insertCell().textContent = tag[1];
  });
  buildMoves(game);
  selectReview(game);
}

function stepIndex(turn, action) {
  for (var i = 0; i < steps.length; i++) {
    if (steps[i].turn === turn && steps[i].action === action) { return i; }
  }
  return 0;
}

// A line above the verdict when the page could not do what was asked (empty: nothing to say).
function notice(text) {
  document.getElementById('notice').textContent = text;
}
