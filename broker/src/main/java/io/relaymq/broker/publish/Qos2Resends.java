package io.relaymq.broker.publish;

import io.relaymq.broker.session.InboundQos2Store;
import java.util.concurrent.CompletionStage;

/**
 * Tells whether Kafka has the QoS 2 message a client sends again with a packet id whose fate the node does not
 * know: the node that received it first kept the id and the record's token, then may have gone away (or its
 * Kafka write failed) before or after Kafka stored the message.
 */
@FunctionalInterface
public interface Qos2Resends {
    /**
     * Completes with true when a record with the receipt's token, for MQTT topic {@code topic}, is in Kafka; false
     * once none is and none can still arrive; fails when that cannot be told. {@code clientId} and
     * {@code packetId} name the id the receipt was kept for.
     */
    CompletionStage<Boolean> stored(String clientId, int packetId, String topic, InboundQos2Store.Receipt receipt);
}
