// The client's operations that wait for the server: SUBSCRIBE (SUBACK), UNSUBSCRIBE (UNSUBACK), QoS 1
// PUBLISH (PUBACK) and QoS 2 PUBLISH (PUBREC, then PUBCOMP after our PUBREL), each under its packet identifier.
// The QoS 1/2 PUBLISHes are session state: they keep their message and packet identifier across connections
// while the session lives (see session.js); SUBSCRIBE and UNSUBSCRIBE end with their connection.

import { MqttProtocolError } from './bytes.js';
import { PacketIds } from './packet-ids.js';

/** What each waiting operation expects next. */
const NEXT = { SUBSCRIBE: 'SUBACK', UNSUBSCRIBE: 'UNSUBACK', QOS1: 'PUBACK', QOS2: 'PUBREC', RELEASED: 'PUBCOMP' };

function isPublish(kind) {
  return kind !== 'SUBSCRIBE' && kind !== 'UNSUBSCRIBE';
}

export class Inflight {
  /** limit bounds the operations waiting at once; publishLimit the QoS 1/2 PUBLISHes (Receive Maximum). */
  constructor(limit) {
    this.limit = limit;
    this.publishLimit = limit;
    this.ids = new PacketIds();
    this.waiting = new Map();
  }

  /**
   * Takes a packet identifier for an operation; the returned promise settles with the final acknowledgement.
   * details: filters (how many topic filters a SUBSCRIBE or UNSUBSCRIBE carries), message (a PUBLISH, kept
   * to send again on a resumed session).
   */
  start(kind, { filters, message } = {}) {
    const publishes = [...this.waiting.values()].filter((w) => isPublish(w.kind));
    if (this.waiting.size >= this.limit) {
      throw new MqttProtocolError(`${this.waiting.size} operations already wait for the server; try again later`);
    }
    if (isPublish(kind) && publishes.length >= this.publishLimit) {
      throw new MqttProtocolError(
        `${publishes.length} QoS 1/2 messages already wait for acknowledgement (the server's Receive Maximum)`,
      );
    }
    const packetId = this.ids.take();
    let entry;
    const done = new Promise((resolve, reject) => {
      entry = { kind, filters, message, resolve, reject };
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

  /**
   * A QoS 2 PUBLISH got its PUBREC: it now waits for PUBCOMP. It moves to the end, so that on a resumed session
   * the PUBRELs go out in the order their PUBRECs came ([MQTT-4.6.0-3]) while the PUBLISHes still waiting keep
   * the order they were first sent in ([MQTT-4.6.0-1]).
   */
  released(packetId) {
    const entry = this.waiting.get(packetId);
    entry.kind = 'RELEASED';
    this.waiting.delete(packetId);
    this.waiting.set(packetId, entry);
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

  /** The QoS 1/2 PUBLISHes without their final acknowledgement, as [{packetId, kind, message}] in resend order. */
  publishes() {
    return [...this.waiting]
      .filter(([, entry]) => isPublish(entry.kind))
      .map(([packetId, { kind, message }]) => ({ packetId, kind, message }));
  }

  /** The connection is gone but the session lives: SUBSCRIBE and UNSUBSCRIBE fail; PUBLISHes wait to be resent. */
  failOperations(reason) {
    for (const [packetId, entry] of [...this.waiting]) {
      if (!isPublish(entry.kind)) {
        this.fail(packetId, new Error(reason));
      }
    }
  }

  /** The session is gone: every waiting operation fails with the reason. */
  failAll(reason) {
    for (const packetId of [...this.waiting.keys()]) {
      this.fail(packetId, new Error(reason));
    }
    this.ids.clear();
  }
}
