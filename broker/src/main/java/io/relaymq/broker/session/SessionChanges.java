package io.relaymq.broker.session;

import io.relaymq.common.client.ClientType;

/**
 * Tells the cluster when a local session loses its connection or ends (connects are recorded by the
 * deciding node of the session-ownership protocol).
 */
public interface SessionChanges {
    /**
     * @param clientType the session's kind and {@code principal} its owner, for a record this node has not
     *                   heard of yet (the deciding node's record can arrive after the disconnect), with
     *                   {@code sessionId}, the id of the connection that closed
     * @param generation the ownership version this node's copy of the session was granted
     */
    void disconnected(
            String clientId,
            ClientType clientType,
            String principal,
            String sessionId,
            long expirySeconds,
            long generation);

    void ended(String clientId, long generation);
}
