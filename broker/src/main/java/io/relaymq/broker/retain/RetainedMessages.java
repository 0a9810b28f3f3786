package io.relaymq.broker.retain;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.PublishedMessage;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The last retained message per topic. A retained PUBLISH with an empty payload clears its topic
 * ([MQTT-3.3.1-6], [MQTT-3.3.1-7]). Expired messages are dropped when found.
 */
public final class RetainedMessages {

    private final ConcurrentMap<String, PublishedMessage> byTopic = new ConcurrentHashMap<>();

    /** Applies a retained PUBLISH: stores it, or clears its topic when the payload is empty. */
    public void apply(PublishedMessage message) {
        if (message.payload().length == 0) {
            byTopic.remove(message.topic());
        } else {
            byTopic.put(message.topic(), message);
        }
    }

    public void remove(String topic) {
        byTopic.remove(topic);
    }

    public java.util.Optional<PublishedMessage> get(String topic) {
        return java.util.Optional.ofNullable(byTopic.get(topic));
    }

    /** The retained messages whose topic matches {@code filter}, dropping expired ones on the way. */
    public List<PublishedMessage> matching(TopicFilter filter, long nowMillis) {
        byTopic.values().removeIf(m -> m.isExpired(nowMillis));
        return byTopic.values().stream().filter(m -> filter.matches(m.topic())).toList();
    }

    /** Every retained message that has not expired. */
    public List<PublishedMessage> all(long nowMillis) {
        return byTopic.values().stream().filter(m -> !m.isExpired(nowMillis)).toList();
    }

    public int size() {
        return byTopic.size();
    }
}
