package io.relaymq.broker.api.cluster;

import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.persistence.application.OrphanAppTopics;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The Kafka cluster under the broker, with TBMQ's paths: brokers, topics and consumer groups (each also
 * as {@code …/v2}, which TBMQ's console calls), deleting a consumer group, and deleting the topics of
 * APPLICATION clients that no longer have a session.
 */
@RestController
@RequestMapping("/api/app")
class AppController {

    private static final Map<String, Comparator<KafkaOverview.KafkaTopic>> TOPIC_SORTS = Map.of(
            "name", Comparator.comparing(KafkaOverview.KafkaTopic::name),
            "partitions", Comparator.comparingInt(KafkaOverview.KafkaTopic::partitions),
            "replicationFactor", Comparator.comparingInt(KafkaOverview.KafkaTopic::replicationFactor),
            "size", Comparator.comparingLong(KafkaOverview.KafkaTopic::size));

    private static final Map<String, Comparator<KafkaOverview.ConsumerGroup>> GROUP_SORTS = Map.of(
            "groupId", Comparator.comparing(KafkaOverview.ConsumerGroup::groupId),
            "state", Comparator.comparing(KafkaOverview.ConsumerGroup::state),
            "members", Comparator.comparingInt(KafkaOverview.ConsumerGroup::members),
            "lag", Comparator.comparingLong(KafkaOverview.ConsumerGroup::lag));

    private final KafkaOverview kafka;
    private final OrphanAppTopics orphans;

    AppController(KafkaOverview kafka, OrphanAppTopics orphans) {
        this.kafka = kafka;
        this.orphans = orphans;
    }

    /**
     * Deletes the Kafka topics (and consumer groups) of APPLICATION clients that have no APPLICATION session
     * anywhere in the cluster; answers 200 without a body, as TBMQ does.
     */
    @DeleteMapping("/remove-topics")
    ResponseEntity<Void> removeTopics() {
        orphans.remove();
        return ResponseEntity.ok().build();
    }

    /** All brokers on one page (page parameters, which TBMQ's console sends, are ignored as TBMQ does). */
    @GetMapping({"/cluster-info", "/cluster-info/v2"})
    PageData<KafkaOverview.KafkaBroker> clusterInfo() {
        List<KafkaOverview.KafkaBroker> brokers = kafka.brokers();
        return new PageData<>(brokers, 1, brokers.size(), false);
    }

    /** The whole list without paging: RelayMQ's own shortcut. */
    @GetMapping(value = "/kafka-topics", params = "!pageSize")
    List<KafkaOverview.KafkaTopic> topics() {
        return kafka.topics();
    }

    @GetMapping(
            value = {"/kafka-topics", "/kafka-topics/v2"},
            params = {"pageSize", "page"})
    PageData<KafkaOverview.KafkaTopic> topicPage(@Valid PageQuery query) {
        return PageData.ofAll(kafka.topics(), query, KafkaOverview.KafkaTopic::name, TOPIC_SORTS, "name");
    }

    /** The whole list without paging: RelayMQ's own shortcut. */
    @GetMapping(value = "/consumer-groups", params = "!pageSize")
    List<KafkaOverview.ConsumerGroup> groups() {
        return kafka.consumerGroups();
    }

    @GetMapping(
            value = {"/consumer-groups", "/consumer-groups/v2"},
            params = {"pageSize", "page"})
    PageData<KafkaOverview.ConsumerGroup> groupPage(@Valid PageQuery query) {
        return PageData.ofAll(
                kafka.consumerGroups(), query, KafkaOverview.ConsumerGroup::groupId, GROUP_SORTS, "groupId");
    }

    @DeleteMapping("/consumer-group")
    ResponseEntity<Void> deleteGroup(@RequestParam @NotBlank String groupId) {
        kafka.deleteConsumerGroup(groupId);
        return ResponseEntity.ok().build();
    }
}
