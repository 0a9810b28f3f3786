package io.relaymq.broker.session;

import io.relaymq.common.message.PublishedMessage;
import java.util.List;

/**
 * A message on its way to one subscriber: at the QoS granted for it, with the RETAIN flag it is sent
 * with, the subscription identifiers of the subscriptions that matched, and, when it reached this
 * subscriber only through a shared subscription, that subscription's filter (so the group can take
 * it back if the member leaves without acknowledging it).
 */
public record OutboundMessage(
        PublishedMessage message, int qos, boolean retain, List<Integer> subscriptionIds, String sharedFilter) {

    public OutboundMessage {
        subscriptionIds = List.copyOf(subscriptionIds);
    }

    public OutboundMessage(PublishedMessage message, int qos, boolean retain, List<Integer> subscriptionIds) {
        this(message, qos, retain, subscriptionIds, null);
    }
}
