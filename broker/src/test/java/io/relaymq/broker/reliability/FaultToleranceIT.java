package io.relaymq.broker.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.support.BrokerProcess;
import io.relaymq.localinfra.junit.LocalStackExtension;
import io.relaymq.localinfra.kafka.KafkaCluster;
import io.relaymq.localinfra.postgres.PostgresServer;
import io.relaymq.localinfra.redis.RedisCluster;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackEndpoints;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fault suite: 2 broker nodes on 3 Kafka nodes (replication 3, min ISR 2, acks=all) and a Redis
 * Cluster of 3 masters with a replica each, with continuous traffic ({@link FaultRun}, 100 msg/s or
 * {@code -Drelaymq.faults.rate}) to a persistent DEVICE and a persistent APPLICATION subscriber while one
 * part fails. Every message the broker acknowledged must reach both subscribers (lost = 0); at QoS 2
 * nothing may arrive twice; at QoS 1 duplicates are counted and bounded ({@link FaultRun#mark}).
 * <p>
 * Runs in its own JVM with {@code -Drelaymq.test.stack=faults} (failsafe execution {@code fault-suite}).
 */
@Tag("faults")
@ExtendWith(LocalStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultToleranceIT {

    private static final Logger log = LoggerFactory.getLogger(FaultToleranceIT.class);
    private static final Duration DELIVERY = Duration.ofMinutes(3);
    private static final Duration OUTAGE = Duration.ofSeconds(30);
    private static final int MSG_ALL_PARTITIONS = 6;

    private static BrokerProcess a;
    private static BrokerProcess b;

    static Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("MQTT_AUTH_ALLOW_ANONYMOUS", "true");
        env.put("MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS", "app-.*");
        for (String topic : List.of("MSG_ALL", "STATE", "DOWNLINK", "SESSION_EVENT", "MSG_PERSISTED")) {
            env.put("RELAYMQ_KAFKA_" + topic + "_REPLICATION_FACTOR", "3");
        }
        env.put("MQTT_PERSISTENT_SESSION_APP_TOPIC_REPLICATION_FACTOR", "3");
        // 6 partitions for 2 consumers per node: both nodes always route a share of msg.all
        env.put("RELAYMQ_KAFKA_MSG_ALL_PARTITIONS", Integer.toString(MSG_ALL_PARTITIONS));
        // the suite tests faults, not quotas: 30 s without Redis at 1,000 msg/s queues 30,000 messages for
        // the DEVICE subscriber, over the default limit of 10,000 (beyond it the oldest are dropped by design)
        env.put("MQTT_PERSISTENT_SESSION_DEVICE_PERSISTED_MESSAGES_LIMIT", "60000");
        // production consumer sessions (10 s), not the short ones other tests' nodes use
        env.put("SPRING_APPLICATION_JSON", "{}");
        return env;
    }

    @BeforeAll
    static void startNodes(StackEndpoints stack) throws Exception {
        a = BrokerProcess.start("fault-a", stack, env());
        b = BrokerProcess.start("fault-b", stack, env());
        a.awaitReady();
        b.awaitReady();
    }

    @AfterAll
    static void stopNodes() {
        BrokerProcess.closeAll(a, b);
    }

    /** A node that exited by itself during a scenario fails it; it is started again for the next one. */
    @AfterEach
    void bothNodesSurvived() throws Exception {
        String exited = "";
        try {
            a.awaitReady();
        } catch (IllegalStateException e) {
            exited += a.nodeId() + " ";
            a = a.restart().awaitReady();
        }
        try {
            b.awaitReady();
        } catch (IllegalStateException e) {
            exited += b.nodeId();
            b = b.restart().awaitReady();
        }
        assertThat(exited)
                .as("broker nodes that exited by themselves during the scenario")
                .isEmpty();
    }

    /** Publishers on node A, subscribers on node B (each falls back to the other node). */
    private static FaultRun.Plan plan(String scenario) {
        return FaultRun.Plan.of(scenario, List.of(a.mqtt(), b.mqtt()), List.of(b.mqtt(), a.mqtt()));
    }

    private static void finish(FaultRun run) throws InterruptedException {
        FaultReport report = run.finish(DELIVERY);
        log.info("{}", report);
        System.out.println(report);
        report.assertPromises(FaultRun.rate() * 5L);
    }

    /** A step of a scenario that may throw (kill, restart, wait for failover). */
    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /**
     * Traffic flows, {@code fail} breaks one part, traffic must go on, {@code heal} brings the part
     * back, traffic goes on, then every acknowledged message must have arrived.
     */
    private static void survive(FaultRun.Plan plan, Step fail, Step heal) throws Exception {
        try (FaultRun run = FaultRun.start(plan)) {
            run.awaitTraffic(5, Duration.ofSeconds(60));
            run.mark("fault");
            fail.run();
            run.awaitTraffic(10, Duration.ofSeconds(120));
            run.mark("recovery");
            heal.run();
            run.awaitTraffic(5, Duration.ofSeconds(120));
            finish(run);
        }
    }

    /**
     * A whole store is away for {@link #OUTAGE}: the publishers keep trying all along; once it is back
     * traffic must flow again and everything acknowledged, before or after, must arrive.
     */
    private static void outage(String scenario, Step stop, BooleanSupplier down, Step start) throws Exception {
        try (FaultRun run = FaultRun.start(plan(scenario))) {
            run.awaitTraffic(5, Duration.ofSeconds(60));
            run.mark("stopped");
            stop.run();
            long attempts = run.attempts();
            await().during(OUTAGE)
                    .atMost(OUTAGE.plusSeconds(15))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(down::getAsBoolean);
            assertThat(run.attempts() - attempts)
                    .as("publish attempts while it was down")
                    .isGreaterThan(FaultRun.rate() * OUTAGE.toSeconds() / 2);
            run.mark("started again");
            start.run();
            run.awaitTraffic(10, Duration.ofSeconds(180));
            finish(run);
        }
    }

    @Test
    @Order(1)
    void theSubscribersNodeIsKilledAndRestarted() throws Exception {
        survive(plan("subscribers-node-sigkill"), b::kill, () -> b = b.restart().awaitReady());
    }

    /** The publishers move to node B; what node A did not acknowledge, Paho sends again there. */
    @Test
    @Order(2)
    void thePublishersNodeIsKilledAndRestarted() throws Exception {
        survive(plan("publishers-node-sigkill"), a::kill, () -> a = a.restart().awaitReady());
    }

    @Test
    @Order(3)
    void aKafkaBrokerIsKilledAndRestarted(LocalStack stack) throws Exception {
        KafkaCluster kafka = stack.kafka().orElseThrow();
        survive(plan("kafka-node-sigkill"), () -> kafka.kill(1), () -> kafka.restart(1));
    }

    /** Every msg.all partition gets a new leader (replicas reordered, preferred election) under traffic. */
    @Test
    @Order(4)
    void theMsgAllPartitionLeadersMove(LocalStack stack) throws Exception {
        try (MsgAllTopic msgAll = new MsgAllTopic(stack.kafka().orElseThrow().bootstrapServers());
                FaultRun run = FaultRun.start(plan("kafka-leader-move"))) {
            run.awaitTraffic(5, Duration.ofSeconds(60));
            int partition = MsgAllTopic.partitionOf(run.publishers().get(0).topic(), msgAll.partitions());
            run.mark("leaders move");
            MsgAllTopic.LeaderMove move = msgAll.moveLeaders();
            Map<Integer, Integer> before = move.before();
            Map<Integer, Integer> after = move.after();
            log.info("msg.all leaders before {} after {}; the publisher's partition is {}", before, after, partition);
            assertThat(after.get(partition))
                    .as("leader of the partition under traffic")
                    .isNotEqualTo(before.get(partition));
            run.awaitTraffic(10, Duration.ofSeconds(120));
            finish(run);
        }
    }

    @Test
    @Order(5)
    void aRedisMasterIsKilledAndItsReplicaPromoted(LocalStack stack) throws Exception {
        RedisCluster redis = stack.redis().orElseThrow();
        int master = 0;
        survive(
                plan("redis-master-failover"),
                () -> {
                    redis.kill(master);
                    // the replica takes over after the cluster node timeout; every live node must agree again
                    await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(redis::awaitClusterOk);
                },
                () -> redis.restart(master));
    }

    @Test
    @Order(6)
    void postgresqlIsRestarted(LocalStack stack) throws Exception {
        PostgresServer postgres = stack.postgres().orElseThrow();
        survive(
                plan("postgresql-restart"),
                () -> {
                    postgres.stop();
                    postgres.restart();
                },
                () -> {});
    }

    @Test
    @Order(7)
    void subscribersDisconnectAndReconnectInALoop() throws Exception {
        try (FaultRun run = FaultRun.start(plan("subscriber-reconnect-loop"))) {
            for (int i = 0; i < 8; i++) {
                run.awaitTraffic(2, Duration.ofSeconds(60));
                run.mark("bounce " + (i + 1));
                run.bounceSubscribers();
            }
            run.awaitTraffic(3, Duration.ofSeconds(60));
            finish(run);
        }
    }

    /**
     * QoS 2 end to end across a takeover and a node kill on the subscribers' side. The publisher stays on node
     * B; the subscribers' connections to node B go silent and they connect to node A (a takeover of a
     * connection that is still open), then node A, which by then holds the subscribers, is SIGKILLed and
     * they move back to node B. Nothing may be lost or arrive twice.
     */
    @Test
    @Order(8)
    void qos2SurvivesATakeoverAndANodeKill() throws Exception {
        FaultRun.Plan plan = FaultRun.Plan.of(
                        "qos2-takeover-node-sigkill", List.of(b.mqtt()), List.of(b.mqtt(), a.mqtt()))
                .qos(2)
                .subscribersBehindProxy();
        try (FaultRun run = FaultRun.start(plan)) {
            run.awaitTraffic(5, Duration.ofSeconds(60));
            run.mark("takeover");
            run.takeOverSubscribers(List.of(a.mqtt(), b.mqtt()));
            run.awaitTraffic(5, Duration.ofSeconds(120));
            run.mark("node A killed");
            a.kill();
            run.awaitTraffic(10, Duration.ofSeconds(120));
            run.mark("node A restarted");
            a = a.restart().awaitReady();
            run.awaitTraffic(5, Duration.ofSeconds(120));
            finish(run);
        }
    }

    /**
     * QoS 2 with the publisher's node SIGKILLed mid-stream: the publisher re-sends on node B what it had no
     * PUBREC for. Messages Kafka had stored although the dead node never answered are recognised by their token
     * and not forwarded again. Nothing may be lost or arrive twice.
     */
    @Test
    @Order(8)
    void qos2SurvivesAKillOfThePublishersNode() throws Exception {
        FaultRun.Plan plan = plan("qos2-publisher-node-sigkill").qos(2);
        survive(plan, () -> a.kill(), () -> a = a.restart().awaitReady());
    }

    /**
     * One publisher per msg.all partition, every client on node A; node B, which owns some partitions
     * (checked), is SIGKILLed: what it had read but not routed must be routed by node A after the
     * rebalance.
     */
    @Test
    @Order(9)
    void aNodeThatRoutesPartOfMsgAllIsKilled(LocalStack stack) throws Exception {
        List<String> nodes = List.of(a.nodeId(), b.nodeId());
        try (MsgAllTopic msgAll = new MsgAllTopic(stack.kafka().orElseThrow().bootstrapServers())) {
            int partitions = msgAll.partitions();
            assertThat(partitions).as("msg.all partitions").isEqualTo(MSG_ALL_PARTITIONS);
            Map<String, Set<Integer>> owners = msgAll.assignment(nodes);
            log.info("msg.all partitions by node before the kill: {}", owners);
            assertThat(owners.get(b.nodeId())).as("partitions node B routes").isNotEmpty();
            FaultRun.Plan plan = FaultRun.Plan.of(
                            "routing-node-sigkill", List.of(a.mqtt(), b.mqtt()), List.of(a.mqtt(), b.mqtt()))
                    .topics(MsgAllTopic.topicsOnEveryPartition("r", partitions, partitions));
            survive(
                    plan,
                    () -> {
                        b.kill();
                        await().atMost(Duration.ofSeconds(90))
                                .pollInterval(Duration.ofSeconds(1))
                                .ignoreExceptions()
                                .until(() -> msgAll.assignment(nodes)
                                                .getOrDefault(a.nodeId(), Set.of())
                                                .size()
                                        == partitions);
                        log.info("msg.all partitions by node after the kill: {}", msgAll.assignment(nodes));
                    },
                    () -> b = b.restart().awaitReady());
        }
    }

    /**
     * A rolling upgrade: each node in turn gets SIGTERM, drains its clients to the other node and exits
     * by itself, then comes back on the same ports. The second step moves the publisher and both
     * subscribers at once, since by then they all sit on the node being drained.
     */
    @Test
    @Order(10)
    void theNodesAreDrainedAndRestartedOneAfterTheOther() throws Exception {
        try (FaultRun run = FaultRun.start(plan("rolling-restart"))) {
            run.awaitTraffic(5, Duration.ofSeconds(60));
            run.mark("drain B");
            b.stopGracefully(Duration.ofSeconds(45));
            run.awaitTraffic(3, Duration.ofSeconds(60));
            b = b.restart().awaitReady();
            run.awaitTraffic(3, Duration.ofSeconds(60));
            run.mark("drain A");
            a.stopGracefully(Duration.ofSeconds(45));
            run.awaitTraffic(3, Duration.ofSeconds(60));
            a = a.restart().awaitReady();
            run.awaitTraffic(5, Duration.ofSeconds(60));
            finish(run);
        }
    }

    /** Every Redis node stopped for 30 s: DEVICE messages wait in Kafka (msg.persisted) until it is back. */
    @Test
    @Order(11)
    void redisIsDownEntirely(LocalStack stack) throws Exception {
        RedisCluster redis = stack.redis().orElseThrow();
        int count = redis.nodes().size();
        outage(
                "redis-down-30s",
                redis::stop,
                () -> IntStream.range(0, count).noneMatch(redis::isAlive),
                redis::restartAll);
    }

    /** Every Kafka node stopped for 30 s: nothing can be acknowledged; once back, traffic resumes. */
    @Test
    @Order(12)
    void kafkaIsDownEntirely(LocalStack stack) throws Exception {
        KafkaCluster kafka = stack.kafka().orElseThrow();
        int count = kafka.nodes().size();
        outage(
                "kafka-down-30s",
                () -> kafka.stopAll(Duration.ofSeconds(20)),
                () -> IntStream.range(0, count).noneMatch(kafka::isAlive),
                kafka::restartAll);
    }
}
