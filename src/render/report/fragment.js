// The address: the page opened at a URL fragment such as #game=2&turn=12b&action=2 (also 12w,
// 12., 12...), then &press=N right-arrow presses. The game is its number in the file. A
// fragment that names no place of the page opens the start of the game with a notice saying why.

function fromFragment() {
  var params = {};
  var problems = [];
  var clamped = '';
  location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
    var kv = pair.split('=');
    if (!kv[0]) { return; }
    try {
      params[decodeURIComponent(kv[0])] = decodeURIComponent(kv.slice(1).join('=') || '');
    } catch (e) {
      problems.push('"' + pair + '" is not a readable part of the address');
    }
  });
  var index = 0;
  if (params.game !== undefined) {
    var wanted = /^\d+$/.test(params.game) ? Number(params.game) : NaN;
    var found = -1;
    games.forEach(function (g, i) { if (g.number === wanted) { found = i; } });
    var left = unread.filter(function (u) { return u.number === wanted; })[0];
    if (found >= 0) {
      index = found;
    } else if (left) {
      problems.push('game ' + wanted + ' is not on this page: ' + left.reason);
    } else {
      problems.push('there is no game "' + params.game + '" on this page');
    }
  }
  if (index !== gameIndex || steps.length === 0) { selectGame(index); }
  var target = 0;
  if (params.turn !== undefined && problems.length === 0) {
    var m = /^(\d+)(w|b|\.\.\.|\.|…)$/.exec(params.turn);
    var turns = replayed.turns;
    var matched = false;
    if (m) {
      var key = m[1] + (m[2] === 'w' || m[2] === '.' ? 'w' : 'b');
      for (var t = 0; t < turns.length; t++) {
        if (turns[t].key === key) {
          matched = true;
          var action = /^\d+$/.test(params.action || '0') ? Number(params.action || 0) : 0;
          var count = turns[t].actions.length;
          if (action > count) {
            clamped = 'Shown at the end of turn ' + params.turn + ': it has ' + count +
              (count === 1 ? ' action' : ' actions') + ', not ' + action + '.';
            action = count;
          }
          target = stepIndex(t, action);
        }
      }
    }
    if (!matched) {
      problems.push('this game has no turn "' + params.turn + '"');
    }
  }
  notice(problems.length ? 'Shown from the start: ' + problems.join('; ') + '.' : clamped);
  show(target);
  var presses = Number(params.press || 0);
  return isFinite(presses) && presses > 0 ? Math.min(presses, 10000) : 0;
}
