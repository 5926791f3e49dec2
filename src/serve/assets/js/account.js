// Who this browser is, in the header: signed out, "Log in", "Sign up", "Play as a guest" (a small form of a name and a password); signed in, the name (a link to the player's page) and "Log out".
import { $, text, shown } from './dom.js';
import { api } from './api.js';
import { state } from './state.js';
import { render } from './render.js';

/** A refusal of the server in a player's words: its sentence, capitalised and ended. */
function said(e) {
  const words = (e && e.error) || String(e);
  return words.charAt(0).toUpperCase() + words.slice(1) + (/[.!?]$/.test(words) ? '' : '.');
}

/** Asks the server who this browser is; tells `then` when it knows. */
export function whoAmI() {
  return api('GET', '/api/session').then((a) => { state.me = a.player; }).catch(() => { state.me = null; }).then(() => {
    render();
    document.dispatchEvent(new Event('sade-ref-session'));
  });
}

/** A player for this browser: the one signed in, else a guest made now. */
export async function ensurePlayer() {
  if (state.me) { return state.me; }
  const a = await api('POST', '/api/session/guest', {});
  state.me = a.player;
  render();
  document.dispatchEvent(new Event('sade-ref-session'));
  return state.me;
}

let accountKey = '';
export function renderAccount(s) {
  const me = s.me;
  const key = JSON.stringify([me, s.account.form]);
  shown('account-out', me === null);
  shown('account-in', !!me);
  shown('account-form', me === null && !!s.account.form);
  text('account-refusal', s.account.note);
  if (key === accountKey) { return; }
  accountKey = key;
  if (me) {
    const link = /** @type {HTMLAnchorElement} */ ($('account-name'));
    link.textContent = me.name + (me.guest ? ' (guest)' : '');
    link.href = '#player=' + encodeURIComponent(me.name);
  }
  const form = s.account.form;
  text('account-submit', form === 'signup' ? 'Create my account' : 'Log in');
  for (const id of ['show-login', 'show-signup']) { $(id).classList.toggle('chosen', form === id.slice(5)); }
  /** @type {HTMLInputElement} */ ($('account-password')).autocomplete = form === 'signup' ? 'new-password' : 'current-password';
}

function submit(ev) {
  ev.preventDefault();
  const form = state.account.form;
  const name = /** @type {HTMLInputElement} */ ($('account-user')).value.trim();
  const password = /** @type {HTMLInputElement} */ ($('account-password')).value;
  if (!name || !password) { state.account.note = 'Type a name and a password.'; render(); return; }
  state.account.note = '';
  api('POST', '/api/account/' + (form === 'signup' ? 'signup' : 'login'), { name, password }).then(() => {
    state.account.form = null;
    /** @type {HTMLInputElement} */ ($('account-password')).value = '';
    return whoAmI();
  }).catch((e) => { state.account.note = said(e); render(); });
}

export function bindAccount() {
  const open = (form) => () => {
    state.account.form = state.account.form === form ? null : form;
    state.account.note = '';
    render();
    if (state.account.form) { $('account-user').focus(); }
  };
  $('show-login').addEventListener('click', open('login'));
  $('show-signup').addEventListener('click', open('signup'));
  $('account-form').addEventListener('submit', submit);
  $('play-guest').addEventListener('click', () => {
    state.account.note = '';
    ensurePlayer().catch((e) => { state.account.note = said(e); render(); });
  });
  $('logout').addEventListener('click', () => {
    api('POST', '/api/account/logout').catch(() => {}).then(() => { state.me = null; return whoAmI(); });
  });
  // Another tab may sign in or out: asked again when the page is seen again.
  document.addEventListener('visibilitychange', () => { if (!document.hidden) { whoAmI(); } });
  whoAmI();
}
