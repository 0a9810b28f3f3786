package io.relaymq.broker.api.cluster;

import io.relaymq.broker.api.error.ApiConflictException;
import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.kafka.ConsumerGroupLag;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** What the Kafka cluster looks like to an operator: brokers, topics, consumer groups with their lag. */
@Component
public class KafkaOverview {

    /** A Kafka broker; {@code brokerSize} is the bytes of all replicas in its log directories. */
    public record KafkaBroker(int brokerId, String address, long brokerSize, boolean controller) {}

    /** A topic; {@code size} is the bytes of all its replicas on all brokers. */
    public record KafkaTopic(String name, int partitions, int replicationFactor, long size) {}

    /** A consumer group: its state, member count, and messages not yet consumed over all its partitions. */
    public record ConsumerGroup(String groupId, String state, int members, long lag) {}

    private static final Logger log = LoggerFactory.getLogger(KafkaOverview.class);

    private static final long TIMEOUT_SECONDS = 10;

    private final Admin admin;

    public KafkaOverview(Admin admin) {
        this.admin = admin;
    }

    public List<KafkaBroker> brokers() {
        var cluster = admin.describeCluster();
        Node controller = await(cluster.controller());
        Collection<Node> nodes = await(cluster.nodes());
        Map<Integer, Map<String, LogDirDescription>> dirs = logDirs(nodes);
        return nodes.stream()
                .sorted(Comparator.comparingInt(Node::id))
                .map(n -> new KafkaBroker(
                        n.id(),
                        n.host() + ":" + n.port(),
                        replicas(dirs.getOrDefault(n.id(), Map.of()))
                                .mapToLong(ReplicaInfo::size)
                                .sum(),
                        controller != null && controller.id() == n.id()))
                .toList();
    }

    public List<KafkaTopic> topics() {
        Collection<String> names = await(admin.listTopics().names());
        Map<String, TopicDescription> described =
                await(admin.describeTopics(names).allTopicNames());
        Map<String, Long> sizes = new HashMap<>();
        logDirs(await(admin.describeCluster().nodes()))
                .values()
                .forEach(dirs -> dirs.values()
                        .forEach(dir -> dir.replicaInfos()
                                .forEach((partition, replica) ->
                                        sizes.merge(partition.topic(), replica.size(), Long::sum))));
        return described.values().stream()
                .map(d -> new KafkaTopic(
                        d.name(),
                        d.partitions().size(),
                        d.partitions().isEmpty()
                                ? 0
                                : d.partitions().get(0).replicas().size(),
                        sizes.getOrDefault(d.name(), 0L)))
                .sorted(Comparator.comparing(KafkaTopic::name))
                .toList();
    }

    public List<ConsumerGroup> consumerGroups() {
        List<String> ids = await(admin.listConsumerGroups().all()).stream()
                .map(ConsumerGroupListing::groupId)
                .toList();
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, ConsumerGroupDescription> described =
                await(admin.describeConsumerGroups(ids).all());
        List<ConsumerGroup> groups = new ArrayList<>();
        for (String id : ids) {
            ConsumerGroupDescription d = described.get(id);
            groups.add(new ConsumerGroup(
                    id,
                    d == null ? "UNKNOWN" : d.groupState().name(),
                    d == null ? 0 : d.members().size(),
                    lag(id)));
        }
        groups.sort(Comparator.comparing(ConsumerGroup::groupId));
        return groups;
    }

    /**
     * The log directories of these brokers; empty when Kafka refuses (describing them needs Describe on the
     * cluster), so the sizes then read 0 and the rest of the answer stays.
     */
    private Map<Integer, Map<String, LogDirDescription>> logDirs(Collection<Node> nodes) {
        try {
            return admin.describeLogDirs(nodes.stream().map(Node::id).toList())
                    .allDescriptions()
                    .get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Kafka");
        } catch (ExecutionException | TimeoutException e) {
            log.warn("Kafka log directory sizes unavailable: {}", e.toString());
            return Map.of();
        }
    }

    private static Stream<ReplicaInfo> replicas(Map<String, LogDirDescription> dirs) {
        return dirs.values().stream().flatMap(dir -> dir.replicaInfos().values().stream());
    }

    /** Deletes a consumer group; Kafka refuses while it has members. */
    public void deleteConsumerGroup(String groupId) {
        await(admin.deleteConsumerGroups(List.of(groupId)).all());
    }

    private long lag(String groupId) {
        try {
            return ConsumerGroupLag.of(admin, groupId, TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Kafka");
        } catch (ExecutionException | TimeoutException e) {
            return -1;
        }
    }

    private static <T> T await(KafkaFuture<T> future) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking Kafka");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof GroupIdNotFoundException || cause instanceof UnknownTopicOrPartitionException) {
                throw new ApiNotFoundException(cause.getMessage());
            }
            if (cause instanceof GroupNotEmptyException) {
                throw new ApiConflictException(cause.getMessage());
            }
            throw new IllegalStateException("Kafka: " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new IllegalStateException("Kafka did not answer within " + TIMEOUT_SECONDS + " s");
        }
    }
}
