// The details pane of one client session (used by the sessions page).

import { el, formatTime, propertyList } from '../dom.js';

const QOS = { AT_MOST_ONCE: 0, AT_LEAST_ONCE: 1, EXACTLY_ONCE: 2 };

// A message count of the details; null (not applicable, or its node did not answer in time) shows as a dash.
const count = (n) => (n === null || n === undefined ? '\u2014' : String(n));

export function showSessionDetails(openDialog, s) {
  const props = [
    ['Client id', s.clientId],
    ['Status', s.connectionState],
    ['Client type', s.clientType],
    ['Node', s.nodeId],
    ['Address', s.clientIpAdr],
    ['Protocol', s.mqttVersion],
    ['Keep alive', s.keepAliveSeconds ? `${s.keepAliveSeconds} s` : 'none'],
    ['Clean start', s.cleanStart ? 'yes' : 'no'],
    ['Session expiry', `${s.sessionExpiryInterval} s`],
    ['Connected at', formatTime(s.connectedAt)],
    ['Disconnected at', formatTime(s.disconnectedAt)],
    ['Session id', s.sessionId],
    ['In-flight messages', count(s.inFlightMessages)],
    ['Stored messages', count(s.storedMessages)],
  ];
  const subscriptions = s.subscriptions || [];
  openDialog({
    title: `Session ${s.clientId}`,
    details: 'session',
    wide: true,
    content: [
      propertyList(props),
      el('h3', { text: `Subscriptions (${subscriptions.length})` }),
      subscriptions.length === 0 ? el('p', { class: 'hint', text: 'No subscriptions.' }) : el('div', { class: 'table-scroll' },
        el('table', { class: 'grid', 'data-table': 'session-subscriptions' },
          el('thead', {}, el('tr', {}, ['Topic filter', 'QoS', 'No local', 'Retain as published', 'Retain handling', 'Id']
            .map((h) => el('th', { scope: 'col', text: h })))),
          el('tbody', {}, subscriptions.map((sub) => el('tr', { 'data-key': sub.topicFilter },
            el('td', { class: 'wrap', text: sub.topicFilter }),
            el('td', { text: String(QOS[sub.qos] ?? sub.qos) }),
            el('td', { text: sub.options?.noLocal ? 'yes' : 'no' }),
            el('td', { text: sub.options?.retainAsPublish ? 'yes' : 'no' }),
            el('td', { text: String(sub.options?.retainHandling ?? 0) }),
            el('td', { text: sub.subscriptionId ?? '' })))))),
    ],
  });
}
