package io.relaymq.broker.persistence.device;

import io.relaymq.broker.routing.PersistedSink;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MemoryOutbound;
import io.relaymq.broker.session.OutboundFactory;
import io.relaymq.broker.session.SessionContext;
import io.relaymq.broker.session.SessionOutbound;
import io.relaymq.common.client.ClientType;

/**
 * Persistent sessions keep their messages in the store; the others in memory, cleaning up what the
 * store may still hold for the client from an earlier persistent session.
 */
public class DeviceOutbounds implements OutboundFactory {

    private final DeviceSessionStore store;
    private final PersistedSink sink;
    private final DevicePersistenceProperties settings;

    public DeviceOutbounds(DeviceSessionStore store, PersistedSink sink, DevicePersistenceProperties settings) {
        this.store = store;
        this.sink = sink;
        this.settings = settings;
    }

    @Override
    public SessionOutbound create(ClientSession session, SessionContext context, boolean persistent) {
        if (persistent) {
            return new DeviceOutbound(session, store, sink, context.writer(), context.maxInflightOutbound(), settings);
        }
        String clientId = session.clientId();
        return new MemoryOutbound(
                clientId,
                context,
                m -> store.remove(clientId, m.packetId(), m.score()),
                () -> store.removeAll(clientId));
    }

    @Override
    public void discardStored(String clientId, ClientType kind) {
        if (kind == ClientType.DEVICE) {
            store.removeAll(clientId);
        }
    }

    /** The client is an APPLICATION now: what the DEVICE store kept for it goes. */
    @Override
    public void kindChanged(String clientId, ClientType previous) {
        if (previous == ClientType.DEVICE) {
            store.removeAll(clientId);
        }
    }
}
