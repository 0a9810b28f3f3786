package io.relaymq.broker.kafka;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Describes a topic that may have just been created: until its metadata has reached every broker,
 * Kafka answers "unknown topic", so that answer is retried (bounded) instead of failing the start.
 */
public final class TopicDescriptions {

    private TopicDescriptions() {
    }

    public static TopicDescription describe(Admin admin, String topic, long timeoutMillis)
            throws ExecutionException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            try {
                return admin.describeTopics(List.of(topic)).allTopicNames().get(timeoutMillis, TimeUnit.MILLISECONDS)
                        .get(topic);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
