package io.relaymq.broker.cluster;

/** Tells the cluster when a local session connects, disconnects, ends, or is handed to another node. */
public interface SessionChanges {

    SessionChanges NONE = new SessionChanges() {
        @Override
        public void connected(String clientId, long expirySeconds) {
        }

        @Override
        public void disconnected(String clientId, long expirySeconds) {
        }

        @Override
        public void ended(String clientId) {
        }
    };

    void connected(String clientId, long expirySeconds);

    void disconnected(String clientId, long expirySeconds);

    void ended(String clientId);
}
