// A message payload shown as text, JSON or hex (from its base64 form, so binary payloads stay exact).

import { el } from '../dom.js';

/** Buttons `[data-format]` and a `pre[data-payload]` showing the payload in the chosen format. */
export function payloadViewer(base64) {
  const bytes = Uint8Array.from(atob(base64 || ''), (c) => c.charCodeAt(0));
  const pre = el('pre', { 'data-payload': '', tabindex: '0' });
  const buttons = ['text', 'json', 'hex'].map((format) =>
    el('button', { type: 'button', class: 'toggle', 'data-format': format, text: format.toUpperCase() }));
  const show = (format) => {
    buttons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.format === format)));
    pre.dataset.format = format;
    pre.textContent = render(bytes, format);
  };
  buttons.forEach((b) => b.addEventListener('click', () => show(b.dataset.format)));
  show(looksLikeJson(bytes) ? 'json' : 'text');
  return el('div', { class: 'payload' },
    el('div', { class: 'range', role: 'group', 'aria-label': 'Payload format' },
      el('span', { class: 'filter-label', text: `Payload (${bytes.length} bytes)` }), buttons),
    pre);
}

function render(bytes, format) {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (format === 'json') {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch (e) {
      return `Not JSON: ${e.message}`;
    }
  }
  if (format === 'hex') return hex(bytes);
  return text;
}

function looksLikeJson(bytes) {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return bytes.length > 0;
  } catch {
    return false;
  }
}

/** 16 bytes a line: offset, hex bytes, printable ASCII. */
function hex(bytes) {
  const out = [];
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const chunk = bytes.slice(offset, offset + 16);
    const hexes = [...chunk].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = [...chunk].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    out.push(`${offset.toString(16).padStart(8, '0')}  ${hexes.padEnd(47)}  ${ascii}`);
  }
  return out.join('\n');
}
