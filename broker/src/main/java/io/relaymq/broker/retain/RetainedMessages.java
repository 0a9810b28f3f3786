package io.relaymq.broker.retain;

import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.PublishedMessage;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The last retained message per topic. A retained PUBLISH with an empty payload clears its topic
 * ([MQTT-3.3.1-6], [MQTT-3.3.1-7]). Expired messages are dropped when found. Keeps the total payload
 * bytes, for the retained quota.
 */
public final class RetainedMessages {

    private final ConcurrentMap<String, PublishedMessage> byTopic = new ConcurrentHashMap<>();
    private final AtomicLong payloadBytes = new AtomicLong();

    /** Applies a retained PUBLISH: stores it, or clears its topic when the payload is empty. */
    public void apply(PublishedMessage message) {
        if (message.payload().length == 0) {
            remove(message.topic());
        } else {
            PublishedMessage old = byTopic.put(message.topic(), message);
            payloadBytes.addAndGet(message.payload().length - (old == null ? 0 : old.payload().length));
        }
    }

    public void remove(String topic) {
        PublishedMessage old = byTopic.remove(topic);
        if (old != null) {
            payloadBytes.addAndGet(-old.payload().length);
        }
    }

    public Optional<PublishedMessage> get(String topic) {
        return Optional.ofNullable(byTopic.get(topic));
    }

    /** The retained messages whose topic matches {@code filter}, dropping expired ones on the way. */
    public List<PublishedMessage> matching(TopicFilter filter, long nowMillis) {
        for (Map.Entry<String, PublishedMessage> entry : byTopic.entrySet()) {
            if (entry.getValue().isExpired(nowMillis) && byTopic.remove(entry.getKey(), entry.getValue())) {
                payloadBytes.addAndGet(-entry.getValue().payload().length);
            }
        }
        return byTopic.values().stream().filter(m -> filter.matches(m.topic())).toList();
    }

    /** Every retained message that has not expired. */
    public List<PublishedMessage> all(long nowMillis) {
        return byTopic.values().stream().filter(m -> !m.isExpired(nowMillis)).toList();
    }

    public int size() {
        return byTopic.size();
    }

    /** Payload bytes of all retained messages held. */
    public long payloadBytes() {
        return payloadBytes.get();
    }
}
