package io.relaymq.broker.api.appshared;

import io.relaymq.broker.api.error.ApiConflictException;
import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.kafka.KafkaProperties;
import io.relaymq.broker.kafka.TopicProvisioner;
import io.relaymq.broker.persistence.application.AppTopicNames;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.dao.appshared.AppSharedSubscription;
import io.relaymq.dao.appshared.AppSharedSubscriptionRepository;
import io.relaymq.dao.jdbc.Jdbc;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Topic filters shared by APPLICATION clients, each with a Kafka topic of its own: list, get, create
 * (also creates the Kafka topic) and delete (also deletes it).
 */
@RestController
@RequestMapping("/api/app/shared/subs")
class AppSharedSubscriptionController {

    /** A new entry; the filter comes in {@code topicFilter} (TBMQ's name) or {@code topic}. */
    record CreateRequest(
            @NotBlank @Size(max = 255) String name,
            @Size(max = 1024) String topicFilter,
            @Size(max = 1024) String topic,
            @Min(1) @Max(1000) Integer partitions) {

        String filter() {
            String filter = topicFilter != null && !topicFilter.isBlank() ? topicFilter : topic;
            if (filter == null || filter.isBlank()) {
                throw new IllegalArgumentException("topicFilter is required");
            }
            return filter;
        }
    }

    /** An entry (TBMQ's fields, the filter also as {@code topic}) with the Kafka topic it uses. */
    record SharedSubscriptionView(
            UUID id,
            long createdTime,
            String name,
            String topicFilter,
            String topic,
            int partitions,
            String kafkaTopic) {

        static SharedSubscriptionView of(AppSharedSubscription s) {
            return new SharedSubscriptionView(
                    s.id(),
                    s.createdTime(),
                    s.name(),
                    s.topic(),
                    s.topic(),
                    s.partitions(),
                    AppTopicNames.forSharedFilter(s.topic()));
        }
    }

    private static final Map<String, String> SORTS = Map.of(
            "name",
            "name",
            "topic",
            "topic",
            "topicFilter",
            "topic",
            "partitions",
            "partitions",
            "createdTime",
            "created_time");

    private final AppSharedSubscriptionRepository repository;
    private final TopicProvisioner topics;
    private final Admin admin;
    private final KafkaProperties kafka;
    private final Clock clock;

    AppSharedSubscriptionController(
            AppSharedSubscriptionRepository repository,
            TopicProvisioner topics,
            Admin admin,
            KafkaProperties kafka,
            Clock clock) {
        this.repository = repository;
        this.topics = topics;
        this.admin = admin;
        this.kafka = kafka;
        this.clock = clock;
    }

    @PostMapping
    SharedSubscriptionView create(@Valid @RequestBody CreateRequest body) {
        String topic = body.filter();
        TopicFilter filter = TopicFilter.parse(topic)
                .orElseThrow(() -> new IllegalArgumentException("invalid topic filter '" + topic + "'"));
        if (filter.isShared()) {
            throw new IllegalArgumentException("give the topic filter without its $share/<group>/ prefix");
        }
        AppSharedSubscription entry = new AppSharedSubscription(
                UUID.randomUUID(),
                clock.millis(),
                body.name().strip(),
                topic,
                body.partitions() == null ? 1 : body.partitions());
        try {
            repository.insert(entry);
        } catch (Jdbc.DataAccessException e) {
            if (e.isDuplicateKey()) {
                throw new ApiConflictException("topic filter " + topic + " is registered already");
            }
            throw e;
        }
        topics.ensure(
                AppTopicNames.forSharedFilter(entry.topic()),
                entry.partitions(),
                kafka.msgAll().replicationFactor(),
                kafka.msgAll().retention());
        return SharedSubscriptionView.of(entry);
    }

    @GetMapping(params = {"pageSize", "page"})
    PageData<SharedSubscriptionView> list(@Valid PageQuery query) {
        List<SharedSubscriptionView> rows = repository
                .page(query.search(), query.sortKey(SORTS, "name"), query.ascending(), query.pageSize(), query.offset())
                .stream()
                .map(SharedSubscriptionView::of)
                .toList();
        return PageData.of(rows, repository.count(query.search()), query);
    }

    @GetMapping(params = "topic")
    SharedSubscriptionView byTopic(@NotBlank @RequestParam String topic) {
        return repository
                .findByTopic(topic)
                .map(SharedSubscriptionView::of)
                .orElseThrow(() -> new ApiNotFoundException("no shared subscription for topic filter " + topic));
    }

    @GetMapping("/{id}")
    SharedSubscriptionView get(@PathVariable UUID id) {
        return repository
                .findById(id)
                .map(SharedSubscriptionView::of)
                .orElseThrow(() -> new ApiNotFoundException("no shared subscription " + id));
    }

    /** Removes the entry and its Kafka topic (with the messages in it). */
    @DeleteMapping("/{id}")
    ResponseEntity<Void> delete(@PathVariable UUID id) throws Exception {
        AppSharedSubscription entry =
                repository.findById(id).orElseThrow(() -> new ApiNotFoundException("no shared subscription " + id));
        repository.delete(id);
        String topic = AppTopicNames.forSharedFilter(entry.topic());
        try {
            admin.deleteTopics(List.of(topic)).all().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw new IllegalStateException("could not delete Kafka topic " + topic + ": "
                        + e.getCause().getMessage());
            }
        }
        return ResponseEntity.ok().build();
    }
}
