// #trace, for the browser test: every step of every game, one line each, in #trace.

function trace() {
  var lines = [];
  games.forEach(function (game, g) {
    selectGame(g);
    steps.forEach(function (step) {
      var position = positionAt(step);
      var turn = step.turn >= 0 ? replayed.turns[step.turn] : null;
      var action = turn && step.action ? turn.actions[step.action - 1] : null;
      var badge = turn && step.action ? turn.badges[step.action - 1] : null;
      lines.push([game.number, turn ? turn.key : 'start', step.action, position.board,
        game.sade ? poolText(position.pools, true) + poolText(position.pools, false) : '',
        action ? action.describe : '', badge ? badge.join(',') : ''].join('|'));
    });
  });
  var out = document.createElement('pre');
  out.id = 'trace';
  out.textContent = lines.join('\n');
  document.body.appendChild(out);
  selectGame(0);
}
