// The client's side of an MQTT session (MQTT 5.0 section 4.1, MQTT 3.1.1 section 4.1): the QoS 1/2 PUBLISHes
// without their final acknowledgement with the packet identifiers they hold (in Inflight), and the identifiers of
// QoS 2 messages received and answered with PUBREC but not released yet (in Incoming). It outlives a connection
// while the server may keep the session too (3.1.1: Clean Session 0; 5.0: a Session Expiry Interval above 0), is
// continued by a CONNECT with Clean start off, the same URL, protocol level and client id, and is dropped as
// soon as the server answers Session Present 0 (the server has no session for it: both sides start empty).

import { Incoming } from './incoming.js';
import { Inflight } from './inflight.js';
import { encodeAck, encodePublish } from './packets.js';

export class ClientSession {
  constructor(key, inflight, incoming) {
    this.key = key;
    this.inflight = inflight;
    this.incoming = incoming;
  }

  /** Which session a CONNECT names: the server, the protocol level and the client identifier. */
  static keyOf(url, version, clientId) {
    return JSON.stringify([url, version, clientId]);
  }

  /** Whether a CONNECT with this key and Clean start flag continues this session. */
  continuedBy(key, clean) {
    return !clean && key === this.key;
  }

  /** How many QoS 1/2 messages wait for their final acknowledgement. */
  kept() {
    return this.inflight.publishes().length;
  }

  /**
   * After a CONNACK with Session Present 1: every kept PUBLISH again under its packet identifier with DUP set,
   * and PUBREL for those the server already acknowledged with PUBREC ([MQTT-4.4.0-1]), in the order Inflight
   * keeps them. send(bytes, what) may throw (e.g. the new Maximum Packet Size is smaller): that message fails.
   */
  resend(version, send) {
    const outstanding = this.inflight.publishes();
    for (const { packetId, kind, message } of outstanding) {
      try {
        if (kind === 'RELEASED') {
          send(encodeAck('PUBREL', packetId, version), `PUBREL again (id ${packetId})`);
        } else {
          send(encodePublish({ ...message, packetId, dup: true }, version), `PUBLISH again (id ${packetId}, DUP)`);
        }
      } catch (e) {
        this.inflight.fail(packetId, e);
      }
    }
    return outstanding.length;
  }

  /** The session ends: the kept messages fail with the reason and the received identifiers are forgotten. */
  discard(reason) {
    this.inflight.failAll(reason);
    this.incoming.forget();
  }
}

/**
 * Which session the client is in: begins or continues one on connect, resumes or empties it on CONNACK, keeps
 * or ends it when the connection closes. The callbacks: send and sendChecked (within the server's Maximum Packet
 * Size) put a packet on the wire, deliver hands a received message to the application, log shows a step.
 */
export class SessionKeeper {
  constructor({ maxInflight, send, sendChecked, deliver, log }) {
    Object.assign(this, { maxInflight, send, sendChecked, deliver, log });
    this.session = null;
    this.cleanStart = true;
    this.lives = false;
  }

  /**
   * On connect: continues the kept session when the CONNECT may (Clean start off, same URL, protocol level and
   * client id), else drops it, failing its messages, and begins an empty one. The session outlives the
   * connection when the server may keep it: 3.1.1 with Clean Session 0, 5.0 with a Session Expiry Interval above 0.
   */
  begin(options, version) {
    const key = ClientSession.keyOf(options.url, version, options.clientId ?? '');
    this.cleanStart = Boolean(options.clean);
    if (this.session && !this.session.continuedBy(key, this.cleanStart)) {
      this.drop('the new connection does not continue the session (Clean start, or another URL or client id)');
    }
    this.session ??= new ClientSession(key, new Inflight(this.maxInflight), new Incoming(version, this.send, this.deliver));
    this.url = options.url;
    this.version = version;
    this.lives = version === 4 ? !this.cleanStart : (options.sessionExpiryInterval ?? 0) > 0;
    return this.session;
  }

  /** A successful CONNACK. Session Present 1: the kept messages go out again, before any new one; 0: it empties. */
  connected({ sessionPresent, properties }) {
    if (!sessionPresent) {
      this.empty('the server has no session for this client (Session Present 0)');
    }
    if (properties.assignedClientIdentifier !== undefined) {
      this.session.key = ClientSession.keyOf(this.url, this.version, properties.assignedClientIdentifier);
    }
    if (this.version === 5 && properties.sessionExpiryInterval !== undefined) {
      this.lives = properties.sessionExpiryInterval > 0; // the server's value replaces the one asked for
    }
    if (sessionPresent) {
      const resent = this.session.resend(this.version, this.sendChecked);
      this.log(`session resumed (Session Present 1); ${resent} unacknowledged message(s) sent again`);
    }
  }

  /** The connection closed: the session stays for a later resume while the server may keep it too. */
  closed(reason) {
    if (!this.lives) {
      this.drop(`the connection closed and the session ended with it (${reason})`);
    } else if (this.kept() > 0) {
      this.log(`${this.kept()} unacknowledged QoS 1/2 message(s) kept: resent when the session is resumed`);
    }
  }

  kept() {
    return this.session?.kept() ?? 0;
  }

  /** Ends the session: its kept messages fail (the page's publish calls reject) and a later connect begins anew. */
  drop(why) {
    this.empty(why);
    this.session = null;
  }

  empty(why) {
    const kept = this.kept();
    if (kept > 0) {
      this.log(`${kept} unacknowledged QoS 1/2 message(s) discarded: ${why}`);
    }
    this.session.discard(`discarded, not resent: ${why}`);
  }
}
