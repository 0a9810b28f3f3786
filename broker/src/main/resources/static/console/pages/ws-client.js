// The WebSocket MQTT client page: connect to this node's WebSocket listener with chosen credentials,
// subscribe, publish with QoS, retain and MQTT 5 properties, and watch messages arrive.

import { MqttWsClient } from '../mqtt/client.js';
import { el } from '../mqtt/ui/dom.js';
import {
  connectForm,
  publishForm,
  readConnect,
  readPublish,
  readSubscribe,
  subscribeForm,
} from '../mqtt/ui/forms.js';
import { BoundedList, logItem, messageItem } from '../mqtt/ui/message-list.js';

/** Received messages kept on the page; the oldest go first. */
const MAX_MESSAGES = 500;
/** Protocol log lines kept on the page. */
const MAX_LOG_LINES = 200;
/** The path of the WebSocket listener (LISTENER_WS_PATH / LISTENER_WSS_PATH), which the API does not report. */
const WS_PATH = '/mqtt';
const DEFAULT_PORTS = { WS: 8084, WSS: 8085 };

export async function render(root, ctx) {
  addStyleSheet();
  const client = new MqttWsClient({ maxPacketSize: 1_048_576 });
  const connect = connectForm({ url: await defaultUrl(ctx), clientId: randomClientId() });
  const subscribe = subscribeForm();
  const publish = publishForm();
  const subscriptionList = el('ul', { class: 'ws-subscriptions', 'data-ws-subscriptions': true });
  const messageList = el('ul', { class: 'ws-messages', 'data-ws-messages': true });
  const logList = el('ol', { class: 'ws-log', 'data-ws-log': true });
  const messageCount = el('span', { class: 'hint', 'data-ws-message-count': true, text: '0 messages' });
  const messages = new BoundedList(messageList, MAX_MESSAGES);
  const log = new BoundedList(logList, MAX_LOG_LINES);
  const subscriptions = new Map();

  root.append(
    el('h2', { text: 'WebSocket MQTT client' }),
    el('div', { class: 'ws-client' }, connect, subscribe, publish),
    el('section', { class: 'card' }, el('h3', { text: 'Subscriptions' }), subscriptionList),
    el(
      'section',
      { class: 'card' },
      el('div', { class: 'ws-list-head' },
        el('h3', { text: 'Messages' }),
        messageCount,
        el('button', { type: 'button', class: 'small', 'data-action': 'clear-messages', text: 'Clear', onclick: () => {
          messages.clear();
          messageCount.textContent = countText(0);
        } }),
      ),
      messageList,
    ),
    el('section', { class: 'card' }, el('h3', { text: 'Protocol log' }), logList),
  );

  const report = (e) => {
    log.add(logItem(`error: ${e.message ?? e}`));
    ctx.showError(e.message ?? String(e));
  };

  client.addEventListener('status', ({ detail }) => showStatus(connect, detail));
  client.addEventListener('log', ({ detail }) => log.add(logItem(detail.text)));
  client.addEventListener('message', ({ detail }) => {
    messages.add(messageItem(detail));
    messageCount.textContent = countText(messages.size());
  });

  connect.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const connack = await client.connect(readConnect(connect));
      log.add(logItem(connackText(connack)));
      if (!connack.sessionPresent) {
        subscriptions.clear();
        subscriptionList.replaceChildren();
      }
    } catch (e) {
      report(e);
    }
  });
  connect.querySelector('[data-action="disconnect"]').addEventListener('click', () => client.disconnect());

  subscribe.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const [result] = await client.subscribe([readSubscribe(subscribe)]);
      showSubscription(result, subscriptions, subscriptionList, (filter) => unsubscribe(filter));
      log.add(logItem(`SUBACK ${result.topicFilter}: ${result.reason}`));
      if (result.grantedQos === null) {
        ctx.showError(`subscription to ${result.topicFilter} refused: ${result.reason}`);
      }
    } catch (e) {
      report(e);
    }
  });

  async function unsubscribe(filter) {
    try {
      const [result] = await client.unsubscribe([filter]);
      log.add(logItem(`UNSUBACK ${filter}: ${result.reason}`));
      subscriptions.get(filter)?.remove();
      subscriptions.delete(filter);
    } catch (e) {
      report(e);
    }
  }

  const publishResult = publish.querySelector('[data-ws-publish-result]');
  publish.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const message = readPublish(publish);
      publishResult.textContent = 'publishing…';
      const result = await client.publish(message);
      publishResult.textContent = `${message.topic}: ${result.reason}`;
      log.add(logItem(`published to ${message.topic} (QoS ${message.qos}): ${result.reason}`));
    } catch (e) {
      publishResult.textContent = `failed: ${e.message}`;
      report(e);
    }
  });

  ctx.onLeave(() => client.disconnect());
  ctx.ready();
}

function countText(count) {
  const kept = count === MAX_MESSAGES ? ` (the newest ${MAX_MESSAGES}; older ones are dropped)` : '';
  return `${count} ${count === 1 ? 'message' : 'messages'}${kept}`;
}

function showStatus(form, { status, reason }) {
  const statusEl = form.querySelector('[data-ws-status]');
  statusEl.textContent = status;
  statusEl.dataset.status = status;
  form.querySelector('[data-ws-reason]').textContent = reason ?? '';
  form.querySelector('[data-action="connect"]').disabled = status !== 'disconnected';
  form.querySelector('[data-action="disconnect"]').disabled = status === 'disconnected';
}

function showSubscription(result, subscriptions, list, unsubscribe) {
  const failed = result.grantedQos === null;
  const item = el(
    'li',
    {
      'data-filter': result.topicFilter,
      'data-granted-qos': failed ? false : result.grantedQos,
      'data-failed': failed ? 'true' : false,
    },
    el('span', { class: 'ws-topic', text: result.topicFilter }),
    el('span', { class: failed ? 'badge bad' : 'badge ok', text: result.reason }),
    failed
      ? null
      : el('button', {
          type: 'button',
          class: 'small',
          'data-action': 'unsubscribe',
          text: 'Unsubscribe',
          onclick: () => unsubscribe(result.topicFilter),
        }),
  );
  subscriptions.get(result.topicFilter)?.remove();
  subscriptions.set(result.topicFilter, item);
  list.append(item);
}

function connackText({ reason, sessionPresent, properties }) {
  const parts = [`CONNACK: ${reason}`, `session present: ${sessionPresent ? 'yes' : 'no'}`];
  for (const [name, value] of Object.entries(properties)) {
    parts.push(`${name}: ${name === 'userProperty' ? value.map(([k, v]) => `${k}=${v}`).join(', ') : value}`);
  }
  return parts.join('; ');
}

/** ws://<this host>:<the node's WS port>/mqtt (wss and the WSS port when the console is on https). */
async function defaultUrl(ctx) {
  const listener = location.protocol === 'https:' ? 'WSS' : 'WS';
  let port = DEFAULT_PORTS[listener];
  try {
    const answer = Number(await ctx.api.get(`/api/app/listener/port?listenerName=${listener}`));
    port = Number.isInteger(answer) && answer > 0 && answer < 65536 ? answer : port;
  } catch (e) {
    ctx.notify(`could not read the ${listener} listener port (${e.message}); using ${port}`);
  }
  // hostname keeps the brackets of an IPv6 address
  return `${listener.toLowerCase()}://${location.hostname || 'localhost'}:${port}${WS_PATH}`;
}

function randomClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function addStyleSheet() {
  const href = new URL('../mqtt/ws-client.css', import.meta.url).href;
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) {
    document.head.append(el('link', { rel: 'stylesheet', href }));
  }
}
