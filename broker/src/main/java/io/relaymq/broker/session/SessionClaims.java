package io.relaymq.broker.session;

/**
 * The CONNECTs of one client id that claimed its session on this node. Claims can overlap: a CONNECT reads the
 * session's stored state before its CONNACK, and the cluster's grants of two CONNECTs can reach the node out of
 * order. The newest claim keeps the session ([MQTT-3.1.4-3]); an older CONNECT still on its way must not attach
 * when it gets there.
 */
public final class SessionClaims {

    /** The connection whose CONNECT claimed the session last: the only one that may still attach. */
    private MqttConnection claimant;
    /** The cluster's ownership version of the newest CONNECT that claimed the session on this node. */
    private volatile long version;

    /** {@code newer}'s CONNECT claims the session (on the session's thread). */
    public void claimFor(MqttConnection newer) {
        claimant = newer;
    }

    /**
     * A CONNECT granted {@code granted} by the cluster claims the session (called where the registry decides, one
     * claim at a time per client id).
     */
    public void claimedAt(long granted) {
        version = Math.max(version, granted);
    }

    /** Whether a CONNECT granted {@code granted} comes after a newer one that claimed the session here already. */
    public boolean claimedSince(long granted) {
        return version > granted;
    }

    /** The connection whose CONNECT claimed the session last (it may not be attached yet); null before any. */
    public MqttConnection claimant() {
        return claimant;
    }
}
