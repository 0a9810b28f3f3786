// An MQTT 3.1.1 / 5.0 client over a browser WebSocket (subprotocol "mqtt", binary frames).
//
// Events (CustomEvent, details in brackets):
//   status   {status: 'connecting'|'connected'|'disconnected', reason}   the connection changed
//   message  {topic, qos, retain, dup, properties, payload: Uint8Array}   an application message arrived
//   log      {text}                                                        a protocol step worth showing

import { MqttProtocolError } from './bytes.js';
import { KeepAlive } from './keep-alive.js';
import {
  decodePacket,
  encodeAck,
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePublish,
  encodeSubscribe,
  encodeUnsubscribe,
} from './packets.js';
import { checkPublish } from './publish-checks.js';
import { isFailure, reasonText } from './reason-codes.js';
import {
  checkCodeCount,
  checkCount,
  checkSessionPresent,
  checkSubscription,
  reasonStringOf,
  socketCloseText,
} from './client-checks.js';
import { SessionKeeper } from './session.js';
import { PacketStream } from './stream.js';
import { checkTopicFilter } from './topics.js';

const encoder = new TextEncoder();

export class MqttWsClient extends EventTarget {
  /**
   * maxPacketSize bounds packets from the server (also announced to an MQTT 5 server); maxInflight the
   * operations waiting for the server at once; connectTimeoutMs the wait for CONNACK.
   */
  constructor({ maxPacketSize = 1_048_576, maxInflight = 1000, connectTimeoutMs = 10_000, WebSocketImpl } = {}) {
    super();
    this.maxPacketSize = maxPacketSize;
    this.maxInflight = maxInflight;
    this.connectTimeoutMs = connectTimeoutMs;
    this.WebSocketImpl = WebSocketImpl ?? globalThis.WebSocket;
    this.status = 'disconnected';
    this.socket = null;
    // No PINGRESP in time: the connection is treated as broken and closed without DISCONNECT (MQTT 5.0
    // section 3.1.2.10 asks the client to close the Network Connection). Keep Alive timeout (0x8D) is a reason
    // code only the server may send (Table 3-10), and a DISCONNECT would hardly reach a dead server anyway.
    this.keepAlive = new KeepAlive(
      () => this.send(encodePingreq(), null),
      (reason) => {
        this.log(`closing the connection: ${reason}`);
        this.closeSocket(reason);
      },
    );
    this.sessions = new SessionKeeper({
      maxInflight,
      send: (bytes, what) => this.send(bytes, what),
      sendChecked: (bytes, what) => this.sendChecked(bytes, what),
      deliver: (message) => this.dispatchEvent(new CustomEvent('message', { detail: message })),
      log: (text) => this.log(text),
    });
  }

  /**
   * Opens the WebSocket and sends CONNECT. Options: url, clientId, version (4|5), clean, keepAlive (s),
   * username, password, sessionExpiryInterval (s, MQTT 5). Resolves with the CONNACK
   * ({sessionPresent, reasonCode, reason, properties}); rejects when the server refuses or the socket closes.
   */
  connect(options) {
    if (this.status !== 'disconnected') {
      return Promise.reject(new Error(`already ${this.status}`));
    }
    const version = Number(options.version ?? 5);
    const properties =
      version === 5
        ? { sessionExpiryInterval: options.sessionExpiryInterval || undefined, maximumPacketSize: this.maxPacketSize }
        : undefined;
    let connectPacket;
    try {
      connectPacket = encodeConnect({ ...options, version, properties });
    } catch (e) {
      return Promise.reject(e);
    }
    this.version = version;
    this.clientKeepAlive = Number(options.keepAlive ?? 60);
    this.stream = new PacketStream(this.maxPacketSize, version === 5);
    ({ inflight: this.inflight, incoming: this.incoming } = this.sessions.begin(options, version));
    this.serverLimits = {};
    this.setStatus('connecting');
    return new Promise((resolve, reject) => {
      this.pendingConnect = { resolve, reject };
      this.connectTimer = setTimeout(() => this.abort(`no CONNACK within ${this.connectTimeoutMs} ms`), this.connectTimeoutMs);
      let socket;
      try {
        socket = new this.WebSocketImpl(options.url, 'mqtt');
      } catch (e) {
        this.closed(`cannot open ${options.url}: ${e.message}`);
        return;
      }
      socket.binaryType = 'arraybuffer';
      // A socket that was replaced (disconnect, then connect again) is ignored from then on.
      const current = (handler) => (event) => this.socket === socket && handler(event);
      let opened = false;
      socket.onopen = current(() => {
        opened = true;
        this.send(connectPacket, 'CONNECT');
      });
      socket.onmessage = current((event) => this.received(event.data));
      socket.onerror = current(() => this.log(`WebSocket error on ${options.url}`));
      socket.onclose = current((event) =>
        this.closed(opened ? socketCloseText(event) : `cannot open a WebSocket to ${options.url} (code ${event.code})`),
      );
      this.socket = socket;
    });
  }

