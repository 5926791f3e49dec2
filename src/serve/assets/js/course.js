// The Course mode of the state: the stages (each idea said first, then its tasks), a lesson opened as a game, the server's judgement beside the board, help in its order (a hint, a retry, the solution) and the learner's stars.
import { $, el, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';
import { created } from './control.js';
import { cited, learnArticles } from './words.js';

const LEARNER = 'sade-ref-learner';
/** @type {?Object} */
let course = null;
let lessons = {}, stages = {};

/** The learner: an id this browser keeps, so that progress is each learner's own. */
function learner() {
  let id = localStorage.getItem(LEARNER);
  if (!id) {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => (b + 256).toString(16).slice(1)).join('');
    localStorage.setItem(LEARNER, id);
  }
  return id;
}

function lessonOf(g) {
  const t = g && g.record && (g.record.tags || []).find((x) => x.name === 'Lesson');
  return t ? t.value : null;
}

/** The mode of the game open: a lesson's game is the course's, seen from the lesson's side. */
export function mode(s) {
  const id = lessonOf(s.game);
  if (!id) { return; }
  s.mode = 'course';
  if (lessons[id]) { s.facing = lessons[id].side; }
}

function starText(n) { return n > 0 ? '★★★'.slice(0, n) + '☆☆☆'.slice(n) : '☆☆☆'; }

/** Reads the course (stages, lessons, the learner's stars, the Articles' words) and lists it. */
function list() {
  return api('GET', '/api/course?learner=' + learner()).then((c) => {
    course = c; lessons = {}; stages = {};
    learnArticles(c.articles);
    for (const s of c.stages) { stages[s.id] = s; }
    for (const l of c.lessons) { lessons[l.id] = l; }
    const ol = $('stages');
    ol.textContent = '';
    c.stages.forEach((s, i) => {
      let got = 0;
      for (const t of s.tasks) { got += lessons[t].stars; }
      const head = el('span', { className: 'stage', dataset: { stage: s.id }, textContent: (s.variant === 'Sade' ? '' : s.variant + ': ') + s.title + ' ' },
        el('span', { className: 'stars', textContent: got + '/' + (3 * s.tasks.length) + '★' }));
      if (i === 0) { head.id = 'first-stage'; }
      const tasks = el('ol');
      for (const t of s.tasks) {
        const l = lessons[t];
        const b = el('button', { className: 'lesson' + (l.completed ? ' completed' : ''), dataset: { lesson: l.id }, textContent: l.title + ' ', onclick: () => begin(l.id) },
          el('span', { className: 'stars', textContent: l.completed ? starText(l.stars) : '' }));
        tasks.append(el('li', {}, b));
      }
      ol.append(el('li', {}, head, tasks));
    });
    text('course-progress', c.completed + ' of ' + c.lessons.length + ' tasks completed, ' + c.stars + ' of ' + (3 * c.lessons.length) + ' stars');
    text('course-continue', c.completed ? 'Continue the course' : 'Start the course');
    render();
  }).catch(() => {});
}

let shownLesson = null, lessonKey = null;
/** The lesson's task beside (or above) the board: its stage and teaching, the prompt, a "why" task's series and choices. */
export function renderCourse(s) {
  const on = s.mode === 'course';
  if (document.body.dataset.mode !== (on ? 'course' : '')) {
    if (on) { document.body.dataset.mode = 'course'; } else { delete document.body.dataset.mode; }
  }
  shown('course-head', on);
  shown('lesson', on);
  const c = s.course, id = on ? c.lesson : null, l = id && lessons[id];
  buttons(c);
  if (!l || lessonKey === id + (course ? course.completed : '')) { return; }
  lessonKey = id + (course ? course.completed : '');
  const st = stages[l.stage], place = st ? st.tasks.indexOf(id) : 0;
  text('stage-title', st ? st.title : '');
  text('stage-place', st ? 'Task ' + (place + 1) + ' of ' + st.tasks.length : '');
  const teach = $('teach');
  teach.textContent = '';
  for (const t of st ? st.teach : []) { const p = el('p'); cited(p, t); teach.append(p); }
  text('wording', st ? st.wording : '');
  if (shownLesson !== id) { /** @type {any} */ ($('stage-teach')).open = place === 0; }
  shownLesson = id;
  text('lesson-title', l.title);
  cited($('lesson-prompt'), l.prompt);
  const why = l.task === 'why';
  shown('lesson-why', why);
  // A "why" task's feedback stands under its choices; a task on the board has it right under the board.
  if (why) { $('course-head').append($('lesson')); } else { $('panel').insertBefore($('lesson'), $('panel').firstChild); }
  text('lesson-series', why ? l.series.join(' ') : '');
  const box = $('why-choices');
  box.textContent = '';
  if (why) {
    for (const ch of l.choices) {
      box.append(el('button', { dataset: { cite: ch.cite }, textContent: ch.cite + ' — ' + ch.title, onclick: () => judge({ article: ch.cite }) }));
    }
  }
}

function buttons(c) {
  shown('lesson-retry', !c.done);
  shown('lesson-hint', !c.done && c.failures >= 1);
  shown('lesson-solution', !c.done && c.failures >= 2);
  shown('lesson-next', c.done);
  text('lesson-next', course && c.lesson && !following(c.lesson) ? 'Finish the course' : 'Next');
}

