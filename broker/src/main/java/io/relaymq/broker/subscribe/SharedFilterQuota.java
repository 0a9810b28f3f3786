package io.relaymq.broker.subscribe;

import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.topic.TopicFilter;

/**
 * Whether a SUBSCRIBE may create what a subscription needs beyond the session itself (for a shared
 * subscription of a persistent APPLICATION client: a Kafka topic and a registry row per topic filter).
 * A refused filter gets "quota exceeded" (5.0 0x97; 3.1.1 failure 0x80).
 */
public interface SharedFilterQuota {
    boolean admits(ClientSession session, TopicFilter filter);
}
