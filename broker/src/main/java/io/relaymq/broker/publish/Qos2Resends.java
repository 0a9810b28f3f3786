package io.relaymq.broker.publish;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Tells whether Kafka has the QoS 2 message a client sends again with a packet id whose fate the node does not
 * know: the node that received it first kept the id and the record's token, then may have died before or after
 * Kafka stored the message.
 */
@FunctionalInterface
public interface Qos2Resends {

    /** Knows nothing: every such PUBLISH is forwarded (at least once). */
    Qos2Resends NONE = (topic, token, keptAtMillis) -> CompletableFuture.completedFuture(false);

    /**
     * Completes with true when a record with {@code token}, for MQTT topic {@code topic}, was stored at or after
     * about {@code keptAtMillis}; false when none was, or fails when that cannot be told.
     */
    CompletionStage<Boolean> stored(String topic, long token, long keptAtMillis);
}
