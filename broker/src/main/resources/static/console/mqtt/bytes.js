// Byte-level building blocks of MQTT packets: the Variable Byte Integer, two- and four-byte integers,
// UTF-8 strings and binary data, all big-endian as MQTT 3.1.1 section 1.5 and MQTT 5.0 section 1.5 define them.

/**
 * A malformed packet, a protocol error, or a value that cannot be put on the wire. reasonCode is what an
 * MQTT 5 DISCONNECT says about it: given, else Malformed Packet (0x81) for messages starting with
 * "malformed", else Protocol Error (0x82).
 */
export class MqttProtocolError extends Error {
  constructor(message, reasonCode) {
    super(message);
    this.name = 'MqttProtocolError';
    this.reasonCode = reasonCode ?? (message.startsWith('malformed') ? 0x81 : 0x82);
  }
}

/** The largest value a Variable Byte Integer holds (four bytes). */
export const MAX_VARIABLE_INT = 268_435_455;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** A UTF-16 surrogate that is not half of a pair (with the u flag, a pair is one code point and does not match). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The UTF-8 bytes of an MQTT string: at most 65535 bytes, no U+0000 ([MQTT-1.5.4-2]) and no lone surrogate,
 * which has no UTF-8 form ([MQTT-1.5.4-1]); TextEncoder would quietly turn it into U+FFFD.
 */
export function utf8(text, what = 'string') {
  const string = String(text);
  if (LONE_SURROGATE.test(string)) {
    throw new MqttProtocolError(`${what} contains a lone UTF-16 surrogate, which is not a character and has no UTF-8 form`);
  }
  const bytes = encoder.encode(string);
  if (bytes.length > 0xffff) {
    throw new MqttProtocolError(`${what} is ${bytes.length} bytes in UTF-8; at most 65535 are allowed`);
  }
  if (bytes.includes(0)) {
    throw new MqttProtocolError(`${what} must not contain the character U+0000`);
  }
  return bytes;
}

/** The text of well-formed UTF-8 bytes, or null when they are not. */
export function decodeUtf8OrNull(bytes) {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** Lower-case hex with a space every byte, for payloads that are not text. */
export function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * MQTT 5.0 section 1.5.5: a Variable Byte Integer "MUST use the minimum number of bytes necessary to represent
 * the value" ([MQTT-1.5.5-1]); a last byte of 0 after continuation bytes (e.g. 0x80 0x00 for 0) breaks that.
 * index is the position of the last byte (0 for the first).
 */
export function checkMinimal(lastDigit, index, what) {
  if (index > 0 && lastDigit === 0) {
    throw new MqttProtocolError(`malformed packet: ${what} uses more bytes than its value needs [MQTT-1.5.5-1]`);
  }
}

/** Appends MQTT data types to a growing byte array. */
export class ByteWriter {
  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
    this.length = 0;
  }

  ensure(extra) {
    if (this.length + extra <= this.buf.length) {
      return;
    }
    let capacity = this.buf.length * 2;
    while (capacity < this.length + extra) {
      capacity *= 2;
    }
    const next = new Uint8Array(capacity);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(value) {
    this.ensure(1);
    this.buf[this.length++] = value & 0xff;
    return this;
  }

  u16(value) {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
      throw new MqttProtocolError(`${value} is not a two-byte integer (0..65535)`);
    }
    return this.byte(value >>> 8).byte(value);
  }

  u32(value) {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new MqttProtocolError(`${value} is not a four-byte integer (0..4294967295)`);
    }
    return this.byte(value >>> 24).byte(value >>> 16).byte(value >>> 8).byte(value);
  }

  varInt(value) {
    if (!Number.isInteger(value) || value < 0 || value > MAX_VARIABLE_INT) {
      throw new MqttProtocolError(`${value} does not fit a Variable Byte Integer (0..${MAX_VARIABLE_INT})`);
    }
    let rest = value;
    do {
      let digit = rest % 128;
      rest = Math.floor(rest / 128);
      if (rest > 0) {
        digit |= 0x80;
      }
      this.byte(digit);
    } while (rest > 0);
    return this;
  }

  raw(bytes) {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }

  /** A two-byte length, then the bytes. */
  binary(bytes) {
    if (bytes.length > 0xffff) {
      throw new MqttProtocolError(`binary data of ${bytes.length} bytes; at most 65535 are allowed`);
    }
    return this.u16(bytes.length).raw(bytes);
  }

  string(text, what) {
    return this.binary(utf8(text, what));
  }

  bytes() {
    return this.buf.slice(0, this.length);
  }
}

/** Reads MQTT data types from one packet's bytes; reading past the end is a malformed packet. */
export class ByteReader {
  constructor(bytes) {
    this.bytes = bytes;
    this.pos = 0;
  }

  remaining() {
    return this.bytes.length - this.pos;
  }

  need(count, what) {
    if (this.remaining() < count) {
      throw new MqttProtocolError(`malformed packet: ${what} runs past the end of the packet`);
    }
  }

  byte(what = 'byte') {
    this.need(1, what);
    return this.bytes[this.pos++];
  }

  u16(what = 'two-byte integer') {
    this.need(2, what);
    const value = (this.bytes[this.pos] << 8) | this.bytes[this.pos + 1];
    this.pos += 2;
    return value;
  }

  u32(what = 'four-byte integer') {
    this.need(4, what);
    const b = this.bytes;
    const value = b[this.pos] * 0x1000000 + ((b[this.pos + 1] << 16) | (b[this.pos + 2] << 8) | b[this.pos + 3]);
    this.pos += 4;
    return value;
  }

  varInt(what = 'variable byte integer') {
    let value = 0;
    let multiplier = 1;
    for (let i = 0; i < 4; i++) {
      const digit = this.byte(what);
      value += (digit & 0x7f) * multiplier;
      if ((digit & 0x80) === 0) {
        checkMinimal(digit, i, what);
        return value;
      }
      multiplier *= 128;
    }
    throw new MqttProtocolError(`malformed packet: ${what} is longer than four bytes`);
  }

  take(count, what = 'data') {
    this.need(count, what);
    const slice = this.bytes.subarray(this.pos, this.pos + count);
    this.pos += count;
    return slice;
  }

  binary(what = 'binary data') {
    return this.take(this.u16(what), what).slice();
  }

  string(what = 'string') {
    const text = decodeUtf8OrNull(this.take(this.u16(what), what));
    if (text === null) {
      throw new MqttProtocolError(`malformed packet: ${what} is not well-formed UTF-8`);
    }
    if (text.includes('\u0000')) {
      throw new MqttProtocolError(`malformed packet: ${what} contains U+0000`);
    }
    return text;
  }

  rest() {
    return this.take(this.remaining()).slice();
  }
}
