package io.relaymq.broker.api.retained;

import io.relaymq.broker.api.error.ApiNotFoundException;
import io.relaymq.broker.api.page.PageData;
import io.relaymq.broker.api.page.PageQuery;
import io.relaymq.broker.api.page.TextMatch;
import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.retain.RetainedReplica;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Retained messages of the cluster: list, get by topic, delete (on every node). */
@RestController
@RequestMapping("/api")
class RetainedMsgController {

    private static final Map<String, Comparator<RetainedMsgView>> SORTS = Map.of(
            "topic", Comparator.comparing(RetainedMsgView::topic),
            "qos", Comparator.comparingInt(RetainedMsgView::qos),
            "createdTime", Comparator.comparingLong(RetainedMsgView::createdTime));

    private final RetainedMessages retained;
    private final RetainedReplica replica;
    private final Clock clock;

    RetainedMsgController(RetainedMessages retained, RetainedReplica replica, Clock clock) {
        this.retained = retained;
        this.replica = replica;
        this.clock = clock;
    }

    @GetMapping(
            value = "/retained-msg",
            params = {"pageSize", "page"})
    PageData<RetainedMsgView> list(@Valid PageQuery query) {
        return page(query, m -> true);
    }

    /**
     * TBMQ's filtered list: {@code topicName} and {@code payload} as "contains", {@code qosList}
     * (comma-separated), and the creation time within {@code startTime} and {@code endTime} (each
     * optional).
     */
    @GetMapping(
            value = "/retained-msg/v2",
            params = {"pageSize", "page"})
    PageData<RetainedMsgView> filtered(
            @Valid PageQuery query,
            @RequestParam(required = false) @Size(max = 65535) String topicName,
            @RequestParam(required = false) @Size(max = 65535) String payload,
            @RequestParam(required = false) Set<Integer> qosList,
            @RequestParam(required = false) Long startTime,
            @RequestParam(required = false) Long endTime) {
        Predicate<RetainedMsgView> filter =
                m -> TextMatch.contains(m.topic(), topicName) && TextMatch.contains(m.payload(), payload);
        filter = filter.and(m -> qosList == null || qosList.isEmpty() || qosList.contains(m.qos()));
        filter = filter.and(m ->
                (startTime == null || m.createdTime() >= startTime) && (endTime == null || m.createdTime() <= endTime));
        return page(query, filter);
    }

    private PageData<RetainedMsgView> page(PageQuery query, Predicate<RetainedMsgView> filter) {
        return PageData.ofAll(
                retained.all(clock.millis()).stream()
                        .map(RetainedMsgView::of)
                        .filter(filter)
                        .toList(),
                query,
                RetainedMsgView::topic,
                SORTS,
                "topic");
    }

    @GetMapping(value = "/retained-msg", params = "topicName")
    RetainedMsgView get(@RequestParam @NotBlank String topicName) {
        return retained.get(topicName)
                .filter(m -> !m.isExpired(clock.millis()))
                .map(RetainedMsgView::of)
                .orElseThrow(() -> new ApiNotFoundException("no retained message on topic " + topicName));
    }

    /** Clears the topic's retained message on every node, as an empty retained PUBLISH would. */
    @DeleteMapping(value = "/retained-msg", params = "topicName")
    ResponseEntity<Void> delete(@RequestParam @NotBlank String topicName) {
        if (retained.get(topicName).isEmpty()) {
            throw new ApiNotFoundException("no retained message on topic " + topicName);
        }
        replica.retain(
                new PublishedMessage(topicName, 0, true, new byte[0], null, clock.millis(), MessageProperties.NONE));
        retained.remove(topicName);
        return ResponseEntity.ok().build();
    }

    /**
     * TBMQ clears empty branches of its retained-message trie here; RelayMQ keeps retained messages by
     * topic name, so there is nothing to clear and the call only answers 200.
     */
    @DeleteMapping("/retained-msg/topic-trie/clear")
    ResponseEntity<Void> clearTrie() {
        return ResponseEntity.ok().build();
    }
}
