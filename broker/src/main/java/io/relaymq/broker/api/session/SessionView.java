package io.relaymq.broker.api.session;

import io.relaymq.broker.cluster.SessionInfo;
import java.util.List;

/**
 * A client session as the API lists it (TBMQ's field names); {@code subscriptions} only in details.
 *
 * @param id                    the client id (TBMQ uses it as the row id)
 * @param connectionState       CONNECTED or DISCONNECTED
 * @param sessionExpiryInterval seconds the session outlives its connection (0: a clean session)
 * @param keepAliveSeconds      keep alive of the last connection (0: none, or not recorded)
 * @param sessionId             random UUID of the last connection, chosen when its CONNECT was accepted (null:
 *                              recorded before session ids were)
 * @param storedMessages        details only: messages stored for a persistent session (Redis for a DEVICE
 *                              client, its Kafka topic for an APPLICATION client); null for a clean session, in
 *                              lists, or when the store did not answer in time
 * @param inFlightMessages      details only: messages sent to the client and not yet acknowledged, from the node
 *                              that holds the session; null in lists or when no node answered in time
 */
public record SessionView(
        String id,
        String clientId,
        String connectionState,
        String clientType,
        String nodeId,
        boolean cleanStart,
        long sessionExpiryInterval,
        int subscriptionsCount,
        long connectedAt,
        long disconnectedAt,
        String clientIpAdr,
        String mqttVersion,
        int keepAliveSeconds,
        String sessionId,
        List<SubscriptionView> subscriptions,
        Long storedMessages,
        Integer inFlightMessages) {

    /** A list row: no subscription list, no counts. */
    static SessionView of(String clientId, SessionInfo info, List<SubscriptionView> subscriptions) {
        return of(clientId, info, subscriptions, false, null, null);
    }

    /** The details of one session: its subscriptions and message counts. */
    static SessionView details(
            String clientId,
            SessionInfo info,
            List<SubscriptionView> subscriptions,
            Long storedMessages,
            Integer inFlightMessages) {
        return of(clientId, info, subscriptions, true, storedMessages, inFlightMessages);
    }

    private static SessionView of(
            String clientId,
            SessionInfo info,
            List<SubscriptionView> subscriptions,
            boolean detailed,
            Long storedMessages,
            Integer inFlightMessages) {
        return new SessionView(
                clientId,
                clientId,
                info.connected() ? "CONNECTED" : "DISCONNECTED",
                info.details().clientType(),
                info.ownerNode(),
                info.details().cleanStart(),
                info.expirySeconds(),
                subscriptions.size(),
                info.details().connectedAt(),
                info.details().disconnectedAt(),
                info.details().clientIp(),
                info.details().protocolVersion(),
                info.details().keepAliveSeconds(),
                info.details().sessionId().isEmpty() ? null : info.details().sessionId(),
                detailed ? subscriptions : null,
                storedMessages,
                inFlightMessages);
    }

    boolean connected() {
        return "CONNECTED".equals(connectionState);
    }
}
