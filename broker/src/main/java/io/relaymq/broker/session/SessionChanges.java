package io.relaymq.broker.session;

/**
 * Tells the cluster when a local session loses its connection or ends (connects are recorded by the
 * deciding node of the session-ownership protocol).
 */
public interface SessionChanges {
    /** @param generation the ownership version this node's copy of the session was granted */
    void disconnected(String clientId, long expirySeconds, long generation);

    void ended(String clientId, long generation);
}
