// Application messages from the server: QoS 1 answered with PUBACK; QoS 2 with PUBREC, delivered once
// even when the server sends the PUBLISH again before its PUBREL (also on a resumed session: the identifiers
// awaiting PUBREL are session state and outlive the connection), and completed with PUBCOMP.

import { MqttProtocolError } from './bytes.js';
import { encodeAck } from './packets.js';
import { checkTopicName } from './topics.js';

export class Incoming {
  /** send(bytes, what) puts a packet on the wire; deliver(message) hands a message to the application. */
  constructor(version, send, deliver) {
    this.version = version;
    this.send = send;
    this.deliver = deliver;
    this.awaitingRelease = new Set();
  }

  publish(p) {
    if (p.properties.topicAlias !== undefined) {
      throw new MqttProtocolError('protocol error: a topic alias, but this client allows none', 0x94);
    }
    checkTopicName(p.topic);
    const duplicate = p.qos === 2 && this.awaitingRelease.has(p.packetId);
    if (p.qos === 1) {
      this.send(encodeAck('PUBACK', p.packetId, this.version), `PUBACK (id ${p.packetId})`);
    } else if (p.qos === 2) {
      this.awaitingRelease.add(p.packetId);
      this.send(encodeAck('PUBREC', p.packetId, this.version), `PUBREC (id ${p.packetId})`);
    }
    if (!duplicate) {
      const { topic, qos, retain, dup, properties, payload } = p;
      this.deliver({ topic, qos, retain, dup, properties, payload });
    }
  }

  /** The session is gone: the packet identifiers awaiting PUBREL belong to it. */
  forget() {
    this.awaitingRelease.clear();
  }

  /** PUBREL: PUBCOMP, with "Packet Identifier not found" (MQTT 5) when no PUBREC was sent for it. */
  release(p) {
    const known = this.awaitingRelease.delete(p.packetId);
    const code = known || this.version === 4 ? 0 : 0x92;
    this.send(encodeAck('PUBCOMP', p.packetId, this.version, code), `PUBCOMP (id ${p.packetId})`);
  }
}