  /** QoS 1/2 messages sent and not yet acknowledged that the session keeps for a resend after reconnecting. */
  keptMessages() {
    return this.sessions.kept();
  }

  /** Subscribes; resolves with one result per filter: {topicFilter, reasonCode, reason, grantedQos (or null)}. */
  async subscribe(subscriptions) {
    this.requireConnected();
    checkCount(subscriptions, 'SUBSCRIBE');
    subscriptions.forEach((s) => checkSubscription(s, this.version));
    const { packetId, done } = this.inflight.start('SUBSCRIBE', { filters: subscriptions.length });
    this.sendOrFail(packetId, () => encodeSubscribe(packetId, subscriptions, this.version), 'SUBSCRIBE');
    const suback = await done;
    return subscriptions.map((s, i) => {
      const code = suback.reasonCodes[i];
      const failed = isFailure(code, 'SUBACK', this.version);
      return { topicFilter: s.topicFilter, reasonCode: code, reason: reasonText(code, 'SUBACK', this.version), grantedQos: failed ? null : code };
    });
  }

  /** Unsubscribes; resolves with one result per filter: {topicFilter, reasonCode, reason}. */
  async unsubscribe(topicFilters) {
    this.requireConnected();
    checkCount(topicFilters, 'UNSUBSCRIBE');
    topicFilters.forEach(checkTopicFilter);
    const { packetId, done } = this.inflight.start('UNSUBSCRIBE', { filters: topicFilters.length });
    this.sendOrFail(packetId, () => encodeUnsubscribe(packetId, topicFilters, this.version), 'UNSUBSCRIBE');
    const unsuback = await done;
    return topicFilters.map((topicFilter, i) => {
      const code = this.version === 5 ? unsuback.reasonCodes[i] : 0;
      return { topicFilter, reasonCode: code, reason: reasonText(code, 'UNSUBACK', this.version) };
    });
  }

  /**
   * Publishes {topic, payload (string or Uint8Array), qos, retain, properties (MQTT 5)}. Resolves when the
   * QoS flow is complete with {reasonCode, reason}; rejects when the server answers with a failure code.
   * A QoS 1/2 message whose connection closes while the session lives stays pending: it is resent on the
   * resumed session and settles then; it is rejected when the session is dropped instead.
   */
  async publish({ topic, payload = '', qos = 0, retain = false, properties = {} }) {
    this.requireConnected();
    checkPublish({ topic, qos, retain, properties }, this.version, this.serverLimits);
    const bytes = typeof payload === 'string' ? encoder.encode(payload) : payload;
    const message = { topic, payload: bytes, qos, retain, properties };
    if (qos === 0) {
      this.sendChecked(encodePublish(message, this.version), 'PUBLISH');
      return { reasonCode: 0, reason: 'sent (QoS 0 has no acknowledgement)' };
    }
    const { packetId, done } = this.inflight.start(qos === 1 ? 'QOS1' : 'QOS2', { message });
    this.sendOrFail(packetId, () => encodePublish({ ...message, packetId }, this.version), `PUBLISH (id ${packetId})`);
    const ack = await done;
    const type = qos === 1 ? 'PUBACK' : ack.type;
    if (isFailure(ack.reasonCode, type, this.version)) {
      throw new Error(`${type}: ${reasonText(ack.reasonCode, type, this.version)}`);
    }
    return { reasonCode: ack.reasonCode, reason: reasonText(ack.reasonCode, type, this.version) };
  }

  /** Sends DISCONNECT (Normal disconnection) and closes the WebSocket. */
  disconnect() {
    if (this.status === 'connected') {
      this.send(encodeDisconnect(this.version), 'DISCONNECT');
    }
    this.closeSocket('disconnected by the user');
  }

  received(data) {
    if (typeof data === 'string') {
      this.abort('the server sent a text frame; MQTT uses binary frames only', 0x82);
      return;
    }
    const socket = this.socket;
    try {
      for (const raw of this.stream.push(new Uint8Array(data))) {
        if (this.socket !== socket) {
          return; // closed by an earlier packet of this frame (DISCONNECT, refused CONNACK)
        }
        this.handle(decodePacket(raw.firstByte, raw.body, this.version));
      }
    } catch (e) {
      if (!(e instanceof MqttProtocolError)) {
        console.error('MQTT client: unexpected error while handling a packet', e);
      }
      this.abort(e.message, e.reasonCode ?? 0x80);
    }
  }

