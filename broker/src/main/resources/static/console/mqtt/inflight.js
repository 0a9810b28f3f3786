// The client's operations that wait for the server: SUBSCRIBE (SUBACK), UNSUBSCRIBE (UNSUBACK), QoS 1
// PUBLISH (PUBACK) and QoS 2 PUBLISH (PUBREC, then PUBCOMP after our PUBREL), each under its packet identifier.

import { MqttProtocolError } from './bytes.js';
import { PacketIds } from './packet-ids.js';

/** What each waiting operation expects next. */
const NEXT = { SUBSCRIBE: 'SUBACK', UNSUBSCRIBE: 'UNSUBACK', QOS1: 'PUBACK', QOS2: 'PUBREC', RELEASED: 'PUBCOMP' };

export class Inflight {
  /** limit bounds the operations waiting at once; publishLimit the QoS 1/2 PUBLISHes (Receive Maximum). */
  constructor(limit) {
    this.limit = limit;
    this.publishLimit = limit;
    this.ids = new PacketIds();
    this.waiting = new Map();
  }

  /** Takes a packet identifier for an operation; the returned promise settles with the final acknowledgement. */
  start(kind) {
    const publishes = [...this.waiting.values()].filter((w) => w.kind !== 'SUBSCRIBE' && w.kind !== 'UNSUBSCRIBE');
    if (this.waiting.size >= this.limit) {
      throw new MqttProtocolError(`${this.waiting.size} operations already wait for the server; try again later`);
    }
    if (kind.startsWith('QOS') && publishes.length >= this.publishLimit) {
      throw new MqttProtocolError(
        `${publishes.length} QoS 1/2 messages already wait for acknowledgement (the server's Receive Maximum)`,
      );
    }
    const packetId = this.ids.take();
    let entry;
    const done = new Promise((resolve, reject) => {
      entry = { kind, resolve, reject };
    });
    this.waiting.set(packetId, entry);
    return { packetId, done };
  }

  /** The operation an acknowledgement belongs to; an unexpected one is a protocol error. */
  expect(type, packetId) {
    const entry = this.waiting.get(packetId);
    if (!entry || NEXT[entry.kind] !== type) {
      throw new MqttProtocolError(`protocol error: ${type} for packet identifier ${packetId}, which waits for no ${type}`);
    }
    return entry;
  }

  /** A QoS 2 PUBLISH got its PUBREC: it now waits for PUBCOMP. */
  released(packetId) {
    this.waiting.get(packetId).kind = 'RELEASED';
  }

  finish(packetId, result) {
    const entry = this.waiting.get(packetId);
    this.waiting.delete(packetId);
    this.ids.release(packetId);
    entry.resolve(result);
  }

  /** The operation's packet never went out: its identifier is free again, and nobody waits for it. */
  cancel(packetId) {
    this.waiting.delete(packetId);
    this.ids.release(packetId);
  }

  fail(packetId, error) {
    const entry = this.waiting.get(packetId);
    this.waiting.delete(packetId);
    this.ids.release(packetId);
    entry.reject(error);
  }

  /** The connection is gone: every waiting operation fails with the reason. */
  failAll(reason) {
    for (const packetId of [...this.waiting.keys()]) {
      this.fail(packetId, new Error(reason));
    }
    this.ids.clear();
  }
}
