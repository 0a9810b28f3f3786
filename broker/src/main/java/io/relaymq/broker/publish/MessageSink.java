package io.relaymq.broker.publish;

import io.relaymq.common.message.PublishedMessage;
import java.util.concurrent.CompletableFuture;

/** Where accepted PUBLISH messages go; completes when the message is durably stored (Kafka acked). */
@FunctionalInterface
public interface MessageSink {

    CompletableFuture<Void> send(PublishedMessage message);

    /**
     * Like {@link #send(PublishedMessage)}, for a QoS 2 message of a persistent session: its record carries
     * {@code qos2Token}, by which a node can later tell whether Kafka has it ({@link Qos2Resends}).
     */
    default CompletableFuture<Void> send(PublishedMessage message, long qos2Token) {
        return send(message);
    }
}
