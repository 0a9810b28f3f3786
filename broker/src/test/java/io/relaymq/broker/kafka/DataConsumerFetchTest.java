package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.relaymq.broker.support.ShippedConfiguration;
import io.relaymq.common.node.NodeId;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How message-path consumers fetch, from the shipped configuration. {@code msg.all} is written one record at a time
 * by many publishers, so its fetches wait to fill. The topics the router writes once per routed poll get whole
 * bursts: waiting there only added latency per hop, and an idle consumer fetched every 15 ms (about 67 requests a
 * second each, most of an idle node's Kafka CPU).
 */
class DataConsumerFetchTest {

    private final KafkaClients clients;

    DataConsumerFetchTest() throws IOException {
        KafkaProperties shipped = ShippedConfiguration.bind("relaymq.kafka", KafkaProperties.class, List.of());
        clients = new KafkaClients(shipped, new NodeId("fetch-node"), new SimpleMeterRegistry());
    }

    @Test
    void msgAllFetchesWaitToFill() {
        Map<String, Object> config =
                clients.dataConsumerConfig("msg-all", "g", 2000, KafkaClients.Start.FAIL, KafkaClients.Arrival.TRICKLE);

        assertThat(config)
                .containsEntry("fetch.max.wait.ms", 15)
                .containsEntry("fetch.min.bytes", 65536)
                .containsEntry("group.id", "g");
    }

    @Test
    void topicsWrittenInBurstsAreFetchedAtTheFirstRecordAndWaitLongOnlyWhenIdle() {
        Map<String, Object> config = clients.dataConsumerConfig(
                "msg-persisted", "g", 2000, KafkaClients.Start.FAIL, KafkaClients.Arrival.BURSTS);

        assertThat(config)
                .containsEntry("fetch.min.bytes", 1)
                .containsEntry("fetch.max.wait.ms", 500)
                .containsEntry("group.id", "g");
    }

    @Test
    void theIdleWaitAndTheCommitIntervalAreBounded() {
        Duration fifteen = Duration.ofMillis(15);
        assertThatThrownBy(() -> new KafkaProperties.DataFetch(fifteen, 1, Duration.ZERO, Duration.ZERO))
                .hasMessageContaining("idle-wait");
        assertThatThrownBy(() -> new KafkaProperties.DataFetch(fifteen, 1, Duration.ofSeconds(6), Duration.ZERO))
                .hasMessageContaining("idle-wait");
        assertThatThrownBy(
                        () -> new KafkaProperties.DataFetch(fifteen, 1, Duration.ofMillis(500), Duration.ofSeconds(6)))
                .hasMessageContaining("commit-interval");
        assertThatThrownBy(
                        () -> new KafkaProperties.DataFetch(fifteen, 1, Duration.ofMillis(500), Duration.ofMillis(-1)))
                .hasMessageContaining("commit-interval");
        assertThat(new KafkaProperties.DataFetch(fifteen, 1, Duration.ofMillis(500), Duration.ZERO).commitInterval())
                .isZero();
    }
}
