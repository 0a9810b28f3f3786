// Small DOM helpers shared by the console's modules: element building and value formatting.

/**
 * Builds an element. `attrs` keys: `class`, `text`, `on<event>` (a listener), `hidden`/`disabled`/
 * `checked`/`selected`/`value` (properties); anything else becomes an attribute (e.g. `data-action`).
 * Children may be nodes, strings, or null/undefined (skipped); arrays are flattened.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (['hidden', 'disabled', 'checked', 'selected', 'value', 'required', 'multiple'].includes(key)) node[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

/** Appends children as `el` does: nodes or text, skipping null/undefined/false, arrays flattened. */
export function appendAll(node, ...children) {
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/** A labelled form field: label + control in one wrapper. */
export function field(labelText, control, hint) {
  if (!control.id) control.id = uniqueId(control.name || 'field');
  return el('div', { class: 'field' },
    el('label', { for: control.id, text: labelText }),
    control,
    hint ? el('small', { class: 'hint', text: hint }) : null);
}

/** A select with [value, label] options. */
export function select(attrs, options, current) {
  return el('select', attrs, options.map(([value, label]) =>
    el('option', { value, selected: String(value) === String(current ?? ''), text: label })));
}

let idCounter = 0;
export function uniqueId(prefix) {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** Milliseconds since the epoch as local date and time; '' for 0 or nothing. */
export function formatTime(ms) {
  if (!ms || ms <= 0) return '';
  return new Date(ms).toLocaleString(undefined, { hour12: false });
}

/** A byte count with a binary unit. */
export function formatBytes(bytes) {
  if (bytes === null || bytes === undefined || bytes < 0) return '';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** A number with thousands separators; '' for nothing. */
export function formatNumber(n) {
  if (n === null || n === undefined || Number.isNaN(n)) return '';
  return Number(n).toLocaleString();
}

/** A query string from an object, skipping null/undefined/'' values; arrays are joined by commas. */
export function query(params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Lines of a textarea as a list without blank lines. */
export function lines(text) {
  return (text || '').split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
}

/** A `dl.props` of [label, value] pairs, leaving out empty values. */
export function propertyList(pairs) {
  return el('dl', { class: 'props' }, pairs
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [el('dt', { text: k }), el('dd', { text: String(v) })]));
}
