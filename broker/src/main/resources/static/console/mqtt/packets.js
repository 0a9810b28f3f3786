// The MQTT control packets a client sends (encode*) and receives (decodePacket), for protocol level 4
// (MQTT 3.1.1) and 5 (MQTT 5.0). Every encoder returns the whole packet: fixed header, remaining length, body.

import { ByteReader, ByteWriter, MqttProtocolError, utf8 } from './bytes.js';
import { decodeProperties, encodeProperties } from './properties.js';

export const TYPES = [
  null,
  'CONNECT',
  'CONNACK',
  'PUBLISH',
  'PUBACK',
  'PUBREC',
  'PUBREL',
  'PUBCOMP',
  'SUBSCRIBE',
  'SUBACK',
  'UNSUBSCRIBE',
  'UNSUBACK',
  'PINGREQ',
  'PINGRESP',
  'DISCONNECT',
  'AUTH',
];

function packet(firstByte, body) {
  const w = new ByteWriter(body.length + 5);
  return w.byte(firstByte).varInt(body.length).raw(body).bytes();
}

/** CONNECT: options clientId, version (4|5), clean, keepAlive, username, password, properties (5 only). */
export function encodeConnect({ clientId = '', version = 5, clean = true, keepAlive = 60, username, password, properties }) {
  if (version !== 4 && version !== 5) {
    throw new MqttProtocolError(`protocol level ${version} is not supported; use 4 (3.1.1) or 5 (5.0)`);
  }
  const hasUser = username !== undefined && username !== null && username !== '';
  const hasPassword = password !== undefined && password !== null && password !== '';
  if (version === 4 && hasPassword && !hasUser) {
    throw new MqttProtocolError('MQTT 3.1.1 does not allow a password without a user name');
  }
  if (version === 4 && clientId === '' && !clean) {
    throw new MqttProtocolError('MQTT 3.1.1 needs clean session when the client id is empty');
  }
  const w = new ByteWriter();
  w.string('MQTT').byte(version);
  w.byte((hasUser ? 0x80 : 0) | (hasPassword ? 0x40 : 0) | (clean ? 0x02 : 0));
  w.u16(keepAlive);
  if (version === 5) {
    w.raw(encodeProperties(properties));
  }
  w.string(clientId, 'client id');
  if (hasUser) {
    w.string(username, 'user name');
  }
  if (hasPassword) {
    w.binary(utf8(password, 'password'));
  }
  return packet(0x10, w.bytes());
}

/** PUBLISH: topic, payload (Uint8Array), qos, retain, dup, packetId (QoS 1 and 2), properties (5 only). */
export function encodePublish({ topic, payload, qos = 0, retain = false, dup = false, packetId, properties }, version) {
  const w = new ByteWriter(payload.length + 64);
  w.string(topic, 'topic');
  if (qos > 0) {
    w.u16(packetId);
  }
  if (version === 5) {
    w.raw(encodeProperties(properties));
  }
  w.raw(payload);
  return packet(0x30 | (dup ? 0x08 : 0) | (qos << 1) | (retain ? 0x01 : 0), w.bytes());
}

/** PUBACK, PUBREC, PUBREL or PUBCOMP; the short form when the reason is Success. */
export function encodeAck(type, packetId, version, reasonCode = 0) {
  const first = { PUBACK: 0x40, PUBREC: 0x50, PUBREL: 0x62, PUBCOMP: 0x70 }[type];
  const w = new ByteWriter(4).u16(packetId);
  if (version === 5 && reasonCode !== 0) {
    w.byte(reasonCode);
  }
  return packet(first, w.bytes());
}

/** SUBSCRIBE: subscriptions [{topicFilter, qos, noLocal, retainAsPublished, retainHandling}]. */
export function encodeSubscribe(packetId, subscriptions, version, properties) {
  const w = new ByteWriter().u16(packetId);
  if (version === 5) {
    w.raw(encodeProperties(properties));
  }
  for (const s of subscriptions) {
    w.string(s.topicFilter, 'topic filter');
    let options = s.qos ?? 0;
    if (version === 5) {
      options |= (s.noLocal ? 0x04 : 0) | (s.retainAsPublished ? 0x08 : 0) | ((s.retainHandling ?? 0) << 4);
    }
    w.byte(options);
  }
  return packet(0x82, w.bytes());
}

export function encodeUnsubscribe(packetId, topicFilters, version) {
  const w = new ByteWriter().u16(packetId);
  if (version === 5) {
    w.raw(encodeProperties({}));
  }
  topicFilters.forEach((f) => w.string(f, 'topic filter'));
  return packet(0xa2, w.bytes());
}

