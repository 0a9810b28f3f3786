package io.relaymq.broker.session;

import io.relaymq.common.message.PublishedMessage;
import java.util.List;

/**
 * A message on its way to one subscriber: at the QoS granted for it, with the RETAIN flag it is sent
 * with, and the subscription identifiers of the subscriptions that matched.
 */
public record OutboundMessage(PublishedMessage message, int qos, boolean retain, List<Integer> subscriptionIds) {

    public OutboundMessage {
        subscriptionIds = List.copyOf(subscriptionIds);
    }
}
