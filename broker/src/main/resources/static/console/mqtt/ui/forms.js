// The connect, subscribe and publish forms of the WebSocket client page, and reading them into the
// options of MqttWsClient. Bad input is an Error with a message naming the field.

import { el, field, select } from './dom.js';

const QOS = [
  [0, '0'],
  [1, '1'],
  [2, '2'],
];

/** Lines of user properties taken from the publish form. */
export const MAX_USER_PROPERTIES = 100;

function wideField(...args) {
  return wide(field(...args));
}

function wide(fieldNode) {
  fieldNode.classList.add('span-2');
  return fieldNode;
}

function input(name, attrs = {}) {
  return el('input', { name, type: 'text', autocomplete: 'off', ...attrs });
}

export function connectForm(defaults) {
  return el(
    'form',
    { 'data-form': 'ws-connect', class: 'card ws-form', novalidate: true },
    el('h3', { text: 'Connection' }),
    el(
      'div',
      { class: 'form-grid' },
      wide(field('WebSocket URL', input('url', { value: defaults.url }))),
      field('Client id', input('clientId', { value: defaults.clientId }), 'empty: MQTT 5 servers assign one'),
      field('Protocol', select('protocolVersion', [[5, 'MQTT 5.0'], [4, 'MQTT 3.1.1']], 5)),
      field('User name', input('username')),
      field('Password', input('password', { type: 'password', autocomplete: 'new-password' })),
      field('Keep alive (s)', input('keepAlive', { type: 'number', min: 0, max: 65535, value: '60' })),
      field('Session expiry (s, MQTT 5)', input('sessionExpiryInterval', { type: 'number', min: 0, value: '0' })),
      field(
        'Clean start',
        input('clean', { type: 'checkbox', checked: true }),
        'off with a session expiry: the session is resumed, unacknowledged messages are sent again',
      ),
    ),
    el(
      'div',
      { class: 'form-buttons' },
      el('button', { type: 'submit', class: 'primary', 'data-action': 'connect', text: 'Connect' }),
      el('button', { type: 'button', 'data-action': 'disconnect', text: 'Disconnect', disabled: true }),
      el('span', {
        class: 'ws-status',
        role: 'status',
        'data-ws-status': true,
        'data-status': 'disconnected',
        text: 'disconnected',
      }),
      el('span', { class: 'hint', 'data-ws-reason': true }),
    ),
  );
}

export function subscribeForm() {
  return el(
    'form',
    { 'data-form': 'ws-subscribe', class: 'card ws-form', novalidate: true },
    el('h3', { text: 'Subscribe' }),
    el(
      'div',
      { class: 'form-grid' },
      field('Topic filter', input('topicFilter', { value: 'console/test/#' })),
      field('QoS', select('qos', QOS, 1), '0 at most once, 1 at least once, 2 exactly once'),
      field('No local (MQTT 5)', input('noLocal', { type: 'checkbox' })),
      field('Retain as published (MQTT 5)', input('retainAsPublished', { type: 'checkbox' })),
      wideField(
        'Retained messages (MQTT 5)',
        select(
          'retainHandling',
          [
            [0, 'send on subscribe'],
            [1, 'send if new subscription'],
            [2, 'do not send'],
          ],
          0,
        ),
      ),
    ),
    el('div', { class: 'form-buttons' }, el('button', { type: 'submit', class: 'primary', text: 'Subscribe' })),
  );
}

export function publishForm() {
  return el(
    'form',
    { 'data-form': 'ws-publish', class: 'card ws-form', novalidate: true },
    el('h3', { text: 'Publish' }),
    el(
      'div',
      { class: 'form-grid' },
      field('Topic', input('topic', { value: 'console/test/hello' })),
      field('QoS', select('qos', QOS, 1), '0 at most once, 1 at least once, 2 exactly once'),
      wide(field('Payload', el('textarea', { name: 'payload', rows: 4 }))),
      field('Retain', input('retain', { type: 'checkbox' })),
      field('Content type (MQTT 5)', input('contentType')),
      field('Message expiry (s, MQTT 5)', input('messageExpiryInterval', { type: 'number', min: 0 })),
      field('Response topic (MQTT 5)', input('responseTopic')),
      wideField(
        'User properties (MQTT 5)',
        el('textarea', { name: 'userProperties', rows: 3, placeholder: 'key=value, one a line' }),
      ),
    ),
    el(
      'div',
      { class: 'form-buttons' },
      el('button', { type: 'submit', class: 'primary', text: 'Publish' }),
      el('span', { class: 'hint', 'data-ws-publish-result': true }),
    ),
  );
}

/** A whole number from a field in min..max; undefined when the field is empty. */
function integer(form, name, label, min, max) {
  const raw = form.elements[name].value.trim();
  if (raw === '') {
    return undefined;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${label} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

export function readConnect(form) {
  const f = form.elements;
  const url = f.url.value.trim();
  if (!/^wss?:\/\/[^\s]+$/i.test(url) || url.length > 2048) {
    throw new Error('the URL must start with ws:// or wss:// (at most 2048 characters)');
  }
  return {
    url,
    clientId: f.clientId.value,
    username: f.username.value,
    password: f.password.value,
    version: Number(f.protocolVersion.value),
    keepAlive: integer(form, 'keepAlive', 'Keep alive', 0, 65535) ?? 60,
    sessionExpiryInterval: integer(form, 'sessionExpiryInterval', 'Session expiry', 0, 4294967295) ?? 0,
    clean: f.clean.checked,
  };
}

export function readSubscribe(form) {
  const f = form.elements;
  return {
    topicFilter: f.topicFilter.value,
    qos: Number(f.qos.value),
    noLocal: f.noLocal.checked,
    retainAsPublished: f.retainAsPublished.checked,
    retainHandling: Number(f.retainHandling.value),
  };
}

/** "key=value" lines as [key, value] pairs; blank lines are skipped, a line without "=" is an error. */
export function parseUserProperties(text) {
  const pairs = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') {
      return;
    }
    const at = line.indexOf('=');
    if (at <= 0) {
      throw new Error(`user properties, line ${i + 1}: write key=value`);
    }
    pairs.push([line.slice(0, at).trim(), line.slice(at + 1)]);
  });
  if (pairs.length > MAX_USER_PROPERTIES) {
    throw new Error(`at most ${MAX_USER_PROPERTIES} user properties`);
  }
  return pairs;
}

export function readPublish(form) {
  const f = form.elements;
  const userProperty = parseUserProperties(f.userProperties.value);
  const properties = {
    contentType: f.contentType.value.trim() || undefined,
    messageExpiryInterval: integer(form, 'messageExpiryInterval', 'Message expiry', 0, 4294967295),
    responseTopic: f.responseTopic.value || undefined,
    userProperty: userProperty.length ? userProperty : undefined,
  };
  return {
    topic: f.topic.value,
    payload: f.payload.value,
    qos: Number(f.qos.value),
    retain: f.retain.checked,
    properties,
  };
}
