// Packet identifiers 1..65535 for outgoing SUBSCRIBE, UNSUBSCRIBE and QoS 1/2 PUBLISH: the next one after the
// last handed out that is not in use, wrapping from 65535 to 1 ([MQTT-2.2.1-3]).

import { MqttProtocolError } from './bytes.js';

export class PacketIds {
  constructor() {
    this.inUse = new Set();
    this.last = 0;
  }

  /** A free identifier, now in use until release(). */
  take() {
    if (this.inUse.size >= 0xffff) {
      throw new MqttProtocolError('all 65535 packet identifiers are in use');
    }
    let id = this.last;
    do {
      id = id === 0xffff ? 1 : id + 1;
    } while (this.inUse.has(id));
    this.inUse.add(id);
    this.last = id;
    return id;
  }

  release(id) {
    this.inUse.delete(id);
  }

  size() {
    return this.inUse.size;
  }

  clear() {
    this.inUse.clear();
  }
}