  handle(p) {
    if (this.status === 'connecting' && p.type !== 'CONNACK') {
      throw new MqttProtocolError(`protocol error: ${p.type} before CONNACK`);
    }
    switch (p.type) {
      case 'CONNACK':
        return this.connack(p);
      case 'PUBLISH':
        return this.incoming.publish(p);
      case 'PUBACK':
        this.inflight.expect(p.type, p.packetId);
        return this.inflight.finish(p.packetId, p);
      case 'SUBACK':
      case 'UNSUBACK':
        checkCodeCount(p, this.inflight.expect(p.type, p.packetId).filters, this.version);
        return this.inflight.finish(p.packetId, p);
      case 'PUBREC':
        return this.pubrec(p);
      case 'PUBCOMP':
        this.inflight.expect('PUBCOMP', p.packetId);
        return this.inflight.finish(p.packetId, p);
      case 'PUBREL':
        return this.incoming.release(p);
      case 'PINGRESP':
        return this.keepAlive.answered();
      default:
        return this.serverDisconnect(p);
    }
  }

  connack(p) {
    if (this.status !== 'connecting') {
      throw new MqttProtocolError('protocol error: a second CONNACK');
    }
    clearTimeout(this.connectTimer);
    checkSessionPresent(p, this.sessions.cleanStart, this.version);
    const reason = reasonText(p.reasonCode, 'CONNACK', this.version);
    const pending = this.pendingConnect;
    this.pendingConnect = null;
    if (isFailure(p.reasonCode, 'CONNACK', this.version)) {
      const refused = `connection refused: ${reason}${reasonStringOf(p)}`;
      pending.reject(new Error(refused));
      this.closeSocket(refused);
      return;
    }
    this.serverLimits = p.properties;
    this.inflight.publishLimit = Math.min(p.properties.receiveMaximum ?? 65535, this.maxInflight);
    this.sessions.connected(p);
    this.setStatus('connected', reason);
    this.keepAlive.start(p.properties.serverKeepAlive ?? this.clientKeepAlive);
    pending.resolve({ sessionPresent: p.sessionPresent, reasonCode: p.reasonCode, reason, properties: p.properties });
  }

  pubrec(p) {
    this.inflight.expect('PUBREC', p.packetId);
    if (isFailure(p.reasonCode, 'PUBREC', this.version)) {
      this.inflight.finish(p.packetId, { ...p, type: 'PUBREC' });
      return;
    }
    this.inflight.released(p.packetId);
    this.send(encodeAck('PUBREL', p.packetId, this.version), `PUBREL (id ${p.packetId})`);
  }

  serverDisconnect(p) {
    const reason = `the server disconnected: ${reasonText(p.reasonCode, 'DISCONNECT', 5)}${reasonStringOf(p)}`;
    this.log(reason);
    this.closeSocket(reason);
  }

  requireConnected() {
    if (this.status !== 'connected') {
      throw new Error('not connected');
    }
  }

  /** Sends a packet that must fit the server's Maximum Packet Size. */
  sendChecked(bytes, what) {
    const max = this.serverLimits.maximumPacketSize;
    if (max !== undefined && bytes.length > max) {
      throw new MqttProtocolError(`${what} is ${bytes.length} bytes; the server takes packets up to ${max} bytes`);
    }
    this.send(bytes, what);
  }

  /** Encodes and sends the packet of a waiting operation; if that fails the operation ends. */
  sendOrFail(packetId, encode, what) {
    try {
      this.sendChecked(encode(), what);
    } catch (e) {
      this.inflight.cancel(packetId);
      throw e;
    }
  }

  send(bytes, what) {
    this.socket.send(bytes);
    if (what) {
      this.log(`sent ${what}`);
    }
    this.keepAlive.sent();
  }

  /** Ends the connection because of a protocol problem (MQTT 5: DISCONNECT with the reason code first). */
  abort(reason, reasonCode = 0x80) {
    this.log(`closing the connection: ${reason}`);
    if (this.status === 'connected' && this.version === 5) {
      this.send(encodeDisconnect(5, reasonCode), `DISCONNECT (${reasonText(reasonCode, 'DISCONNECT', 5)})`);
    }
    this.closeSocket(reason);
  }

  /** Closes the WebSocket (after what was sent) and ends the connection at once. */
  closeSocket(reason) {
    this.socket?.close(1000);
    this.closed(reason);
  }

  closed(reason) {
    if (this.status === 'disconnected') {
      return;
    }
    clearTimeout(this.connectTimer);
    this.keepAlive.stop();
    this.socket = null;
    this.inflight.failOperations(`connection closed: ${reason}`);
    this.sessions.closed(reason);
    this.pendingConnect?.reject(new Error(reason));
    this.pendingConnect = null;
    this.setStatus('disconnected', reason);
  }

  setStatus(status, reason) {
    this.status = status;
    this.dispatchEvent(new CustomEvent('status', { detail: { status, reason } }));
  }

  log(text) {
    this.dispatchEvent(new CustomEvent('log', { detail: { text } }));
  }
}
