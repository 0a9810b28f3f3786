package io.relaymq.broker.cluster;

/**
 * Tells the cluster when a local session loses its connection or ends (connects are recorded by the
 * deciding node of the session-ownership protocol).
 */
public interface SessionChanges {

    SessionChanges NONE = new SessionChanges() {
        @Override
        public void disconnected(String clientId, long expirySeconds) {
        }

        @Override
        public void ended(String clientId) {
        }
    };

    void disconnected(String clientId, long expirySeconds);

    void ended(String clientId);
}
