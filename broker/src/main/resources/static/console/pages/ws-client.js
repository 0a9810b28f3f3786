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
import { BoundedList, logItem, MessagePanel } from '../mqtt/ui/message-list.js';
import { SubscriptionList } from '../mqtt/ui/subscription-list.js';

/** Received messages kept on the page; the oldest go first. */
const MAX_MESSAGES = 500;
/** Protocol log lines kept on the page. */
const MAX_LOG_LINES = 200;
/** Packets from the server larger than this end the connection (and MQTT 5 servers are told so). */
const MAX_PACKET_SIZE = 1_048_576;
/** The WebSocket listener's path when /api/app/config does not tell (LISTENER_WS_PATH's default). */
const WS_PATH = '/mqtt';
const DEFAULT_PORTS = { WS: 8084, WSS: 8085 };

export async function render(root, ctx) {
  addStyleSheet();
  const page = {
    ctx,
    client: new MqttWsClient({ maxPacketSize: MAX_PACKET_SIZE }),
    connect: connectForm({ url: await defaultUrl(ctx), clientId: randomClientId() }),
    subscribe: subscribeForm(),
    publish: publishForm(),
    messages: new MessagePanel(MAX_MESSAGES),
    logList: el('ol', { class: 'ws-log', 'data-ws-log': true }),
  };
  page.log = new BoundedList(page.logList, MAX_LOG_LINES);
  page.subscriptions = new SubscriptionList((filter) => unsubscribe(page, filter));
  root.append(
    el('h2', { text: 'WebSocket MQTT client' }),
    el('div', { class: 'ws-client' }, page.connect, page.subscribe, page.publish),
    el('section', { class: 'card ws-section' }, el('h3', { text: 'Subscriptions' }), page.subscriptions.list),
    page.messages.element,
    el('section', { class: 'card ws-section' }, el('h3', { text: 'Protocol log' }), page.logList),
  );
  page.client.addEventListener('status', ({ detail }) => {
    showStatus(page.connect, detail);
    showKept(page, detail.status);
  });
  page.client.addEventListener('log', ({ detail }) => page.log.add(logItem(detail.text)));
  page.client.addEventListener('message', ({ detail }) => page.messages.add(detail));
  onSubmit(page, page.connect, () => connect(page));
  onSubmit(page, page.subscribe, () => subscribe(page));
  onSubmit(page, page.publish, () => publish(page));
  page.connect.querySelector('[data-action="disconnect"]').addEventListener('click', () => page.client.disconnect());
  ctx.onLeave(() => page.client.disconnect());
  ctx.ready();
}

/** Runs the form's action on submit; its error goes to the protocol log and the console's error banner. */
function onSubmit(page, form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await action();
    } catch (e) {
      report(page, e);
    }
  });
}

function report(page, e) {
  const text = e?.message ?? String(e);
  page.log.add(logItem(`error: ${text}`));
  page.ctx.showError(text);
}

async function connect(page) {
  const connack = await page.client.connect(readConnect(page.connect));
  page.log.add(logItem(connackText(connack)));
  if (!connack.sessionPresent) {
    page.subscriptions.clear();
  }
}

async function subscribe(page) {
  const [result] = await page.client.subscribe([readSubscribe(page.subscribe)]);
  page.subscriptions.show(result);
  page.log.add(logItem(`SUBACK ${result.topicFilter}: ${result.reason}`));
  if (result.grantedQos === null) {
    page.ctx.showError(`subscription to ${result.topicFilter} refused: ${result.reason}`);
  }
}

async function unsubscribe(page, filter) {
  try {
    const [result] = await page.client.unsubscribe([filter]);
    page.log.add(logItem(`UNSUBACK ${filter}: ${result.reason}`));
    page.subscriptions.remove(filter);
  } catch (e) {
    report(page, e);
  }
}

async function publish(page) {
  const shown = page.publish.querySelector('[data-ws-publish-result]');
  const message = readPublish(page.publish);
  shown.textContent = 'publishing…';
  try {
    const result = await page.client.publish(message);
    shown.textContent = `${message.topic}: ${result.reason}`;
    page.log.add(logItem(`published to ${message.topic} (QoS ${message.qos}): ${result.reason}`));
  } catch (e) {
    shown.textContent = `failed: ${e.message}`;
    throw e;
  }
}

/**
 * A QoS 1/2 publish whose connection closed before its acknowledgement stays pending while the session lives
 * (Clean start off with a session expiry, or 3.1.1 without clean session): the client sends it again when the
 * session is resumed, and the publish result shows the outcome then. Said here so the wait is not a mystery.
 */
function showKept(page, status) {
  const kept = page.client.keptMessages();
  if (status !== 'disconnected' || kept === 0) {
    return;
  }
  const text =
    `${kept} unacknowledged QoS 1/2 message(s) kept in the session: sent again when you connect with the same ` +
    'URL and client id and Clean start off; discarded if the server no longer has the session';
  page.publish.querySelector('[data-ws-publish-result]').textContent = text;
}

function showStatus(form, { status, reason }) {
  const statusEl = form.querySelector('[data-ws-status]');
  statusEl.textContent = status;
  statusEl.dataset.status = status;
  form.querySelector('[data-ws-reason]').textContent = reason ?? '';
  form.querySelector('[data-action="connect"]').disabled = status !== 'disconnected';
  form.querySelector('[data-action="disconnect"]').disabled = status === 'disconnected';
}

function connackText({ reason, sessionPresent, properties }) {
  const parts = [`CONNACK: ${reason}`, `session present: ${sessionPresent ? 'yes' : 'no'}`];
  for (const [name, value] of Object.entries(properties)) {
    parts.push(`${name}: ${name === 'userProperty' ? value.map(([k, v]) => `${k}=${v}`).join(', ') : value}`);
  }
  return parts.join('; ');
}

/**
 * ws://<this host>:<the node's WS port><its path> (wss and the WSS port when the console is on https): the
 * port the listener is bound to (/api/app/listener/port), the path from /api/app/config; a note when
 * /api/app/config says the listener is off.
 */
async function defaultUrl(ctx) {
  const listener = location.protocol === 'https:' ? 'WSS' : 'WS';
  let port = DEFAULT_PORTS[listener];
  const [answer, config] = await Promise.allSettled([
    ctx.api.get(`/api/app/listener/port?listenerName=${listener}`),
    ctx.api.get('/api/app/config'),
  ]);
  if (answer.status === 'fulfilled' && Number.isInteger(answer.value) && answer.value > 0 && answer.value < 65536) {
    port = answer.value;
  } else {
    ctx.notify(`could not read the ${listener} listener port (${answer.reason?.message ?? answer.value}); using ${port}`);
  }
  if (config.value?.listeners?.[listener.toLowerCase()]?.enabled === false) {
    ctx.notify(`this node's ${listener} listener is off (LISTENER_${listener}_ENABLED)`);
  }
  const configured = config.value?.listeners?.[listener.toLowerCase()]?.path;
  const path = typeof configured === 'string' && configured.startsWith('/') ? configured : WS_PATH;
  // hostname keeps the brackets of an IPv6 address
  return `${listener.toLowerCase()}://${location.hostname || 'localhost'}:${port}${path}`;
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
