// Small helpers for writing to the page: find by id, make an element, set a text only when it changed.

/** @param {string} id @returns {HTMLElement} */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * An element with its properties (`className`, `textContent`, `dataset`, `onclick`…) and children.
 * @param {string} tag
 * @param {Object<string, any>} [props]
 * @param {...(Node|string)} children
 * @returns {HTMLElement}
 */
export function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'dataset') { Object.assign(e.dataset, v); } else if (k.startsWith('on')) {
      e.addEventListener(k.slice(2), v);
    } else { /** @type {any} */ (e)[k] = v; }
  }
  for (const c of children) { e.append(c); }
  return e;
}

/** The text of `id`, written only when it changed (a screen reader hears changes only). */
export function text(id, words) {
  const e = $(id);
  if (e.textContent !== words) { e.textContent = words; }
}

/** Shows or hides `id`. */
export function shown(id, on) {
  const e = $(id);
  if (e.hidden === !!on) { e.hidden = !on; }
}

/** Adds an option to a select. */
export function option(select, value, label) {
  select.append(el('option', { value, textContent: label || value }));
}
