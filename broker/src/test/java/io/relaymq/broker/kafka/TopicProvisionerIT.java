package io.relaymq.broker.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.cluster.StateTopicLayout;
import io.relaymq.broker.support.RelayMqNodeTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Topics the broker creates carry their own {@code min.insync.replicas} (issue "Zero loss", window 9):
 * before, they inherited the broker default (1), so a leader alone could acknowledge a write. The local
 * stack has one Kafka broker, so the value is 1 here; what counts is that it is set on the topic.
 */
@RelayMqNodeTest
class TopicProvisionerIT {

    @Autowired
    TopicProvisioner topics;

    @Autowired
    Admin admin;

    @Autowired
    KafkaProperties kafka;

    @Test
    void aCreatedTopicCarriesMinInsyncReplicas() throws Exception {
        String topic = "it-min-isr-" + UUID.randomUUID();

        topics.ensure(topic, 2, 1, Duration.ofHours(1));

        assertSetOnTheTopic(topic, "1");
        assertThat(describe(topic).get(TopicConfig.RETENTION_MS_CONFIG).value()).isEqualTo("3600000");
    }

    /** A node starting against a topic made before (by another node, or an operator) keeps it as it is. */
    @Test
    void anExistingTopicIsKeptWithItsOwnPartitionsAndSettings() throws Exception {
        String topic = "it-existing-" + UUID.randomUUID();
        admin.createTopics(List.of(
                        new NewTopic(topic, 3, (short) 1).configs(Map.of(TopicConfig.RETENTION_MS_CONFIG, "60000"))))
                .all()
                .get(30, TimeUnit.SECONDS);

        assertThat(topics.ensure(topic, 5, 1, Duration.ofHours(1))).isEqualTo(3);
        assertThat(topics.ensure(topic, 5, 1, Duration.ofHours(1)))
                .as("asked again")
                .isEqualTo(3);

        assertThat(describe(topic).get(TopicConfig.RETENTION_MS_CONFIG).value()).isEqualTo("60000");
        assertThat(admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(30, TimeUnit.SECONDS)
                        .get(topic)
                        .partitions())
                .hasSize(3);
    }

    @Test
    void aCreatedStateTopicCarriesMinInsyncReplicas() throws Exception {
        String topic = "it-min-isr-state-" + UUID.randomUUID();

        new StateTopicLayout(admin, kafka.apiTimeout().toMillis(), kafka.minInsyncReplicas()).ensure(topic, 1);

        assertSetOnTheTopic(topic, "1");
    }

    @Test
    void theNodesOwnTopicsCarryMinInsyncReplicas() throws Exception {
        for (String topic : List.of(
                kafka.msgAll().topic(),
                kafka.deadLetter().topic(),
                kafka.downlink().topicPrefix() + "it-node-1",
                kafka.state().sessionsTopic())) {
            assertSetOnTheTopic(topic, "1");
        }
    }

    private void assertSetOnTheTopic(String topic, String value) throws Exception {
        ConfigEntry entry = describe(topic).get(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG);
        assertThat(entry.value()).as(topic).isEqualTo(value);
        assertThat(entry.source()).as(topic).isEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
    }

    private Config describe(String topic) throws Exception {
        return TopicDescriptions.describeConfig(admin, topic, kafka.apiTimeout().toMillis());
    }
}
