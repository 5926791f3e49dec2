// The Course mode: the stages (each idea said first, then its tasks), a lesson opened as an
// ordinary game of the server (the same board, clicks and refusals as play, through
// window.sadeRef), the server's judgement in the lesson's panel, help in its order (a hint,
// then a retry, then the solution) and the learner's stars. The server judges the game's record,
// or an action it refused; this script never says what was played.
(function () {
  'use strict';

  var LEARNER = 'sade-ref-learner';
  var course = null;
  var lessons = {}, stages = {}, titles = {};
  var current = { game: null, token: '', lesson: null, judged: null, failures: 0, done: false };

  function $(id) { return document.getElementById(id); }

  // The learner: an id this browser keeps, so that progress is each learner's own.
  function learner() {
    var id = localStorage.getItem(LEARNER);
    if (!id) {
      var bytes = new Uint8Array(8);
      crypto.getRandomValues(bytes);
      id = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
      localStorage.setItem(LEARNER, id);
    }
    return id;
  }

  function lessonOf(state) {
    var tags = state && state.record && state.record.tags ? state.record.tags : [];
    for (var i = 0; i < tags.length; i++) {
      if (tags[i].name === 'Lesson') { return tags[i].value; }
    }
    return null;
  }

  function starText(n) { return n > 0 ? '★★★'.slice(0, n) + '☆☆☆'.slice(n) : '☆☆☆'; }

  // Text with each citation the referee uses made an abbreviation that says what it is about and
  // the rule's own words (hover, or tap: they show under the feedback).
  var CITE = /\b(Art\. \d+(?:\.\d+)?|R\d{1,2}|[MS]\d|FIDE [0-9.]*\d)\b/g;
  function cited(el, text) {
    el.textContent = '';
    var last = 0;
    text.replace(CITE, function (m, cite, at) {
      if (!titles[cite]) { return m; }
      el.appendChild(document.createTextNode(text.slice(last, at)));
      var a = document.createElement('abbr');
      a.className = 'cite'; a.title = titles[cite]; a.textContent = cite; a.tabIndex = 0;
      a.addEventListener('click', function () {
        $('cite-words').hidden = false;
        $('cite-words').textContent = cite + ': ' + titles[cite];
      });
      el.appendChild(a);
      last = at + m.length;
      return m;
    });
    el.appendChild(document.createTextNode(text.slice(last)));
  }

  function list() {
    return window.sadeRef.api('GET', '/api/course?learner=' + learner()).then(function (c) {
      course = c; lessons = {}; stages = {}; titles = {};
      c.articles.forEach(function (a) {
        titles[a.cite] = a.words ? a.title + '. ' + a.source + ': ' + (a.quoted ? '“' + a.words + '”' : a.words) : a.title;
      });
      c.stages.forEach(function (s) { stages[s.id] = s; });
      c.lessons.forEach(function (l) { lessons[l.id] = l; });
      var ol = $('stages');
      ol.textContent = '';
      c.stages.forEach(function (s, i) {
        var li = document.createElement('li');
        var got = 0;
        s.tasks.forEach(function (t) { got += lessons[t].stars; });
        var head = document.createElement('span');
        head.className = 'stage'; head.dataset.stage = s.id;
        head.textContent = (s.variant === 'Sade' ? '' : s.variant + ': ') + s.title + ' ';
        var stars = document.createElement('span');
        stars.className = 'stars'; stars.textContent = got + '/' + (3 * s.tasks.length) + '★';
        head.appendChild(stars);
        li.appendChild(head);
        var tasks = document.createElement('ol');
        s.tasks.forEach(function (t) {
          var l = lessons[t], tli = document.createElement('li');
          var b = document.createElement('button');
          b.className = 'lesson'; b.dataset.lesson = l.id;
          b.textContent = l.title + ' ';
          var st = document.createElement('span');
          st.className = 'stars'; st.textContent = l.completed ? starText(l.stars) : '';
          b.appendChild(st);
          if (l.completed) { b.classList.add('completed'); }
          b.addEventListener('click', function () { begin(l.id); });
          tli.appendChild(b); tasks.appendChild(tli);
        });
        li.appendChild(tasks);
        ol.appendChild(li);
        if (i === 0) { head.id = 'first-stage'; }
      });
      $('course-progress').textContent = c.completed + ' of ' + c.lessons.length + ' tasks completed, ' +
        c.stars + ' of ' + (3 * c.lessons.length) + ' stars';
      $('course-continue').textContent = c.completed ? 'Continue the course' : 'Start the course';
      if (current.lesson) { show(current.lesson); }
    }).catch(window.sadeRef.refuse);
  }

  function mode(on) {
    if (on) { document.body.dataset.mode = 'course'; } else { delete document.body.dataset.mode; }
    $('course-head').hidden = !on;
    $('lesson').hidden = !on;
  }

  // The lesson's task beside (or above) the board: its stage, the stage's teaching (open at
  // the stage's first task), the prompt, the series and choices of a "why" task.
  function show(id) {
    var l = lessons[id];
    if (!l) { return; }
    var s = stages[l.stage], place = s ? s.tasks.indexOf(id) : 0;
    mode(true);
    $('stage-title').textContent = s ? s.title : '';
    $('stage-place').textContent = s ? 'Task ' + (place + 1) + ' of ' + s.tasks.length : '';
    var teach = $('teach'); teach.textContent = '';
    (s ? s.teach : []).forEach(function (t) {
      var p = document.createElement('p'); cited(p, t); teach.appendChild(p);
    });
    $('wording').textContent = s ? s.wording : '';
    if (current.shown !== id) { $('stage-teach').open = place === 0; }
    current.shown = id;
    $('lesson-title').textContent = l.title;
    cited($('lesson-prompt'), l.prompt);
    var why = l.task === 'why';
    $('lesson-why').hidden = !why;
    // A "why" task's feedback stands under its choices (above the board on a phone); a task
    // played on the board has it right under the board.
    if (why) { $('course-head').appendChild($('lesson')); } else { $('panel').insertBefore($('lesson'), $('panel').firstChild); }
    $('lesson-series').textContent = why ? l.series.join(' ') : '';
    var box = $('why-choices'); box.textContent = '';
    if (why) {
      l.choices.forEach(function (c) {
        var b = document.createElement('button');
        b.dataset.cite = c.cite;
        b.textContent = c.cite + ' — ' + c.title;
        b.addEventListener('click', function () { judge({ article: c.cite }); });
        box.appendChild(b);
      });
    }
  }

  function buttons() {
    $('lesson-retry').hidden = current.done;
    $('lesson-hint').hidden = current.done || current.failures < 1;
    $('lesson-solution').hidden = current.done || current.failures < 2;
    $('lesson-next').hidden = !current.done;
    $('lesson-next').textContent = course && current.lesson && !following(current.lesson) ? 'Finish the course' : 'Next';
  }

  function shown(j) {
    var box = $('lesson-judgement'), g = j.judgement;
    current.failures = j.failures;
    if (g.outcome === 'incomplete') {
      cited(box, 'Go on: ' + g.message + '.');
      box.className = 'incomplete';
      buttons();
      return;
    }
    if (g.outcome === 'completed') {
      current.done = true;
      cited(box, '✓ Completed: ' + g.message + '.');
      box.className = 'completed';
      var more = document.createElement('span');
      more.className = 'explanation';
      // The explanation speaks of the lesson's own answer: where the turn played was another
      // that does what was asked, both are named.
      var bare = function (list) { return (list || []).map(function (a) { return a.replace(/[+#]$/, ''); }).join(' '); };
      var own = j.solution && j.played.length && bare(j.played) !== bare(j.solution) ?
        'You played ' + j.played.join(' ') + '; the lesson\'s own answer is ' + j.solution.join(' ') + '. ' : '';
      cited(more, own + j.explanation);
      box.appendChild(more);
      var stars = document.createElement('span');
      stars.className = 'stars'; stars.id = 'lesson-stars';
      stars.textContent = ' ' + starText(j.stars);
      box.appendChild(stars);
      buttons();
      list();
      return;
    }
    cited(box, '✗ ' + g.message + '.');
    box.className = 'failed';
    buttons();
  }

  function judge(body) {
    if (!current.game) { return; }
    body.token = current.token;
    body.learner = learner();
    window.sadeRef.api('POST', '/api/course/' + current.game + '/judge', body)
      .then(shown).catch(window.sadeRef.refuse);
  }

  function help(want) {
    window.sadeRef.api('POST', '/api/course/' + current.game + '/help',
      { token: current.token, learner: learner(), want: want }).then(function (h) {
      cited($('lesson-help'), h.hint ? 'Hint: ' + h.hint :
        'The solution: ' + h.solution.join(' ') + '. ' + (h.explanation || ''));
    }).catch(function (e) { $('lesson-help').textContent = e && e.error ? e.error : String(e); });
  }

  function begin(id) {
    window.sadeRef.api('POST', '/api/course/start', { lesson: id }).then(function (c) {
      current = { game: c.id, token: c.arbiter, lesson: id, judged: null, failures: 0, done: false };
      $('lesson-judgement').textContent = '';
      $('lesson-judgement').className = '';
      $('lesson-help').textContent = '';
      $('cite-words').hidden = true;
      buttons();
      show(id);
      window.sadeRef.unaided(c.id);
      window.sadeRef.teach(c.id);
      if (lessons[id]) { window.sadeRef.face(c.id, lessons[id].side); }
      window.sadeRef.open(c);
      window.scrollTo(0, 0);
    }).catch(window.sadeRef.refuse);
  }

  // The lesson after this one, in the course's order.
  function following(id) {
    var ids = course.lessons.map(function (l) { return l.id; });
    return ids[ids.indexOf(id) + 1];
  }

  window.sadeRef.onState(function (state, token) {
    var id = lessonOf(state);
    if (!id) { if (document.body.dataset.mode === 'course') { mode(false); } return; }
    if (current.game !== state.id) {
      current = { game: state.id, token: token, lesson: id, judged: null, failures: 0, done: false };
      buttons();
    }
    current.token = token;
    current.lesson = id;
    window.sadeRef.unaided(state.id);
    window.sadeRef.teach(state.id);
    if (lessons[id]) { window.sadeRef.face(state.id, lessons[id].side); }
    show(id);
    if (!lessons[id] || lessons[id].task === 'why') { return; }
    // Judged once a version: a failure counts once.
    if (current.judged === state.version) { return; }
    current.judged = state.version;
    judge({});
  });

  // An action the server refused on the board: the referee says why, in the lesson's panel.
  window.sadeRef.onRefusal(function (e, route, body) {
    if (!current.game || document.body.dataset.mode !== 'course' || route !== 'act') { return; }
    var tried = {};
    Object.keys(body).forEach(function (k) { if (k !== 'token') { tried[k] = body[k]; } });
    judge({ tried: tried });
  });

  // The board finds a square from where it was last measured (measured again when the window
  // scrolls or is resized): when the task above it (on a phone) grows or shrinks, the board
  // moves, and is told so.
  function boardMoved() { window.dispatchEvent(new Event('resize')); }

  document.addEventListener('DOMContentLoaded', function () {
    $('stage-teach').addEventListener('toggle', boardMoved);
    new ResizeObserver(boardMoved).observe($('course-head'));
    $('lesson-retry').addEventListener('click', function () { begin(current.lesson); });
    $('teach-done').addEventListener('click', function () { $('stage-teach').open = false; window.scrollTo(0, 0); });
    $('lesson-hint').addEventListener('click', function () { help('hint'); });
    $('lesson-solution').addEventListener('click', function () { help('solution'); });
    $('lesson-next').addEventListener('click', function () {
      var next = following(current.lesson);
      if (next) { begin(next); } else { leave(true); }
    });
    $('course-leave').addEventListener('click', function () { leave(false); });
    $('course-continue').addEventListener('click', function () {
      var open = course && course.lessons.filter(function (l) { return !l.completed; })[0];
      begin(open ? open.id : course.lessons[0].id);
    });
    list().then(fromList);
  });

  // Back to the list of stages: the lesson's game is closed (the address no longer names it).
  function leave(finished) {
    mode(false);
    current = { game: null, token: '', lesson: null, judged: null, failures: 0, done: false };
    location.replace(location.pathname + (finished ? '?course=finished' : '?course'));
  }

  // The page opened from the course's list (`?course`): the list open, and at the end of the
  // course what the learner did.
  function fromList() {
    var q = new URLSearchParams(location.search).get('course');
    if (q === null) { return; }
    $('course').open = true;
    if (q === 'finished' && course) {
      $('course-progress').textContent = 'Course finished: ' + course.completed + ' of ' + course.lessons.length +
        ' tasks completed, ' + course.stars + ' of ' + (3 * course.lessons.length) + ' stars.';
    }
    $('course').scrollIntoView();
  }
})();
