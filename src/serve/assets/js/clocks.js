// The clocks, as the server gave them with the state, counted down here between answers; at nothing left the page reads the state (the server ends the game on time).
import { $ } from './dom.js';
import { COLOUR } from './words.js';
import { load } from './control.js';

let timer = null, clocksKey = null;

/** Time left as a clock shows it: `4:58`, `1:02:05`, `9.4` in the last ten seconds; a correspondence clock's days and hours, `2 days 3 h`. */
function clockText(ms) {
  if (ms >= 86400000) {
    const d = Math.floor(ms / 86400000), h = Math.floor(ms % 86400000 / 3600000);
    return d + (d === 1 ? ' day' : ' days') + (h ? ' ' + h + ' h' : '');
  }
  const s = ms < 10000 ? Math.floor(ms / 1000) : Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const pad = (n) => (n < 10 ? '0' : '') + n;
  return (h ? h + ':' + pad(m) : m) + ':' + pad(s % 60) + (ms < 10000 ? '.' + Math.floor(ms % 1000 / 100) : '');
}

export function renderClocks(s) {
  const c = s.game ? s.game.clocks : null;
  if (c === clocksKey) { return; }
  clocksKey = c;
  clearInterval(timer); timer = null;
  $('clocks').hidden = !c;
  if (!c) { return; }
  const got = performance.now();
  let asked = false;
  const tick = () => {
    for (const side of ['white', 'black']) {
      const left = c[side] - (c.running === side ? performance.now() - got : 0);
      const box = $('clock-' + side);
      box.textContent = COLOUR[side] + ' ' + clockText(Math.max(0, left));
      box.className = 'clock' + (c.running === side ? ' running' : '') + (left < 10000 ? ' low' : '');
      if (c.running === side && left <= 0 && !asked) { asked = true; load(); }
    }
  };
  tick();
  if (c.running) { timer = setInterval(tick, 200); }
}
