// The server: its JSON API, and the game's changes as they are saved (the event stream, polling while it is not open).

/**
 * A request to the API; the answer's JSON, or a throw of the error's JSON (`{error, article, field}`).
 * @param {string} method
 * @param {string} path
 * @param {Object} [body]
 */
export async function api(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  let j;
  try { j = await r.json(); } catch (_) { j = { error: r.status + ' ' + r.statusText, status: r.status }; }
  if (!r.ok) { throw Object.assign({ status: r.status }, j); }
  return j;
}

// The tokens this browser holds, one per game it made or joined.
const KEPT = 'sade-ref-token-';

/** Keeps `token` as this browser's seat in game `id`. */
export function keep(id, token) {
  if (token) { try { localStorage.setItem(KEPT + id, token); } catch (_) { /* private mode */ } }
}

/** The token this browser keeps for game `id`, or ''. */
export function kept(id) {
  try { return localStorage.getItem(KEPT + id) || ''; } catch (_) { return ''; }
}

const POLL_MS = 1000;

/**
 * Listens to game `id`: `heard(version)` for each version the stream tells; while the stream is
 * not open, `polled(game)` with each new state asked once a second (`since`: the version shown).
 * `opened(live)` when the stream opens or breaks; `analysed(data)` for what it tells of the game's analysis. Returns the function that stops listening.
 * @param {string} id
 * @param {{version: () => ?string, over: () => boolean, heard: (v: string) => void, polled: (g: Object) => void,
 *   opened: (live: boolean) => void, analysed: (data: string) => void}} on
 */
export function listen(id, on) {
  let stream = null, timer = null, stopped = false;
  const live = () => stream !== null && stream.readyState === 1;
  if (typeof EventSource !== 'undefined') {
    stream = new EventSource('/api/games/' + id + '/events');
    stream.addEventListener('open', () => on.opened(true));
    stream.addEventListener('error', () => on.opened(live()));
    stream.addEventListener('version', (e) => { if (!stopped) { on.heard(e.data); } });
    stream.addEventListener('analysis', (e) => { if (!stopped) { on.analysed(e.data); } });
  }
  const poll = async () => {
    timer = null;
    if (stopped) { return; }
    const version = on.version();
    if (!live() && !document.hidden && version && !on.over()) {
      try {
        const r = await fetch('/api/games/' + id + '?since=' + encodeURIComponent(version), { cache: 'no-store' });
        if (r.status === 200 && !stopped) { on.polled(await r.json()); }
      } catch (_) { /* the next poll asks again */ }
    }
    if (!stopped) { timer = setTimeout(poll, POLL_MS); }
  };
  timer = setTimeout(poll, POLL_MS);
  return () => {
    stopped = true;
    if (stream) { stream.close(); }
    clearTimeout(timer);
  };
}
