package io.relaymq.integration.target;

import io.relaymq.integration.model.IntegrationMessage;

/**
 * An open connection to where one integration delivers. The executor calls {@link #send} from one thread at a
 * time per integration, in the order of the messages, and closes the target when the integration is disabled,
 * changed or removed, or when the executor stops.
 */
public interface Target extends AutoCloseable {

    /**
     * Delivers one message and returns once the far side has accepted it (HTTP 2xx, Kafka acknowledgement,
     * MQTT PUBACK/PUBCOMP or, for QoS 0, the write). Must give up within the configured timeout.
     */
    void send(IntegrationMessage message) throws DeliveryException;

    /** Releases connections and threads; never throws. */
    @Override
    void close();
}
