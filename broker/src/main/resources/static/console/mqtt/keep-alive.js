// Keep alive (MQTT 5.0 section 3.1.2.10): when nothing was sent for the keep-alive interval, send
// PINGREQ; when its PINGRESP has not come by the next interval, the connection is dead.

export class KeepAlive {
  /** ping sends a PINGREQ; timeout ends the connection. */
  constructor(ping, timeout) {
    this.ping = ping;
    this.timeout = timeout;
    this.seconds = 0;
    this.outstanding = false;
    this.timer = null;
  }

  /** Starts with the interval in force (the server's Server Keep Alive, else the client's); 0 turns it off. */
  start(seconds) {
    this.seconds = seconds;
    this.outstanding = false;
    this.schedule();
  }

  /** Something was sent: the interval starts again, unless a PINGREQ waits for its answer. */
  sent() {
    if (!this.outstanding) {
      this.schedule();
    }
  }

  /** PINGRESP arrived. */
  answered() {
    this.outstanding = false;
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    this.outstanding = false;
    this.seconds = 0;
  }

  schedule() {
    clearTimeout(this.timer);
    if (this.seconds > 0) {
      this.timer = setTimeout(() => this.fire(), this.seconds * 1000);
    }
  }

  fire() {
    if (this.outstanding) {
      this.timeout(`no PINGRESP within the keep alive of ${this.seconds} s`);
      return;
    }
    this.ping();
    this.outstanding = true;
    this.schedule();
  }
}
