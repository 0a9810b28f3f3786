package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.DeliveryException;

/**
 * A connection to the remote broker in one protocol version. It connects on the first publish and again on the
 * first publish after the connection was lost or a publish timed out; it never retries on its own.
 */
interface BridgeClient extends AutoCloseable {

    /** Publishes and waits for PUBACK/PUBCOMP (QoS 1/2) or the write (QoS 0), within the configured timeouts. */
    void publish(Outgoing message) throws DeliveryException;

    /** Disconnects; never throws. */
    @Override
    void close();
}
