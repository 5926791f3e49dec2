// sade-ref serve, the Puzzles mode: the server picks the puzzle nearest the player's rating and
// opens it as an ordinary game; after each state the server's referee is asked to judge the turn
// the game's record holds. The page decides nothing about the answer.
'use strict';
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var attempt = null;

  function player() { return localStorage.getItem('sade-ref-puzzle-player') || undefined; }

  function showPlayer(p) {
    localStorage.setItem('sade-ref-puzzle-player', p.id);
    $('puzzle-player').textContent = 'Your rating: ' + p.rating + ' (±' + p.deviation + '), ' +
      p.solved + ' solved of ' + p.attempts + ' attempts';
  }

  function next() {
    var body = { player: player() };
    var variant = $('puzzle-variant').value;
    if (variant) { body.variant = variant; }
    $('puzzle-result').textContent = '';
    $('puzzle-result').className = '';
    sadeRef.api('POST', '/api/puzzles/next', body).catch(function (e) {
      if (body.player && e && e.field === 'player') {
        // The server has no such player (a new data folder): start again as a new one.
        localStorage.removeItem('sade-ref-puzzle-player');
        delete body.player;
        return sadeRef.api('POST', '/api/puzzles/next', body);
      }
      throw e;
    }).then(function (c) {
      attempt = { game: c.id, token: c.arbiter, judged: false, player: c.player.id };
      showPlayer(c.player);
      var q = c.puzzle;
      $('puzzle-question').textContent = (q.variant === 'sade' ? 'Sade, face ' + q.face + ': ' : 'Marseillais: ') +
        q.words + ' · puzzle ' + q.id + ', rated ' + q.rating;
      sadeRef.unaided(c.id);
      sadeRef.open(c);
    }).catch(sadeRef.refuse);
  }

  function judge(state, token) {
    if (!attempt || attempt.judged || token !== attempt.token) { return; }
    if (state.phase === 'act' && state.written > 0 && state.face) { return; }
    sadeRef.api('POST', '/api/puzzles/' + attempt.game + '/judge',
      { player: attempt.player, token: attempt.token }).then(function (j) {
      attempt.judged = true;
      var r = j.judgement;
      var box = $('puzzle-result');
      box.className = r.solved ? 'solved' : 'failed';
      box.textContent = (r.solved ? 'Solved. ' : 'Failed. ') +
        (r.aided ? 'Help was asked during the attempt: it counts as failed and changes no rating. ' : '') +
        'You played ' + r.played + ': ' + r.verdict + '. ' +
        (r.solved ? '' : 'The answer was ' + r.answer + '. ') + r.explanation + ' Theme: ' + r.article + '. ' +
        'Rating ' + (j.change >= 0 ? '+' : '') + j.change + '.';
      showPlayer(j.player);
    }).catch(function () { /* the turn is not complete yet */ });
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('puzzle-next').addEventListener('click', next);
    sadeRef.onState(judge);
    // The question and the judgement stand beside the board while its game is the puzzle's.
    sadeRef.onState(function (state) { $('puzzle-box').hidden = !attempt || state.id !== attempt.game; });
  });
})();
