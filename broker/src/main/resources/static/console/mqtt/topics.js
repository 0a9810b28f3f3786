// Checks on topic names (PUBLISH) and topic filters (SUBSCRIBE) before they go on the wire
// (MQTT 5.0 section 4.7, MQTT 3.1.1 section 4.7).

import { MqttProtocolError, utf8 } from './bytes.js';

/** A topic name: not empty, no wildcard characters, at most 65535 bytes of UTF-8 without U+0000. */
export function checkTopicName(topic) {
  if (typeof topic !== 'string' || topic.length === 0) {
    throw new MqttProtocolError('the topic must not be empty');
  }
  if (topic.includes('+') || topic.includes('#')) {
    throw new MqttProtocolError(`the topic "${topic}" must not contain the wildcards + or #`);
  }
  utf8(topic, 'topic');
  return topic;
}

/**
 * A topic filter: not empty, '#' only as the whole last level, '+' only as a whole level; a shared
 * subscription ($share/<name>/<filter>) with a share name and a filter after it.
 */
export function checkTopicFilter(filter) {
  if (typeof filter !== 'string' || filter.length === 0) {
    throw new MqttProtocolError('the topic filter must not be empty');
  }
  utf8(filter, 'topic filter');
  const shared = /^\$share\/([^/]*)\/?(.*)$/s.exec(filter);
  if (shared && (shared[1] === '' || /[+#]/.test(shared[1]) || shared[2] === '')) {
    throw new MqttProtocolError(`"${filter}" is not a shared subscription: write $share/<share name>/<topic filter>`);
  }
  const levels = (shared ? shared[2] : filter).split('/');
  levels.forEach((level, i) => {
    if (level.includes('#') && (level !== '#' || i !== levels.length - 1)) {
      throw new MqttProtocolError(`in "${filter}", # must be the whole last level`);
    }
    if (level.includes('+') && level !== '+') {
      throw new MqttProtocolError(`in "${filter}", + must be a whole level`);
    }
  });
  return filter;
}

/** A shared subscription's filter ($share/…). */
export function isShared(filter) {
  return filter.startsWith('$share/');
}
