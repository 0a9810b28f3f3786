// Element building for the WebSocket client page. Text always goes in as text nodes, never as HTML:
// topics, payloads and properties come from other MQTT clients.

/**
 * An element with attributes and children. `text` sets the text, `on<event>` adds a listener, the
 * properties checked/disabled/value/hidden are set as properties, false/null/undefined are left out.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key === 'text') {
      node.textContent = value;
    } else if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (['checked', 'disabled', 'value', 'hidden'].includes(key)) {
      node[key] = value;
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

let fieldCount = 0;

/** A labelled control. */
export function field(label, control, hint) {
  control.id ||= `ws-field-${++fieldCount}`;
  return el(
    'div',
    { class: control.type === 'checkbox' ? 'field inline' : 'field' },
    el('label', { for: control.id, text: label }),
    control,
    hint ? el('small', { class: 'hint', text: hint }) : null,
  );
}

/** A select of [value, label] pairs. */
export function select(name, options, current) {
  return el(
    'select',
    { name },
    options.map(([value, label]) => el('option', { value: String(value), selected: String(value) === String(current) }, label)),
  );
}

/** The time of day with seconds, for list entries. */
export function clock(date = new Date()) {
  return date.toLocaleTimeString([], { hour12: false });
}
