// The start, last: the buttons, the keys, clicks in the move list, the game picker and the
// address wired up; then the page opened where the fragment says, and marked ready.

document.getElementById('first').onclick = function () { show(0); };
document.getElementById('prev').onclick = function () { show(current - 1); };
document.getElementById('next').onclick = function () { show(current + 1); };
document.getElementById('last').onclick = function () { show(steps.length - 1); };
document.addEventListener('keydown', function (event) {
  var moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 };
  if (event.key in moves) { show(current + moves[event.key]); event.preventDefault(); }
  if (event.key === 'Home') { show(0); }
  if (event.key === 'End') { show(steps.length - 1); }
});
document.getElementById('moves').addEventListener('click', function (event) {
  var target = event.target.closest('[data-step]');
  if (!target) { return; }
  event.preventDefault();
  show(Number(target.getAttribute('data-step')));
});
var picker = document.getElementById('picker');
var entries = games.map(function (game, i) { return { number: game.number, index: i, title: game.title }; })
  .concat(unread.map(function (u) { return { number: u.number, index: -1, title: 'cannot be shown: ' + u.reason }; }))
  .sort(function (a, b) { return a.number - b.number; });
entries.forEach(function (entry) {
  var option = document.createElement('option');
  option.value = String(entry.index);
  option.textContent = entry.number + '. ' + entry.title;
  if (entry.index < 0) { option.disabled = true; }
  picker.appendChild(option);
});
if (entries.length < 2) { document.getElementById('picker-box').style.display = 'none'; }
picker.onchange = function () { selectGame(Number(picker.value)); notice(''); show(0); };
window.addEventListener('hashchange', fromFragment);

if (location.hash === '#trace') { trace(); }
var presses = fromFragment();
for (var p = 0; p < presses; p++) {
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
}
document.documentElement.setAttribute('data-ready', 'yes');
