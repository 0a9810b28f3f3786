package io.relaymq.broker.kafka;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Describes a topic (its partitions or its configuration) that may have just been created, possibly by
 * another node: until its metadata has reached every broker, Kafka answers "unknown topic", so that
 * answer is retried (bounded) instead of failing the start.
 */
public final class TopicDescriptions {

    private TopicDescriptions() {}

    public static TopicDescription describe(Admin admin, String topic, long timeoutMillis)
            throws ExecutionException, TimeoutException, InterruptedException {
        return retryUnknown(
                timeoutMillis,
                () -> admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(timeoutMillis, TimeUnit.MILLISECONDS)
                        .get(topic));
    }

    /** The topic's configuration. */
    public static Config describeConfig(Admin admin, String topic, long timeoutMillis)
            throws ExecutionException, TimeoutException, InterruptedException {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return retryUnknown(
                timeoutMillis,
                () -> admin.describeConfigs(List.of(resource))
                        .all()
                        .get(timeoutMillis, TimeUnit.MILLISECONDS)
                        .get(resource));
    }

    private interface AdminCall<T> {
        T call() throws ExecutionException, TimeoutException, InterruptedException;
    }

    private static <T> T retryUnknown(long timeoutMillis, AdminCall<T> call)
            throws ExecutionException, TimeoutException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            try {
                return call.call();
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(100);
            }
        }
    }
}
