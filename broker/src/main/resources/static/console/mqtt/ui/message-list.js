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

/**
 * The received messages: ul[data-ws-messages], newest first, at most `max`, with a count
 * ([data-ws-message-count]) and a clear button (button[data-action="clear-messages"]).
 */
export class MessagePanel {
  constructor(max) {
    this.max = max;
    this.list = el('ul', { class: 'ws-messages', 'data-ws-messages': true });
    this.messages = new BoundedList(this.list, max);
    this.count = el('span', { class: 'hint', 'data-ws-message-count': true });
    const clear = () => {
      this.messages.clear();
      this.showCount();
    };
    this.element = el(
      'section',
      { class: 'card ws-section' },
      el(
        'div',
        { class: 'ws-list-head' },
        el('h3', { text: 'Messages' }),
        this.count,
        el('button', { type: 'button', class: 'small', 'data-action': 'clear-messages', text: 'Clear', onclick: clear }),
      ),
      this.list,
    );
    this.showCount();
  }

  add(message) {
    this.messages.add(messageItem(message));
    this.showCount();
  }

  showCount() {
    const n = this.messages.size();
    const dropped = n === this.max ? ` (the newest ${this.max}; older ones are dropped)` : '';
    this.count.textContent = `${n} ${n === 1 ? 'message' : 'messages'}${dropped}`;
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

const LABELS = {
  payloadFormatIndicator: 'Payload format',
  messageExpiryInterval: 'Message expiry (s)',
  contentType: 'Content type',
  responseTopic: 'Response topic',
  correlationData: 'Correlation data',
  subscriptionIdentifier: 'Subscription identifier',
};

/** Label and shown value pairs of a received PUBLISH's properties. */
export function propertyRows(properties) {
  const rows = [];
  for (const [name, value] of Object.entries(properties)) {
    const label = LABELS[name] ?? name;
    if (name === 'userProperty') {
      value.forEach(([k, v]) => rows.push([`User property ${k}`, v]));
    } else if (name === 'correlationData') {
      rows.push([label, hex(value)]);
    } else if (name === 'payloadFormatIndicator') {
      rows.push([label, value === 1 ? 'UTF-8 text (1)' : `bytes (${value})`]);
    } else if (Array.isArray(value)) {
      rows.push([label, value.join(', ')]);
    } else {
      rows.push([label, String(value)]);
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
