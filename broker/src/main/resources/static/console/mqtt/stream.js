// Cuts the byte stream of WebSocket binary frames into MQTT packets. A frame may hold part of a packet or
// several packets ([MQTT-6.0.0-2]); a packet larger than the bound is refused as soon as its length is known,
// before its body is buffered.

import { checkMinimal, MqttProtocolError } from './bytes.js';

export class PacketStream {
  /**
   * maxPacketSize bounds a whole packet: fixed header, remaining length and body. minimalLengths refuses a
   * remaining length in more bytes than needed: a MUST of MQTT 5.0 ([MQTT-1.5.5-1]); MQTT 3.1.1 section 2.2.3
   * states no such rule, so under 3.1.1 such a length is read as it is.
   */
  constructor(maxPacketSize, minimalLengths = true) {
    this.maxPacketSize = maxPacketSize;
    this.minimalLengths = minimalLengths;
    this.buf = new Uint8Array(1024);
    this.start = 0;
    this.end = 0;
  }

  /** Adds the bytes of one frame; returns the packets now complete as [{firstByte, body}]. */
  push(bytes) {
    this.append(bytes);
    const packets = [];
    for (;;) {
      const header = this.header();
      if (header === null || this.end - this.start < header.size + header.remaining) {
        break;
      }
      const bodyStart = this.start + header.size;
      packets.push({
        firstByte: this.buf[this.start],
        body: this.buf.slice(bodyStart, bodyStart + header.remaining),
      });
      this.start = bodyStart + header.remaining;
    }
    return packets;
  }

  /** The fixed header at the start of the buffered bytes: its size and the remaining length; null if incomplete. */
  header() {
    let remaining = 0;
    let multiplier = 1;
    for (let i = 1; i <= 4; i++) {
      if (this.start + i >= this.end) {
        return null;
      }
      const digit = this.buf[this.start + i];
      remaining += (digit & 0x7f) * multiplier;
      if ((digit & 0x80) === 0) {
        if (this.minimalLengths) {
          checkMinimal(digit, i - 1, 'remaining length');
        }
        if (1 + i + remaining > this.maxPacketSize) {
          throw new MqttProtocolError(
            `the server sent a packet of ${1 + i + remaining} bytes; this client takes at most ${this.maxPacketSize}`,
            0x95,
          );
        }
        return { size: 1 + i, remaining };
      }
      multiplier *= 128;
    }
    throw new MqttProtocolError('malformed packet: remaining length is longer than four bytes');
  }

  append(bytes) {
    if (this.start === this.end) {
      this.start = 0;
      this.end = 0;
    }
    if (this.end + bytes.length > this.buf.length) {
      const kept = this.end - this.start;
      let capacity = this.buf.length;
      while (capacity < kept + bytes.length) {
        capacity *= 2;
      }
      if (capacity === this.buf.length) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        const next = new Uint8Array(capacity);
        next.set(this.buf.subarray(this.start, this.end));
        this.buf = next;
      }
      this.start = 0;
      this.end = kept;
    }
    this.buf.set(bytes, this.end);
    this.end += bytes.length;
  }
}
