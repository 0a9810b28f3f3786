package io.relaymq.broker.cluster;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads the cluster's shared state straight from Redis and Kafka, as an operator would. */
final class ClusterState {

    private ClusterState() {}

    static Set<String> registeredNodes(StackEndpoints stack) {
        RedisClusterClient client =
                RedisClusterClient.create(Arrays.stream(stack.redisNodes().split(","))
                        .map(a -> RedisURI.create("redis://" + a))
                        .toList());
        try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
            return connection.sync().hgetall(NodeRegistry.KEY).keySet();
        } finally {
            client.shutdown();
        }
    }

    /** The latest value per key of a compacted single-partition topic (null = tombstone). */
    static Map<String, byte[]> latestRecords(StackEndpoints stack, String topic) {
        Map<String, byte[]> latest = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
                Map.of("bootstrap.servers", stack.kafkaBootstrapServers()),
                new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            TopicPartition partition = new TopicPartition(topic, 0);
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            long end = consumer.endOffsets(List.of(partition)).get(partition);
            while (consumer.position(partition) < end) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    latest.put(new String(record.key(), StandardCharsets.UTF_8), record.value());
                }
            }
        }
        return latest;
    }
}
