// An analysed game (`review` in its data): the chart's block shown for the game, a click on the
// chart going to the turn, the engine's best turn drawn on the board in its own colour, and the
// turn in words under the chart. A game without analysis has none of it.

// The best turn of record turn `t`, read and applied to a copy of the position before it, with
// its lanes and badges: { actions, lanes, badges }, or null.
function bestOf(game, t) {
  var r = reviewOf(game, t);
  if (!r || !r.best.length) { return null; }
  if (!r.marks) {
    var turn = replayed.turns[t];
    var board = turn.before.board.split('');
    var pools = copyPools(turn.before.pools);
    var actions = r.best.map(function (item, k) {
      var a = readAction(item, k + 1, turn.side);
      apply(a, board, pools);
      a.colour = colours.best;
      a.dashed = false;
      a.best = true;
      return a;
    });
    var laneList = lanes(actions);
    r.marks = { actions: actions, lanes: laneList, badges: badgePlaces(turn.before.board, actions, laneList) };
  }
  return r.marks;
}

function reviewOf(game, t) {
  if (!game.review || t < 0) { return null; }
  return game.review.turns.filter(function (r) { return r.i === t; })[0] || null;
}

function reviewBlock(game) {
  return document.querySelector('.review[data-game="' + game.number + '"]');
}

function selectReview(game) {
  var blocks = document.querySelectorAll('.review');
  for (var i = 0; i < blocks.length; i++) { blocks[i].hidden = true; }
  var block = reviewBlock(game);
  if (block) { block.hidden = false; }
}

// The words of turn `t` under the chart, and the chart's marker on it.
function showReview(game, t) {
  var block = reviewBlock(game);
  if (!block) { return; }
  var r = reviewOf(game, t);
  var key = t >= 0 ? replayed.turns[t].key : 'start';
  var words = block.querySelector('.words');
  words.textContent = r ? r.w : t < 0 ? 'Click the chart to go to a turn; a dot is a turn the engine judged.'
    : 'This turn was not analysed.';
  words.className = 'words' + (r && r.j ? ' ' + r.j : '');
  words.setAttribute('data-turn', key);
  var now = block.querySelector('.now');
  var bandRect = block.querySelector('.band[data-turn="' + key + '"]');
  if (bandRect) {
    var x = Number(bandRect.getAttribute('x')) + Number(bandRect.getAttribute('width')) / 2;
    now.setAttribute('x1', x);
    now.setAttribute('x2', x);
    now.setAttribute('visibility', 'visible');
  } else {
    now.setAttribute('visibility', 'hidden');
  }
  var dots = block.querySelectorAll('.dot');
  for (var i = 0; i < dots.length; i++) {
    dots[i].classList.toggle('current', dots[i].getAttribute('data-turn') === key);
  }
}

// A click on the chart: the turn under it, shown after its last action.
function chartClicked(event) {
  var target = event.target.closest('[data-turn]');
  if (!target) { return; }
  var key = target.getAttribute('data-turn');
  replayed.turns.forEach(function (turn, t) {
    if (turn.key === key) { show(stepIndex(t, turn.actions.length)); }
  });
}

var charts = document.querySelectorAll('.review .chart');
for (var c = 0; c < charts.length; c++) { charts[c].addEventListener('click', chartClicked); }
