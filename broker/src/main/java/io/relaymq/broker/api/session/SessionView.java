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
        List<SubscriptionView> subscriptions) {

    static SessionView of(String clientId, SessionInfo info, List<SubscriptionView> subscriptions, boolean detailed) {
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
                detailed ? subscriptions : null);
    }

    boolean connected() {
        return "CONNECTED".equals(connectionState);
    }
}