function judged(j) {
  const box = $('lesson-judgement'), g = j.judgement, c = state.course;
  c.failures = j.failures;
  if (g.outcome === 'incomplete') {
    cited(box, 'Go on: ' + g.message + '.');
    box.className = 'incomplete';
  } else if (g.outcome === 'completed') {
    c.done = true;
    cited(box, '✓ Completed: ' + g.message + '.');
    box.className = 'completed';
    const more = el('span', { className: 'explanation' });
    // Where the turn played was another that does what was asked, both are named.
    const bare = (list) => (list || []).map((a) => a.replace(/[+#]$/, '')).join(' ');
    const own = j.solution && j.played.length && bare(j.played) !== bare(j.solution) ?
      'You played ' + j.played.join(' ') + '; the lesson\'s own answer is ' + j.solution.join(' ') + '. ' : '';
    cited(more, own + j.explanation);
    box.append(more, el('span', { className: 'stars', id: 'lesson-stars', textContent: ' ' + starText(j.stars) }));
    list();
  } else {
    cited(box, '✗ ' + g.message + '.');
    box.className = 'failed';
  }
  render();
}

function judge(body) {
  const c = state.course;
  if (!c.game) { return; }
  body.token = c.token;
  body.learner = learner();
  api('POST', '/api/course/' + c.game + '/judge', body).then(judged).catch((e) => { state.refusal = e; render(); });
}

function help(want) {
  const c = state.course;
  api('POST', '/api/course/' + c.game + '/help', { token: c.token, learner: learner(), want }).then((h) => {
    cited($('lesson-help'), h.hint ? 'Hint: ' + h.hint : 'The solution: ' + h.solution.join(' ') + '. ' + (h.explanation || ''));
  }).catch((e) => { $('lesson-help').textContent = e && e.error ? e.error : String(e); });
}

function begin(id) {
  api('POST', '/api/course/start', { lesson: id }).then((c) => {
    state.course = { game: c.id, token: c.arbiter, lesson: id, judged: null, failures: 0, done: false };
    $('lesson-judgement').textContent = '';
    $('lesson-judgement').className = '';
    $('lesson-help').textContent = '';
    $('cite-words').hidden = true;
    created(c, 'arbiter');
    window.scrollTo(0, 0);
  }).catch((e) => { state.refusal = e; render(); });
}

/** The lesson after this one, in the course's order. */
function following(id) {
  const ids = course.lessons.map((l) => l.id);
  return ids[ids.indexOf(id) + 1];
}

/** After each state of a lesson's game: judged once a version (a failure counts once). */
export function seen(s) {
  const id = lessonOf(s.game);
  if (!id) { return; }
  const c = s.course;
  if (c.game !== s.game.id) { s.course = { game: s.game.id, token: s.token, lesson: id, judged: null, failures: 0, done: false }; }
  s.course.token = s.token;
  s.course.lesson = id;
  render();
  if (!lessons[id] || lessons[id].task === 'why' || s.course.judged === s.game.version) { return; }
  s.course.judged = s.game.version;
  judge({});
}

/** An action the server refused on the board: the referee says why, in the lesson's panel. */
export function refused(e, route, body) {
  if (!state.course.game || state.mode !== 'course' || route !== 'act') { return; }
  const tried = {};
  for (const k of Object.keys(body)) { if (k !== 'token') { tried[k] = body[k]; } }
  judge({ tried });
}

// Back to the list of stages: the address no longer names the lesson's game.
function leave(finished) {
  state.course = { game: null, token: '', lesson: null, judged: null, failures: 0, done: false };
  location.replace(location.pathname + (finished ? '?course=finished' : '?course'));
}

export function bindCourse() {
  // The board finds a square from where it was last measured: when the task above it grows, it is told.
  const boardMoved = () => window.dispatchEvent(new Event('resize'));
  $('stage-teach').addEventListener('toggle', boardMoved);
  new ResizeObserver(boardMoved).observe($('course-head'));
  $('lesson-retry').addEventListener('click', () => begin(state.course.lesson));
  $('teach-done').addEventListener('click', () => { /** @type {any} */ ($('stage-teach')).open = false; window.scrollTo(0, 0); });
  $('lesson-hint').addEventListener('click', () => help('hint'));
  $('lesson-solution').addEventListener('click', () => help('solution'));
  $('lesson-next').addEventListener('click', () => {
    const next = following(state.course.lesson);
    if (next) { begin(next); } else { leave(true); }
  });
  $('course-leave').addEventListener('click', () => leave(false));
  $('course-continue').addEventListener('click', () => {
    const open = course && course.lessons.find((l) => !l.completed);
    begin(open ? open.id : course.lessons[0].id);
  });
  list().then(() => {
    // The page opened from the course's list (`?course`): the list open, and at its end what the learner did.
    const q = new URLSearchParams(location.search).get('course');
    if (q === null) { return; }
    /** @type {any} */ ($('course')).open = true;
    if (q === 'finished' && course) {
      text('course-progress', 'Course finished: ' + course.completed + ' of ' + course.lessons.length + ' tasks completed, ' +
        course.stars + ' of ' + (3 * course.lessons.length) + ' stars.');
    }
    $('course').scrollIntoView();
  });
}
