package io.relaymq.broker.reliability;

import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.utils.Utils;

/**
 * The fault suite's view of {@code relaymq.msg.all}: which partition an MQTT topic lands on (the broker
 * keys records by MQTT topic, Kafka's default partitioner hashes the key), which broker node's consumers
 * own which partitions, and moving partition leaders under traffic.
 */
final class MsgAllTopic implements AutoCloseable {

    static final String TOPIC = "relaymq.msg.all";
    static final String GROUP = "relaymq-msg-all";

    private final Admin admin;

    MsgAllTopic(String bootstrapServers) {
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        this.admin = Admin.create(props);
    }

    /** The partition Kafka's default partitioner picks for records keyed by {@code mqttTopic}. */
    static int partitionOf(String mqttTopic, int partitions) {
        return Utils.toPositive(Utils.murmur2(mqttTopic.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /** {@code count} MQTT topics under {@code prefix}, the i-th on partition {@code i % partitions}. */
    static List<String> topicsOnEveryPartition(String prefix, int count, int partitions) {
        List<String> topics = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int salt = 0;
            while (partitionOf(prefix + i + "-" + salt, partitions) != i % partitions) {
                salt++;
            }
            topics.add(prefix + i + "-" + salt);
        }
        return topics;
    }

    int partitions() throws Exception {
        return describe().partitions().size();
    }

    /** Partitions owned by each broker node (by the node id in the consumers' client ids), once stable. */
    Map<String, Set<Integer>> assignment(List<String> nodeIds) throws Exception {
        Map<String, Set<Integer>> byNode = new TreeMap<>();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .until(() -> {
                    byNode.clear();
                    ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(GROUP))
                            .all()
                            .get(10, TimeUnit.SECONDS)
                            .get(GROUP);
                    for (MemberDescription member : group.members()) {
                        String node = nodeIds.stream()
                                .filter(id -> member.clientId().contains(id))
                                .findFirst()
                                .orElse("?");
                        member.assignment().topicPartitions().stream()
                                .filter(tp -> tp.topic().equals(TOPIC))
                                .forEach(tp -> byNode.computeIfAbsent(node, k -> new TreeSet<>())
                                        .add(tp.partition()));
                    }
                    return byNode.values().stream().mapToInt(Set::size).sum() == partitions();
                });
        return byNode;
    }

    /** Current leader (Kafka node id) of every partition. */
    Map<Integer, Integer> leaders() throws Exception {
        return describe().partitions().stream()
                .collect(Collectors.toMap(
                        TopicPartitionInfo::partition,
                        p -> p.leader() == null ? -1 : p.leader().id(),
                        (x, y) -> x,
                        TreeMap::new));
    }

    /** Each partition's leader before and after {@link #moveLeaders()}. */
    record LeaderMove(Map<Integer, Integer> before, Map<Integer, Integer> after) {}

    /**
     * Rotates every partition's replica list by one, so the preferred leader is another replica, and
     * elects the preferred leaders: each partition's leader moves to another Kafka node with no data
     * copied. Returns once every leader changed, with the leaders it saw then: the metadata of the Kafka
     * node a later describe happens to ask may still be behind the controller's.
     */
    LeaderMove moveLeaders() throws Exception {
        Map<Integer, Integer> before = leaders();
        Map<TopicPartition, Optional<NewPartitionReassignment>> moves =
                new TreeMap<>((x, y) -> Integer.compare(x.partition(), y.partition()));
        for (TopicPartitionInfo p : describe().partitions()) {
            List<Integer> replicas =
                    new ArrayList<>(p.replicas().stream().map(n -> n.id()).toList());
            while (replicas.get(0).equals(before.get(p.partition()))) {
                Collections.rotate(replicas, -1);
            }
            moves.put(new TopicPartition(TOPIC, p.partition()), Optional.of(new NewPartitionReassignment(replicas)));
        }
        admin.alterPartitionReassignments(moves).all().get(30, TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .until(() -> admin.listPartitionReassignments()
                        .reassignments()
                        .get(10, TimeUnit.SECONDS)
                        .isEmpty());
        Map<Integer, Integer> after = await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .until(
                        () -> {
                            try {
                                admin.electLeaders(ElectionType.PREFERRED, moves.keySet())
                                        .all()
                                        .get(10, TimeUnit.SECONDS);
                            } catch (ExecutionException e) {
                                // some partitions already have their preferred leader (election not needed)
                            }
                            return leaders();
                        },
                        now -> before.keySet().stream()
                                .noneMatch(p -> before.get(p).equals(now.get(p))));
        return new LeaderMove(before, after);
    }

    private TopicDescription describe() throws Exception {
        return admin.describeTopics(List.of(TOPIC))
                .allTopicNames()
                .get(10, TimeUnit.SECONDS)
                .get(TOPIC);
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }
}
