// MQTT 5.0 properties (section 2.2.2): a Variable Byte Integer length, then identifier/value pairs.
// In JavaScript a property set is a plain object keyed by the names below; userProperty is a list of
// [key, value] pairs and subscriptionIdentifier a list of numbers, as both may occur more than once.

import { ByteReader, ByteWriter, MqttProtocolError } from './bytes.js';

const TYPES = {
  byte: { write: (w, v) => w.byte(v), read: (r, what) => r.byte(what) },
  u16: { write: (w, v) => w.u16(v), read: (r, what) => r.u16(what) },
  u32: { write: (w, v) => w.u32(v), read: (r, what) => r.u32(what) },
  varInt: { write: (w, v) => w.varInt(v), read: (r, what) => r.varInt(what) },
  string: { write: (w, v, what) => w.string(v, what), read: (r, what) => r.string(what) },
  binary: { write: (w, v) => w.binary(v), read: (r, what) => r.binary(what) },
  pair: {
    write: (w, [k, v], what) => w.string(k, `${what} key`).string(v, `${what} value`),
    read: (r, what) => [r.string(`${what} key`), r.string(`${what} value`)],
  },
};

const PROPERTIES = [
  [0x01, 'payloadFormatIndicator', 'byte'],
  [0x02, 'messageExpiryInterval', 'u32'],
  [0x03, 'contentType', 'string'],
  [0x08, 'responseTopic', 'string'],
  [0x09, 'correlationData', 'binary'],
  [0x0b, 'subscriptionIdentifier', 'varInt', true],
  [0x11, 'sessionExpiryInterval', 'u32'],
  [0x12, 'assignedClientIdentifier', 'string'],
  [0x13, 'serverKeepAlive', 'u16'],
  [0x15, 'authenticationMethod', 'string'],
  [0x16, 'authenticationData', 'binary'],
  [0x17, 'requestProblemInformation', 'byte'],
  [0x18, 'willDelayInterval', 'u32'],
  [0x19, 'requestResponseInformation', 'byte'],
  [0x1a, 'responseInformation', 'string'],
  [0x1c, 'serverReference', 'string'],
  [0x1f, 'reasonString', 'string'],
  [0x21, 'receiveMaximum', 'u16'],
  [0x22, 'topicAliasMaximum', 'u16'],
  [0x23, 'topicAlias', 'u16'],
  [0x24, 'maximumQos', 'byte'],
  [0x25, 'retainAvailable', 'byte'],
  [0x26, 'userProperty', 'pair', true],
  [0x27, 'maximumPacketSize', 'u32'],
  [0x28, 'wildcardSubscriptionAvailable', 'byte'],
  [0x29, 'subscriptionIdentifierAvailable', 'byte'],
  [0x2a, 'sharedSubscriptionAvailable', 'byte'],
].map(([id, name, type, repeats = false]) => ({ id, name, type: TYPES[type], repeats }));

const BY_ID = new Map(PROPERTIES.map((p) => [p.id, p]));
const BY_NAME = new Map(PROPERTIES.map((p) => [p.name, p]));

/** The bytes of a property set, its length first; undefined and null values are left out. */
export function encodeProperties(props = {}) {
  const body = new ByteWriter();
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null) {
      continue;
    }
    const property = BY_NAME.get(name);
    if (!property) {
      throw new MqttProtocolError(`unknown MQTT 5 property ${name}`);
    }
    for (const one of property.repeats ? value : [value]) {
      body.varInt(property.id);
      property.type.write(body, one, name);
    }
  }
  return new ByteWriter(body.length + 4).varInt(body.length).raw(body.bytes()).bytes();
}

/** Reads a property set at the reader's position; a property the packet may not repeat, repeated, is an error. */
export function decodeProperties(reader) {
  const length = reader.varInt('property length');
  const inner = new ByteReader(reader.take(length, 'properties'));
  const props = {};
  while (inner.remaining() > 0) {
    const id = inner.varInt('property identifier');
    const property = BY_ID.get(id);
    if (!property) {
      throw new MqttProtocolError(`malformed packet: unknown property identifier 0x${id.toString(16)}`);
    }
    const value = property.type.read(inner, property.name);
    if (property.repeats) {
      (props[property.name] ??= []).push(value);
    } else if (property.name in props) {
      throw new MqttProtocolError(`protocol error: property ${property.name} appears twice`);
    } else {
      props[property.name] = value;
    }
  }
  return props;
}
