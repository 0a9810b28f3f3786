package io.relaymq.broker.session;

import io.relaymq.common.client.ClientType;

/** Chooses how a new session delivers its QoS 1/2 messages. */
@FunctionalInterface
public interface OutboundFactory {

    /** Every session in memory, nothing stored elsewhere (a node without persistence, tests). */
    static OutboundFactory inMemory() {
        return (session, context, persistent) -> new MemoryOutbound(session.clientId(), context, m -> {}, () -> {});
    }

    /**
     * @param persistent whether the session outlives its connection (clean_session=false, or a 5.0
     *                   session expiry above 0)
     */
    SessionOutbound create(ClientSession session, SessionContext context, boolean persistent);

    /**
     * A client that had a persistent session of the other kind (DEVICE or APPLICATION) connected: what that
     * kind stored for it is removed.
     */
    default void kindChanged(String clientId, ClientType previous) {}

    /**
     * A persistent session of {@code kind} ended while no node held it (it expired after its node was
     * lost): what it stored is removed as on a normal expiry.
     */
    default void discardStored(String clientId, ClientType kind) {}
}
