package io.relaymq.perf.client;

import java.net.InetSocketAddress;

/**
 * How one load client connects: where to, from which source address, and its CONNECT fields.
 *
 * @param server        broker address
 * @param source        local address to bind (several 127.0.0.x pass the 64k ports of one address), or null
 * @param mqtt5         MQTT 5.0 instead of 3.1.1
 * @param clientId      client identifier
 * @param cleanStart    clean session (3.1.1) / clean start (5.0)
 * @param sessionExpiry 5.0 Session Expiry Interval in seconds for persistent sessions (ignored for 3.1.1)
 * @param keepAlive     keep-alive seconds; a PINGREQ goes out after this long without writes
 * @param username      user name or null
 * @param password      password or null
 */
public record ClientOptions(
        InetSocketAddress server,
        InetSocketAddress source,
        boolean mqtt5,
        String clientId,
        boolean cleanStart,
        int sessionExpiry,
        int keepAlive,
        String username,
        String password) {

    public ClientOptions {
        if (clientId == null || clientId.isEmpty()) {
            throw new IllegalArgumentException("a load client needs a client id");
        }
        if (keepAlive < 0 || keepAlive > 65_535) {
            throw new IllegalArgumentException("keep-alive must be 0..65535 seconds: " + keepAlive);
        }
    }
}
