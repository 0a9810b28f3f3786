package io.relaymq.broker.cluster;

import io.relaymq.broker.session.OutboundMessage;

/** Delivery of a routed message to a client whose session lives on another node. */
@FunctionalInterface
public interface RemoteDelivery {

    void send(String nodeId, String clientId, OutboundMessage message);
}
