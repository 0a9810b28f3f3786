package io.relaymq.broker.publish;

import io.relaymq.common.message.PublishedMessage;
import java.util.concurrent.CompletableFuture;

/** Where accepted PUBLISH messages go; completes when the message is durably stored (Kafka acked). */
@FunctionalInterface
public interface MessageSink {

    CompletableFuture<Void> send(PublishedMessage message);
}
