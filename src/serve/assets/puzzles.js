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
    // Each game's rating, the one its next puzzle is chosen near, after the one over both
    // (said once both games were played: with one, the two are the same).
    var games = (p.games || []).map(function (g) {
      return (g.game === 'sade' ? 'Sade ' : 'Marseillais ') + g.rating + ' (±' + g.deviation + ')';
    });
    $('puzzle-player').textContent = 'Your rating: ' + p.rating + ' (±' + p.deviation + ')' +
      (games.length > 1 ? ': ' + games.join(', ') : '') + '. ' +
      p.solved + ' of ' + p.attempts + ' puzzles solved at the first try.';
    lastHistory = p.history || [];
    chart(lastHistory);
  }
  var lastHistory = [];

  // The player's rating over the attempts, as an SVG line with a dot for each attempt (green
  // solved, red not), and the last attempts with their themes. With a game chosen, its
  // attempts and the player's rating in it; with both, the rating over both.
  var SVG = 'http://www.w3.org/2000/svg';
  function chart(all) {
    var game = $('puzzle-variant').value;
    var history = all.filter(function (a) {
      return !game || a.puzzle.indexOf(game + '-') === 0;
    }).map(function (a) {
      var r = game && a.game_rating !== undefined ? a.game_rating : a.rating;
      return Object.assign({}, a, { rating: r });
    });
    $('puzzle-history').querySelector('figcaption').textContent = 'Your rating' +
      (game ? ' in ' + (game === 'sade' ? 'Sade' : 'Marseillais') : '') +
      ', attempt by attempt (green: solved)';
    var fig = $('puzzle-history');
    var old = fig.querySelector('svg');
    if (old) { fig.removeChild(old); }
    fig.hidden = history.length < 1;
    if (!history.length) { $('puzzle-recent').textContent = ''; return; }
    // The rating's labels stand in a margin of their own, left of the line; the attempts'
    // numbers under it, first and last.
    var w = 300, h = 114, pad = 8, left = 36, bottom = 22;
    var ratings = history.map(function (a) { return a.rating; });
    var lo = Math.min.apply(null, ratings) - 20, hi = Math.max.apply(null, ratings) + 20;
    var x = function (i) { return left + (history.length < 2 ? (w - left - pad) / 2 : i * (w - left - pad) / (history.length - 1)); };
    var y = function (r) { return h - bottom - (r - lo) * (h - bottom - pad) / (hi - lo); };
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'rating from ' + ratings[0] + ' to ' + ratings[ratings.length - 1]);
    var line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', history.map(function (a, i) { return x(i) + ',' + y(a.rating); }).join(' '));
    line.setAttribute('fill', 'none'); line.setAttribute('stroke', '#2f2a24'); line.setAttribute('stroke-width', '1.5');
    svg.appendChild(line);
    history.forEach(function (a, i) {
      var dot = document.createElementNS(SVG, 'circle');
      dot.setAttribute('cx', x(i)); dot.setAttribute('cy', y(a.rating)); dot.setAttribute('r', '3');
      dot.setAttribute('fill', a.solved ? '#2e7d32' : '#c62828');
      dot.setAttribute('class', a.solved ? 'solved' : 'failed');
      var tip = document.createElementNS(SVG, 'title');
      tip.textContent = themeTitle(a.theme) + ': ' + (a.solved ? 'solved' : 'not solved') +
        (a.again ? ' (met before, not rated)' : '') + ', rating ' + a.rating;
      dot.appendChild(tip);
      svg.appendChild(dot);
    });
    [hi - 20, lo + 20].forEach(function (r) {
      var t = document.createElementNS(SVG, 'text');
      t.setAttribute('x', left - 6); t.setAttribute('y', y(r) + 4); t.setAttribute('text-anchor', 'end');
      t.setAttribute('font-size', '10'); t.setAttribute('fill', '#777'); t.textContent = Math.round(r);
      svg.appendChild(t);
    });
    var axis = document.createElementNS(SVG, 'line');
    axis.setAttribute('x1', left); axis.setAttribute('x2', w - pad);
    axis.setAttribute('y1', h - bottom + 4); axis.setAttribute('y2', h - bottom + 4);
    axis.setAttribute('stroke', '#bbb'); axis.setAttribute('stroke-width', '1');
    svg.appendChild(axis);
    var ends = history.length < 2 ? [0] : [0, history.length - 1];
    ends.forEach(function (i) {
      var t = document.createElementNS(SVG, 'text');
      t.setAttribute('x', x(i)); t.setAttribute('y', h - 4);
      t.setAttribute('text-anchor', history.length < 2 ? 'middle' : (i === 0 ? 'start' : 'end'));
      t.setAttribute('font-size', '10'); t.setAttribute('fill', '#777');
      t.textContent = i === 0 ? 'attempt 1' : String(i + 1);
      svg.appendChild(t);
    });
    fig.insertBefore(svg, fig.firstChild);
    var ol = $('puzzle-recent'); ol.textContent = '';
    // Every attempt the server carries (the last 200), newest first, each numbered as the
    // attempt it was; the list scrolls.
    var shown = history.slice();
    var first = history.length - shown.length;
    shown.forEach(function (a, i) { a.number = first + i + 1; });
    shown.reverse().forEach(function (a) {
      var li = document.createElement('li');
      li.value = a.number;
      li.textContent = themeTitle(a.theme) + ' · ' + (a.solved ? 'solved' : 'not solved') +
        (a.again ? ' · met before, not rated' : '') + ' · ' + a.rating + ' · ' + a.puzzle;
      ol.appendChild(li);
    });
  }

  // The themes of the game chosen (or of both), with how many puzzles each has.
  var themes = [];
  // A theme in words, as the themes list gives it (an older attempt's Article as it was).
  function themeTitle(slug) {
    var t = themes.filter(function (t) { return t.theme === slug; })[0];
    return t ? t.title : slug;
  }
  function showThemes() {
    var variant = $('puzzle-variant').value, select = $('puzzle-theme'), kept = select.value;
    select.textContent = '';
    var mixed = document.createElement('option'); mixed.value = ''; mixed.textContent = 'mixed';
    select.appendChild(mixed);
    themes.filter(function (t) { return !variant || t.variant === variant; }).forEach(function (t) {
      var o = document.createElement('option');
      o.value = t.theme;
      o.textContent = (variant ? '' : (t.variant === 'sade' ? 'Sade: ' : 'Marseillais: ')) + t.title +
        ' — ' + t.count + ' puzzles';
      // The rule it turns on, on hovering (the question and the result name it too).
      o.title = 'Rule ' + t.articles.join(', ');
      select.appendChild(o);
    });
    select.value = kept;
    if (select.value !== kept) { select.value = ''; }
  }

  function next() {
    var body = { player: player() };
    // An attempt left unjudged: the server judges it as it stands, or counts it failed if begun.
    var left = attempt && !attempt.judged ? attempt : null;
    var variant = $('puzzle-variant').value;
    if (variant) { body.variant = variant; }
    var theme = $('puzzle-theme').value;
    if (theme) { body.theme = theme; }
    $('puzzle-result').textContent = '';
    $('puzzle-result').className = '';
    $('puzzle-again').hidden = true;
    sadeRef.api('POST', '/api/puzzles/next', body).catch(function (e) {
      if (body.player && e && e.field === 'player') {
        // The server has no such player (a new data folder): start again as a new one.
        localStorage.removeItem('sade-ref-puzzle-player');
        delete body.player;
        return sadeRef.api('POST', '/api/puzzles/next', body);
      }
      throw e;
    }).then(function (c) {
      // The attempt left was counted: say how, and what its answer was.
      var counted = (c.left || []).filter(function (l) { return left && l.id === left.puzzle; })[0];
      if (counted) {
        $('puzzle-result').textContent = 'The puzzle left was counted: ' +
          (counted.solved ? 'solved.' : 'not solved (it had been begun). Its answer: ' + counted.explanation);
        // Said until the new puzzle's first action.
        $('puzzle-result').dataset.left = 'yes';
      }
      attempt = { game: c.id, token: c.arbiter, judged: false, player: c.player.id, puzzle: c.puzzle.id,
        question: c.puzzle.question, side: c.puzzle.side, first: c.state && c.state.turn, replied: false };
      showPlayer(c.player);
      var q = c.puzzle;
      // The theme chosen is no secret: the question says it. Mixed, it is told after.
      // A theme whose title is the question's words ("Mate in one turn") is said once.
      var title = body.theme ? themeTitle(body.theme) : '';
      // "Sade, face 4: Face 4: which piece…" says the face once.
      var face = 'Face ' + q.face + ': ';
      if (q.variant === 'sade' && title.indexOf(face) === 0) {
        title = title.charAt(face.length).toUpperCase() + title.slice(face.length + 1);
      }
      var words = title ? q.words.charAt(0).toUpperCase() + q.words.slice(1) : q.words;
      var asked = title && title.toLowerCase() !== q.words.toLowerCase() ? title + '. ' + words : title || words;
      $('puzzle-question').textContent = (q.variant === 'sade' ? 'Sade, face ' + q.face + ': ' : 'Marseillais: ') +
        asked + enPassant(q) + ' · puzzle ' + q.id + ', rated ' + q.rating +
        (q.again ? ' · met before: every puzzle of this choice was, so this attempt is not rated' : '');
      sadeRef.unaided(c.id);
      sadeRef.puzzle(c.id);
      sadeRef.face(c.id, q.side);
      sadeRef.open(c);
    }).catch(sadeRef.refuse);
  }

  // The pawn that just stepped twice, which the board does not show: ". Black's pawn just
  // went c7–c5: it may be taken en passant on c6."
  function enPassant(q) {
    if (!q.en_passant) { return ''; }
    var file = q.en_passant.charAt(0), rank = q.en_passant.charAt(1);
    var other = q.side === 'white' ? 'Black' : 'White';
    var from = file + (rank === '6' ? '7' : '2'), to = file + (rank === '6' ? '5' : '4');
    return '. ' + other + "'s pawn just went " + from + '–' + to + ': it may be taken en passant on ' + q.en_passant;
  }

  function judge(state, token) {
    if (!attempt || attempt.judged || token !== attempt.token) { return; }
    var left = $('puzzle-result');
    if (left.dataset.left && state.written > 0) {
      left.textContent = '';
      delete left.dataset.left;
    }
    if (state.phase === 'act' && state.written > 0 && state.face) { return; }
    // A mate in two turns: the server has played the opponent's reply once the first turn was
    // the answer. Say so; the board draws the reply's moves.
    if (attempt.question === 'mate-in-two-turns' && !attempt.replied && state.phase === 'act' &&
        state.side === attempt.side && state.turn !== attempt.first) {
      attempt.replied = true;
      left.className = '';
      left.textContent = 'Right so far. ' + (attempt.side === 'white' ? 'Black' : 'White') +
        ' replied (the arrows show it): now mate in one turn.';
    }
    sadeRef.api('POST', '/api/puzzles/' + attempt.game + '/judge',
      { player: attempt.player, token: attempt.token }).then(function (j) {
      attempt.judged = true;
      var r = j.judgement;
      // The attempt is over: its game takes no more actions (the next puzzle is a new game).
      sadeRef.close(attempt.game, 'Puzzle over: ' + (r.solved ? 'solved.' : 'not solved.'));
      var box = $('puzzle-result');
      delete box.dataset.left;
      box.className = r.solved ? 'solved' : 'failed';
      // The explanation names the answer and says why it works; a failure says first what the
      // turn played did instead.
      box.textContent = (r.solved ? 'Solved. ' : 'Not solved: you played ' + r.played + ', and ' + r.verdict + '. ') +
        (r.aided ? 'Help was asked during the attempt: it counts as not solved and changes no rating. ' : '') +
        r.explanation + ' Theme: ' + r.theme_title + ' (' + r.article + '). ' +
        (j.again ? 'Met before: not rated.' : r.aided ? '' : 'Rating ' + (j.change >= 0 ? '+' : '') + j.change + '.');
      showPlayer(j.player);
      if (!r.solved && j.answer_drawn.length) {
        // The answer, drawn as numbered arrows on the puzzle's position.
        sadeRef.drawOnBefore(j.answer_drawn);
        box.appendChild(document.createTextNode(' The board shows the answer on the puzzle\'s position.'));
      }
      $('puzzle-next').textContent = 'Next puzzle';
      $('puzzle-again').hidden = false;
    }).catch(function () { /* the turn is not complete yet */ });
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('puzzle-next').addEventListener('click', next);
    $('puzzle-again').addEventListener('click', next);
    $('puzzle-variant').addEventListener('change', function () {
      showThemes();
      chart(lastHistory);
    });
    sadeRef.api('GET', '/api/puzzles/themes').then(function (t) { themes = t; showThemes(); })
      .catch(sadeRef.refuse);
    sadeRef.onState(judge);
    // The question and the judgement stand beside the board while its game is the puzzle's.
    sadeRef.onState(function (state) { $('puzzle-box').hidden = !attempt || state.id !== attempt.game; });
    // Once an action of the attempt is written, leaving it counts: the button says so before.
    sadeRef.onState(function (state) {
      var begun = attempt && !attempt.judged && state.id === attempt.game && state.written > 0;
      $('puzzle-next').textContent = begun ? 'Give up: next puzzle (counts as not solved)' : 'Next puzzle';
    });
  });
})();
