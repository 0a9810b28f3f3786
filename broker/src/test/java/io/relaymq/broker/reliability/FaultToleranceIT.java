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
import org.junit.jupiter.api.AfterAll;
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
 * Cluster of 3 masters with a replica each, with continuous QoS 1 traffic to a persistent DEVICE and a
 * persistent APPLICATION subscriber while one part fails. Every message the broker acknowledged must
 * reach both subscribers (lost = 0); duplicates are allowed for QoS 1 and counted.
 * <p>
 * Runs in its own JVM with {@code -Drelaymq.test.stack=faults} (failsafe execution {@code fault-suite}).
 */
@Tag("faults")
@ExtendWith(LocalStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultToleranceIT {

    private static final Logger log = LoggerFactory.getLogger(FaultToleranceIT.class);
    private static final Duration DELIVERY = Duration.ofMinutes(3);

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

    /** Publisher on node A, subscribers on node B (both fall back to the other node). */
    private static FaultRun start(String scenario) throws Exception {
        return FaultRun.start(scenario, List.of(a.mqtt(), b.mqtt()), List.of(b.mqtt(), a.mqtt()));
    }

    private static void finish(FaultRun run) throws InterruptedException {
        FaultRun.Report report = run.finish(DELIVERY);
        log.info("{}", report);
        System.out.println(report);
        assertThat(report.acknowledged()).as("traffic flowed").isGreaterThan(1_000);
        assertThat(report.deviceLost()).as("acknowledged but never delivered to the DEVICE subscriber").isZero();
        assertThat(report.appLost()).as("acknowledged but never delivered to the APPLICATION subscriber").isZero();
    }

    /** A step of a scenario that may throw (kill, restart, wait for failover). */
    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /**
     * Traffic flows, {@code fail} breaks one part, traffic must go on ({@code duringFault} more messages
     * acknowledged), {@code heal} brings the part back, traffic goes on, then every acknowledged message
     * must have arrived.
     */
    private static void survive(String scenario, Step fail, int duringFault, Step heal) throws Exception {
        try (FaultRun run = start(scenario)) {
            run.awaitAcknowledgedMore(500, Duration.ofSeconds(60));
            fail.run();
            run.awaitAcknowledgedMore(duringFault, Duration.ofSeconds(120));
            heal.run();
            run.awaitAcknowledgedMore(500, Duration.ofSeconds(60));
            finish(run);
        }
    }

    @Test
    @Order(1)
    void aBrokerNodeIsKilledAndRestarted() throws Exception {
        survive("broker-node-sigkill", b::kill, 500, () -> b = b.restart().awaitReady());
    }

    @Test
    @Order(2)
    void aKafkaBrokerIsKilledAndRestarted(LocalStack stack) throws Exception {
        KafkaCluster kafka = stack.kafka().orElseThrow();
        survive("kafka-node-sigkill", () -> kafka.kill(1), 1_000, () -> kafka.restart(1));
    }

    @Test
    @Order(3)
    void aRedisMasterIsKilledAndItsReplicaPromoted(LocalStack stack) throws Exception {
        RedisCluster redis = stack.redis().orElseThrow();
        int master = 0;
        survive("redis-master-failover", () -> {
            redis.kill(master);
            // the replica takes over after the cluster node timeout; every live node must agree again
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(redis::awaitClusterOk);
        }, 1_000, () -> redis.restart(master));
    }

    @Test
    @Order(4)
    void postgresqlIsRestarted(LocalStack stack) throws Exception {
        try (FaultRun run = start("postgresql-restart")) {
            run.awaitAcknowledgedMore(500, Duration.ofSeconds(60));
            PostgresServer postgres = stack.postgres().orElseThrow();
            postgres.stop();
            postgres.restart();
            run.awaitAcknowledgedMore(1_000, Duration.ofSeconds(120));
            finish(run);
        }
    }

    @Test
    @Order(5)
    void subscribersDisconnectAndReconnectInALoop() throws Exception {
        try (FaultRun run = start("subscriber-reconnect-loop")) {
            for (int i = 0; i < 8; i++) {
                run.awaitAcknowledgedMore(200, Duration.ofSeconds(60));
                run.bounceSubscribers();
            }
            run.awaitAcknowledgedMore(300, Duration.ofSeconds(60));
            finish(run);
        }
    }

    /**
     * A rolling upgrade: each node in turn gets SIGTERM, drains its clients to the other node and exits
     * by itself, then comes back on the same ports. The second step moves the publisher and both
     * subscribers at once, since by then they all sit on the node being drained.
     */
    @Test
    @Order(6)
    void theNodesAreDrainedAndRestartedOneAfterTheOther() throws Exception {
        try (FaultRun run = start("rolling-restart")) {
            run.awaitAcknowledgedMore(500, Duration.ofSeconds(60));
            b.stopGracefully(Duration.ofSeconds(45));
            run.awaitAcknowledgedMore(300, Duration.ofSeconds(60));
            b = b.restart().awaitReady();
            run.awaitAcknowledgedMore(300, Duration.ofSeconds(60));
            a.stopGracefully(Duration.ofSeconds(45));
            run.awaitAcknowledgedMore(300, Duration.ofSeconds(60));
            a = a.restart().awaitReady();
            run.awaitAcknowledgedMore(500, Duration.ofSeconds(60));
            finish(run);
        }
    }
}
