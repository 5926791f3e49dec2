// The move list: each turn with its die and comments, each action a link to the step after it.

function buildMoves(game) {
  var list = document.getElementById('moves');
  while (list.firstChild) { list.removeChild(list.firstChild); }
  replayed.turns.forEach(function (turn, t) {
    var item = document.createElement('li');
    if (turn.invalid) { item.className = 'bad-turn'; }
    var head = document.createElement('a');
    head.textContent = turn.label;
    head.className = 'turn-label';
    head.href = '#game=' + game.number + '&turn=' + turn.key + '&action=0';
    head.setAttribute('data-step', stepIndex(t, 0));
    item.appendChild(head);
    if (turn.face) {
      var die = el('svg', { viewBox: '0 0 100 100', width: 18, height: 18, 'class': 'mini-die' });
      drawDie(die, turn.face);
      item.appendChild(die);
    }
    var comment = function (after) {
      turn.comments.forEach(function (c) {
        if (c[0] !== after) { return; }
        var note = document.createElement('span');
        note.className = 'comment';
        note.textContent = c[1];
        item.appendChild(document.createTextNode(' '));
        item.appendChild(note);
      });
    };
    comment(0);
    turn.actions.forEach(function (a) {
      var link = document.createElement('a');
      link.textContent = a.written;
      link.href = '#game=' + game.number + '&turn=' + turn.key + '&action=' + a.n;
      link.setAttribute('data-step', stepIndex(t, a.n));
      link.title = a.describe;
      if (a.offending) { link.className = 'bad'; }
      if (a.dashed) { link.classList.add('theirs'); }
      item.appendChild(document.createTextNode(' '));
      item.appendChild(link);
      comment(a.n);
    });
    list.appendChild(item);
  });
}
