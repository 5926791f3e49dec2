// The Course mode: the list of lessons, a lesson opened as an ordinary game of the server (the
// same board, clicks and refusals as play, through window.sadeRef), and the server's judgement
// of the lesson's turn once the turn is complete. The server judges the game's record; this
// script never says what was played.
(function () {
  'use strict';

  var lessons = {};
  var current = { game: null, token: '' };

  function $(id) { return document.getElementById(id); }

  function lessonOf(state) {
    var tags = state && state.record && state.record.tags ? state.record.tags : [];
    for (var i = 0; i < tags.length; i++) {
      if (tags[i].name === 'Lesson') { return tags[i].value; }
    }
    return null;
  }

  // A lesson's title with its Article; a "why" lesson asks for the Article, so its title does
  // not give it away.
  function titleOf(l) {
    return l.task === 'why' ? l.title : l.title + ' (' + l.article + ')';
  }

  function list() {
    window.sadeRef.api('GET', '/api/course').then(function (c) {
      var ol = $('lessons');
      ol.textContent = '';
      c.lessons.forEach(function (l) {
        lessons[l.id] = l;
        var li = document.createElement('li');
        var b = document.createElement('button');
        b.className = 'lesson';
        b.dataset.lesson = l.id;
        b.textContent = titleOf(l);
        b.addEventListener('click', function () { begin(l.id); });
        li.appendChild(b);
        if (l.completed) {
          var done = document.createElement('span');
          done.className = 'completed';
          done.textContent = ' completed';
          li.appendChild(done);
        }
        ol.appendChild(li);
      });
      $('course-progress').textContent = c.completed + ' of ' + c.lessons.length + ' lessons completed';
    }).catch(window.sadeRef.refuse);
  }

  function show(id) {
    var l = lessons[id];
    $('lesson').hidden = false;
    $('lesson-title').textContent = l ? titleOf(l) : id;
    $('lesson-prompt').textContent = l ? l.prompt : '';
    var why = !!(l && l.task === 'why');
    $('lesson-why').hidden = !why;
    $('lesson-series').textContent = why ? l.series.join(' ') : '';
  }

  function shown(j) {
    var box = $('lesson-judgement'), g = j.judgement;
    if (g.outcome === 'incomplete') {
      box.textContent = 'In progress: ' + g.message;
      box.className = 'incomplete';
      return;
    }
    if (g.outcome === 'completed') {
      box.textContent = 'Completed: ' + g.message + '. ' + j.explanation;
      box.className = 'completed';
      list();
      return;
    }
    box.textContent = 'Failed: ' + g.message + (g.article ? ' [' + g.article + ']' : '') +
      '. The lesson\'s solution: ' + (g.solution || []).join(' ');
    box.className = 'failed';
  }

  function judge(body) {
    body.token = current.token;
    window.sadeRef.api('POST', '/api/course/' + current.game + '/judge', body)
      .then(shown).catch(window.sadeRef.refuse);
  }

  function begin(id) {
    window.sadeRef.api('POST', '/api/course/start', { lesson: id }).then(function (c) {
      $('lesson-judgement').textContent = '';
      $('lesson-judgement').className = '';
      show(id);
      window.sadeRef.open(c);
    }).catch(window.sadeRef.refuse);
  }

  window.sadeRef.onState(function (state, token) {
    var id = lessonOf(state);
    if (!id) { $('lesson').hidden = true; return; }
    show(id);
    current.game = state.id;
    current.token = token;
    if (lessons[id] && lessons[id].task === 'why') { return; }
    judge({});
  });

  document.addEventListener('DOMContentLoaded', function () {
    $('why-send').addEventListener('click', function () { judge({ article: $('why-article').value.trim() }); });
    list();
  });
})();