export function encodePingreq() {
  return Uint8Array.of(0xc0, 0x00);
}

export function encodeDisconnect(version, reasonCode = 0) {
  return version === 5 && reasonCode !== 0 ? Uint8Array.of(0xe0, 0x01, reasonCode) : Uint8Array.of(0xe0, 0x00);
}

function decodeConnack(r, version) {
  const flags = r.byte('acknowledge flags');
  if ((flags & 0xfe) !== 0) {
    throw new MqttProtocolError('malformed packet: reserved CONNACK flags are set');
  }
  const reasonCode = r.byte('reason code');
  const properties = version === 5 && r.remaining() > 0 ? decodeProperties(r) : {};
  return { sessionPresent: (flags & 1) === 1, reasonCode, properties };
}

function decodePublish(r, flags, version) {
  const qos = (flags >> 1) & 3;
  if (qos === 3) {
    throw new MqttProtocolError('malformed packet: PUBLISH with QoS 3');
  }
  if (qos === 0 && (flags & 8) !== 0) {
    throw new MqttProtocolError('protocol error: a QoS 0 PUBLISH with DUP set [MQTT-3.3.1-2]');
  }
  const topic = r.string('topic');
  const packetId = qos > 0 ? r.u16('packet identifier') : undefined;
  if (packetId === 0) {
    throw new MqttProtocolError('protocol error: PUBLISH with packet identifier 0');
  }
  const properties = version === 5 ? decodeProperties(r) : {};
  return { topic, qos, packetId, dup: (flags & 8) !== 0, retain: (flags & 1) !== 0, properties, payload: r.rest() };
}

function decodeAck(r, version) {
  const packetId = r.u16('packet identifier');
  const reasonCode = version === 5 && r.remaining() > 0 ? r.byte('reason code') : 0;
  const properties = version === 5 && r.remaining() > 0 ? decodeProperties(r) : {};
  return { packetId, reasonCode, properties };
}

function decodeSuback(r, version) {
  const packetId = r.u16('packet identifier');
  const properties = version === 5 ? decodeProperties(r) : {};
  return { packetId, properties, reasonCodes: Array.from(r.rest()) };
}

/** A 3.1.1 UNSUBACK is only the packet identifier (bytes after it are left over); a 5.0 one has reason codes. */
function decodeUnsuback(r, version) {
  const packetId = r.u16('packet identifier');
  if (version === 4) {
    return { packetId, properties: {}, reasonCodes: [] };
  }
  const properties = decodeProperties(r);
  return { packetId, properties, reasonCodes: Array.from(r.rest()) };
}

function decodeDisconnect(r) {
  const reasonCode = r.remaining() > 0 ? r.byte('reason code') : 0;
  const properties = r.remaining() > 0 ? decodeProperties(r) : {};
  return { reasonCode, properties };
}

const DECODERS = {
  CONNACK: (r, f, v) => decodeConnack(r, v),
  PUBLISH: (r, f, v) => decodePublish(r, f, v),
  PUBACK: (r, f, v) => decodeAck(r, v),
  PUBREC: (r, f, v) => decodeAck(r, v),
  PUBREL: (r, f, v) => decodeAck(r, v),
  PUBCOMP: (r, f, v) => decodeAck(r, v),
  SUBACK: (r, f, v) => decodeSuback(r, v),
  UNSUBACK: (r, f, v) => decodeUnsuback(r, v),
  PINGRESP: () => ({}),
  DISCONNECT: (r, f, v) => (v === 5 ? decodeDisconnect(r) : null),
};

/**
 * One packet a server may send to a client, from its first byte and its body. Anything else (a packet
 * only clients send, AUTH which this client never asks for, DISCONNECT under 3.1.1, wrong fixed-header
 * flags, bytes left over) is an MqttProtocolError.
 */
export function decodePacket(firstByte, body, version) {
  const type = TYPES[firstByte >> 4];
  const flags = firstByte & 0x0f;
  const decode = DECODERS[type];
  if (!decode) {
    throw new MqttProtocolError(`protocol error: a server does not send ${type ?? 'packet type 0'} to this client`);
  }
  if (type !== 'PUBLISH' && flags !== (type === 'PUBREL' ? 2 : 0)) {
    throw new MqttProtocolError(`malformed packet: wrong fixed header flags on ${type}`);
  }
  const r = new ByteReader(body);
  const fields = decode(r, flags, version);
  if (fields === null) {
    throw new MqttProtocolError(`protocol error: ${type} from the server under MQTT 3.1.1`);
  }
  if (r.remaining() > 0) {
    throw new MqttProtocolError(`malformed packet: ${r.remaining()} bytes left over in ${type}`);
  }
  return { type, ...fields };
}
