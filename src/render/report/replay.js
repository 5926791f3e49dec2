// The replay: the referee's resolved moves applied to the start position, and the steps of a
// game. The data holds each action as the move the referee resolved it to; this file applies
// those moves and decides nothing about legality.

function readAction(item, n, side) {
  var a = { n: n, written: item[0], code: item[1], offending: (item[2] || '').indexOf('o') >= 0,
    void: (item[2] || '').indexOf('v') >= 0 };
  var code = a.code;
  var m = MOVE.exec(code);
  if (m) {
    a.kind = 'move'; a.from = m[1]; a.to = m[2]; a.promotion = m[3] || null;
    a.rook = m[4] ? [m[4], m[5]] : null; a.ep = m[6] || null;
  } else if (code[0] === '-' && code.length === 3) {
    a.kind = 'sacrifice'; a.to = code.slice(1);
  } else if (code[1] === '@') {
    a.kind = 'resurrection'; a.to = code.slice(2); a.piece = code[0];
  } else if (code === '--') {
    a.kind = 'nothing';
  } else {
    a.kind = 'unplayed'; a.to = code.slice(1) || null;
  }
  a.side = side;
  return a;
}

// Applies an action to board (64 letters) and pools (letter -> count); fills in the piece,
// what it took, its colour and its description, as src/render/mod.rs `describe` says them.
function apply(a, board, pools) {
  var text;
  if (a.kind === 'move') {
    var piece = board[squareIndex(a.from)];
    a.piece = piece;
    var victimSquare = a.ep || a.to;
    var victim = board[squareIndex(victimSquare)];
    var taken = victim !== '.' && !a.rook ? victim : null;
    if (a.rook) {
      var rook = board[squareIndex(a.rook[0])];
      board[squareIndex(a.rook[0])] = '.';
      board[squareIndex(a.from)] = '.';
      board[squareIndex(a.to)] = piece;
      board[squareIndex(a.rook[1])] = rook;
    } else {
      board[squareIndex(a.from)] = '.';
      board[squareIndex(victimSquare)] = '.';
      var placed = a.promotion ? (isWhite(piece) ? a.promotion.toUpperCase() : a.promotion) : piece;
      board[squareIndex(a.to)] = placed;
    }
    if (taken) { pools[taken] = (pools[taken] || 0) + 1; }
    text = pieceName(piece) + ' ' + a.from + '–' + a.to;
    if (a.rook) { text += ', castles: the rook ' + a.rook[0] + '–' + a.rook[1]; }
    if (taken) {
      text += ', takes ' + pieceName(taken) + (a.ep ? ' on ' + a.ep + ' en passant' : '');
    }
    if (a.promotion) { text += ', promotes to a ' + ROLES[a.promotion]; }
  } else if (a.kind === 'sacrifice') {
    a.piece = board[squareIndex(a.to)];
    board[squareIndex(a.to)] = '.';
    pools[a.piece] = (pools[a.piece] || 0) + 1;
    text = pieceName(a.piece) + ' removed from ' + a.to + ' (sacrifice)';
  } else if (a.kind === 'resurrection') {
    board[squareIndex(a.to)] = a.piece;
    pools[a.piece] = Math.max(0, (pools[a.piece] || 0) - 1);
    text = pieceName(a.piece) + ' returns on ' + a.to + ' (resurrection)';
  } else if (a.kind === 'nothing') {
    text = 'nothing (`--`)';
  } else {
    text = a.offending ? 'refused by the referee'
      : a.void ? 'void: after the end of the game' : 'not played';
  }
  var acts = a.kind === 'move' || a.kind === 'sacrifice' || a.kind === 'resurrection';
  a.opponent = acts && (isWhite(a.piece) ? 'White' : 'Black') !== a.side;
  if (a.opponent) { text += " [the opponent's piece]"; }
  a.describe = text;
  a.colour = a.offending ? colours.offending : a.kind === 'unplayed' ? colours.unplayed
    : a.kind === 'sacrifice' ? colours.sacrifice : a.opponent ? colours.opponent : colours.own;
  a.dashed = a.opponent && !a.offending;
}

function poolsFrom(letters) {
  var pools = {};
  letters.split('').forEach(function (c) { pools[c] = (pools[c] || 0) + 1; });
  return pools;
}
function copyPools(pools) {
  var copy = {};
  Object.keys(pools).forEach(function (k) { copy[k] = pools[k]; });
  return copy;
}
function poolText(pools, white) {
  var text = '';
  POOL_ORDER.split('').forEach(function (c) {
    if (isWhite(c) !== white) { return; }
    for (var i = 0; i < (pools[c] || 0); i++) { text += c; }
  });
  return text;
}

// The game replayed: each turn with its actions read and applied, and the position after
// each action (the board as 64 letters, the pools).
function replay(game) {
  var board = game.start.board.split('');
  var pools = poolsFrom(game.start.pools);
  var start = { board: board.join(''), pools: copyPools(pools) };
  var turns = game.turns.map(function (t, index) {
    var label = t[0];
    var side = /\.\.\.$/.test(label) ? 'Black' : 'White';
    var extra = t[3] || {};
    var verdict = extra.v || (game.rest && index >= game.rest[0] ? game.rest[1] : 'legal');
    var turn = { label: label, side: side, face: t[1] || null, verdict: verdict, invalid: !!extra.bad,
      comments: extra.c || [], key: label.replace(/\.+$/, '') + (side === 'White' ? 'w' : 'b'),
      before: { board: board.join(''), pools: copyPools(pools) }, actions: [], after: [] };
    t[2].forEach(function (item, k) {
      var a = readAction(item, k + 1, side);
      apply(a, board, pools);
      turn.actions.push(a);
      turn.after.push({ board: board.join(''), pools: copyPools(pools) });
    });
    turn.lanes = lanes(turn.actions);
    turn.badges = badgePlaces(turn.before.board, turn.actions, turn.lanes);
    return turn;
  });
  return { start: start, turns: turns };
}

// Every step of a game: the start, then each turn before its first action and after each.
function buildSteps(game) {
  var list = [{ turn: -1, action: 0 }];
  game.turns.forEach(function (turn, t) {
    list.push({ turn: t, action: 0 });
    turn[2].forEach(function (a, k) { list.push({ turn: t, action: k + 1 }); });
  });
  return list;
}
