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
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;

/**
 * The two kinds of message-path consumer: msg.all, written all the time, waits to fill its fetches; the topics
 * written in bursts (persisted, downlinks, APPLICATION topics) are fetched at the first record, and an idle one
 * waits long, so it does not cost Kafka a fetch every few milliseconds.
 */
class KafkaFetchSettingsTest {

    private static KafkaClients clients(Map<String, Object> environment) throws IOException {
        Map<String, Object> env = new java.util.HashMap<>(environment);
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        KafkaProperties kafka = ShippedConfiguration.bind(
                "relaymq.kafka", KafkaProperties.class, List.of(new MapPropertySource("environment", env)));
        return new KafkaClients(kafka, new NodeId("fetch-node"), new SimpleMeterRegistry());
    }

    @Test
    void msgAllWaitsToFillItsFetchesAndBurstTopicsAreFetchedAtTheFirstRecord() throws IOException {
        KafkaClients clients = clients(Map.of());
        try {
            assertThat(clients.dataConfig("msg-all-0", "g", 2000, KafkaClients.Start.FAIL))
                    .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 15)
                    .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 65536);
            assertThat(clients.burstConfig("msg-persisted-0", "g", 2000, KafkaClients.Start.FAIL))
                    .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 500)
                    .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, 1)
                    .containsEntry(ConsumerConfig.GROUP_ID_CONFIG, "g");
            assertThat(clients.burstPollGap()).isEqualTo(Duration.ofMillis(15));
        } finally {
            clients.destroy();
        }
    }

    @Test
    void theBurstSettingsComeFromTheEnvironment() throws IOException {
        KafkaClients clients = clients(Map.of(
                "RELAYMQ_KAFKA_DATA_FETCH_BURST_IDLE_WAIT", "2s",
                "RELAYMQ_KAFKA_DATA_FETCH_BURST_POLL_GAP", "0ms"));
        try {
            assertThat(clients.burstConfig("app-x", "g", 10, KafkaClients.Start.EARLIEST))
                    .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 2000);
            assertThat(clients.burstPollGap()).isZero();
        } finally {
            clients.destroy();
        }
    }

    @Test
    void aWaitOrGapOutsideItsRangeIsRefused() {
        assertThatThrownBy(() -> clients(Map.of("RELAYMQ_KAFKA_DATA_FETCH_BURST_IDLE_WAIT", "0ms")))
                .hasStackTraceContaining("relaymq.kafka.data-fetch.burst-idle-wait must be between");
        assertThatThrownBy(() -> clients(Map.of("RELAYMQ_KAFKA_DATA_FETCH_BURST_IDLE_WAIT", "31s")))
                .hasStackTraceContaining("relaymq.kafka.data-fetch.burst-idle-wait must be between");
        assertThatThrownBy(() -> clients(Map.of("RELAYMQ_KAFKA_DATA_FETCH_BURST_POLL_GAP", "2s")))
                .hasStackTraceContaining("relaymq.kafka.data-fetch.burst-poll-gap must be between");
        assertThatThrownBy(() -> clients(Map.of("RELAYMQ_KAFKA_DATA_COMMIT_INTERVAL", "-1s")))
                .hasStackTraceContaining("relaymq.kafka.data-fetch.commit-interval must be between");
    }
}
