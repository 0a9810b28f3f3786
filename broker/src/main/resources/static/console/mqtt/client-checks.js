// Checks of the WebSocket MQTT client on what it sends and what the server answers, and texts for the log.

import { MqttProtocolError } from './bytes.js';
import { isFailure } from './reason-codes.js';
import { checkTopicFilter, isShared } from './topics.js';

/** Filters sent in one SUBSCRIBE or UNSUBSCRIBE. */
const MAX_FILTERS_PER_PACKET = 100;

export function checkCount(list, what) {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_FILTERS_PER_PACKET) {
    throw new MqttProtocolError(`${what} takes 1 to ${MAX_FILTERS_PER_PACKET} topic filters`);
  }
}

export function checkSubscription({ topicFilter, qos = 0, noLocal, retainHandling = 0 }, version) {
  checkTopicFilter(topicFilter);
  if (![0, 1, 2].includes(qos) || ![0, 1, 2].includes(retainHandling)) {
    throw new MqttProtocolError('QoS and Retain Handling of a subscription are 0, 1 or 2');
  }
  if (noLocal && isShared(topicFilter) && version === 5) {
    throw new MqttProtocolError('No Local cannot be set on a shared subscription');
  }
}

/** A SUBACK has a code per topic filter, and so has an MQTT 5 UNSUBACK ([MQTT-3.9.3-1], [MQTT-3.11.3-1]). */
export function checkCodeCount(p, filters, version) {
  if ((p.type === 'SUBACK' || version === 5) && p.reasonCodes.length !== filters) {
    throw new MqttProtocolError(`protocol error: ${p.type} with ${p.reasonCodes.length} reason codes for ${filters} topic filters`);
  }
}

/**
 * Session Present must be 0 when the client asked for a clean start (5.0 [MQTT-3.2.2-2], 3.1.1 [MQTT-3.2.2-1])
 * and when the server refuses the connection (5.0 [MQTT-3.2.2-6], 3.1.1 [MQTT-3.2.2-4]).
 */
export function checkSessionPresent(p, cleanStart, version) {
  if (p.sessionPresent && (cleanStart || isFailure(p.reasonCode, 'CONNACK', version))) {
    const why = cleanStart ? 'a connection with Clean start' : 'a refused connection';
    throw new MqttProtocolError(`protocol error: Session Present 1 in the CONNACK of ${why}`);
  }
}

/** The Reason String and Server Reference of a CONNACK or DISCONNECT, as text after the reason. */
export function reasonStringOf(p) {
  const { reasonString, serverReference } = p.properties ?? {};
  return (reasonString ? ` – ${reasonString}` : '') + (serverReference ? ` (server reference: ${serverReference})` : '');
}

/** Why the WebSocket closed when this client did not close it. */
export function socketCloseText(event) {
  const why = event.reason ? `, ${event.reason}` : '';
  return event.code === 1006
    ? 'the connection was lost (WebSocket code 1006)'
    : `the server closed the WebSocket (code ${event.code}${why})`;
}
