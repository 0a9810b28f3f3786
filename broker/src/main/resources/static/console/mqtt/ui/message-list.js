// The received messages (newest first, at most `max`, the oldest dropped) and how one message is shown:
// topic, QoS, retain flag, MQTT 5 properties and the payload as text, or as hex when it is not UTF-8.

import { decodeUtf8OrNull, hex } from '../bytes.js';
import { clock, el } from './dom.js';

/** Characters of payload text shown per message; the rest is cut off with a note. */
export const SHOWN_CHARS = 16_384;

/** A list element that keeps at most `max` entries, newest at the top. */
export class BoundedList {
  constructor(list, max) {
    this.list = list;
    this.max = max;
  }

  add(item) {
    this.list.prepend(item);
    while (this.list.children.length > this.max) {
      this.list.lastElementChild.remove();
    }
  }

  clear() {
    this.list.replaceChildren();
  }

  size() {
    return this.list.children.length;
  }
}

/** The payload as shown: {format: 'text'|'hex', text}, cut to about SHOWN_CHARS characters. */
export function payloadView(payload) {
  const cut = `\n… (${payload.length} bytes in all)`;
  const text = decodeUtf8OrNull(payload);
  if (text !== null) {
    return { format: 'text', text: text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) + cut : text };
  }
  const bytes = Math.floor((SHOWN_CHARS + 1) / 3);
  return { format: 'hex', text: hex(payload.subarray(0, bytes)) + (payload.length > bytes ? cut : '') };
}

/** Property name and shown value pairs of a received PUBLISH. */
export function propertyRows(properties) {
  const rows = [];
  for (const [name, value] of Object.entries(properties)) {
    if (name === 'userProperty') {
      value.forEach(([k, v]) => rows.push([`user property ${k}`, v]));
    } else if (name === 'correlationData') {
      rows.push([name, hex(value)]);
    } else if (Array.isArray(value)) {
      rows.push([name, value.join(', ')]);
    } else {
      rows.push([name, String(value)]);
    }
  }
  return rows;
}

/** One received message as a list item: li[data-topic][data-qos][data-retain] with pre[data-payload]. */
export function messageItem({ topic, qos, retain, dup, properties, payload }) {
  const view = payloadView(payload);
  const rows = propertyRows(properties);
  return el(
    'li',
    { class: 'ws-message', 'data-topic': topic, 'data-qos': qos, 'data-retain': String(retain) },
    el(
      'div',
      { class: 'ws-message-head' },
      el('span', { class: 'ws-topic', text: topic }),
      el('span', { class: 'badge', text: `QoS ${qos}` }),
      retain ? el('span', { class: 'badge ok', text: 'retained' }) : null,
      dup ? el('span', { class: 'badge', text: 'dup' }) : null,
      el('span', { class: 'hint', text: `${clock()} · ${payload.length} bytes${view.format === 'hex' ? ' · hex' : ''}` }),
    ),
    rows.length
      ? el(
          'dl',
          { class: 'props ws-props' },
          rows.map(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]),
        )
      : null,
    el('pre', { class: 'ws-payload', 'data-payload': true, 'data-format': view.format, text: view.text }),
  );
}

/** One protocol log line. */
export function logItem(text) {
  return el('li', { text: `${clock()} ${text}` });
}
